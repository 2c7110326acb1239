import FoundationEssentials
import Glibc

/// Why a stroke could not be made.
public enum StrokeError: Error, Equatable, CustomStringConvertible {
    /// The outline (or the dashing before it) would exceed the caller's budget.
    case tooComplex(String)

    public var description: String {
        switch self {
        case .tooComplex(let why): return why
        }
    }
}

/// Turns a path and a stroke style into the outline of the stroke, a path to
/// be filled with the nonzero rule, with Core Graphics' semantics for width,
/// joins, miter limit, caps and dashes.
///
/// Construction. Every subpath is flattened, dashed if asked, and each
/// resulting polyline becomes closed contours: an open one gives a single
/// contour that runs forward along the left offset, around the end cap, back
/// along the right offset and around the start cap; a closed one gives two,
/// the left offset loop forward and the right offset loop backward.
///
/// Why the nonzero fill is right. Read as a sum of boundaries, each contour is
/// exactly the sum of the boundaries of simple pieces all turning the same way:
/// one rectangle per segment (split along the centre line), one wedge per join
/// on the outer side of a turn (the bevel triangle, the miter quadrilateral or
/// the round pie), one piece per cap. That holds because on the inner side of
/// a turn the contour goes from the end of one offset segment through the
/// vertex itself to the start of the next, which is what the two rectangles'
/// boundaries sum to there. Winding numbers add, so the winding is the number
/// of pieces covering a point, with one sign: never zero inside the stroke,
/// zero outside, however the stroke overlaps itself or other subpaths' strokes.
/// Where pieces overlap inside a pixel (inner joins, a line drawn twice) the
/// rasterizer takes the union's area, not the sum (Rasterizer+Overlap.swift).
/// (Where both neighbouring segments are long enough to cover the little
/// triangle between the vertex and the two inner offset ends twice, the
/// contour skips the vertex: that removes one layer of a doubly covered
/// triangle, so nothing opens up, and it saves points.)
///
/// Orientation: every contour turns clockwise in y-up coordinates
/// (counterclockwise on a y-down screen), dots included.
///
/// Curves. The vertices inside a flattened curve get round joins whatever the
/// style (the true stroke of a curve is smooth; a miter there would spike at a
/// cusp), and each curve's first and last chords are refined until they follow
/// the curve's end tangents closely enough for caps and joins to land within
/// the tolerance (see `Path.flattenedForStroking`), and the chords after them
/// are split until their rectangles stay in front of the end's cap or join
/// (`Path.gradeEnds`; wide strokes on tight curves need it). Dash ends inside
/// a curve take the direction of the chord they cut. Known limit: where the
/// stroke is wider than the curve's diameter, the pen sweeps across the
/// centre of curvature, and there the chords' rectangles overlap the unswept
/// side by up to the radius times half a chord's turn.
///
/// Miter limit: a miter is drawn when 1/sin(θ/2) <= miterLimit, θ being the
/// angle between the two segments, else a bevel (as Core Graphics); a cusp
/// (θ = 0) always bevels, and so does a limit that is NaN or below 1.
public enum Stroker {
    /// How far from its centre line a stroke's outline can reach, in path
    /// units: half the width times the largest factor a join or cap adds.
    /// Square caps and dots reach to their corners (√2); a miter's tip lies
    /// d / sin(θ/2) <= d · miterLimit from its vertex, and the builder draws
    /// none where 1 + cos θ <= 1e-12, which caps the factor at √(2e12).
    /// Round joins and caps, bevels and the segments themselves reach d.
    public static func reach(of style: StrokeStyle) -> Double {
        let d = style.width / 2
        var factor = 2.0.squareRoot()
        if style.join == .miter, !style.miterLimit.isNaN {
            factor = max(factor, min(style.miterLimit, (2e12).squareRoot()))
        }
        return d * factor
    }

