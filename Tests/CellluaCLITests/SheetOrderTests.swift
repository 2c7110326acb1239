import CellImage
import Foundation
import Testing

/// `--sheet-order variants`: the contact sheet in the order the script
/// gives its variants (a list of pairs, or `variant_order`); by name
/// otherwise; a script that gives no order, or a bad one, is an error
/// naming the line.
@Suite struct SheetOrderTests {
    static let body = """
        local c = cell.canvas(60, 40, {background = cell.param("tint", "#ff0000")})
        return c
        """
    static let pairs = """
        variants = { {"light", {tint = "#eeeeee"}}, {"dark", {tint = "#222222"}}, {"blue", {tint = "#0000ff"}} }

        """ + body
    static let map = """
        variants = { light = {tint = "#eeeeee"}, dark = {tint = "#222222"}, blue = {tint = "#0000ff"} }
        variant_order = { "light", "dark", "blue" }

        """ + body

    /// The three tiles' colors, in reading order (first row left, right, second row).
    func tiles(_ script: String, _ extra: [String] = []) throws -> [[UInt8]] {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(script, to: dir + "/v.lua")
        let r = try Celllua.run(["v.lua", "--all-variants", "--sheet"] + extra, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let (w, h, rgba) = try PNGCodec.decodeStraight(try #require(FileManager.default.contents(atPath: dir + "/v-sheet.png").map { Array($0) }))
        // Two tiles a row of 120 x 80 pixels (60 x 40 pt at 2x) in a 352 x 376
        // sheet: centers at (100, 80), (252, 80), (100, 244).
        return [(100.0, 80.0), (252.0, 80.0), (100.0, 244.0)].map { x, y in
            let px = Int(x / 352 * Double(w)), py = Int(y / 376 * Double(h))
            let i = (py * w + px) * 4
            return Array(rgba[i..<i + 3])
        }
    }

    let light: [UInt8] = [0xEE, 0xEE, 0xEE], dark: [UInt8] = [0x22, 0x22, 0x22], blue: [UInt8] = [0, 0, 255]

    @Test func theOrderGivenOrByName() throws {
        #expect(try tiles(Self.pairs, ["--sheet-order", "variants"]) == [light, dark, blue], "a list of pairs")
        #expect(try tiles(Self.map, ["--sheet-order", "variants"]) == [light, dark, blue], "variant_order")
        #expect(try tiles(Self.map) == [blue, dark, light], "by name by default")
        #expect(try tiles(Self.pairs, ["--sheet-order", "name"]) == [blue, dark, light])
    }

    func failure(_ script: String, _ extra: [String] = ["--sheet-order", "variants"]) throws -> String {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(script, to: dir + "/v.lua")
        let r = try Celllua.run(["v.lua", "--all-variants", "--sheet"] + extra, in: dir)
        #expect(r.status != 0)
        #expect(!FileManager.default.fileExists(atPath: dir + "/v-sheet.png"))
        return r.stderr
    }

    @Test func noOrderOrABadOneIsAnError() throws {
        let noOrder = "variants = { a = {tint = 'red'}, b = {tint = 'blue'} }\n" + Self.body
        #expect(try failure(noOrder).contains("--sheet-order variants: v.lua gives its variants no order"))
        let typo = Self.map.replacingOccurrences(of: "\"blue\" }", with: "\"blu\" }")
        #expect(try failure(typo, []).hasPrefix("celllua: v.lua:2: variant_order[3]: 'blu' is not a variant (did you mean 'blue'?)"))
        let twice = Self.map.replacingOccurrences(of: "\"blue\" }", with: "\"dark\" }")
        #expect(try failure(twice, []).contains("v.lua:2: variant_order names 'dark' twice"))
        let short = Self.map.replacingOccurrences(of: ", \"blue\" }", with: " }")
        #expect(try failure(short, []).contains("v.lua:2: variant_order leaves out 'blue'"))
        let mixed = "variants = { {\"a\", {}}, b = {} }\n" + Self.body
        #expect(try failure(mixed, []).contains("v.lua:1: variants mixes a list of pairs with named entries"))
        let repeated = "variants = { {\"a\", {}}, {\"a\", {}} }\n" + Self.body
        #expect(try failure(repeated, []).contains("v.lua:1: variants: 'a' is listed twice"))
        #expect(try failure(Self.pairs, ["--sheet-order", "size"]).contains("--sheet-order is name or variants, got 'size'"))
    }

    @Test func sheetOrderGoesWithSheet() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.pairs, to: dir + "/v.lua")
        let r = try Celllua.run(["v.lua", "--all-variants", "--sheet-order", "variants"], in: dir)
        #expect(r.status == 2, "\(r.status)")
        #expect(r.stderr.contains("--sheet-order goes with --sheet"))
    }
}
