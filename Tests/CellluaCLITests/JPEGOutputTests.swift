import CellImage
import CellRaster
import Foundation
import Testing

/// `-o x.jpg` and `--quality` from the command line, and `c:jpeg()` and
/// `c:save("x.jpeg")` from a script: JPEG files libjpeg reads back at the
/// canvas' pixel size, smaller at a lower quality; bad qualities refused.
@Suite struct JPEGOutputTests {
    static let script = """
        local c = cell.canvas(100, 60, { background = "#FFFFFF" })
        c:set_fill("#3366CC") c:fill_rect(10, 10, 80, 40)
        c:set_fill("#CC3333") c:fill(cell.path():ellipse(30, 15, 40, 30))
        return c
        """

    func read(_ path: String) throws -> PixelBuffer {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(JPEGCodec.isJPEG([UInt8](bytes)))
        return try JPEGCodec.decode([UInt8](bytes))
    }

    @Test func writesJPEGAtAQuality() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/j.lua")
        let good = try Celllua.run(["j.lua", "-o", "good.jpg"], in: dir)
        #expect(good.status == 0 && good.stdout == "good.jpg\n", "\(good.stderr)")
        let low = try Celllua.run(["j.lua", "-o", "low.JPEG", "--quality", "10"], in: dir)
        #expect(low.status == 0, "\(low.stderr)")
        let a = try read(dir + "/good.jpg"), b = try read(dir + "/low.JPEG")
        #expect(a.width == 200 && a.height == 120 && b.width == 200)
        func px(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
            let p = b.data + (y * b.width + x) * 4
            return [Int(p[0]), Int(p[1]), Int(p[2])]
        }
        let pa = px(a, 100, 60), pb = px(b, 100, 60)
        #expect(abs(pa[0] - 0xCC) <= 12 && pa[1] < 70 && pb[0] > 150, "\(pa) \(pb)")
        let sizes = try [dir + "/good.jpg", dir + "/low.JPEG"].map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as! Int }
        #expect(sizes[1] < sizes[0], "\(sizes)")
        for q in ["0", "101", "x"] {
            let bad = try Celllua.run(["j.lua", "-o", "bad.jpg", "--quality", q], in: dir)
            #expect(bad.status == 2, "\(q): \(bad.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/bad.jpg"))
        }
    }

    @Test func fromTheScript() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script.replacingOccurrences(of: "return c", with: """
            c:save("s.jpeg")
            local f = io.open("b.jpg", "wb") f:write(c:jpeg(50)) f:close()
            print(#c:jpeg(95) > #c:jpeg(5), (c:jpeg()):sub(1, 3) == "\\255\\216\\255")
            print(pcall(c.jpeg, c, 0))
            return false
            """), to: dir + "/s.lua")
        let r = try Celllua.run(["s.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("true\ttrue\n"))
        #expect(r.stdout.contains("false\tbad argument #2 to '?' (quality must be a whole number from 1 to 100, got 0)"), "\(r.stdout)")
        #expect(try read(dir + "/s.jpeg").width == 200 && read(dir + "/b.jpg").height == 120)
    }
}