    /// Outline of `path` stroked with `style`, as a Path of closed polygons (move/line/close only)
    /// to be filled with the NONZERO rule. Curves and round joins/caps are flattened so the outline
    /// stays within `tolerance` (path units) of the true stroke. Throws .tooComplex when the outline,
    /// or the flattened centre line, would exceed `maxPoints` points (default 4_000_000), e.g. a dash
    /// pattern of 0.001 on a path 1e6 long.
    ///
    /// `visible` is the box whose coverage matters (with its transform from path units): the stroke
    /// is exact inside it, and what lies beyond the stroke's reach of it costs little (curves
    /// there become chords, pieces there are left out; see `CullBox`). Nil: all of it is drawn.
    ///
    /// Degenerate input gives an empty path rather than a trap: a width that is
    /// not positive and finite, a path with NaN or infinite coordinates. A
    /// subpath whose outline overflows to infinity (finite input near
    /// `Double.greatestFiniteMagnitude`) is left out. `tolerance` is clamped to
    /// at least 1e-9; a NaN tolerance counts as that minimum. A dash pattern is
    /// applied when `style.dashes` has a positive, finite sum and no negative
    /// entry (see `Dasher`); otherwise the stroke is solid.
    public static func stroke(_ path: Path, style: StrokeStyle, tolerance: Double, visible: CullBox? = nil,
                              maxPoints: Int = 4_000_000) throws -> Path {
        var outline = Path()
        for c in try contours(path, style: style, tolerance: tolerance, visible: visible, maxPoints: maxPoints) {
            outline.move(to: c[0])
            for p in c.dropFirst() { outline.line(to: p) }
            outline.close()
        }
        return outline
    }

    /// The polygons of `stroke(...)` mapped through `transform` (nil: as they
    /// are), for a
    /// caller that rasterizes them: the same points, in the same order, as
    /// `stroke(...).transformed(by: transform).flattened(tolerance:)` (each
    /// point mapped once, consecutive equal points after the mapping kept
    /// once, every polygon closed), without building either path (a stroke
    /// drawn in a frame: the outline path and its copy in device space cost
    /// about a third of the stroke's own work). `bounds`: the box of every
    /// point, as `Path.controlPointBounds` gives it for that path.
    public static func polygons(_ path: Path, style: StrokeStyle, tolerance: Double, visible: CullBox? = nil,
                                maxPoints: Int = 4_000_000,
                                transform: AffineTransform?) throws -> (polygons: [Polyline], bounds: Rect?) {
        let outline = try contours(path, style: style, tolerance: tolerance, visible: visible, maxPoints: maxPoints)
        var polygons: [Polyline] = []
        polygons.reserveCapacity(outline.count)
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for c in outline {
            var points: [Point] = []
            points.reserveCapacity(c.count)
            for p in c {
                let q = transform?.apply(p) ?? p
                minX = min(minX, q.x)
                maxX = max(maxX, q.x)
                minY = min(minY, q.y)
                maxY = max(maxY, q.y)
                if let last = points.last, last == q { continue }
                points.append(q)
            }
            polygons.append(Polyline(points: points, closed: true))
        }
        guard minX <= maxX else { return (polygons, nil) }
        return (polygons, Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
    }

    /// The outline's closed contours (each at least three points, in path
    /// units), in the order `stroke` puts them in its path.
    private static func contours(_ path: Path, style: StrokeStyle, tolerance: Double, visible: CullBox?,
                                 maxPoints: Int) throws -> [[Point]] {
        let halfWidth = style.width / 2
        guard halfWidth > 0, halfWidth.isFinite, path.isFinite, !path.isEmpty else { return [] }
        let tol = tolerance.isNaN ? 1e-9 : min(max(tolerance, 1e-9), Double.greatestFiniteMagnitude)
        let pattern = DashPattern(style.dashes, phase: style.dashPhase)
        // Beyond this box nothing of the stroke can reach the visible one (one
        // pixel more against rounding in the transform).
        let cull = visible?.grown(byPathDistance: reach(of: style), slack: 1)
        var lines = try path.flattenedForStroking(tolerance: tol, halfWidth: halfWidth, cull: cull,
                                                  keepLengths: pattern != nil, maxPoints: maxPoints)
        if let pattern {
            // A dash of some length costs at least four outline points (butt caps).
            lines = try Dasher.dash(lines, pattern: pattern, maxPieces: max(1, maxPoints / 4))
        }
        if let cull {
            // Whole pieces out of reach of the visible box add nothing there.
            lines.removeAll { cull.excludes(all: $0.points) }
        }
        var builder = OutlineBuilder(halfWidth: halfWidth, style: style, tolerance: tol, maxPoints: maxPoints)
        for line in lines { try builder.add(line) }
        return builder.outline
    }
}

/// One segment of a polyline being stroked, in the direction it is traversed.
private struct Segment {
    var a: Point
    var b: Point
    /// Unit direction from `a` to `b`.
    var u: Point
    /// Left normal of `u` (u turned +90°, counterclockwise in y-up terms).
    var n: Point
    var length: Double
    /// Whether the vertex at `a` is inside a curve (then it gets a round join).
    var smoothA: Bool
    var smoothB: Bool

