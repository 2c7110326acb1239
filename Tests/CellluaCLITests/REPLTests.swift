import Foundation
import Testing

/// The REPL with piped input: no prompts, values printed, errors on stderr
/// without ending the session.
@Suite struct REPLTests {
    @Test func pipedInputPrintsValuesWithoutPrompts() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = """
            1 + 1
            x = cell.canvas(10, 10)
            x.pixel_width, x.scale_factor
            for i = 1, 2 do
              print('line', i)
            end
            error('oops')
            'still here'
            """
        let r = try Celllua.run([], in: dir, input: input + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "2\n20\t2\nline\t1\nline\t2\nstill here\n")
        #expect(r.stderr.hasPrefix("stdin:1: oops"))
    }

    @Test func interactiveAfterAScript() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("answer = 42\nreturn cell.canvas(1, 1)", to: dir + "/s.lua")
        let r = try Celllua.run(["-i", "s.lua"], in: dir, input: "answer\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "s.png\n42\n")
    }

    @Test func interactiveAfterAFailingScript() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("answer = 41\nerror('half way')\nanswer = 42", to: dir + "/f.lua")
        let r = try Celllua.run(["-i", "f.lua"], in: dir, input: "answer\n")
        #expect(r.stderr.hasPrefix("f.lua:2: half way"))
        #expect(r.stdout == "41\n", "the REPL runs with what the script had set")
    }
}
