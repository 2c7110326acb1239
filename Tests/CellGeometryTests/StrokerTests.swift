import Foundation
import Testing
import CellGeometry

// Geometry is checked through the filled outline: point membership with the
// nonzero rule (`Path.contains`) and areas measured by exact scanline
// integration of the nonzero region (`Probe.area`), compared with analytic
// values.

@Suite struct StrokerTests {
    // MARK: caps on a plain segment

    @Test func buttSegmentCoversExactlyTheRectangle() throws {
        let s = try Probe.stroke([(0, 0), (10, 0)], width: 2, cap: .butt)
        #expect(s.contains(Point(5, 0.9), rule: .nonzero))
        #expect(!s.contains(Point(5, 1.1), rule: .nonzero))
        #expect(s.contains(Point(5, -0.9), rule: .nonzero))
        #expect(!s.contains(Point(5, -1.1), rule: .nonzero))
        #expect(!s.contains(Point(-0.1, 0), rule: .nonzero))
        #expect(!s.contains(Point(10.1, 0), rule: .nonzero))
        #expect(s.contains(Point(0.1, 0), rule: .nonzero))
        #expect(s.contains(Point(9.9, 0), rule: .nonzero))
        #expect(abs(Probe.area(s) - 20) < 1e-6)
    }

    @Test func squareCapExtendsByHalfTheWidth() throws {
        let s = try Probe.stroke([(0, 0), (10, 0)], width: 2, cap: .square)
        #expect(s.contains(Point(10.9, 0), rule: .nonzero))
        #expect(s.contains(Point(10.9, 0.9), rule: .nonzero))
        #expect(!s.contains(Point(11.1, 0), rule: .nonzero))
        #expect(s.contains(Point(-0.9, -0.9), rule: .nonzero))
        #expect(!s.contains(Point(-1.1, 0), rule: .nonzero))
        #expect(abs(Probe.area(s) - 24) < 1e-6)
    }

    @Test func roundCapIsAHalfDisc() throws {
        let s = try Probe.stroke([(0, 0), (10, 0)], width: 2, cap: .round)
        #expect(s.contains(Point(10.9, 0), rule: .nonzero))
        #expect(!s.contains(Point(10.8, 0.8), rule: .nonzero)) // 1.13 from the end point
        #expect(s.contains(Point(10.6, 0.6), rule: .nonzero))  // 0.85 from it
        #expect(s.contains(Point(-0.9, 0), rule: .nonzero))
        #expect(!s.contains(Point(-1.05, 0), rule: .nonzero))
        #expect(abs(Probe.area(s) - (20 + Double.pi)) < 2e-3)
    }

    // MARK: joins

    /// A closed 10×10 square stroked with width 2: band 12×12 minus 8×8, less
    /// what each join cuts off its four outer corners.
    @Test(arguments: [
        (LineJoin.miter, 80.0),
        (LineJoin.bevel, 78.0),
        (LineJoin.round, 80 - 4 * (1 - Double.pi / 4)),
    ])
    func closedSquareArea(join: LineJoin, expected: Double) throws {
        let s = try Probe.stroke([(0, 0), (10, 0), (10, 10), (0, 10)], closed: true, width: 2, join: join)
        #expect(abs(Probe.area(s) - expected) < 2e-3)
        #expect(!s.contains(Point(5, 5), rule: .nonzero)) // the hole stays empty
        #expect(!s.contains(Point(1.1, 5), rule: .nonzero))
        #expect(s.contains(Point(0.9, 5), rule: .nonzero))
        #expect(s.contains(Point(-0.9, 5), rule: .nonzero))
        #expect(!s.contains(Point(-1.1, 5), rule: .nonzero))
        #expect(!s.contains(Point(5, 11.1), rule: .nonzero))
        // Outer corner tip: only a miter reaches it.
        #expect(s.contains(Point(10.95, 10.95), rule: .nonzero) == (join == .miter))
        // Inner corners are sharp whatever the join: the band reaches (1, 1) and (9, 9).
        #expect(s.contains(Point(0.95, 0.95), rule: .nonzero))
        #expect(s.contains(Point(9.05, 9.05), rule: .nonzero))
        #expect(!s.contains(Point(1.05, 1.05), rule: .nonzero))
        #expect(!s.contains(Point(8.95, 8.95), rule: .nonzero))
    }

    /// An open L: (0,0) → (10,0) → (10,10), width 2, butt caps. The two
    /// rectangles make 20 + 20 - 1 (their overlap); the outer corner at (11, -1)
    /// gets the join.
    @Test(arguments: [
        (LineJoin.miter, 40.0),
        (LineJoin.bevel, 39.5),
        (LineJoin.round, 39 + Double.pi / 4),
    ])
    func rightAngleJoin(join: LineJoin, expected: Double) throws {
        let s = try Probe.stroke([(0, 0), (10, 0), (10, 10)], width: 2, join: join)
        #expect(abs(Probe.area(s) - expected) < 2e-3)
        #expect(s.contains(Point(10.95, -0.95), rule: .nonzero) == (join == .miter))
        #expect(s.contains(Point(10.6, -0.6), rule: .nonzero) == (join != .bevel))
        #expect(s.contains(Point(10.4, -0.4), rule: .nonzero))
        #expect(s.contains(Point(9.1, 0.9), rule: .nonzero)) // inner corner
        #expect(!s.contains(Point(8.9, 1.1), rule: .nonzero))
        #expect(!s.contains(Point(11.05, -0.5), rule: .nonzero))
    }