    var reversed: Segment {
        Segment(a: b, b: a, u: Point(-u.x, -u.y), n: Point(-n.x, -n.y), length: length,
                smoothA: smoothB, smoothB: smoothA)
    }
}

/// Builds the outline contours into a Path, counting points against the budget.
private struct OutlineBuilder {
    /// Segments shorter than this (in max-norm) are merged away: their
    /// direction would be noise.
    static let minSegment = 1e-12
    /// Most chords one arc of a round join or cap becomes.
    static let maxArcSteps = 1024

    let d: Double
    let cap: LineCap
    let join: LineJoin
    /// miterLimit², or 0 when the limit cannot allow any miter.
    let miterLimitSquared: Double
    /// Largest angle one chord of a round join/cap may span so that the chord
    /// stays within the tolerance of the circle: d (1 - cos(step/2)) = tol.
    let arcStep: Double
    /// The least cosine of a turn inside a curve whose outer side takes the
    /// offsets' crossing (the miter point) for its round join: that point
    /// lies d (1 / cos(turn/2) - 1) outside the arc, within the tolerance
    /// from here on.
    let smoothMiterDot: Double
    let maxPoints: Int

    /// The finished contours, in order.
    private(set) var outline: [[Point]] = []
    private var pointCount = 0
    private var contour: [Point] = []
    private var contours: [[Point]] = []

    init(halfWidth: Double, style: StrokeStyle, tolerance: Double, maxPoints: Int) {
        d = halfWidth
        cap = style.cap
        join = style.join
        let limit = style.miterLimit
        miterLimitSquared = limit > 0 && limit.isFinite ? limit * limit : (limit == .infinity ? .infinity : 0)
        let ratio = tolerance / halfWidth
        if ratio >= 2 {
            arcStep = 2 * Double.pi
        } else if ratio < 1e-8 {
            arcStep = 2 * (2 * ratio).squareRoot() // acos(1 - x) ≈ sqrt(2x), without cancellation
        } else {
            arcStep = 2 * acos(1 - ratio)
        }
        let r = halfWidth / (halfWidth + tolerance)
        smoothMiterDot = Swift.max(2 * r * r - 1, 0)
        self.maxPoints = maxPoints
    }

    // MARK: polylines

    mutating func add(_ line: MarkedPolyline) throws {
        guard line.points.count == line.smooth.count else { return }
        // Merge near-duplicate points; a corner mark wins over a curve mark.
        var pts: [Point] = []
        var smooth: [Bool] = []
        pts.reserveCapacity(line.points.count)
        smooth.reserveCapacity(line.points.count)
        for (p, s) in zip(line.points, line.smooth) {
            if let last = pts.last, Self.isTiny(last, p) {
                smooth[smooth.count - 1] = smooth[smooth.count - 1] && s
                continue
            }
            pts.append(p)
            smooth.append(s)
        }
        if line.closed {
            // A closed polyline that comes back to its start: one vertex, not two.
            while pts.count > 1, let last = pts.last, Self.isTiny(last, pts[0]) {
                pts.removeLast()
                let lastSmooth = smooth.removeLast()
                smooth[0] = smooth[0] && lastSmooth
            }
        }
        guard let first = pts.first else { return }
        contours = []
        if pts.count == 1 {
            try addDot(at: first)
        } else {
            let segmentCount = line.closed ? pts.count : pts.count - 1
            var forward: [Segment] = []
            forward.reserveCapacity(segmentCount)
            for i in 0..<segmentCount {
                let j = (i + 1) % pts.count
                guard let s = Self.segment(pts[i], pts[j], smooth[i], smooth[j]) else {
                    return // a difference overflowed: nothing sensible to draw
                }
                forward.append(s)
            }
            let backward = forward.reversed().map(\.reversed)
            if line.closed {
                try side(forward, closed: true)
                finishContour()
                try side(backward, closed: true)
                finishContour()
            } else {
                try side(forward, closed: false)
                try capEnd(of: forward[forward.count - 1])
                try side(backward, closed: false)
                try capEnd(of: backward[backward.count - 1])
                finishContour()
            }
        }
        // All or nothing per polyline: one contour of a closed polyline alone
        // would fill the hole (or the band) wrongly.
        guard contours.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { return }
        outline.append(contentsOf: contours)
    }

