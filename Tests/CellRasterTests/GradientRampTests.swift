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
