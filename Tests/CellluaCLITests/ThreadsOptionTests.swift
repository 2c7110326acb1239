import Foundation
import Testing

/// `--threads N`: the threads each canvas draws on. One thread or several,
/// the file is the same byte for byte; a count outside 1...64 is bad usage.
@Suite struct ThreadsOptionTests {
    static let script = """
        local c = cell.canvas(320, 400, { background = "#C5CCD4" })
        for i = 0, 30 do
          c:save()
          c:clip(cell.path():rounded_rect(10, 10 + i * 12, 300, 11, 5))
          c:draw_linear_gradient(cell.gradient { { 0, "#FFFFFF" }, { 1, "#DDDDDD" } }, 0, 10 + i * 12, 0, 21 + i * 12)
          c:set_stroke("#808080")
          c:stroke(cell.path():rounded_rect(10.5, 10.5 + i * 12, 299, 10, 5))
          c:restore()
          c:begin_layer({ alpha = 0.9 })
          c:set_fill({ 0.53, 0.6, 0.74 })
          c:fill(cell.path():rounded_rect(250, 11 + i * 12, 50, 9, 4.5))
          c:set_blend("clear")
          c:fill(cell.path():ellipse(270, 12 + i * 12, 7, 7))
          c:end_layer()
        end
        return c
        """

    @Test func oneThreadOrSeveralWriteTheSameFile() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/rows.lua")
        let one = try Celllua.run(["--threads", "1", "rows.lua", "-o", "one.png"], in: dir)
        let two = try Celllua.run(["--threads", "2", "rows.lua", "-o", "two.png"], in: dir)
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        let a = try #require(bytes(dir + "/one.png")), b = try #require(bytes(dir + "/two.png"))
        #expect(a == b, "--threads 1 and --threads 2 wrote different files")
    }

    @Test(arguments: ["0", "65", "x"])
    func aBadCountIsBadUsage(_ value: String) throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/rows.lua")
        let r = try Celllua.run(["--threads", value, "rows.lua"], in: dir)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("--threads"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/rows.png"))
    }
}
