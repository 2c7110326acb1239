import CellGeometry
import Foundation
import Testing
import CellRaster

/// (Foundation has an AffineTransform too.)
typealias Transform = CellGeometry.AffineTransform

/// Culling (CullBox): curves beyond the visible box are flattened as chords.
/// These tests draw random paths that run far off the box on every side and
/// check that not one pixel inside the box changes, for fills (both rules)
/// and for strokes (every join and cap, dashes, skewed transforms), and that
/// culling did happen (else the comparison would prove nothing).
@Suite struct CullingTests {
    static let box = IntRect(x0: 0, y0: 0, x1: 120, y1: 90)

    /// Subpaths of lines, quadratics and cubics with points from -300 to 400:
    /// most curves lie beyond some side of the 120x90 box, some cross it.
    static func randomPath(seed: UInt64, elements: Int = 24, lo: Double = -300, hi: Double = 400) -> Path {
        var r = SplitMix64(state: seed)
        var p = Path()
        p.move(to: r.point(lo, hi))
        for _ in 0..<elements {
            let k = r.next()
            if k < 0.15 {
                p.line(to: r.point(lo, hi))
            } else if k < 0.5 {
                p.quad(control: r.point(lo, hi), to: r.point(lo, hi))
            } else if k < 0.92 {
                p.curve(control1: r.point(lo, hi), control2: r.point(lo, hi), to: r.point(lo, hi))
            } else if k < 0.96 {
                p.close()
            } else {
                p.move(to: r.point(lo, hi))
            }
        }
        return p
    }

