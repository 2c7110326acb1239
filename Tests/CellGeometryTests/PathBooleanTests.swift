import Foundation
import Testing
import CellGeometry

/// Path booleans against closed-form areas: two discs overlap in a lens
/// whose area is known exactly, so union, intersection, difference and xor
/// each have an exact area; the results keep curves; fill rules and
/// degenerate operands (empty, a line, coincident edges) give the right
/// shape, never a crash.
@Suite struct PathBooleanTests {
    /// The area a path fills (nonzero), by the shoelace formula over its
    /// outline flattened very finely: the result's contours do not overlap,
    /// so signed areas of outers and holes add up to the area.
    func area(_ p: Path) -> Double {
        var total = 0.0
        for poly in p.flattened(tolerance: 1e-5) where poly.points.count >= 3 {
            var a = 0.0
            for i in poly.points.indices {
                let p0 = poly.points[i], p1 = poly.points[(i + 1) % poly.points.count]
                a += p0.x * p1.y - p1.x * p0.y
            }
            total += a / 2
        }
        return abs(total)
    }

    func disc(_ cx: Double, _ cy: Double, _ r: Double) -> Path {
        var p = Path()
        p.addEllipse(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        return p
    }

    /// The lens two discs of radius r, d apart, share.
    func lens(_ r: Double, _ d: Double) -> Double {
        2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
    }

    @Test func discsMatchTheClosedForm() throws {
        let r = 40.0, d = 30.0
        let a = disc(50, 50, r), b = disc(50 + d, 50, r)
        let one = area(a), both = lens(r, d)
        // The kit's ellipse is four cubics, 0.03% off a true circle's area;
        // the operations must add nothing beyond 1e-4 relative to that.
        #expect(abs(one - .pi * r * r) / (.pi * r * r) < 3e-4)
        let expected: [(Path.BooleanOperation, Double)] = [
            (.union, 2 * one - both), (.intersection, both), (.difference, one - both), (.xor, 2 * one - 2 * both),
        ]
        for (op, want) in expected {
            let result = try a.combined(op, with: b)
            let got = area(result)
            #expect(abs(got - want) / want < 1e-3, "\(op): \(got) vs \(want)")
            // Curves stay curves: a handful of elements, most of them cubics.
            let cubics = result.elements.filter { if case .cubic = $0 { return true } else { return false } }.count
            #expect(cubics >= 4 && result.elements.count < 40, "\(op): \(result.elements.count) elements, \(cubics) cubics")
        }
    }

    @Test func fillRulesAreHonoured() throws {
        // A square with a square inside, both clockwise: nonzero fills the
        // inner one too, even-odd makes it a hole.
        var rings = Path()
        rings.addRect(Rect(x: 0, y: 0, width: 100, height: 100))
        rings.addRect(Rect(x: 25, y: 25, width: 50, height: 50))
        var band = Path()
        band.addRect(Rect(x: 0, y: 40, width: 100, height: 20))
        #expect(abs(area(try rings.combined(.union, with: Path(), rule: .nonzero)) - 10000) < 1e-6)
        #expect(abs(area(try rings.combined(.union, with: Path(), rule: .evenodd)) - 7500) < 1e-6)
        // The band (nonzero) intersected with the rings (even-odd): 100 x 20 minus the hole's 50 x 20.
        #expect(abs(area(try rings.combined(.intersection, with: band, rule: .evenodd, otherRule: .nonzero)) - 1000) < 1e-6)
    }

    @Test func degenerateOperands() throws {
        let a = disc(0, 0, 10)
        var line = Path()
        line.move(to: Point(-20, 0))
        line.line(to: Point(20, 0))
        for op in [Path.BooleanOperation.union, .intersection, .difference, .xor] {
            #expect(try Path().combined(op, with: Path()).isEmpty)
            _ = try a.combined(op, with: line) // zero area: no crash
        }
        // The same disc, its points on the 1/65536 grid: within 1e-4 of its area.
        #expect(abs(area(try a.combined(.union, with: Path())) - area(a)) / area(a) < 1e-4)
        #expect(try a.combined(.intersection, with: Path()).isEmpty)
        #expect(try a.combined(.difference, with: a).isEmpty)
        // Coincident edges: two squares side by side are one rectangle.
        var left = Path(), right = Path()
        left.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        right.addRect(Rect(x: 10, y: 0, width: 10, height: 10))
        let joined = try left.combined(.union, with: right)
        #expect(abs(area(joined) - 200) < 1e-9)
        #expect(joined.elements.filter { if case .move = $0 { return true } else { return false } }.count == 1)
        // Out of range: an error, not a trap.
        var far = Path()
        far.addRect(Rect(x: 0, y: 0, width: 1e13, height: 1))
        #expect(throws: Path.BooleanError.outOfRange) { try far.combined(.union, with: a) }
    }
}