    /// A corner of 10° between the segments: the miter would be 1/sin(5°) ≈ 11.47
    /// times the width, so limit 10 bevels it and limit 20 keeps it.
    @Test func sharpCornerObeysTheMiterLimit() throws {
        let back = 10 * Double.pi / 180
        let pts = [(0.0, 0.0), (10.0, 0.0), (10 - 10 * cos(back), 10 * sin(back))]
        // Outward bisector at the vertex (10, 0): direction -5°.
        let out = Point(cos(-5 * Double.pi / 180), sin(-5 * Double.pi / 180))
        func along(_ k: Double) -> Point { Point(10 + out.x * k, out.y * k) }
        let tipDistance = 1 / sin(5 * Double.pi / 180) // half-width 1

        let beveled = try Probe.stroke(pts, width: 2, join: .miter, miterLimit: 10)
        #expect(!beveled.contains(along(0.5), rule: .nonzero))
        #expect(!beveled.contains(along(5), rule: .nonzero))

        let mitered = try Probe.stroke(pts, width: 2, join: .miter, miterLimit: 20)
        #expect(mitered.contains(along(0.5), rule: .nonzero))
        #expect(mitered.contains(along(5), rule: .nonzero))
        #expect(mitered.contains(along(tipDistance - 0.05), rule: .nonzero))
        #expect(!mitered.contains(along(tipDistance + 0.05), rule: .nonzero))
        // Past the bevel, the miter adds its kite (vertex, offset ends, tip),
        // d² tan(turn/2), less the bevel triangle, d² sin(turn) / 2.
        let kite = tan(85 * Double.pi / 180)
        let bevelTriangle = sin(170 * Double.pi / 180) / 2
        #expect(abs((Probe.area(mitered) - Probe.area(beveled)) - (kite - bevelTriangle)) < 5e-3)

        let rounded = try Probe.stroke(pts, width: 2, join: .round)
        #expect(rounded.contains(along(0.95), rule: .nonzero))
        #expect(!rounded.contains(along(1.05), rule: .nonzero))

        let bevel = try Probe.stroke(pts, width: 2, join: .bevel, miterLimit: 1000)
        #expect(!bevel.contains(along(0.5), rule: .nonzero))
    }

    /// 1/sin(θ/2) = 2 at θ = 60°: limits just below and above decide.
    @Test func miterLimitThreshold() throws {
        // Turn by 120° so the segments meet at 60°.
        let pts = [(0.0, 0.0), (10.0, 0.0), (10 + 10 * cos(2 * Double.pi / 3), 10 * sin(2 * Double.pi / 3))]
        // Outer bisector from (10, 0): pointing at -30°.
        let probe = Point(10 + 1.9 * cos(-Double.pi / 6), 1.9 * sin(-Double.pi / 6)) // tip at distance 2
        #expect(try !Probe.stroke(pts, width: 2, miterLimit: 1.99).contains(probe, rule: .nonzero))
        #expect(try Probe.stroke(pts, width: 2, miterLimit: 2.01).contains(probe, rule: .nonzero))
        // A limit under 1 (or negative) can never miter.
        #expect(try !Probe.stroke(pts, width: 2, miterLimit: 0.5).contains(probe, rule: .nonzero))
        #expect(try !Probe.stroke(pts, width: 2, miterLimit: -3).contains(probe, rule: .nonzero))
    }

    @Test func joinsTurningBothWaysAgree() throws {
        // Mirror images must have the same area: left and right turns are
        // handled by the two sides of the same code.
        for join in LineJoin.allCases {
            let left = try Probe.stroke([(0, 0), (10, 0), (13, 7)], width: 3, join: join)
            let right = try Probe.stroke([(0, 0), (10, 0), (13, -7)], width: 3, join: join)
            #expect(abs(Probe.area(left) - Probe.area(right)) < 2e-3, "\(join)")
            let reversed = try Probe.stroke([(13, 7), (10, 0), (0, 0)], width: 3, join: join)
            #expect(abs(Probe.area(left) - Probe.area(reversed)) < 2e-3, "\(join)")
        }
    }

    // MARK: degenerate joins

    @Test func cuspBevelsAMiterAndRoundsARoundJoin() throws {
        let pts = [(0.0, 0.0), (10.0, 0.0), (5.0, 0.0)]
        let miter = try Probe.stroke(pts, width: 2, join: .miter, miterLimit: 1e6)
        #expect(Probe.isFinite(miter))
        #expect(abs(Probe.area(miter) - 20) < 1e-6)
        #expect(!miter.contains(Point(10.1, 0), rule: .nonzero))
        #expect(miter.contains(Point(9.9, 0.9), rule: .nonzero))
        #expect(miter.contains(Point(7, -0.9), rule: .nonzero))

        let bevel = try Probe.stroke(pts, width: 2, join: .bevel)
        #expect(abs(Probe.area(bevel) - 20) < 1e-6)

        let round = try Probe.stroke(pts, width: 2, join: .round)
        #expect(round.contains(Point(10.9, 0), rule: .nonzero))
        #expect(!round.contains(Point(10.8, 0.8), rule: .nonzero))
        #expect(abs(Probe.area(round) - (20 + Double.pi / 2)) < 2e-3)
    }

    @Test func collinearPointsNeedNoJoin() throws {
        for join in LineJoin.allCases {
            let s = try Probe.stroke([(0, 0), (3, 0), (5, 0), (10, 0)], width: 2, join: join)
            #expect(Probe.isFinite(s))
            #expect(abs(Probe.area(s) - 20) < 1e-6)
            #expect(s.contains(Point(3, 0.99), rule: .nonzero))
            #expect(!s.contains(Point(3, 1.01), rule: .nonzero))
            #expect(!s.contains(Point(10.01, 0), rule: .nonzero))
            // Nearly collinear: no NaN, and no visible join.
            let t = try Probe.stroke([(0, 0), (5, 1e-13), (10, 0)], width: 2, join: join)
            #expect(Probe.isFinite(t))
            #expect(abs(Probe.area(t) - 20) < 1e-6)
        }
    }