    static func coverage(_ polygons: [Polyline], rule: FillRule, bounds: IntRect = box) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        Rasterizer().fill(polygons, rule: rule, bounds: bounds) { y, x, count, c in
            for n in 0..<count { out[(y - bounds.y0) * bounds.width + (x - bounds.x0) + n] = c[n] }
        }
        return out
    }

    static func pointCount(_ polygons: [Polyline]) -> Int { polygons.reduce(0) { $0 + $1.points.count } }

    @Test(arguments: [FillRule.nonzero, .evenodd])
    func fillsCoverTheBoxExactlyAsWithoutCulling(rule: FillRule) {
        var culledSomething = 0
        for seed in UInt64(1)...60 {
            let path = Self.randomPath(seed: seed)
            let full = path.flattened(tolerance: 0.05)
            let culled = path.flattened(tolerance: 0.05, cull: CullBox(Self.box.deviceRect))
            if Self.pointCount(culled) < Self.pointCount(full) { culledSomething += 1 }
            #expect(Self.coverage(culled, rule: rule) == Self.coverage(full, rule: rule), "seed \(seed)")
        }
        #expect(culledSomething > 50)
    }

    /// The count the canvas checks before flattening is the flattening's
    /// size, also through a transform: random points make no duplicates to
    /// drop, so it is exact but for lone moves (counted, not drawn).
    @Test func pointCountPredictsTheFlattening() {
        let transforms: [Transform] = [.identity, .scale(3, 0.25),
                                             Transform(a: 0.8, b: 0.9, c: -1.7, d: 0.4, tx: 30, ty: -20)]
        for seed in UInt64(1)...20 {
            let path = Self.randomPath(seed: seed)
            let moves = path.elements.filter { if case .move = $0 { true } else { false } }.count
            for t in transforms {
                for cull in [nil, CullBox(Self.box.deviceRect)] {
                    let made = Self.pointCount(path.transformed(by: t).flattened(tolerance: 0.05, cull: cull))
                    let count = path.flattenedPointCount(tolerance: 0.05, transform: t, cull: cull)
                    #expect(count >= made && count <= made + moves, "seed \(seed)")
                }
            }
        }
    }

    static let strokeStyles: [StrokeStyle] = {
        var styles: [StrokeStyle] = []
        for join in LineJoin.allCases {
            for cap in LineCap.allCases {
                styles.append(StrokeStyle(width: 7, cap: cap, join: join, miterLimit: 10))
            }
        }
        styles.append(StrokeStyle(width: 3, cap: .round, join: .miter, miterLimit: 60))
        styles.append(StrokeStyle(width: 5, cap: .butt, join: .miter, dashes: [9, 4, 1, 4], dashPhase: 3))
        styles.append(StrokeStyle(width: 2, cap: .round, join: .round, dashes: [0, 6]))
        styles.append(StrokeStyle(width: 4, cap: .square, join: .bevel, dashes: [25]))
        return styles
    }()

    /// A stroke computed in user space under transform `t` and filled in the
    /// box, with and without telling the stroker what is visible.
    @Test(arguments: [Transform.identity, .scale(2.5, 0.4),
                      Transform(a: 0.7, b: 0.5, c: -0.9, d: 1.1, tx: 40, ty: 10)])
    func strokesCoverTheBoxExactlyAsWithoutCulling(transform t: Transform) throws {
        let inverse = try #require(t.inverted)
        var culledSomething = 0
        var comparisons = 0
        for seed in UInt64(1)...12 {
            // The random path in device terms, taken back to user space.
            let path = Self.randomPath(seed: seed, elements: 14).transformed(by: inverse)
            let tolerance = 0.05 / t.maxStretch
            for style in Self.strokeStyles {
                let full = try Stroker.stroke(path, style: style, tolerance: tolerance)
                let culled = try Stroker.stroke(path, style: style, tolerance: tolerance,
                                                visible: CullBox(Self.box.deviceRect, transform: t))
                if culled.elements.count < full.elements.count { culledSomething += 1 }
                let a = Self.coverage(full.transformed(by: t).flattened(tolerance: 0.05), rule: .nonzero)
                let b = Self.coverage(culled.transformed(by: t).flattened(tolerance: 0.05), rule: .nonzero)
                #expect(a == b, "seed \(seed), \(style)")
                comparisons += 1
            }
        }
        #expect(culledSomething > comparisons * 3 / 4)
    }

    /// A dashed stroke whose first curve is culled keeps its dashes where
    /// they were on the visible curve after it (the detour keeps the length).
    @Test func dashesAfterACulledCurveStayInStep() throws {
        var p = Path()
        p.move(to: Point(-400, 20))
        p.curve(control1: Point(-300, -200), control2: Point(-200, 300), to: Point(-50, 40))
        p.line(to: Point(-20, 40))
        p.curve(control1: Point(30, 10), control2: Point(80, 80), to: Point(110, 30))
        let style = StrokeStyle(width: 3, cap: .butt, join: .miter, dashes: [7, 3])
        let full = try Stroker.stroke(p, style: style, tolerance: 0.05)
        let culled = try Stroker.stroke(p, style: style, tolerance: 0.05, visible: CullBox(Self.box.deviceRect))
        #expect(culled.elements.count < full.elements.count)
        let a = Self.coverage(full.flattened(tolerance: 0.05), rule: .nonzero)
        #expect(a.contains { $0 > 0 })
        #expect(a == Self.coverage(culled.flattened(tolerance: 0.05), rule: .nonzero))
    }

    /// The canvas culls against what can show, shadows included: a shape far
    /// off the canvas whose shadow falls on it casts exactly the shadow of the
    /// same shape given as line segments (which are never culled).
    @Test func offCanvasShapesStillCastTheirShadows() throws {
        let path = Self.randomPath(seed: 7, elements: 12, lo: -600, hi: -180)
        let asLines = Self.linePath(path.flattened(tolerance: Canvas.flatteningTolerance))
        func render(_ p: Path, stroke: Bool) throws -> [UInt8] {
            let c = try Canvas(width: 120, height: 90, scale: 1)
            c.setShadow(try Shadow(dx: 450, dy: 390, blur: 6, color: Color(r: 0, g: 0, b: 1, a: 0.8)))
            if stroke {
                c.setStrokeStyle(StrokeStyle(width: 9, join: .round))
                try c.stroke(p)
            } else {
                c.fill(p, rule: .evenodd)
            }
            return c.buffer.straightRGBA()
        }
        let shadow = try render(path, stroke: false)
        #expect(shadow.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 })
        #expect(shadow == (try render(asLines, stroke: false)))
        // Strokes: the outline the canvas would have made without culling,
        // filled (an outline has no curves to cull).
        let outline = try Stroker.stroke(path, style: StrokeStyle(width: 9, join: .round),
                                         tolerance: Canvas.flatteningTolerance)
        let stroked = try render(path, stroke: true)
        #expect(stroked.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 })
        let c = try Canvas(width: 120, height: 90, scale: 1)
        c.setShadow(try Shadow(dx: 450, dy: 390, blur: 6, color: Color(r: 0, g: 0, b: 1, a: 0.8)))
        c.fill(outline)
        #expect(stroked == c.buffer.straightRGBA())
    }

    /// `contains` culls against the point itself: every curve wholly above,
    /// below, left or right of it becomes a chord. Same answers as the
    /// winding number of the full flattening.
    @Test(arguments: [FillRule.nonzero, .evenodd])
    func containsAgreesWithTheFullFlattening(rule: FillRule) {
        var r = SplitMix64(state: 99)
        for seed in UInt64(1)...30 {
            let path = Self.randomPath(seed: seed, elements: 16, lo: 0, hi: 100)
            let full = path.flattened(tolerance: 1e-3)
            for _ in 0..<40 {
                let p = r.point(0, 100)
                var winding = 0
                for poly in full where poly.points.count > 1 {
                    let pts = poly.points
                    for i in 0..<pts.count {
                        let a = pts[i], b = pts[(i + 1) % pts.count]
                        let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
                        if a.y <= p.y, b.y > p.y, side > 0 { winding += 1 }
                        if a.y > p.y, b.y <= p.y, side < 0 { winding -= 1 }
                    }
                }
                let expected = rule == .nonzero ? winding != 0 : winding % 2 != 0
                #expect(path.contains(p, rule: rule) == expected, "seed \(seed), \(p)")
            }
        }
    }

    static func linePath(_ polygons: [Polyline]) -> Path {
        var p = Path()
        for poly in polygons {
            p.move(to: poly.points[0])
            for q in poly.points.dropFirst() { p.line(to: q) }
            if poly.closed { p.close() }
        }
        return p
    }

    /// A path whose visible part is absurdly detailed is refused before any
    /// memory is spent; the same path far off the canvas costs nothing.
    ///
    /// Measured in points, not seconds: the stroke is refused by the point
    /// budget (its message names `maxFlattenedPoints`), which the stroker
    /// checks at each point it makes, so the work before the refusal is
    /// bounded by the budget; and off the canvas the curves are culled to
    /// chords, about two points a subpath instead of millions.
    @Test func tooComplexVisiblePathsAreRefused() throws {
        var p = Path()
        for i in 0..<1200 {
            let y = Double(i % 90)
            p.move(to: Point(0, y))
            p.curve(control1: Point(1e7, y), control2: Point(-1e7, y + 1), to: Point(120, y))
        }
        let c = try Canvas(width: 120, height: 90, scale: 1)
        #expect(throws: CanvasError.self) { try c.checkComplexity(of: p) }
        do {
            try c.stroke(p)
            Issue.record("the stroke was not refused")
        } catch let error as StrokeError {
            #expect("\(error)".contains("more than \(Canvas.maxFlattenedPoints) points"), "\(error)")
        }
        let visible = CullBox(Rect(x: 0, y: 0, width: 120, height: 90))
        #expect(p.flattenedPointCount(tolerance: Canvas.flatteningTolerance, cull: visible) > Canvas.maxFlattenedPoints)
        let below = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 1000)
        #expect(p.flattenedPointCount(tolerance: Canvas.flatteningTolerance, transform: below, cull: visible) <= 2 * p.elements.count)
        c.translate(0, 1000)
        try c.checkComplexity(of: p)
        try c.stroke(p)
    }

    /// The check counts in the box the fill really flattens for: left of
    /// the clip, up to the surface's left edge, where coverage is summed
    /// from. Curves there whose control points reach far above and below
    /// the canvas flatten to thousands of points each; a check counting only
    /// within the clip saw chords and let the fill through.
    @Test func complexityIsCountedWhereTheFillFlattens() throws {
        var p = Path()
        for i in 0..<1200 {
            let y = Double(i % 90)
            p.move(to: Point(10, y))
            p.curve(control1: Point(40, 1e7), control2: Point(20, -1e7), to: Point(30, y))
        }
        let c = try Canvas(width: 120, height: 90, scale: 1, parallelism: 1)
        c.clipRect(Rect(x: 60, y: 0, width: 60, height: 90))
        #expect(throws: CanvasError.self) { try c.checkComplexity(of: p) }
    }
}

extension IntRect {
    var deviceRect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
}
