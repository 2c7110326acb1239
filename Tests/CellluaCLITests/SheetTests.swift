import CellImage
import Foundation
import Testing

/// `--all-variants --sheet`: the contact sheet a designer looks at.
@Suite struct SheetTests {
    /// Three variants, each a canvas of one flat color, 40 x 30 pt at scale 2.
    static let script = """
        variants = { a = { tint = "#FF0000" }, b = { tint = "#00FF00" }, c = { tint = "#0000FF" } }
        return cell.canvas(40, 30, { scale = 2, background = cell.param("tint", "#000000") })
        """

    /// How many pixels of `rgba` are exactly `color` (opaque).
    func count(_ rgba: [UInt8], _ color: [UInt8]) -> Int {
        stride(from: 0, to: rgba.count, by: 4).filter { Array(rgba[$0..<$0 + 4]) == color + [255] }.count
    }

    @Test func sheetHasEveryVariantAtFullSizeAndIsPrinted() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/v.lua")
        let r = try Celllua.run(["--all-variants", "--sheet", "v.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "v-a.png\nv-b.png\nv-c.png\nv-sheet.png\n")
        let (w, h, rgba) = try PNGCodec.decodeStraight(try #require(bytes(dir + "/v-sheet.png")))
        // Tiles are 1:1: each variant's 80 x 60 pixels appear whole.
        for color: [UInt8] in [[255, 0, 0], [0, 255, 0], [0, 0, 255]] {
            #expect(count(rgba, color) == 80 * 60, "\(color)")
        }
        // Laid out to fit: three tiles in one row is nearest to 3:2 here,
        // with margins and a label band below.
        #expect(w > 3 * 80 && h > 60 && w > h)
        // Labels: dark text pixels below the tiles.
        #expect(count(rgba, [0x3A, 0x3A, 0x3C]) > 20)
    }

    @Test func sheetFollowsTheOutputStemAndIsAlwaysPNG() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/v.lua")
        let r = try Celllua.run(["--all-variants", "--sheet", "v.lua", "-o", "out.ppm"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("out-sheet.png\n"))
        #expect(try PNGCodec.decodeStraight(try #require(bytes(dir + "/out-sheet.png"))).width > 0)
    }

    @Test func aFailedVariantGetsATileAndTheStatusSaysSo() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            variants = { good = {}, bad = { broken = true } }
            if cell.param("broken", false) then error("no") end
            return cell.canvas(20, 20, { scale = 1, background = "#FF0000" })
            """, to: dir + "/v.lua")
        let r = try Celllua.run(["--all-variants", "--sheet", "v.lua"], in: dir)
        #expect(r.status == 1)
        #expect(r.stdout == "v-good.png\nv-sheet.png\n")
        let (_, _, rgba) = try PNGCodec.decodeStraight(try #require(bytes(dir + "/v-sheet.png")))
        #expect(count(rgba, [255, 0, 0]) == 20 * 20)
        // The failed tile's labels are red (anti-aliased text: reddish pixels).
        let reddish = stride(from: 0, to: rgba.count, by: 4).filter {
            rgba[$0] > 180 && rgba[$0 + 1] < 120 && rgba[$0 + 2] < 120 && rgba[$0 + 3] == 255
        }.count
        #expect(reddish - 20 * 20 > 5)
    }

    @Test func sheetNeedsAllVariants() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/v.lua")
        #expect(try Celllua.run(["--sheet", "v.lua"], in: dir).status == 2)
    }
}