    @Test func shortAndDuplicateSegmentsAreHarmless() throws {
        // Duplicate and 1e-13-long segments are merged; the rest is one segment.
        let s = try Probe.stroke([(0, 0), (0, 0), (5, 0), (5 + 1e-13, 1e-13), (5, 0), (10, 0), (10, 0)],
                                 width: 2, join: .miter, miterLimit: 100)
        #expect(Probe.isFinite(s))
        #expect(abs(Probe.area(s) - 20) < 1e-6)
        // A short but real zigzag stays inside a sensible bound.
        let z = try Probe.stroke([(0, 0), (5, 0), (5.001, 0.001), (5.002, 0), (10, 0)], width: 2, join: .round)
        #expect(Probe.isFinite(z))
        #expect(z.contains(Point(5, 0.9), rule: .nonzero))
        #expect(!z.contains(Point(5, 1.1), rule: .nonzero))
    }

    // MARK: width and coordinates

    @Test func widthIsMeasuredAcrossARotatedSegmentFarFromTheOrigin() throws {
        let a = Point(1000.5, -2000.25)
        let u = Point(0.6, 0.8), n = Point(-0.8, 0.6)
        let b = Point(a.x + 50 * u.x, a.y + 50 * u.y)
        let s = try Probe.stroke([(a.x, a.y), (b.x, b.y)], width: 3)
        let mid = Point(a.x + 25 * u.x, a.y + 25 * u.y)
        for k in [-1.0, 1.0] {
            #expect(s.contains(Point(mid.x + k * 1.45 * n.x, mid.y + k * 1.45 * n.y), rule: .nonzero))
            #expect(!s.contains(Point(mid.x + k * 1.55 * n.x, mid.y + k * 1.55 * n.y), rule: .nonzero))
        }
        #expect(!s.contains(Point(b.x + 0.05 * u.x, b.y + 0.05 * u.y), rule: .nonzero))
        #expect(abs(Probe.area(s) - 150) < 1e-3)
    }

    @Test func largeCoordinatesKeepTheirPrecision() throws {
        let s = try Probe.stroke([(1e6, 1e6), (1e6 + 10, 1e6)], width: 2)
        #expect(s.contains(Point(1e6 + 5, 1e6 + 0.9), rule: .nonzero))
        #expect(!s.contains(Point(1e6 + 5, 1e6 + 1.1), rule: .nonzero))
    }

    @Test func zeroOrInvalidWidthDrawsNothing() throws {
        for w in [0.0, -2.0, Double.nan, Double.infinity] {
            let s = try Probe.stroke([(0, 0), (10, 0)], width: w)
            #expect(s.isEmpty, "width \(w)")
        }
    }

    // MARK: points

