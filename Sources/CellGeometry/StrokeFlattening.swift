import FoundationEssentials
import Glibc

/// A flattened subpath as the stroker and the dasher see it: the points of a
/// `Polyline` plus, for each point, whether it lies inside a flattened curve.
///
/// Why the mark: the vertices a curve is cut into are not corners of the
/// drawing. Core Graphics strokes the true curve, whose offset is smooth, so
/// the stroker joins these vertices with a round join (which costs no points
/// when the turn is small) whatever the style's join. A miter there would grow
/// spikes wherever a curve turns sharply, at a cusp for instance.
struct MarkedPolyline: Sendable, Equatable {
    var points: [Point]
    /// One flag per point: true for a point strictly inside a curve element.
    var smooth: [Bool]
    var closed: Bool

    init(points: [Point], smooth: [Bool], closed: Bool) {
        self.points = points
        self.smooth = smooth
        self.closed = closed
    }

    /// A polyline whose vertices are all real corners (no curve interiors).
    init(_ polyline: Polyline) {
        self.init(points: polyline.points, smooth: Array(repeating: false, count: polyline.points.count),
                  closed: polyline.closed)
    }

    var polyline: Polyline { Polyline(points: points, closed: closed) }
}

extension Path {
    /// The path flattened for stroking: the polylines of
    /// `flattened(tolerance:)` (same chord counts, same dropping of consecutive
    /// duplicates, same closing rules), with curve-interior points marked,
    /// with extra points near each curve's ends when the stroke is wide, and
    /// (except for dashes) without interior points crowded within a quarter
    /// of the tolerance of the last one kept.
    ///
    /// The extra points exist for caps and joins: the stroker takes a
    /// segment's direction from its chord, and the first chord of a curve
    /// leaves the curve's true tangent by about half the chord's turning angle.
    /// A cap or join of half-width `halfWidth` would then be rotated by that
    /// angle, moving its far corner by `halfWidth * angle`, which for wide
    /// strokes exceeds the tolerance. So the first and last chords are halved
    /// (at most 40 times) until `halfWidth * tan(angle) <= tolerance`.
    ///
    /// `cull` (already grown by the stroke's reach) lets a curve wholly beyond
    /// one of its sides become its chord, as in `flattened(tolerance:cull:)`;
    /// with `keepLengths` (a dashed stroke) it becomes instead a detour of two
    /// segments, bent away from the box, as long as the curve's flattening
    /// would have been, so that the dashes after it stay in step. Measuring
    /// that length evaluates the curve without storing it; those evaluations
    /// count one sixteenth of a point each against `maxPoints`.
    ///
    /// - Throws: `StrokeError.tooComplex` as soon as more than `maxPoints`
    ///   points would be made, so the memory spent stays bounded.
    func flattenedForStroking(tolerance: Double, halfWidth: Double, cull: CullBox? = nil,
                              keepLengths: Bool = false, maxPoints: Int = .max) throws -> [MarkedPolyline] {
        let tol = max(tolerance, 1e-9)
        // tan of the largest allowed angle between an end chord and the tangent.
        let angleTolerance = halfWidth > tol ? tol / halfWidth : Double.infinity
        var result: [MarkedPolyline] = []
        var current = MarkedPolyline(points: [], smooth: [], closed: false)
        var drawn = false
        // Points made (duplicates included), and curve evaluations made only
        // to measure a culled curve's length (16 of them count as one point).
        var made = 0
        var measured = 0
        func spend() throws {
            if made + measured / 16 > maxPoints {
                throw StrokeError.tooComplex("path too complex: flattening it would make more than \(maxPoints) points")
            }
        }
        func flush() {
            if !current.points.isEmpty && drawn { result.append(current) }
            current = MarkedPolyline(points: [], smooth: [], closed: false)
            drawn = false
        }
        func add(_ p: Point, smooth: Bool) throws {
            made += 1
            try spend()
            drawn = true
            if let last = current.points.last, last == p {
                // The kept point stands for both: a corner wins over a curve interior.
                current.smooth[current.smooth.count - 1] = current.smooth[current.smooth.count - 1] && smooth
                return
            }
            current.points.append(p)
            current.smooth.append(smooth)
        }
        // Where a wide stroke's curve turns fast in a short way (a cusp, a
        // tight bend), its parameter steps and the end grading below crowd
        // dozens of chords into a fraction of a pixel, each with a join on
        // both sides: pieces the rasterizer then unites one by one. An
        // interior point closer than a quarter of the tolerance to the last
        // one kept is left out (the centre line moves by less than that; the
        // join at the point kept turns the rest of the way). Not for dashes,
        // whose phase follows the chords' lengths, nor the first and last
        // interior points, whose chords give caps and joins their direction.
        let mergesNearPoints = !keepLengths
        let mergeDistance2 = (tol / 4) * (tol / 4)
        /// Calls `body` with the points of a curve `eval` from `p0` to `p3`
        /// cut into `n` chords, refined at the ends toward the tangents `t0`
        /// and `t1`, `p3` included (it is the only one not smooth).
        func curvePoints(_ p0: Point, _ p3: Point, n: Int, t0: Point, t1: Point, _ eval: (Double) -> Point,
                         _ body: (Point, Bool) throws -> Void) rethrows {
            let step = 1 / Double(n)
            guard angleTolerance.isFinite else {
                // A stroke thinner than the tolerance: the chords as they are.
                for i in 1..<max(n, 1) { try body(eval(Double(i) * step), true) }
                try body(p3, false)
                return
            }
            var startParams: [Double] = []
            var endParams: [Double] = []
            do {
                var t = step
                for _ in 0..<40 {
                    if Self.chordFollows(from: p0, to: eval(t), tangent: t0, tanLimit: angleTolerance) { break }
                    t /= 2
                    startParams.append(t)
                }
                var s = step
                for _ in 0..<40 {
                    // Chord from the point before the end to the end, against the end tangent.
                    if Self.chordFollows(from: eval(1 - s), to: p3, tangent: t1, tanLimit: angleTolerance) { break }
                    s /= 2
                    endParams.append(1 - s)
                }
            }
            var params: [Double] = [0]
            params.append(contentsOf: startParams.reversed())
            for i in 1..<max(n, 1) { params.append(Double(i) * step) }
            params.append(contentsOf: endParams)
            params.append(1)
            // Half the tolerance: the first chord may already lean back by it.
            let known = Self.gradeEnds(&params, p0: p0, p3: p3, t0: t0, t1: t1, halfWidth: halfWidth,
                                       tolerance: tol / 2, eval)
            var last = p0
            for i in 1..<(params.count - 1) {
                let p = known[i] ?? eval(params[i])
                if mergesNearPoints, i >= 2, i <= params.count - 3,
                   (p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y) < mergeDistance2 { continue }
                try body(p, true)
                last = p
            }
            try body(p3, false)
        }
        func addCurve(_ p0: Point, _ p3: Point, n: Int, t0: Point, t1: Point, _ eval: (Double) -> Point) throws {
            try curvePoints(p0, p3, n: n, t0: t0, t1: t1, eval) { try add($0, smooth: $1) }
        }
        /// A curve beyond `side` of the cull box: its chord, or for dashes a
        /// detour as long as the curve's flattening.
        func addCulled(_ p0: Point, _ p3: Point, side: CullBox.Side, n: Int, t0: Point, t1: Point,
                       _ eval: (Double) -> Point) throws {
            guard keepLengths, let cull else {
                try add(p3, smooth: false)
                return
            }
            var length = 0.0
            var previous = p0
            try curvePoints(p0, p3, n: n, t0: t0, t1: t1, eval) { p, _ in
                measured += 1
                try spend()
                length += hypot(p.x - previous.x, p.y - previous.y)
                previous = p
            }
            if let q = Self.detour(from: p0, to: p3, length: length, away: side, transform: cull.transform) {
                try add(q, smooth: false)
            }
            try add(p3, smooth: false)
        }
        var last = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                made += 1
                try spend()
                flush()
                // Room for a typical subpath at once, as in `flattened`.
                current.points = []
                current.points.reserveCapacity(64)
                current.points.append(p)
                current.smooth = []
                current.smooth.reserveCapacity(64)
                current.smooth.append(false)
                last = p
            case .line(let p):
                try add(p, smooth: false)
                last = p
            case .quad(let c, let p):
                // Same bound as `flattened(tolerance:)`.
                let dd = hypot(last.x - 2 * c.x + p.x, last.y - 2 * c.y + p.y)
                let n = Self.strokeSegmentCount((dd / (4 * tol)).squareRoot())
                let p0 = last
                let t0 = Self.firstNonZero(Self.sub(c, p0), Self.sub(p, p0))
                let t1 = Self.firstNonZero(Self.sub(p, c), Self.sub(p, p0))
                let eval = { Bezier.quadPoint(p0, c, p, $0) }
                if let side = cull?.side(beyondAll: p0, c, p) {
                    try addCulled(p0, p, side: side, n: n, t0: t0, t1: t1, eval)
                } else {
                    try addCurve(p0, p, n: n, t0: t0, t1: t1, eval)
                }
                last = p
            case .cubic(let c1, let c2, let p):
                let d1 = hypot(last.x - 2 * c1.x + c2.x, last.y - 2 * c1.y + c2.y)
                let d2 = hypot(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y)
                let n = Self.strokeSegmentCount((0.75 * max(d1, d2) / tol).squareRoot())
                let p0 = last
                let t0 = Self.firstNonZero(Self.sub(c1, p0), Self.sub(c2, p0), Self.sub(p, p0))
                let t1 = Self.firstNonZero(Self.sub(p, c2), Self.sub(p, c1), Self.sub(p, p0))
                let eval = { Bezier.cubicPoint(p0, c1, c2, p, $0) }
                if let side = cull?.side(beyondAll: p0, c1, c2, p) {
                    try addCulled(p0, p, side: side, n: n, t0: t0, t1: t1, eval)
                } else {
                    try addCurve(p0, p, n: n, t0: t0, t1: t1, eval)
                }
                last = p
            case .close:
                current.closed = true
                drawn = true
                let start = current.points.first
                flush()
                if let start { last = start }
            }
        }
        flush()
        return result
    }

    /// The apex of a detour from `a` to `b` of total `length` (two equal
    /// legs, the apex on the chord's perpendicular bisector), on the side of
    /// the chord whose image under `transform` does not move toward the box
    /// from its `away` side. The chord's midpoint lies beyond that side, so the
    /// apex does too. Nil when the chord is as long as `length` already.
    static func detour(from a: Point, to b: Point, length: Double, away: CullBox.Side,
                       transform t: AffineTransform) -> Point? {
        let mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
        let dx = b.x - a.x, dy = b.y - a.y
        let chord = hypot(dx, dy)
        let halfLength = length / 2, halfChord = chord / 2
        let h = ((halfLength - halfChord) * (halfLength + halfChord)).squareRoot()
        guard h > 0, h.isFinite else { return nil }
        var n = chord > 0 ? Point(-dy / chord, dx / chord) : Point(1, 0)
        // The normal's image along the axis that leaves the box on `away`.
        let outward: Double
        switch away {
        case .left: outward = -(t.a * n.x + t.c * n.y)
        case .right: outward = t.a * n.x + t.c * n.y
        case .top: outward = -(t.b * n.x + t.d * n.y)
        case .bottom: outward = t.b * n.x + t.d * n.y
        }
        if outward < 0 { n = Point(-n.x, -n.y) }
        return Point(mid.x + n.x * h, mid.y + n.y * h)
    }

    /// Most chords `gradeEnds` adds at each end of a curve.
    static let maxGradingSplits = 128

    /// Splits the chords near each end of a curve until none of their
    /// rectangles (the chord widened by `halfWidth` to both sides, which is
    /// what the stroker fills for it) reaches behind the line square to the
    /// curve's end tangent through its end point by more than `tolerance`.
    ///
    /// Why: a chord's rectangle is square to the chord, not to the curve, so
    /// its corner on the inner side of the bend reaches back by about
    /// halfWidth · (half the chord's turn) while the chord's start lies only
    /// (radius − halfWidth) · (turn so far) ahead of the end line. Where the
    /// stroke is wider than about two thirds of the curve's diameter, the
    /// chords after the refined first one poke behind a butt cap (or into a
    /// join) by pixels. Inside the curve the neighbouring chords' rectangles
    /// and joins cover the same spots, so only the ends matter.
    ///
    /// Checks stop where a chord starts more than halfWidth past the end line
    /// or has turned a right angle from the end tangent (nothing further can
    /// reach back), or after `maxGradingSplits` splits. A chord whose pen,
    /// square to the curve itself, already reaches back (a stroke wider than
    /// the curve's diameter, which really does sweep behind its end around the
    /// centre of curvature) is left as it is.
    ///
    /// Returns the points it evaluated, by index into `params` (nil where it
    /// evaluated none: the checks stop near the ends, so most of a long
    /// curve is evaluated only once, by the caller).
    static func gradeEnds(_ params: inout [Double], p0: Point, p3: Point, t0: Point, t1: Point, halfWidth: Double,
                          tolerance: Double, _ eval: (Double) -> Point) -> [Point?] {
        var points = [Point?](repeating: nil, count: params.count)
        let u0 = unit(t0), u1 = unit(Point(-t1.x, -t1.y))
        guard u0 != .zero, u1 != .zero, params.count >= 2 else { return points }
        points[0] = p0
        points[points.count - 1] = p3
        func at(_ i: Int) -> Point {
            if let p = points[i] { return p }
            let p = eval(params[i])
            points[i] = p
            return p
        }
        /// Whether the chord from point i to point j reaches behind the line
        /// through `origin` square to `u` by more than the tolerance; nil
        /// when the checks may stop there.
        func pokes(_ i: Int, _ j: Int, origin: Point, u: Point) -> Bool? {
            let a = at(i), b = at(j)
            let alongA = (a.x - origin.x) * u.x + (a.y - origin.y) * u.y
            let c = unit(sub(b, a))
            guard alongA <= halfWidth + tolerance, c.x * u.x + c.y * u.y > 0 else { return nil }
            let alongB = (b.x - origin.x) * u.x + (b.y - origin.y) * u.y
            let lean = abs(c.y * u.x - c.x * u.y) // |n · u|, n the chord's normal
            guard min(alongA, alongB) - halfWidth * lean < -tolerance else { return false }
            // Splitting turns the chord toward the curve's own direction at
            // `a`; when even that pen reaches behind the line (the stroke is
            // wider than the curve's diameter there), no split can help.
            let near = unit(sub(eval(params[i] + (params[j] - params[i]) / 4096), a))
            let penLean = abs(near.y * u.x - near.x * u.y)
            return alongA - halfWidth * penLean >= -tolerance
        }
        // From the start: chord k runs from k to k + 1. The first chord already
        // follows the tangent (halfWidth · tan(lean) <= the caller's tolerance).
        var splits = 0
        var k = 1
        while k + 1 < points.count {
            guard let bad = pokes(k, k + 1, origin: p0, u: u0) else { break }
            if bad, splits < maxGradingSplits {
                params.insert((params[k] + params[k + 1]) / 2, at: k + 1)
                points.insert(nil, at: k + 1)
                splits += 1
                continue
            }
            k += 1
        }
        // From the end: chord k runs from k to k - 1, against the reversed tangent.
        splits = 0
        k = points.count - 2
        while k - 1 > 0 {
            guard let bad = pokes(k, k - 1, origin: p3, u: u1) else { break }
            if bad, splits < maxGradingSplits {
                params.insert((params[k - 1] + params[k]) / 2, at: k)
                points.insert(nil, at: k)
                splits += 1
                k += 1
                continue
            }
            k -= 1
        }
        return points
    }

    /// `v` scaled to length 1 (zero for a zero or non-finite vector).
    private static func unit(_ v: Point) -> Point {
        let s = normalizedScale(v)
        let h = (s.x * s.x + s.y * s.y).squareRoot()
        return h > 0 ? Point(s.x / h, s.y / h) : .zero
    }

    /// True when the chord `a → b` runs along `tangent` within the angle whose
    /// tangent is `tanLimit` (a zero chord or zero tangent counts as following:
    /// there is nothing better to aim at).
    private static func chordFollows(from a: Point, to b: Point, tangent: Point, tanLimit: Double) -> Bool {
        let c = normalizedScale(sub(b, a)), t = normalizedScale(tangent)
        if (c.x == 0 && c.y == 0) || (t.x == 0 && t.y == 0) { return true }
        let dot = c.x * t.x + c.y * t.y
        let cross = c.x * t.y - c.y * t.x
        return dot > 0 && abs(cross) <= tanLimit * dot
    }

    /// `v` divided by its largest coordinate magnitude, so products cannot overflow.
    private static func normalizedScale(_ v: Point) -> Point {
        let m = max(abs(v.x), abs(v.y))
        guard m > 0, m.isFinite else { return .zero }
        return Point(v.x / m, v.y / m)
    }

    private static func sub(_ a: Point, _ b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }

    private static func firstNonZero(_ vs: Point...) -> Point {
        vs.first { $0.x != 0 || $0.y != 0 } ?? .zero
    }

    /// Mirrors the chord count of `flattened(tolerance:)`, capped the same way.
    private static func strokeSegmentCount(_ estimate: Double) -> Int {
        guard estimate.isFinite else { return maxSegmentsPerCurve }
        if estimate >= Double(maxSegmentsPerCurve) { return maxSegmentsPerCurve }
        return max(1, Int(estimate.rounded(.up)))
    }
}
