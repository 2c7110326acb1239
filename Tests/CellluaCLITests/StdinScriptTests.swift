import Foundation
import Testing

/// Scripts from standard input: `celllua -` runs stdin as the script, as
/// `lua -` does (before: "cannot open -"); the REPL fed from a pipe exits 1
/// when a chunk failed (before: always 0), so a CI step notices.
@Suite struct StdinScriptTests {
    @Test func aDashReadsTheScriptFromStdin() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run(["-"], in: dir, input: "return cell.canvas(4, 4, { background = 'red' })")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "out.png\n")
        let failed = try Celllua.run(["-"], in: dir, input: "local x = 1\nerror('boom')")
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("celllua: stdin:2: boom"))
        let variants = try Celllua.run(["-", "--all-variants", "-o", "v.png"], in: dir,
                                       input: "variants = { a = {}, b = {} } return cell.canvas(2, 2)")
        #expect(variants.status == 0, "\(variants.stderr)")
        #expect(variants.stdout == "v-a.png\nv-b.png\n")
        let watched = try Celllua.run(["--watch", "-"], in: dir, input: "")
        #expect(watched.status == 2)
    }

    @Test func aPipedREPLFailsWhenAChunkFails() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run([], in: dir, input: "x = 1\nerror('no')\nprint(x)\n")
        #expect(r.status == 1)
        #expect(r.stdout == "1\n")
        let fine = try Celllua.run([], in: dir, input: "print(2)\n")
        #expect(fine.status == 0)
    }
}