    @Test func onePointPolylineWithRoundCapIsADisc() throws {
        var p = Path()
        p.move(to: Point(3, 3))
        p.line(to: Point(3, 3))
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 2, cap: .round), tolerance: 1e-4)
        #expect(s.contains(Point(3.9, 3), rule: .nonzero))
        #expect(s.contains(Point(3, 2.1), rule: .nonzero))
        #expect(!s.contains(Point(3.75, 3.75), rule: .nonzero))
        #expect(abs(Probe.area(s) - Double.pi) < 2e-3)
    }

    @Test func onePointPolylineWithSquareCapIsAnAxisAlignedSquare() throws {
        var p = Path()
        p.move(to: Point(3, 3))
        p.line(to: Point(3, 3))
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 2, cap: .square), tolerance: 1e-3)
        #expect(s.contains(Point(3.9, 3.9), rule: .nonzero))
        #expect(s.contains(Point(2.1, 2.1), rule: .nonzero))
        #expect(!s.contains(Point(4.1, 3), rule: .nonzero))
        #expect(abs(Probe.area(s) - 4) < 1e-6)
    }

    @Test func onePointPolylineWithButtCapDrawsNothing() throws {
        var p = Path()
        p.move(to: Point(3, 3))
        p.line(to: Point(3, 3))
        #expect(try Stroker.stroke(p, style: StrokeStyle(width: 2, cap: .butt), tolerance: 1e-3).isEmpty)
        // A lone move draws nothing whatever the cap.
        var q = Path()
        q.move(to: Point(1, 1))
        #expect(try Stroker.stroke(q, style: StrokeStyle(width: 2, cap: .round), tolerance: 1e-3).isEmpty)
    }

    // MARK: closed subpaths and orientation

    @Test func closedSubpathsGetJoinsNotCaps() throws {
        // Round caps must not appear on a closed square, and its start corner
        // is a real (mitered) corner.
        let s = try Probe.stroke([(0, 0), (10, 0), (10, 10), (0, 10)], closed: true, width: 2, cap: .round)
        #expect(s.contains(Point(-0.95, -0.95), rule: .nonzero))
        #expect(!s.contains(Point(5, 5), rule: .nonzero))
        #expect(abs(Probe.area(s) - 80) < 1e-6)
        // Repeating the first point before closing changes nothing.
        let t = try Probe.stroke([(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)], closed: true, width: 2, cap: .round)
        #expect(t.contains(Point(-0.95, -0.95), rule: .nonzero))
        #expect(abs(Probe.area(t) - 80) < 1e-6)
    }

    @Test func orientationOfTheInputDoesNotMatter() throws {
        let cw = try Probe.stroke([(0, 0), (10, 0), (10, 10), (0, 10)], closed: true, width: 2)
        let ccw = try Probe.stroke([(0, 0), (0, 10), (10, 10), (10, 0)], closed: true, width: 2)
        #expect(abs(Probe.area(cw) - Probe.area(ccw)) < 1e-9)
        #expect(!ccw.contains(Point(5, 5), rule: .nonzero))
        #expect(ccw.contains(Point(10.5, 5), rule: .nonzero))
    }

    @Test func overlappingSubpathsDoNotCancel() throws {
        // Same segment twice, opposite directions, as two subpaths; and a
        // clockwise square inside a counterclockwise one sharing the band.
        var p = Path()
        p.move(to: Point(0, 0))
        p.line(to: Point(10, 0))
        p.move(to: Point(10, 0))
        p.line(to: Point(0, 0))
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 2), tolerance: 1e-3)
        #expect(s.contains(Point(5, 0.5), rule: .nonzero))
        #expect(abs(Probe.area(s) - 20) < 1e-6)

        var q = Path()
        q.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        q.move(to: Point(0.5, 0.5))
        q.line(to: Point(0.5, 9.5))
        q.line(to: Point(9.5, 9.5))
        q.line(to: Point(9.5, 0.5))
        q.close()
        let t = try Stroker.stroke(q, style: StrokeStyle(width: 2), tolerance: 1e-3)
        for x in stride(from: -0.9, through: 1.4, by: 0.1) {
            #expect(t.contains(Point(x, 5), rule: .nonzero), "x = \(x)")
        }
        #expect(!t.contains(Point(5, 5), rule: .nonzero))

        // Dots (zero-length subpaths) turn the same way as everything else.
        for cap in [LineCap.round, .square] {
            var u = Path()
            u.move(to: Point(0, 0))
            u.line(to: Point(10, 0))
            u.move(to: Point(5, 0))
            u.line(to: Point(5, 0))
            let v = try Stroker.stroke(u, style: StrokeStyle(width: 2, cap: cap), tolerance: 1e-3)
            for q in [Point(5, 0.2), Point(5.3, -0.5), Point(4.6, 0.6), Point(1, 0.5)] {
                #expect(v.contains(q, rule: .nonzero), "\(cap) \(q)")
            }
        }
    }

    @Test func selfCrossingPathIsCoveredEverywhereAlongIt() throws {
        // A five-pointed star drawn as one open polyline that crosses itself.
        var pts: [(Double, Double)] = []
        for k in 0...5 {
            let a = Double(k) * 4 * Double.pi / 5
            pts.append((20 * cos(a), 20 * sin(a)))
        }
        for join in LineJoin.allCases {
            let s = try Probe.stroke(pts, width: 3, join: join)
            for i in 0..<(pts.count - 1) {
                let (ax, ay) = pts[i], (bx, by) = pts[i + 1]
                let len = hypot(bx - ax, by - ay)
                let n = Point(-(by - ay) / len, (bx - ax) / len)
                for f in stride(from: 0.02, through: 0.98, by: 0.04) {
                    let c = Point(ax + (bx - ax) * f, ay + (by - ay) * f)
                    for k in [-1.45, -0.7, 0, 0.7, 1.45] {
                        #expect(s.contains(Point(c.x + n.x * k, c.y + n.y * k), rule: .nonzero))
                    }
                }
            }
            #expect(!s.contains(Point(0, 0), rule: .nonzero)) // the pentagon in the middle
        }
    }

    @Test func twoPointClosedPolylineIsAStadiumWithRoundJoins() throws {
        let s = try Probe.stroke([(0, 0), (10, 0)], closed: true, width: 2, cap: .butt, join: .round)
        #expect(s.contains(Point(10.9, 0), rule: .nonzero))
        #expect(s.contains(Point(-0.9, 0), rule: .nonzero))
        #expect(abs(Probe.area(s) - (20 + Double.pi)) < 2e-3)
        let m = try Probe.stroke([(0, 0), (10, 0)], closed: true, width: 2, join: .miter)
        #expect(abs(Probe.area(m) - 20) < 1e-6)
    }

    // MARK: properties on many polylines

    /// Polylines that stress the inner-side routing: hairpins and zigzags with
    /// segments shorter than the half-width, cusps, self-crossings, plus
    /// pseudo-random ones.
    static func testPolylines() -> [(points: [(Double, Double)], closed: Bool)] {
        var list: [(points: [(Double, Double)], closed: Bool)] = [
            ([(0, 0), (10, 0), (10, 0.3), (0, 0.3)], false),
            ([(0, 0), (10, 0), (10, 0.3), (0, 0.3)], true),
            ([(0, 0), (10, 0), (10, 0.3), (13, 0.3)], false), // a step shorter than the half-width
            ([(0, 0), (4, 0), (4.2, 0.2), (4.4, 0), (4.6, 0.2), (4.8, 0), (9, -2)], false),
            ([(0, 0), (5, 0), (5.2, 0.4), (5.4, 0), (5.6, 0.4), (10, 0)], false),
            ([(0, 0), (10, 0), (5, 0)], false),
            ([(0, 0), (10, 0), (5, 0)], true),
            ([(0, 0), (10, 0), (0, 0.5), (10, 1)], false),
            ([(0, 0), (8, 8), (8, 0), (0, 8)], true),
            ([(2, 2), (8, 2), (8, 8), (2, 8), (2, 2.5), (7.5, 2.5)], false),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 10
        }
        for k in 0..<10 {
            list.append(((0..<(2 + k % 6)).map { _ in (next(), next()) }, k % 3 == 0))
        }
        return list
    }

    /// With round joins and round caps the stroke is exactly the set of points
    /// within half the width of the polyline: check that on a grid.
    @Test(arguments: [0.3, 1.0, 2.5])
    func roundStrokeIsThePointsWithinHalfTheWidth(d: Double) throws {
        for (pts, closed) in Self.testPolylines() {
            let s = try Probe.stroke(pts, closed: closed, width: 2 * d, cap: .round, join: .round, tolerance: 1e-3)
            var wrong: [Point] = []
            for x in stride(from: -3.0, through: 13, by: 0.17) {
                for y in stride(from: -3.0, through: 13, by: 0.17) {
                    let q = Point(x, y)
                    let dist = Probe.distance(q, to: pts, closed: closed)
                    let inside = Probe.winding(s, at: q) != 0
                    if (dist < d - 2e-3 && !inside) || (dist > d + 1e-9 && inside) { wrong.append(q) }
                }
            }
            #expect(wrong.isEmpty, "\(pts) closed \(closed): \(wrong.prefix(5))")
        }
    }

    /// Whatever the join and cap, every segment's rectangle is covered; bevel
    /// and round joins with butt caps never reach beyond half the width, and a
    /// miter never beyond miterLimit × half the width.
    @Test(arguments: LineJoin.allCases)
    func segmentsAreCoveredAndJoinsStayBounded(join: LineJoin) throws {
        let d = 1.0, limit = 4.0
        for (pts, closed) in Self.testPolylines() {
            let s = try Probe.stroke(pts, closed: closed, width: 2 * d, cap: .butt, join: join, miterLimit: limit,
                                     tolerance: 1e-3)
            let reach = join == .miter ? d * limit : d
            var wrong: [Point] = []
            for x in stride(from: -3.0, through: 13, by: 0.17) {
                for y in stride(from: -3.0, through: 13, by: 0.17) {
                    let q = Point(x, y)
                    let inside = Probe.winding(s, at: q) != 0
                    if !inside && Probe.inSomeRectangle(q, pts, closed: closed, halfWidth: d - 1e-6) { wrong.append(q) }
                    if inside && Probe.distance(q, to: pts, closed: closed) > reach + 1e-6 { wrong.append(q) }
                }
            }
            #expect(wrong.isEmpty, "\(pts) closed \(closed): \(wrong.prefix(5))")
        }
    }

    // MARK: curves

    @Test func strokedCircleIsAnAnnulus() throws {
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 10, start: 0, end: 2 * Double.pi, clockwise: false)
        p.close()
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 4), tolerance: 0.002)
        #expect(abs(Probe.area(s) - 80 * Double.pi) < 0.15)
        for k in 0..<72 {
            let a = Double(k) * Double.pi / 36 + 0.01
            func at(_ r: Double) -> Point { Point(r * cos(a), r * sin(a)) }
            #expect(s.contains(at(11.95), rule: .nonzero))
            #expect(!s.contains(at(12.05), rule: .nonzero))
            #expect(s.contains(at(8.05), rule: .nonzero))
            #expect(!s.contains(at(7.95), rule: .nonzero))
        }
    }

    /// Vertices inside a flattened curve get round joins whatever the style:
    /// this cubic has a cusp at t = 1/2, where mitered chords would grow spikes.
    @Test func curveInteriorsNeverGrowMiterSpikes() throws {
        let p0 = Point(0, 0), c1 = Point(10, 10), c2 = Point(0, 10), p3 = Point(10, 0)
        var p = Path()
        p.move(to: p0)
        p.curve(control1: c1, control2: c2, to: p3)
        let tol = 0.01, d = 1.0
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 2 * d, join: .miter, miterLimit: 10), tolerance: tol)
        let curve = (0...20_000).map { Bezier.cubicPoint(p0, c1, c2, p3, Double($0) / 20_000) }
        var worst = 0.0
        for e in s.elements {
            if case .line(let q) = e {
                let dist = curve.map { hypot($0.x - q.x, $0.y - q.y) }.min() ?? .infinity
                worst = max(worst, dist)
            }
        }
        #expect(worst < d + 2 * tol)
        // The cusp point itself (7.5, 7.5) and around it are covered.
        #expect(s.contains(Point(5, 7.5), rule: .nonzero))
        #expect(s.contains(Point(5, 8.4), rule: .nonzero))
    }

    /// A wide butt-capped arc: the cap must be square to the arc's tangent, not
    /// to its first chord (which is off by half a chord's angle).
    @Test func capsOnCurvesFollowTheTrueTangent() throws {
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 20, start: 0, end: Double.pi / 2, clockwise: false)
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 10, cap: .butt), tolerance: 0.05)
        // Start cap along y = 0 from x = 15 to 25; end cap along x = 0.
        for x in stride(from: 15.5, through: 24.5, by: 1) {
            #expect(s.contains(Point(x, 0.2), rule: .nonzero), "x = \(x)")
            #expect(!s.contains(Point(x, -0.2), rule: .nonzero), "x = \(x)")
            #expect(s.contains(Point(0.2, x), rule: .nonzero), "y = \(x)")
            #expect(!s.contains(Point(-0.2, x), rule: .nonzero), "y = \(x)")
        }
    }

    /// A stroke nearly as wide as its arc's diameter (half-width 45 on radius
    /// 50): the chords after the first one lean back by half their turn, and
    /// their inner rectangle corners must not reach behind the butt caps.
    @Test(arguments: [45.0, 30.0, 49.0])
    func wideStrokeOnATightArcStaysWithinItsCaps(halfWidth: Double) throws {
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 50, start: 0, end: Double.pi / 2, clockwise: false)
        let tol = 0.1
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 2 * halfWidth, cap: .butt), tolerance: tol)
        let inner = 50 - halfWidth, outer = 50 + halfWidth
        for x in stride(from: inner + 0.25, through: outer - 0.25, by: 0.25) {
            let behindStart = s.contains(Point(x, -2 * tol), rule: .nonzero)
            let behindEnd = s.contains(Point(-2 * tol, x), rule: .nonzero)
            let inside = s.contains(Point(x, 2 * tol), rule: .nonzero)
            #expect(!behindStart, "behind the start cap at x = \(x)")
            #expect(!behindEnd, "behind the end cap at y = \(x)")
            #expect(inside, "inside at x = \(x)")
        }
        let expected = Double.pi / 4 * (outer * outer - inner * inner)
        let area = Probe.area(s)
        #expect(abs(area - expected) < tol * (outer + inner + 2 * halfWidth), "area \(area), expected \(expected)")
    }

    /// A stroke wider than its arc's diameter sweeps around the centre, behind
    /// its start; the grading gives up there rather than splitting forever.
    /// Away from the centre of curvature nothing lands where the pen never
    /// went; within about radius x (half a chord's turn) of it the chords'
    /// rectangles still overlap a little (2 units here, a known limit).
    @Test func strokeWiderThanItsArcStaysBounded() throws {
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 10, start: 0, end: Double.pi / 2, clockwise: false)
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 30, cap: .butt), tolerance: 0.05)
        #expect(s.elements.count < 600)
        for x in stride(from: 2.5, through: 24.5, by: 0.5) {
            let behind = s.contains(Point(x, -0.3), rule: .nonzero)
            #expect(!behind, "behind the start cap at x = \(x)")
        }
    }

    @Test func curvedStrokeStaysWithinTolerance() throws {
        // Quarter arc of radius 10, width 6: the band between radii 7 and 13.
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 10, start: 0, end: Double.pi / 2, clockwise: false)
        let tol = 0.05
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 6, cap: .round, join: .bevel), tolerance: tol)
        for k in 1..<30 {
            let a = Double(k) * Double.pi / 60
            #expect(s.contains(Point((13 - 2 * tol) * cos(a), (13 - 2 * tol) * sin(a)), rule: .nonzero))
            #expect(!s.contains(Point((13 + 1.5 * tol) * cos(a), (13 + 1.5 * tol) * sin(a)), rule: .nonzero))
            #expect(s.contains(Point((7 + 2 * tol) * cos(a), (7 + 2 * tol) * sin(a)), rule: .nonzero))
            #expect(!s.contains(Point((7 - 1.5 * tol) * cos(a), (7 - 1.5 * tol) * sin(a)), rule: .nonzero))
        }
        // Band plus two half-disc caps. Chords and arcs are inscribed (the
        // outer side's corners stick out by at most the tolerance, its
        // chords' middles lie further in), so the outline loses area, at
        // most tolerance × its perimeter.
        let expected = Double.pi / 4 * (169 - 49) + Double.pi * 9
        let perimeter = Double.pi / 2 * (13 + 7) + 2 * Double.pi * 3
        let area = Probe.area(s)
        #expect(area < expected + 0.01)
        #expect(area > expected - tol * perimeter)
    }

    /// Inside a flattened curve the outer side turns at the offsets'
    /// crossing (one point per vertex, within the tolerance of the true
    /// offset) rather than at both ends of a round join shorter than the
    /// tolerance (two points and a sliver of an edge): as many points as
    /// the inner side, not twice as many.
    @Test(arguments: [LineJoin.round, .miter, .bevel])
    func curveOuterSideHasOnePointPerVertex(join: LineJoin) throws {
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 10, start: 0, end: Double.pi / 2, clockwise: false)
        let tol = 0.05, d = 3.0
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 2 * d, cap: .butt, join: join), tolerance: tol)
        var outer = 0, inner = 0
        for e in s.elements {
            guard case .line(let q) = e else { continue }
            let r = hypot(q.x, q.y), a = atan2(q.y, q.x)
            guard a > 0.01, a < Double.pi / 2 - 0.01 else { continue } // the ends
            if r > 10 {
                outer += 1
                #expect(r <= 10 + d + tol * 1.01, "outer point \(q) at \(r)")
                #expect(r >= 10 + d - tol, "outer point \(q) at \(r)")
            } else {
                inner += 1
                #expect(r >= 10 - d - tol, "inner point \(q) at \(r)")
            }
        }
        #expect(inner > 10)
        #expect(outer <= inner + 2, "outer \(outer), inner \(inner)")
    }

    /// Where a wide stroke's curve turns fast near an end (here one of the
    /// bench's random curves, 2.5 wide), the flattening's points crowd
    /// there: interior points closer than a quarter of the tolerance to the
    /// last one kept are left out, so the outline has far fewer points (and
    /// the rasterizer fewer overlapping pieces to unite), while every
    /// outline point stays within the tolerance of the true stroke: no
    /// farther from the centre line than the half width.
    @Test func crowdedCurvePointsAreMerged() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        let c1 = Point(-1.899, -4.9215), c2 = Point(39.5312, -16.4523), end = Point(23.7111, -37.3007)
        p.curve(control1: c1, control2: c2, to: end)
        let tol = 0.025, d = 1.2688
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 2 * d, cap: .round, join: .round), tolerance: tol)
        let samples = (0...20_000).map { Bezier.cubicPoint(Point(0, 0), c1, c2, end, Double($0) / 20_000) }
        var total = 0
        for e in s.elements {
            guard case .line(let q) = e else { continue }
            total += 1
            let nearest = samples.map { hypot(q.x - $0.x, q.y - $0.y) }.min()!
            #expect(nearest <= d + tol * 1.01, "outline point \(q) is \(nearest) from the curve")
        }
        #expect(total <= 150, "\(total) outline points (199 with every point kept)")
    }

    // MARK: output form and limits

    @Test func outlineIsClosedPolygons() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        p.curve(control1: Point(5, 10), control2: Point(10, -10), to: Point(15, 0))
        p.quad(control: Point(20, 5), to: Point(25, 0))
        p.addRect(Rect(x: 0, y: 20, width: 5, height: 5))
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 3, cap: .round, join: .round), tolerance: 0.1)
        var open = false
        for e in s.elements {
            switch e {
            case .move: open = true
            case .line: #expect(open)
            case .close: open = false
            case .quad, .cubic: Issue.record("curve in the outline")
            }
        }
        #expect(!open)
        #expect(Probe.isFinite(s))
    }

    @Test func outlineOverBudgetThrows() throws {
        // Five points of centre line, but round joins at a fine tolerance.
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 100, height: 50))
        let style = StrokeStyle(width: 10, cap: .round, join: .round)
        #expect(throws: StrokeError.tooComplex("stroke too complex: the outline needs more than 50 points")) {
            _ = try Stroker.stroke(p, style: style, tolerance: 1e-4, maxPoints: 50)
        }
        #expect(throws: Never.self) {
            _ = try Stroker.stroke(p, style: style, tolerance: 1e-4)
        }
    }

    /// The flattened centre line counts against the same budget, before the
    /// outline is built: a circle at 1e-4 needs far more than 50 points.
    @Test func centreLineOverBudgetThrows() throws {
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 100, start: 0, end: 2 * Double.pi, clockwise: false)
        #expect(throws: StrokeError.tooComplex("path too complex: flattening it would make more than 50 points")) {
            _ = try Stroker.stroke(p, style: StrokeStyle(width: 10, cap: .round), tolerance: 1e-4, maxPoints: 50)
        }
    }

    @Test func fineDashPatternOnALongPathThrowsQuickly() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        p.line(to: Point(1e6, 0))
        // A billion dashes are refused by the dasher's piece budget, which
        // it checks at every piece: the work is bounded by the budget, not
        // by the pattern (the message says which budget refused it).
        do {
            _ = try Stroker.stroke(p, style: StrokeStyle(width: 1, dashes: [0.001]), tolerance: 0.1)
            Issue.record("expected tooComplex")
        } catch let error as StrokeError {
            guard case .tooComplex(let why) = error else { return }
            #expect(why.hasPrefix("dash pattern too fine"))
            #expect(error.description == why)
        }
    }

    @Test func dashedStrokeDrawsOnlyTheDashes() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        p.line(to: Point(10, 0))
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 2, dashes: [2, 1]), tolerance: 1e-3)
        for x in [1.0, 4.0, 7.0, 9.5] { #expect(s.contains(Point(x, 0.5), rule: .nonzero), "x = \(x)") }
        for x in [2.5, 5.5, 8.5, 10.2] { #expect(!s.contains(Point(x, 0.5), rule: .nonzero), "x = \(x)") }
        #expect(abs(Probe.area(s) - 2 * 7) < 1e-6)
        // Dash phase and round caps.
        let r = try Stroker.stroke(p, style: StrokeStyle(width: 2, cap: .round, dashes: [2, 1], dashPhase: 1),
                                   tolerance: 1e-3)
        // Pieces [0, 1], [2, 4], [5, 7], [8, 10]: between 4 and 5 only the caps reach.
        #expect(r.contains(Point(4.5, 0.8), rule: .nonzero))
        #expect(!r.contains(Point(4.5, 0.95), rule: .nonzero))
    }

    @Test func zeroLengthDashesWithRoundCapsAreDots() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        p.line(to: Point(10, 0))
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 1, cap: .round, dashes: [0, 2]), tolerance: 1e-4)
        for x in [0.0, 2.0, 4.0, 6.0, 8.0] {
            #expect(s.contains(Point(x + 0.45, 0), rule: .nonzero))
            #expect(s.contains(Point(x, 0.45), rule: .nonzero))
        }
        for x in [1.0, 3.0, 5.0, 7.0, 9.0] { #expect(!s.contains(Point(x, 0), rule: .nonzero)) }
        #expect(abs(Probe.area(s) - 5 * Double.pi / 4) < 2e-3)
        // Butt caps: zero-length dashes draw nothing.
        let b = try Stroker.stroke(p, style: StrokeStyle(width: 1, cap: .butt, dashes: [0, 2]), tolerance: 1e-3)
        #expect(b.isEmpty)
    }

    @Test func dashAcrossTheStartOfAClosedPathIsJoined() throws {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        // Perimeter 40, pattern [6, 4], phase 2: the dash [38, 40] ∪ [0, 4]
        // runs through the start corner (0, 0), which is mitered, not capped.
        let s = try Stroker.stroke(p, style: StrokeStyle(width: 2, dashes: [6, 4], dashPhase: 2), tolerance: 1e-3)
        #expect(s.contains(Point(-0.95, -0.95), rule: .nonzero))
        #expect(s.contains(Point(-0.5, 1.9), rule: .nonzero))
        #expect(!s.contains(Point(-0.5, 2.1), rule: .nonzero))
        #expect(s.contains(Point(3.9, 0.5), rule: .nonzero))
        #expect(!s.contains(Point(4.1, 0.5), rule: .nonzero))
    }

    // MARK: hostile input

    @Test func nonFiniteInputGivesAnEmptyOutline() throws {
        for bad in [Double.nan, Double.infinity, -Double.infinity] {
            var p = Path()
            p.move(to: Point(0, 0))
            p.line(to: Point(bad, 5))
            p.line(to: Point(10, 10))
            let s = try Stroker.stroke(p, style: StrokeStyle(width: 2, cap: .round, join: .round), tolerance: 0.1)
            #expect(s.isEmpty)
        }
    }

    /// The work is measured by the outlines' size, not by the clock: curves
    /// and joins 1e30 wide at a tolerance of 0.1 would flatten to some 1e15
    /// points unbounded; capped (arc steps, the point budget) every outline
    /// here stays small.
    @Test func hugeCoordinatesFinishQuicklyWithFiniteOutput() throws {
        var most = 0
        for join in LineJoin.allCases {
            for cap in LineCap.allCases {
                var p = Path()
                p.move(to: Point(-1e30, 1e30))
                p.line(to: Point(1e30, 1e30))
                p.curve(control1: Point(1e30, -1e30), control2: Point(-1e30, 1e29), to: Point(3, 4))
                p.line(to: Point(3, 4 + 1e-20))
                p.close()
                for w in [1.0, 1e29, 1e31] {
                    let style = StrokeStyle(width: w, cap: cap, join: join, dashes: w == 1 ? [] : [1e29, 1e29])
                    let s = try Stroker.stroke(p, style: style, tolerance: 0.1)
                    #expect(Probe.isFinite(s))
                    #expect(!s.isEmpty)
                    most = max(most, s.elements.count)
                }
            }
        }
        // Near the top of the double range the differences overflow: no trap, no infinities.
        var q = Path()
        q.move(to: Point(-1.7e308, 0))
        q.line(to: Point(1.7e308, 1e308))
        q.line(to: Point(0, -1.7e308))
        for join in LineJoin.allCases {
            let s = try Stroker.stroke(q, style: StrokeStyle(width: 1e308, cap: .round, join: join), tolerance: 1)
            #expect(Probe.isFinite(s))
            most = max(most, s.elements.count)
        }
        // 2,247,773 elements at the time of writing;
        // more than 10% beyond means the work grew.
        #expect(most <= 2_500_000, "the largest outline has \(most) elements")
    }

    @Test func extremeTolerancesAndLimitsAreSafe() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        p.quad(control: Point(50, 80), to: Point(100, 0))
        p.line(to: Point(0, 1))
        // Sizes, not seconds: a degenerate tolerance is clamped to 1e-9, and
        // what that costs is bounded by the arc steps and the point budget.
        var most = 0
        for tol in [0.0, -1.0, 1e-12, 0.1, 1e9, Double.nan, Double.infinity] {
            for join in LineJoin.allCases {
                for width in [10.0, 1e6] {
                    let style = StrokeStyle(width: width, cap: .round, join: join, miterLimit: .infinity)
                    // Asking for 1e-9 precision on a stroke a million wide may
                    // exceed the point budget: that must be a clean throw.
                    do {
                        let s = try Stroker.stroke(p, style: style, tolerance: tol)
                        #expect(Probe.isFinite(s))
                        #expect(!s.isEmpty)
                        most = max(most, s.elements.count)
                    } catch StrokeError.tooComplex {
                        #expect(width == 1e6 && !(tol > 1e-9))
                    }
                }
            }
        }
        // 68,190 elements at the time of writing; more than about 15% beyond
        // means the work grew.
        #expect(most <= 80_000, "the largest outline has \(most) elements")
        let nanLimit = try Stroker.stroke(p, style: StrokeStyle(width: 2, miterLimit: .nan), tolerance: 0.1)
        #expect(Probe.isFinite(nanLimit))
    }

    @Test func probeAgreesWithPathContains() throws {
        // The area integrator and Path.contains read the outline the same way.
        let s = try Probe.stroke([(0, 0), (10, 0), (3, 6), (8, 8)], width: 2.5, cap: .round, join: .round)
        var inside = 0
        var total = 0
        for i in 0..<60 {
            for j in 0..<60 {
                let q = Point(-3 + Double(i) * 0.25 + 0.125, -3 + Double(j) * 0.25 + 0.125)
                total += 1
                let a = s.contains(q, rule: .nonzero)
                #expect(a == (Probe.winding(s, at: q) != 0))
                if a { inside += 1 }
            }
        }
        #expect(inside > 100 && inside < total)
    }
}

