import CellGeometry
import Testing
@testable import CellRaster

/// The lean resolver for clusters of meeting points with few pieces
/// (`resolveSmallCluster`, a shortcut beside the general `resolveCluster`):
/// the same union's coverage as the general resolver, pixel for pixel, on
/// random strokes that cross, turn back and bend tightly (the clusters it
/// takes), and on self-intersecting polygons under both rules.
@Suite struct SmallClusterTests {
    static let size = 64

    /// The coverage of `polygons` in a 64-pixel square, by a rasterizer
    /// with or without the lean resolver.
    static func coverage(_ polygons: [Polyline], rule: FillRule, small: Bool) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size * size)
        let rasterizer = Rasterizer()
        rasterizer.resolvesSmallClusters = small
        rasterizer.fill(polygons, rule: rule, bounds: IntRect(x0: 0, y0: 0, x1: size, y1: size)) { y, x, count, v in
            for n in 0..<count { out[y * size + x + n] = v[n] }
        }
        return out
    }

    @Test func strokesResolveAsTheGeneralResolverDoes() throws {
        var random = SplitMix64(state: 20261129)
        var resolvedPixels = 0
        for trial in 0..<60 {
            var path = Path()
            var x = random.range(8, 56), y = random.range(8, 56)
            path.move(to: Point(x, y))
            for _ in 0..<(2 + trial % 5) {
                if random.next() < 0.5 {
                    x += random.range(-20, 20)
                    y += random.range(-20, 20)
                    path.line(to: Point(x, y))
                } else {
                    let c1 = Point(x + random.range(-15, 15), y + random.range(-15, 15))
                    let e = Point(x + random.range(-25, 25), y + random.range(-25, 25))
                    let c2 = Point(e.x + random.range(-15, 15), e.y + random.range(-15, 15))
                    path.curve(control1: c1, control2: c2, to: e)
                    (x, y) = (e.x, e.y)
                }
            }
            let style = StrokeStyle(width: random.range(1, 9), cap: trial % 2 == 0 ? .round : .butt,
                                    join: trial % 3 == 0 ? .miter : .round)
            let (polygons, _) = try Stroker.polygons(path, style: style, tolerance: 0.05, transform: nil)
            resolvedPixels += Self.expectSameAsGeneral(polygons, rule: .nonzero, trial: trial)
        }
        // The strokes had clusters the lean resolver took, with a union
        // different from the average winding.
        #expect(resolvedPixels > 100, "\(resolvedPixels) pixels resolved")
    }

    @Test(arguments: [FillRule.nonzero, .evenodd])
    func selfIntersectingPolygonsResolveAsTheGeneralResolverDoes(rule: FillRule) {
        var random = SplitMix64(state: 7 &+ (rule == .nonzero ? 0 : 1))
        var resolvedPixels = 0
        for trial in 0..<80 {
            // Stars and scribbles: crossings everywhere, a few pieces each.
            let n = 5 + trial % 9
            var points: [Point] = []
            for _ in 0..<n { points.append(Point(random.range(2, 62), random.range(2, 62))) }
            let polygons = [Polyline(points: points, closed: true)]
            resolvedPixels += Self.expectSameAsGeneral(polygons, rule: rule, trial: trial)
        }
        #expect(resolvedPixels > 100, "\(resolvedPixels) pixels resolved")
    }

    /// Pieces that coincide (a polygon retracing its own edges, a square
    /// drawn twice, either way round): ties in x, where the lean resolver
    /// orders pieces without sorting (either order of a tie gives the same
    /// union).
    @Test(arguments: [FillRule.nonzero, .evenodd])
    func coincidentPiecesResolveAsTheGeneralResolverDoes(rule: FillRule) {
        var random = SplitMix64(state: 99 &+ (rule == .nonzero ? 0 : 1))
        var resolvedPixels = 0
        for trial in 0..<40 {
            var points: [Point] = []
            for _ in 0..<(2 + trial % 3) { points.append(Point(random.range(4, 60), random.range(4, 60))) }
            // Out and back along the same points, and a square drawn twice,
            // the second time the other way round every other trial.
            let retraced = points + points.reversed().dropFirst().dropLast()
            var polygons = [Polyline(points: retraced, closed: true)]
            let a = Point(random.range(4, 30), random.range(4, 30)), w = random.range(3, 20)
            let square = [a, Point(a.x + w, a.y), Point(a.x + w, a.y + w), Point(a.x, a.y + w)]
            polygons.append(Polyline(points: square, closed: true))
            polygons.append(Polyline(points: trial % 2 == 0 ? square : square.reversed(), closed: true))
            resolvedPixels += Self.expectSameAsGeneral(polygons, rule: rule, trial: trial)
        }
        #expect(resolvedPixels > 20, "\(resolvedPixels) pixels resolved")
    }

    /// The comparisons the lean resolver makes from the signs of
    /// differences agree with the operators, at the values where they could
    /// part: equal, either zero, a hair apart, far apart.
    @Test func branchFreeComparisonsAgreeWithTheOperators() {
        let values: [Double] = [0, -0.0, 1, 1.5, 1.0.nextUp, 1.0.nextDown, 3e-320, -3e-320, 4096, 1e300,
                                -.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0.5, 7.25]
        for a in values {
            #expect((Rasterizer.nonzero(a) != 0) == (a != 0), "nonzero(\(a))")
            for b in values {
                #expect((Rasterizer.below(a, b) != 0) == (a < b), "below(\(a), \(b))")
                #expect((FourPieces.atMost(a, b) != 0) == (a <= b), "atMost(\(a), \(b))")
                #expect(Rasterizer.pick(.max, a, b).bitPattern == a.bitPattern)
                #expect(Rasterizer.pick(0, a, b).bitPattern == b.bitPattern)
            }
        }
    }

    /// Expects the lean resolver's coverage of `polygons` to be the
    /// general resolver's, pixel for pixel; returns how many pixels the
    /// union changed (`resolvedPixels`).
    static func expectSameAsGeneral(_ polygons: [Polyline], rule: FillRule, trial: Int) -> Int {
        let small = coverage(polygons, rule: rule, small: true)
        let general = coverage(polygons, rule: rule, small: false)
        let differing = zip(small, general).filter { $0 != $1 }.count
        #expect(differing == 0, "trial \(trial): \(differing) pixels differ")
        return resolvedPixels(polygons, rule: rule)
    }

    /// How many pixels of the job's flagged rows the resolvers wrote (the
    /// union differing from the average there): counted by running the
    /// job with the union left out.
    static func resolvedPixels(_ polygons: [Polyline], rule: FillRule) -> Int {
        let exact = coverage(polygons, rule: rule, small: true)
        var average = [UInt8](repeating: 0, count: size * size)
        let rasterizer = Rasterizer()
        rasterizer.resolvesOverlap = false
        rasterizer.fill(polygons, rule: rule, bounds: IntRect(x0: 0, y0: 0, x1: size, y1: size)) { y, x, count, v in
            for n in 0..<count { average[y * size + x + n] = v[n] }
        }
        return zip(exact, average).filter { $0 != $1 }.count
    }
}
