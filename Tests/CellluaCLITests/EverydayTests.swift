import CellImage
import Foundation
import Testing

/// The everyday cases a stranger meets first: output to a pipe, runs that
/// make no canvas, color parameters, the contact sheet's failed tiles, the
/// watch status line, and one `celllua:` before every diagnostic.
@Suite struct EverydayTests {
    /// `-o -` writes the PNG to standard output (paths of files the script
    /// saved itself go to stderr then); on a terminal it is refused.
    @Test func outputToStandardOutput() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("local c = cell.canvas(6, 4, {scale = 1, background = 'red'}) c:save('copy.png') return c", to: dir + "/s.lua")
        let r = try Celllua.run(["s.lua", "-o", "-"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let (w, h, rgba) = try PNGCodec.decodeStraight(r.stdoutBytes)
        #expect(w == 6 && h == 4 && Array(rgba.prefix(4)) == [255, 0, 0, 255])
        #expect(r.stderr == "copy.png\n", "the script's own file is reported on stderr")
        #expect(!FileManager.default.fileExists(atPath: dir + "/-"))
        // What the script prints goes to stderr: stdout is the PNG alone
        // (before, `print("X")` gave a file starting 58 0a 89 50 4e 47).
        write("print('X') io.write('Y\\n') return cell.canvas(2, 2)", to: dir + "/talk.lua")
        let talk = try Celllua.run(["talk.lua", "-o", "-"], in: dir)
        #expect(talk.status == 0, "\(talk.stderr)")
        #expect(Array(talk.stdoutBytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "\(talk.stdoutBytes.prefix(8))")
        #expect(talk.stderr == "X\nY\n", "\(talk.stderr)")
        let many = try Celllua.run(["s.lua", "-o", "-", "--scales", "1,2"], in: dir)
        #expect(many.status == 2 && many.stderr.hasPrefix("celllua: -o - writes one image"))
        let session = try TerminalSession(["s.lua", "-o", "-"], in: dir)
        #expect(session.waitFor("which is a terminal here"), "\(session.output)")
        #expect(session.waitForExit() == 2)
    }

    /// A run with no canvas says so (an error with -o); `return false` is a
    /// script that wrote what it wanted itself: nothing else, silently.
    @Test func noCanvasAndReturnFalse() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("print('hello')", to: dir + "/talk.lua")
        let plain = try Celllua.run(["talk.lua"], in: dir)
        #expect(plain.status == 0 && plain.stdout == "hello\n")
        #expect(plain.stderr == "celllua: the script created no canvas, so nothing was written (return false to say that is meant)\n")
        let withOutput = try Celllua.run(["talk.lua", "-o", "t.png"], in: dir)
        #expect(withOutput.status == 1)
        #expect(withOutput.stderr == "celllua: the script created no canvas, so nothing was written to t.png\n")
        write("local c = cell.canvas(2, 2) c:save('mine.png') return false", to: dir + "/own.lua")
        let own = try Celllua.run(["own.lua"], in: dir)
        #expect(own.status == 0 && own.stderr.isEmpty, "\(own.stderr)")
        #expect(own.stdout == "mine.png\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/own.png"), "the last canvas is not written")
        write("variants = {a = {}, b = {}}\nlocal c = cell.canvas(2, 2) c:save('v-' .. cell.param('x', 'n') .. '.png') return false",
              to: dir + "/vs.lua")
        let variants = try Celllua.run(["vs.lua", "--all-variants"], in: dir)
        #expect(variants.status == 0, "\(variants.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/vs-a.png"))
    }

    /// A default written as a color asks for a color from -D; text defaults
    /// (even one that names a color) take any text.
    @Test func colorParametersAreChecked() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("local t = cell.param('tint', '#8799BC') local title = cell.param('title', 'red') print(t, title) return false",
              to: dir + "/p.lua")
        let bad = try Celllua.run(["p.lua", "-D", "tint=blurple"], in: dir)
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("celllua: p.lua:1: -D tint=blurple: expected a color"), "\(bad.stderr)")
        let good = try Celllua.run(["p.lua", "-D", "tint=rgb(10, 20, 30)", "-D", "title=Blue Sky"], in: dir)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "rgb(10, 20, 30)\tBlue Sky\n")
    }

    /// The contact sheet's tile for a failed variant shows its error's first
    /// line: a long message draws more text than a one-letter one.
    @Test func failedTilesShowTheirError() throws {
        func inkOfFailedTile(message: String) throws -> Int {
            let dir = scratchDirectory()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            write("""
                variants = { good = {}, bad = { broken = true } }
                if cell.param("broken", false) then error("\(message)") end
                return cell.canvas(200, 100, { scale = 1, background = "#FFFFFF" })
                """, to: dir + "/v.lua")
            let r = try Celllua.run(["--all-variants", "--sheet", "v.lua"], in: dir)
            #expect(r.status == 1)
            let (_, _, rgba) = try PNGCodec.decodeStraight(try #require(bytes(dir + "/v-sheet.png")))
            // Dark gray text pixels (the labels are dark gray, the failure red).
            return stride(from: 0, to: rgba.count, by: 4).filter {
                rgba[$0] < 110 && rgba[$0 + 1] < 110 && rgba[$0 + 2] < 110 && rgba[$0 + 3] == 255
            }.count
        }
        let long = try inkOfFailedTile(message: "the badge count must be positive, got minus three")
        let short = try inkOfFailedTile(message: "x")
        #expect(long > short + 100, "long \(long), short \(short)")
    }

    /// --watch at a terminal: each render's status line has the time of day
    /// and the render's number.
    @Test func watchStatusLineHasTimeAndCount() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("return cell.canvas(2, 2)", to: dir + "/w.lua")
        let session = try TerminalSession(["--watch", "w.lua"], in: dir)
        #expect(session.waitFor(" render 1: rendered in "), "\(session.output)")
        write("return cell.canvas(3, 3)", to: dir + "/w.lua")
        #expect(session.waitFor(" render 2: rendered in "), "\(session.output)")
        let line = session.output.split(separator: "\n").first { $0.contains(" render 2: ") }.map(String.init) ?? ""
        #expect(line.range(of: #"celllua: \d\d:\d\d:\d\d render 2: rendered in \d+ ms; watching 1 file"#,
                           options: .regularExpression) != nil, "\(line)")
        session.send("\u{03}")
        #expect(session.waitForExit() == 130)
    }
}
