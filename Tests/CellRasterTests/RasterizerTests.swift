import CellGeometry
import Foundation
import Testing
import CellRaster

/// The scan converter: exact coverage on shapes whose areas are known, and a
/// differential test against the supersampling reference on random paths.
@Suite struct RasterizerTests {
    /// Coverage grid (0...1) of the fast rasterizer.
    func fastCoverage(_ polygons: [Polyline], rule: FillRule, width: Int, height: Int) -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        Rasterizer().fill(polygons, rule: rule, bounds: IntRect(x0: 0, y0: 0, x1: width, y1: height)) { y, x, count, c in
            for n in 0..<count { out[y * width + x + n] = Double(c[n]) / 255 }
        }
        return out
    }

    func poly(_ pts: [(Double, Double)]) -> Polyline {
        Polyline(points: pts.map { Point($0.0, $0.1) }, closed: true)
    }

    @Test func halfPixelTriangle() {
        let c = fastCoverage([poly([(0, 0), (1, 0), (0, 1)])], rule: .nonzero, width: 2, height: 2)
        let expected: [Double] = [128.0 / 255, 0, 0, 0]
        #expect(c == expected)
    }

    @Test func oneThirdAndTwoThirds() {
        // x from 0 to 3 along a diagonal: pixel 0 of the row gets 1/6? check
        // a triangle (0,0)-(2,0)-(0,2): pixel (0,0) fully in, (1,0) and (0,1) half.
        let c = fastCoverage([poly([(0, 0), (2, 0), (0, 2)])], rule: .nonzero, width: 2, height: 2)
        let half: Double = 128.0 / 255
        let expected: [Double] = [1, half, half, 0]
        #expect(c == expected)
    }

    @Test func windingDirectionDoesNotMatter() {
        let cw = fastCoverage([poly([(0.25, 0.25), (3.5, 0.5), (2, 3.75)])], rule: .nonzero, width: 4, height: 4)
        let ccw = fastCoverage([poly([(2, 3.75), (3.5, 0.5), (0.25, 0.25)])], rule: .nonzero, width: 4, height: 4)
        #expect(cw == ccw)
    }

    @Test func fillRules() {
        // Two nested squares wound the same way: nonzero fills the hole, even-odd does not.
        let outer = poly([(0, 0), (4, 0), (4, 4), (0, 4)]), inner = poly([(1, 1), (3, 1), (3, 3), (1, 3)])
        let nz = fastCoverage([outer, inner], rule: .nonzero, width: 4, height: 4)
        let eo = fastCoverage([outer, inner], rule: .evenodd, width: 4, height: 4)
        #expect(nz.allSatisfy { $0 == 1 })
        #expect(eo[1 * 4 + 1] == 0 && eo[0] == 1 && eo[2 * 4 + 2] == 0)
        // Wound oppositely, nonzero leaves the hole too.
        let reversed = Polyline(points: inner.points.reversed(), closed: true)
        let nz2 = fastCoverage([outer, reversed], rule: .nonzero, width: 4, height: 4)
        #expect(nz2[1 * 4 + 1] == 0 && nz2[0] == 1)
    }

    /// A 1 px line on an integer coordinate covers two rows at 50%, as in Core Graphics.
    @Test func onePixelLineOnTheBoundary() {
        let c = fastCoverage([poly([(0, 1.5), (3, 1.5), (3, 2.5), (0, 2.5)])], rule: .nonzero, width: 3, height: 4)
        let half: Double = 128.0 / 255
        let halves: [Double] = [half, half, half]
        #expect(Array(c[3..<6]) == halves)
        #expect(Array(c[6..<9]) == halves)
        #expect(c[0] == 0 && c[9] == 0)
    }

    @Test func shapesOutsideAndHugeCoordinates() {
        // Entirely left, right, above, below: nothing.
        for shape in [poly([(-10, 0), (-5, 0), (-5, 5)]), poly([(10, 0), (15, 0), (15, 5)]),
                      poly([(0, -10), (5, -10), (5, -5)]), poly([(0, 10), (5, 10), (5, 15)])] {
            #expect(fastCoverage([shape], rule: .nonzero, width: 4, height: 4).allSatisfy { $0 == 0 })
        }
        // A huge rectangle covers everything; a huge triangle's edge crosses exactly.
        let huge = fastCoverage([poly([(-1e30, -1e30), (1e30, -1e30), (1e30, 1e30), (-1e30, 1e30)])],
                                rule: .nonzero, width: 4, height: 4)
        #expect(huge.allSatisfy { $0 == 1 })
        let left = fastCoverage([poly([(-1e6, -1e6), (2, -1e6), (2, 1e6), (-1e6, 1e6)])], rule: .nonzero, width: 4, height: 4)
        #expect(left == [1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0])
        // Non-finite points draw nothing.
        let nan = fastCoverage([poly([(0, 0), (.nan, 1), (3, 3)])], rule: .nonzero, width: 4, height: 4)
        #expect(nan.allSatisfy { $0 == 0 })
    }

    /// Simple (star-shaped, so not self-intersecting) random polygons with
    /// coordinates anywhere, partly off the grid: the fast rasterizer's
    /// coverage matches the 32x32-supersampled reference within 0.035 per
    /// pixel (the reference's own error for an edge is up to 1/32 ≈ 0.031,
    /// plus 8-bit quantisation 0.002) and 0.003 on average.
    @Test(arguments: 0..<40)
    func simplePolygonsMatchTheReference(seed: Int) {
        var rng = SeededRandom(UInt64(seed) + 1)
        let size = 24
        let cx = rng.next(-4, 28), cy = rng.next(-4, 28)
        let n = Int(rng.next(3, 14))
        var angles = (0..<n).map { _ in rng.next(0, 2 * .pi) }
        angles.sort()
        let points = angles.map { a -> Point in
            let r = rng.next(1, 18)
            return Point(cx + r * cos(a), cy + r * sin(a))
        }
        let polygons = [Polyline(points: points, closed: true)]
        let rule: FillRule = seed % 2 == 0 ? .nonzero : .evenodd
        let fast = fastCoverage(polygons, rule: rule, width: size, height: size)
        let slow = ReferenceRasterizer().coverage(polygons, rule: rule, width: size, height: size)
        let diffs = zip(fast, slow).map { abs($0 - $1) }
        #expect(diffs.max()! <= 0.035, "seed \(seed): max difference \(diffs.max()!)")
        #expect(diffs.reduce(0, +) / Double(diffs.count) <= 0.003)
    }

    /// Random self-intersecting paths of several subpaths: coverage is the
    /// union's (each sample in or out by its own winding number), not the
    /// rule applied to the pixel's average winding, however the subpaths
    /// cross and overlap. Within 0.035 of the 32 x 32 sampled reference (its
    /// own error: half a sample row along a near-horizontal edge, 1/64).
    @Test(arguments: 0..<30)
    func randomPathsMatchTheReference(seed: Int) {
        var rng = SeededRandom(UInt64(seed) + 1000)
        let size = 24
        var polygons: [Polyline] = []
        for _ in 0..<Int(rng.next(1, 4)) {
            let n = Int(rng.next(3, 9))
            polygons.append(Polyline(points: (0..<n).map { _ in Point(rng.next(-6, 30), rng.next(-6, 30)) }, closed: true))
        }
        let rule: FillRule = seed % 2 == 0 ? .nonzero : .evenodd
        let fast = fastCoverage(polygons, rule: rule, width: size, height: size)
        let exact = ReferenceRasterizer().coverage(polygons, rule: rule, width: size, height: size)
        let diffs = zip(fast, exact).map { abs($0 - $1) }
        print("seed \(seed) max \(diffs.max()!) mean \(diffs.reduce(0, +) / Double(diffs.count))")
        #expect(diffs.max()! <= 0.035, "seed \(seed): max difference \(diffs.max()!)")
        #expect(diffs.reduce(0, +) / Double(diffs.count) <= 0.003, "seed \(seed)")
    }

    @Test func antialiasOffIsAllOrNothing() {
        var values: Set<UInt8> = []
        Rasterizer().fill([poly([(0.3, 0.2), (7.7, 1.1), (4.2, 7.9)])], rule: .nonzero, antialias: false,
                          bounds: IntRect(x0: 0, y0: 0, x1: 8, y1: 8)) { _, _, count, c in
            for n in 0..<count { values.insert(c[n]) }
        }
        #expect(values.isSubset(of: [0, 255]) && values.contains(255))
    }

    @Test func manySegmentsAreLinearAndFinite() {
        // A million tiny segments on a circle: completes and covers the disc.
        let n = 1_000_000
        let pts = (0..<n).map { i -> Point in
            let a = Double(i) / Double(n) * 2 * .pi
            return Point(50 + 40 * cos(a), 50 + 40 * sin(a))
        }
        let c = fastCoverage([Polyline(points: pts, closed: true)], rule: .nonzero, width: 100, height: 100)
        #expect(c[50 * 100 + 50] == 1)
        let area = c.reduce(0, +)
        #expect(abs(area - Double.pi * 1600) < 1)
    }

    /// A job too big for the cache is accumulated and swept 32 rows at a
    /// time (`Rasterizer.bandRows`), with the edges sorted into bands; each
    /// cell gets the same additions in the same order as in one pass. The
    /// same job in slices of 20 rows (each one band, so one pass) must give
    /// the same spans to the bit: a star whose edges cross many bands, a
    /// sliver taller than it has edges, pieces far outside (one reaching
    /// 1e300, which must not trap), both rules.
    @Test(arguments: [FillRule.nonzero, .evenodd]) func bandsGiveTheOnePassPixels(rule: FillRule) {
        var star: [Point] = []
        for i in 0..<23 {
            let a = Double(i) * 2 * .pi * 9 / 23 + 0.1
            star.append(Point(310.3 + 290.7 * cos(a), 290.6 + 280.2 * sin(a)))
        }
        let polygons = [
            Polyline(points: star, closed: true),
            poly([(5.5, -300), (9.25, 1400), (7, 1400.5)]), // taller than the job
            poly([(-4000, 100.5), (-3990, 100.5), (-3995, 480.25)]), // left of it: winds whole rows
            poly([(100, 2000), (200, 2000), (150, 2100)]), // below it
            poly([(600, -1e300), (612.5, 300.5), (600, 1e300)]), // reaching far beyond it
        ]
        let bounds = IntRect(x0: 0, y0: 0, x1: 620, y1: 600)
        func spans(rows: Range<Int>?) -> [[Int]] {
            var out: [[Int]] = []
            Rasterizer().fillSpans(polygons, rule: rule, bounds: bounds, rows: rows) { s in
                out.append([s.y, s.x, s.count, Int(s.constant)] + (s.coverage.map { c in (0..<s.count).map { Int(c[$0]) } } ?? []))
            }
            return out
        }
        let whole = spans(rows: nil)
        var sliced: [[Int]] = []
        for top in stride(from: 0, to: 600, by: 20) { sliced += spans(rows: top..<top + 20) }
        #expect(whole.count > 1000)
        let same = whole == sliced
        #expect(same, "span \(zip(whole, sliced).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? Swift.min(whole.count, sliced.count)) differs")
    }
}