    private static func isTiny(_ a: Point, _ b: Point) -> Bool {
        max(abs(b.x - a.x), abs(b.y - a.y)) <= minSegment
    }

    /// The segment from `a` to `b`, or nil when its length is not finite.
    private static func segment(_ a: Point, _ b: Point, _ smoothA: Bool, _ smoothB: Bool) -> Segment? {
        let dx = b.x - a.x, dy = b.y - a.y
        // Scale first so that squaring cannot overflow or underflow.
        let m = max(abs(dx), abs(dy))
        guard m > 0, m.isFinite else { return nil }
        let sx = dx / m, sy = dy / m
        let h = (sx * sx + sy * sy).squareRoot()
        let u = Point(sx / h, sy / h)
        return Segment(a: a, b: b, u: u, n: Point(-u.y, u.x), length: m * h, smoothA: smoothA, smoothB: smoothB)
    }

    // MARK: contour pieces

    /// The left offset of `segs` (traversed in order) with joins between them;
    /// for a closed loop, also the join from the last segment back to the first.
    private mutating func side(_ segs: [Segment], closed: Bool) throws {
        guard let first = segs.first, let last = segs.last else { return }
        if closed {
            try joinLeft(last, first)
            for k in 1..<segs.count { try joinLeft(segs[k - 1], segs[k]) }
        } else {
            try emit(offset(first.a, first.n, d))
            for k in 1..<segs.count { try joinLeft(segs[k - 1], segs[k]) }
            try emit(offset(last.b, last.n, d))
        }
    }

    /// The left side at the vertex from `s1` into `s2`: from the end of `s1`'s
    /// left offset to the start of `s2`'s, with the join's geometry when the
    /// left side is the outer side of the turn.
    private mutating func joinLeft(_ s1: Segment, _ s2: Segment) throws {
        let p = s2.a
        let cross = s1.u.x * s2.u.y - s1.u.y * s2.u.x // sin of the turn, > 0 turning left
        let dot = s1.u.x * s2.u.x + s1.u.y * s2.u.y   // cos of the turn
        if cross > 0, dot > -1 + 1e-9, min(s1.length, s2.length) >= d * cross / (1 + dot) {
            // Inner side of a turn (short of a full reversal) between
            // segments longer than d·tan(turn/2): the two offsets cross
            // inside both; the contour turns at the crossing, so it does not
            // loop over itself there. The loop it cuts off is the triangle of
            // the crossing and the two offset ends (or that and the vertex),
            // points of both segments' rectangles, so inside both: convex
            // sets hold the triangles of their points, at any turn. (Fewer
            // points, and no meeting pieces for the rasterizer to resolve.)
            let k = d / (1 + dot)
            try emit(Point(p.x + (s1.n.x + s2.n.x) * k, p.y + (s1.n.y + s2.n.y) * k))
            return
        }
        if cross < 0, s2.smoothA, dot > 0, dot >= smoothMiterDot {
            // Outer side of a small turn inside a flattened curve: its round
            // join's arc is shorter than the tolerance, and the offsets'
            // crossing lies within the tolerance outside it (as the offset
            // chords lie within it inside the true offset). One point where
            // the arc's ends would make two and a sliver of an edge between
            // them: a curve's outer side has half the edges.
            let k = d / (1 + dot)
            try emit(Point(p.x + (s1.n.x + s2.n.x) * k, p.y + (s1.n.y + s2.n.y) * k))
            return
        }
        try emit(offset(p, s1.n, d))
        if cross > 0 {
            // Inner side. Going through the vertex keeps the sum-of-pieces
            // argument exact; skipping it is safe when both segments are at
            // least d·sin(turn) long, which puts the skipped triangle inside
            // both segments' rectangles.
            if min(s1.length, s2.length) < d * cross { try emit(p) }
        } else if cross < 0 || dot < 0 {
            // Outer side, or a full reversal (a cusp), where both sides count
            // as outer: a cusp's round join is the half disc ahead of it, and
            // its bevel degenerates to the line through the vertex.
            switch s2.smoothA ? .round : join {
            case .bevel:
                break
            case .miter:
                // Miter when 1/sin(θ/2) <= limit, θ the angle between the
                // segments: sin(θ/2) = cos(turn/2), cos²(turn/2) = (1 + dot)/2.
                let onePlusCos = 1 + dot
                if onePlusCos > 1e-12, onePlusCos * miterLimitSquared >= 2 {
                    let k = d / onePlusCos
                    try emit(Point(p.x + (s1.n.x + s2.n.x) * k, p.y + (s1.n.y + s2.n.y) * k))
                }
            case .round:
                try arc(center: p, from: s1.n, sweep: atan2(abs(cross), dot))
            }
        }
        // else: straight on, the offsets meet.
        try emit(offset(p, s2.n, d))
    }

