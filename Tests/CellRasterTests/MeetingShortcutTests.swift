import CellGeometry
import Foundation
import Testing
@testable import CellRaster

/// The shortcut that skips the overlap detection (Rasterizer+Overlap.swift,
/// `cannotMeet`): only for outlines that cannot meet themselves inside a
/// pixel, and with the pixels the detection would give.
@Suite struct MeetingShortcutTests {
    static func polygon(_ points: [(Double, Double)]) -> Polyline {
        Polyline(points: points.map { Point($0.0, $0.1) }, closed: true)
    }

    @Test func convexOutlinesAreRecognised() {
        var rounded = Path()
        rounded.addRoundedRect(Rect(x: 2.5, y: 3, width: 40, height: 20), radius: 6)
        #expect(Rasterizer.isConvex(rounded.flattened(tolerance: 0.05)[0].points))
        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: 0, y: 0, width: 30, height: 12))
        #expect(Rasterizer.isConvex(ellipse.flattened(tolerance: 0.05)[0].points))
        // Repeated points and a straight step are no turns.
        #expect(Rasterizer.isConvex(Self.polygon([(0, 0), (5, 0), (5, 0), (10, 0), (10, 10), (0, 10), (0, 0)]).points))
        // Either orientation.
        #expect(Rasterizer.isConvex(Self.polygon([(0, 0), (0, 10), (10, 10), (10, 0)]).points))
    }

    @Test func outlinesThatMayMeetAreNot() {
        // A bow tie (turns both ways), a pentagram (turns one way, winds
        // twice), a square traced twice, a spike straight back, an L.
        let star = (0..<5).map { i -> (Double, Double) in
            let a = Double(i) * 4 * .pi / 5
            return (20 + 15 * cos(a), 20 + 15 * sin(a))
        }
        let square = [(0.0, 0.0), (10, 0), (10, 10), (0, 10)]
        for points in [[(0.0, 0.0), (10, 10), (10, 0), (0, 10)], star, square + square,
                       [(0, 0), (10, 0), (5, 0), (5, 8)], [(0, 0), (10, 0), (10, 4), (4, 4), (4, 10), (0, 10)]] {
            #expect(!Rasterizer.isConvex(Self.polygon(points).points), "\(points)")
        }
        // Convex contours whose boxes share a pixel and are no ring: side by
        // side, one inside another turning the same way (winding 2 there).
        let a = Self.polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
        #expect(!Rasterizer.cannotMeet([a, Self.polygon([(9.5, 0), (20, 0), (20, 10), (9.5, 10)])]))
        #expect(!Rasterizer.cannotMeet([a, Self.polygon([(2, 2), (8, 2), (8, 8), (2, 8)])]))
        #expect(Rasterizer.cannotMeet([a, Self.polygon([(11, 0), (20, 0), (20, 10), (11, 10)])]))
        // A hole turning the other way is a ring; one poking out is not, nor
        // a third contour inside the hole, nor a hole in two outlines.
        let hole = Self.polygon([(2, 2), (2, 8), (8, 8), (8, 2)])
        #expect(Rasterizer.cannotMeet([a, hole]))
        #expect(Rasterizer.cannotMeet([hole, a]), "the hole first")
        #expect(!Rasterizer.cannotMeet([a, Self.polygon([(2, 2), (2, 8), (12, 8), (12, 2)])]))
        #expect(!Rasterizer.cannotMeet([a, hole, Self.polygon([(4, 4), (6, 4), (6, 6), (4, 6)])]))
        #expect(!Rasterizer.cannotMeet([a, Self.polygon([(1, 1), (9, 1), (9, 9), (1, 9)]), hole]))
    }

    /// A stroked rounded rectangle, ellipse or circle is a ring: its two
    /// offset loops skip the detection at any width that keeps the inner
    /// loop convex, down to a quarter of a pixel, and the pixels are the
    /// point-sampled reference's.
    @Test(arguments: [0.25, 0.5, 1, 2.5])
    func strokedShapesAreRings(width: Double) throws {
        var shapes: [Path] = []
        var rounded = Path()
        rounded.addRoundedRect(Rect(x: 3.3, y: 2.6, width: 30, height: 20), radius: 2.5)
        shapes.append(rounded)
        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: 4.1, y: 3.7, width: 28, height: 18))
        shapes.append(ellipse)
        for path in shapes {
            let (polygons, _) = try Stroker.polygons(path, style: StrokeStyle(width: width, join: .round), tolerance: 0.05,
                                                     transform: nil)
            #expect(polygons.count == 2)
            #expect(Rasterizer.cannotMeet(polygons), "width \(width)")
            var ours = [Double](repeating: 0, count: 40 * 30)
            Rasterizer().fill(polygons, rule: .nonzero, bounds: IntRect(x0: 0, y0: 0, x1: 40, y1: 30)) { y, x, count, v in
                for n in 0..<count { ours[y * 40 + x + n] = Double(v[n]) / 255 }
            }
            let exact = ReferenceRasterizer(samplesPerAxis: 64).scanlineCoverage(polygons, rule: .nonzero, width: 40, height: 30)
            let worst = zip(ours, exact).map { abs($0 - $1) }.max()! * 255
            #expect(worst <= 3, "width \(width): \(worst) levels")
        }
    }

    /// Random convex polygons (pairs in separate boxes, rings) skip the
    /// detection and match the point-sampled reference, as any simple
    /// polygon's average winding does.
    @Test(arguments: 0..<20)
    func skippedOutlinesMatchTheReference(seed: Int) {
        var rng = SeededRandom(UInt64(seed + 1))
        func convex(cx: Double, cy: Double, r: Double) -> Polyline {
            let n = 3 + Int(rng.next(0, 12))
            let angles = (0..<n).map { _ in rng.next(0, 2 * .pi) }.sorted()
            return Polyline(points: angles.map { Point(cx + r * cos($0), cy + r * 0.7 * sin($0)) }, closed: true)
        }
        // One shape, two apart, or a ring (a shape with a smaller copy of
        // itself turned the other way inside).
        var polygons = seed % 2 == 0 ? [convex(cx: 20.3, cy: 15.6, r: 14)]
                                     : [convex(cx: 10.2, cy: 15.1, r: 8), convex(cx: 30.7, cy: 14.4, r: 8)]
        if seed % 3 == 0 {
            let outer = polygons[0].points
            let cx = outer.map(\.x).reduce(0, +) / Double(outer.count), cy = outer.map(\.y).reduce(0, +) / Double(outer.count)
            let k = rng.next(0.3, 0.9)
            polygons.append(Polyline(points: outer.reversed().map { Point(cx + ($0.x - cx) * k, cy + ($0.y - cy) * k) },
                                     closed: true))
        }
        #expect(Rasterizer.cannotMeet(polygons))
        let rule: FillRule = seed % 4 < 2 ? .nonzero : .evenodd
        var ours = [Double](repeating: 0, count: 40 * 30)
        Rasterizer().fill(polygons, rule: rule, bounds: IntRect(x0: 0, y0: 0, x1: 40, y1: 30)) { y, x, count, v in
            for n in 0..<count { ours[y * 40 + x + n] = Double(v[n]) / 255 }
        }
        let exact = ReferenceRasterizer(samplesPerAxis: 64).scanlineCoverage(polygons, rule: rule, width: 40, height: 30)
        let worst = zip(ours, exact).map { abs($0 - $1) }.max()! * 255
        #expect(worst <= 3, "seed \(seed): \(worst) levels")
    }

    /// `inside` skips the edges whose side the other loop's bounding box
    /// lies on entirely: it answers as testing every point against every
    /// edge does, for rings of rounded rectangles and ellipses (a stroke's
    /// two loops), with one point of the inner loop pushed 0.001 px to
    /// 3 insets outwards, in both orientations.
    @Test func containmentAgreesWithTestingEveryPoint() {
        func everyPoint(_ points: [Point], _ hull: [Point], _ turn: Double) -> Bool {
            var a = hull[hull.count - 1]
            for b in hull {
                let ex = b.x - a.x, ey = b.y - a.y
                for p in points {
                    let cross = ex * (p.y - a.y) - ey * (p.x - a.x)
                    if cross != 0 && (cross > 0) != (turn > 0) { return false }
                }
                a = b
            }
            return true
        }
        var generator = SystemRandomNumberGenerator()
        var insides = 0, outsides = 0
        for trial in 0..<400 {
            let x = Double.random(in: -50...500, using: &generator), y = Double.random(in: -50...500, using: &generator)
            let w = Double.random(in: 4...300, using: &generator), h = Double.random(in: 4...120, using: &generator)
            let inset = Double.random(in: 0.25...2, using: &generator)
            func loop(_ grow: Double) -> [Point] {
                var path = Path()
                let r = Rect(x: x - grow, y: y - grow, width: w + 2 * grow, height: h + 2 * grow)
                if trial % 3 == 0 { path.addEllipse(in: r) } else { path.addRoundedRect(r, radius: min(w, h) / 4 + grow) }
                return path.flattened(tolerance: 0.05)[0].points
            }
            let outer = loop(0)
            var inner = loop(-inset)
            if trial % 2 == 1 {
                // One point pushed out past the outer loop, or just to it.
                let k = Int.random(in: 0..<inner.count, using: &generator)
                let push = [0.001, inset + 0.001, inset + 0.5, 3 * inset][trial / 2 % 4]
                let c = Point(x + w / 2, y + h / 2)
                let d = Point(inner[k].x - c.x, inner[k].y - c.y)
                let len = (d.x * d.x + d.y * d.y).squareRoot()
                inner[k] = Point(inner[k].x + d.x / len * push, inner[k].y + d.y / len * push)
            }
            guard let outerTurn = Rasterizer.convexTurn(outer), outerTurn != 0 else { continue }
            let reversed = Array(inner.reversed())
            let expected = everyPoint(reversed, outer, outerTurn)
            #expect(Rasterizer.inside(reversed, convex: outer, turn: outerTurn) == expected, "trial \(trial)")
            // And the other way round: the outer loop is never inside the inner.
            if let innerTurn = Rasterizer.convexTurn(reversed), innerTurn != 0 {
                #expect(Rasterizer.inside(outer, convex: reversed, turn: innerTurn) == everyPoint(outer, reversed, innerTurn))
            }
            if expected { insides += 1 } else { outsides += 1 }
        }
        #expect(insides > 40 && outsides > 40, "both answers seen: \(insides) inside, \(outsides) not")
    }
}

