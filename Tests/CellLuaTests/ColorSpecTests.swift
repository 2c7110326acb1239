import CellLua
import Testing

/// Colors as designers copy them from CSS: rgb(), rgba(), hsl(), hsla(),
/// #RGBA and the CSS names, while UIKit's names keep their UIKit values.
/// Each of these was "invalid color" before.
@Suite struct ColorSpecTests {

    func rgba(_ spec: String) throws -> [Double] {
        try values("local c = cell.color('\(spec)') return c.r, c.g, c.b, c.a").map { Double($0)! }
    }

    func near(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 } }

    @Test func cssFunctions() throws {
        #expect(near(try rgba("rgb(255, 0, 0)"), [1, 0, 0, 1]))
        #expect(near(try rgba("rgba(0, 0, 255, 0.5)"), [0, 0, 1, 0.5]))
        #expect(near(try rgba("RGB(10%, 20%, 30%)"), [0.1, 0.2, 0.3, 1]))
        #expect(near(try rgba("rgb(51 102 153 / 25%)"), [0.2, 0.4, 0.6, 0.25]))
        #expect(near(try rgba("hsl(120, 100%, 50%)"), [0, 1, 0, 1]))
        #expect(near(try rgba("hsl(0deg, 100%, 25%)"), [0.5, 0, 0, 1]))
        #expect(near(try rgba("hsla(240, 100%, 50%, 0.5)"), [0, 0, 1, 0.5]))
        #expect(near(try rgba("hsl(210, 50%, 40%)"), [0.2, 0.4, 0.6, 1]))
    }

    @Test func hexWithAlphaAndNames() throws {
        #expect(near(try rgba("#F008"), [1, 0, 0, 136.0 / 255]))
        #expect(near(try rgba("navy"), [0, 0, 128.0 / 255, 1]))
        #expect(near(try rgba("Tomato"), [1, 99.0 / 255, 71.0 / 255, 1]))
        #expect(near(try rgba("rebeccapurple"), [102.0 / 255, 51.0 / 255, 153.0 / 255, 1]))
        #expect(near(try rgba("transparent"), [0, 0, 0, 0]))
        // UIKit's meanings win where CSS differs.
        #expect(near(try rgba("green"), [0, 1, 0, 1]))
        #expect(near(try rgba("orange"), [1, 0.5, 0, 1]))
        #expect(near(try rgba("darkgray"), [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]))
    }

    /// Hex forms are read byte by byte in place (no copies): each length,
    /// either case, spaces around, and every malformed neighbour refused.
    @Test func hexFormsAndTheirNeighbours() throws {
        #expect(near(try rgba("#fA0"), [1, 170.0 / 255, 0, 1]))
        #expect(near(try rgba("#12aBcD"), [18.0 / 255, 171.0 / 255, 205.0 / 255, 1]))
        #expect(near(try rgba("#12345678"), [18.0 / 255, 52.0 / 255, 86.0 / 255, 120.0 / 255]))
        #expect(near(try rgba("  #336699 "), [0.2, 0.4, 0.6, 1]))
        for bad in ["#", "#12", "#12345", "#1234567", "#123456789", "#12G456", "# 123456"] {
            #expect(firstLine("cell.color('\(bad)')")?.contains("invalid color '\(bad)'") == true, "\(bad)")
        }
    }

    @Test func badSpecsStillSayWhatIsAccepted() throws {
        let message = try #require(firstLine("cell.color('rgb(1, 2)')"))
        #expect(message.hasPrefix("test.lua:1: bad argument #1 to 'color' (invalid color 'rgb(1, 2)'; expected #RGB, #RGBA,"))
        #expect(firstLine("cell.color('hsl(10, 20, 30)')")?.contains("invalid color") == true)
        #expect(firstLine("cell.color('bluish')")?.contains("invalid color 'bluish'") == true)
    }
}