    /// The cap at the end of `s`, from its left offset end to its right offset
    /// end (those two points themselves are emitted by the sides).
    private mutating func capEnd(of s: Segment) throws {
        switch cap {
        case .butt:
            break
        case .square:
            let e = offset(s.b, s.u, d)
            try emit(offset(e, s.n, d))
            try emit(offset(e, s.n, -d))
        case .round:
            try arc(center: s.b, from: s.n, sweep: Double.pi)
        }
    }

    /// A lone point: a full circle for round caps, an axis-aligned square for
    /// square caps (as Core Graphics draws a zero-length subpath), nothing for butt.
    private mutating func addDot(at p: Point) throws {
        switch cap {
        case .butt:
            return
        case .square:
            // Clockwise in y-up, like every other contour.
            try emit(Point(p.x - d, p.y + d))
            try emit(Point(p.x + d, p.y + d))
            try emit(Point(p.x + d, p.y - d))
            try emit(Point(p.x - d, p.y - d))
        case .round:
            let n = max(4, arcSteps(2 * Double.pi))
            let step = 2 * Double.pi / Double(n)
            for k in 0..<n {
                let a = -Double(k) * step
                try emit(Point(p.x + d * cos(a), p.y + d * sin(a)))
            }
        }
        finishContour()
    }

    /// Chords for an arc of `sweep` radians at radius d within the tolerance.
    private func arcSteps(_ sweep: Double) -> Int {
        guard sweep > 0 else { return 1 }
        let estimate = sweep / arcStep
        guard estimate.isFinite, estimate < Double(Self.maxArcSteps) else { return Self.maxArcSteps }
        return max(1, Int(estimate.rounded(.up)))
    }

    /// The inner points of the arc of radius d around `center` that starts at
    /// direction `from` (a unit vector) and turns clockwise (y-up) by `sweep`.
    private mutating func arc(center: Point, from v0: Point, sweep: Double) throws {
        let n = arcSteps(sweep)
        guard n > 1 else { return }
        let step = sweep / Double(n)
        let c = cos(step), s = sin(step)
        var v = v0
        for _ in 1..<n {
            v = Point(v.x * c + v.y * s, -v.x * s + v.y * c)
            try emit(offset(center, v, d))
        }
    }

    private func offset(_ p: Point, _ v: Point, _ k: Double) -> Point {
        Point(p.x + v.x * k, p.y + v.y * k)
    }

    // MARK: output

    private mutating func emit(_ p: Point) throws {
        if let last = contour.last, last == p { return }
        pointCount += 1
        if pointCount > maxPoints {
            throw StrokeError.tooComplex("stroke too complex: the outline needs more than \(maxPoints) points")
        }
        if contour.capacity == 0 { contour.reserveCapacity(32) } // not 1, 2, 4, 8...
        contour.append(p)
    }

    private mutating func finishContour() {
        if contour.count > 1, contour.last == contour.first { contour.removeLast() }
        if contour.count >= 3 { contours.append(contour) }
        contour = []
    }
}