/// Test helpers: building and measuring strokes.
enum Probe {
    static func path(_ pts: [(Double, Double)], closed: Bool = false) -> Path {
        var p = Path()
        for (i, q) in pts.enumerated() {
            if i == 0 { p.move(to: Point(q.0, q.1)) } else { p.line(to: Point(q.0, q.1)) }
        }
        if closed { p.close() }
        return p
    }

    static func stroke(_ pts: [(Double, Double)], closed: Bool = false, width: Double, cap: LineCap = .butt,
                       join: LineJoin = .miter, miterLimit: Double = 10, tolerance: Double = 1e-4) throws -> Path {
        try Stroker.stroke(path(pts, closed: closed),
                           style: StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit),
                           tolerance: tolerance)
    }

    static func isFinite(_ p: Path) -> Bool { p.isFinite }

    /// Winding number at `q`, computed as `Path.contains` does.
    static func winding(_ path: Path, at q: Point) -> Int {
        var w = 0
        for poly in path.flattened(tolerance: 1e-3) {
            let pts = poly.points
            guard pts.count > 1 else { continue }
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                let side = (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y)
                if a.y <= q.y {
                    if b.y > q.y, side > 0 { w += 1 }
                } else if b.y <= q.y, side < 0 {
                    w -= 1
                }
            }
        }
        return w
    }

    static func segments(_ pts: [(Double, Double)], closed: Bool) -> [(Point, Point)] {
        let p = pts.map { Point($0.0, $0.1) }
        var segs: [(Point, Point)] = []
        for i in 0..<(p.count - 1) { segs.append((p[i], p[i + 1])) }
        if closed, p.count > 2 || (p.count == 2 && p[0] != p[1]) { segs.append((p[p.count - 1], p[0])) }
        return segs
    }

    /// Distance from `q` to the polyline.
    static func distance(_ q: Point, to pts: [(Double, Double)], closed: Bool) -> Double {
        var best = Double.infinity
        for (a, b) in segments(pts, closed: closed) {
            let vx = b.x - a.x, vy = b.y - a.y
            let l2 = vx * vx + vy * vy
            let t = l2 > 0 ? max(0, min(1, ((q.x - a.x) * vx + (q.y - a.y) * vy) / l2)) : 0
            best = min(best, hypot(q.x - a.x - t * vx, q.y - a.y - t * vy))
        }
        return best
    }

    /// Whether `q` projects inside some segment, within `halfWidth` of it.
    static func inSomeRectangle(_ q: Point, _ pts: [(Double, Double)], closed: Bool, halfWidth: Double) -> Bool {
        for (a, b) in segments(pts, closed: closed) {
            let vx = b.x - a.x, vy = b.y - a.y
            let l = hypot(vx, vy)
            guard l > 0 else { continue }
            let along = ((q.x - a.x) * vx + (q.y - a.y) * vy) / l
            let across = abs((q.y - a.y) * vx - (q.x - a.x) * vy) / l
            if along > 1e-6, along < l - 1e-6, across < halfWidth { return true }
        }
        return false
    }

    /// Area of the nonzero region of a polygonal path: exact along each
    /// horizontal scanline, rows `step` apart (midpoint rule in y).
    static func area(_ path: Path, step: Double = 0.002) -> Double {
        let polys = path.flattened(tolerance: 1e-4).filter { $0.points.count > 1 }
        var edges: [(Point, Point)] = []
        for poly in polys {
            let pts = poly.points
            for i in 0..<pts.count { edges.append((pts[i], pts[(i + 1) % pts.count])) }
        }
        guard let bounds = path.bounds else { return 0 }
        var total = 0.0
        var y = bounds.minY + step / 2
        var crossings: [(x: Double, dir: Int)] = []
        while y < bounds.maxY {
            crossings.removeAll(keepingCapacity: true)
            for (a, b) in edges {
                if (a.y <= y) != (b.y <= y) {
                    let x = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
                    crossings.append((x, a.y <= y ? 1 : -1))
                }
            }
            crossings.sort { $0.x < $1.x }
            var w = 0
            var prev = 0.0
            var length = 0.0
            for c in crossings {
                if w != 0 { length += c.x - prev }
                w += c.dir
                prev = c.x
            }
            total += length * step
            y += step
        }
        return total
    }
}
