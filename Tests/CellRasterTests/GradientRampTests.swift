import CellGeometry
import Testing
@testable import CellRaster

/// A gradient's table is made as entries are needed: rows of a vertical
/// gradient ask for single entries, per-pixel shading for the whole table.
/// In any order and across alphas, every entry is the one the whole table
/// made at once has (`color(at:)` premultiplied and packed).
@Suite struct GradientRampTests {
    @Test func entriesMadeAloneEqualTheWholeTable() throws {
        let stops = [Gradient.Stop(location: 0.1, color: Color(r: 1, g: 0.2, b: 0, a: 0.9)),
                     Gradient.Stop(location: 0.5, color: Color(r: 0, g: 0.7, b: 1, a: 0.4)),
                     Gradient.Stop(location: 0.5, color: Color(r: 0.3, g: 0.3, b: 0.3, a: 1)),
                     Gradient.Stop(location: 0.93, color: Color(r: 0.9, g: 0.9, b: 0.1, a: 1))]
        let n = Gradient.tableSize
        for alpha in [1.0, 0.55] {
            let expected = (0..<n).map { PixelBuffer.pack(try! Gradient(stops: stops).color(at: Double($0) / Double(n - 1)).premultiplied(alpha: alpha)) }
            let gradient = try Gradient(stops: stops)
            // Some entries alone (out of order), then the table, then more alone.
            for i in stride(from: n - 1, through: 0, by: -7) { #expect(gradient.word(at: i, alpha: alpha) == expected[i]) }
            #expect(gradient.table(alpha: alpha) == expected)
            _ = gradient.table(alpha: 0.2) // another alpha replaces the ramp
            for i in stride(from: 3, to: n, by: 11) { #expect(gradient.word(at: i, alpha: alpha) == expected[i]) }
            #expect(gradient.table(alpha: alpha) == expected)
        }
    }
}

/// `Rounding.halfAway` (premultiplying, placing glyphs: no libm call) is `rounded()`:
/// halves away from zero, on both sides of zero, at the edge of exactness
/// and beyond it, and for infinities and NaN.
@Suite struct ColorRoundingTests {
    @Test func roundedIsTheLibraryRounding() {
        var random = SeededRandom(11)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 254.5, 255, 0.49999999999999994,
                                4_503_599_627_370_495.5, 4_503_599_627_370_496, 1e300, -1e300,
                                .infinity, -.infinity]
        for _ in 0..<100_000 { values.append((random.next() - 0.3) * 600) }
        for k in 0...510 { values.append(Double(k) / 2) }
        for v in values { #expect(Rounding.halfAway(v) == v.rounded(), "\(v)") }
        #expect(Rounding.halfAway(.nan).isNaN)
    }

    /// `Rounding.down` (glyph cells) is `rounded(.down)` the same way.
    @Test func downIsTheLibraryFloor() {
        var random = SeededRandom(12)
        var values: [Double] = [0, -0.0, 0.5, -0.5, -1, -1.5, 3.999999999999999, -3.999999999999999,
                                4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 1e300, -1e300,
                                .infinity, -.infinity]
        for _ in 0..<100_000 { values.append((random.next() - 0.5) * 1e6) }
        for v in values { #expect(Rounding.down(v) == v.rounded(.down), "\(v)") }
        #expect(Rounding.down(.nan).isNaN)
    }
}
