import CellGeometry
import Testing
@testable import CellRaster

/// When the overlap resolvers keep a cluster's average winding
/// (`WindingTally`): where no pixel is covered twice ({0, s}), and under the
/// nonzero rule where every point is inside with one sign (then the average,
/// clamped, and the union both cover the pixels fully).
@Suite struct WindingTallyTests {
    static func keeps(_ windings: [Int32], evenodd: Bool) -> Bool {
        var tally = WindingTally()
        for w in windings { tally.note(w) }
        return tally.keepsAverage(evenodd: evenodd)
    }

    @Test func theRule() {
        // No pixel covered twice: exact under both rules.
        #expect(Self.keeps([0, 1, 0], evenodd: false))
        #expect(Self.keeps([0, -1, 0], evenodd: true))
        // Inside throughout with one sign: exact under nonzero only (even-odd
        // takes winding 2 as outside).
        #expect(Self.keeps([1, 2, 1], evenodd: false))
        #expect(Self.keeps([-2, -3, -1], evenodd: false))
        #expect(!Self.keeps([1, 2, 1], evenodd: true))
        // Covered twice beside uncovered, or signs that cancel: the union.
        #expect(!Self.keeps([0, 1, 2, 1, 0], evenodd: false))
        #expect(!Self.keeps([1, 0, -1], evenodd: false))
        #expect(!Self.keeps([1, -1], evenodd: false))
    }

    /// A square with a smaller one inside it as a second contour, both
    /// turning the same way: the inner one's edges cross pixels where the
    /// winding is 1 and 2, inside throughout. Under nonzero every pixel of
    /// the outer square is fully covered, its edges' pixels as without the
    /// inner square; under even-odd the inner square is a hole.
    @Test func anEdgeOverAnotherPartsInsideCoversFully() {
        let size = SmallClusterTests.size
        func square(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Polyline {
            Polyline(points: [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)], closed: true)
        }
        func coverage(_ polygons: [Polyline], rule: FillRule) -> [UInt8] {
            SmallClusterTests.coverage(polygons, rule: rule, small: true)
        }
        let outer = square(2.5, 2.5, 21.5, 21.5), inner = square(6.3, 6.3, 15.7, 15.7)
        let both = coverage([outer, inner], rule: .nonzero), alone = coverage([outer], rule: .nonzero)
        #expect(both == alone)
        #expect(both[10 * size + 6] == 255)
        let hole = coverage([outer, inner], rule: .evenodd)
        #expect(hole[10 * size + 10] == 0)
        #expect(hole[10 * size + 6] > 0 && hole[10 * size + 6] < 255)
    }
}
