import Foundation
import Testing

/// `-o x.webp` and `-o x.gif` from the command line, and `c:webp()` and
/// `c:save("x.webp")` from a script, read back by Pillow: lossless exact
/// (the PNG of the same render), lossy with `--quality` or an argument,
/// bad qualities refused; a still `.mp4` refused with its reason.
@Suite struct WebPOutputTests {
    static let script = """
        local c = cell.canvas(100, 60)
        c:set_fill("#3366CC") c:fill_rect(10, 10, 80, 40)
        c:set_fill("#CC333380") c:fill(cell.path():ellipse(30, 15, 40, 30))
        return c
        """

    @Test func fromTheCommandLine() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/w.lua")
        let r = try Celllua.run(["w.lua", "-o", "a.webp", "-o", "a.png", "-o", "a.gif"], in: dir)
        #expect(r.status == 0 && r.stdout == "a.webp\na.png\na.gif\n", "\(r.stderr)")
        // Lossless: Pillow's pixels equal the PNG's (straight RGBA).
        #expect(try Reader.python("""
            from PIL import Image
            a = Image.open('a.webp'); p = Image.open('a.png').convert('RGBA'); g = Image.open('a.gif')
            print(a.format, a.mode, a.size, a.tobytes() == p.tobytes(), g.format, g.size, g.n_frames)
            """, in: dir) == "WEBP RGBA (200, 120) True GIF (200, 120) 1")
        let lossy = try Celllua.run(["w.lua", "-o", "q.webp", "--quality", "30"], in: dir)
        #expect(lossy.status == 0, "\(lossy.stderr)")
        #expect(try Reader.run("webpinfo", ["q.webp"], in: dir, package: "webp").stdout.contains("Lossy"))
        let still = try Celllua.run(["w.lua", "-o", "v.mp4"], in: dir)
        #expect(still.status == 1 && still.stderr.contains(".mp4 is for animations"), "\(still.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/v.mp4"))
    }

    @Test func fromTheScript() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script.replacingOccurrences(of: "return c", with: """
            c:save("s.webp")
            local f = io.open("b.webp", "wb") f:write(c:webp(50)) f:close()
            print(#c:webp(95) > #c:webp(5), (c:webp()):sub(1, 4) == "RIFF", c:webp() == c:webp())
            print(pcall(c.webp, c, 101))
            return false
            """), to: dir + "/s.lua")
        let r = try Celllua.run(["s.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("true\ttrue\ttrue\n"), "\(r.stdout)")
        #expect(r.stdout.contains("false\tbad argument #2 to '?' (quality must be a whole number from 1 to 100, got 101)"), "\(r.stdout)")
        let info = try Reader.run("webpinfo", ["s.webp", "b.webp"], in: dir, package: "webp").stdout
        #expect(info.contains("Lossless") && info.contains("Lossy"), "\(info)")
    }
}
