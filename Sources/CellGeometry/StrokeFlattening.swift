import Foundation

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
    /// The path flattened for stroking: the same polylines as
    /// `flattened(tolerance:)` (same chord counts, same dropping of consecutive
    /// duplicates, same closing rules), with curve-interior points marked, and
    /// with extra points near each curve's ends when the stroke is wide.
    ///
    /// The extra points exist for caps and joins: the stroker takes a
    /// segment's direction from its chord, and the first chord of a curve
    /// leaves the curve's true tangent by about half the chord's turning angle.
    /// A cap or join of half-width `halfWidth` would then be rotated by that
    /// angle, moving its far corner by `halfWidth * angle`, which for wide
    /// strokes exceeds the tolerance. So the first and last chords are halved
    /// (at most 40 times) until `halfWidth * tan(angle) <= tolerance`.
    func flattenedForStroking(tolerance: Double, halfWidth: Double) -> [MarkedPolyline] {
        let tol = max(tolerance, 1e-9)
        // tan of the largest allowed angle between an end chord and the tangent.
        let angleTolerance = halfWidth > tol ? tol / halfWidth : Double.infinity
        var result: [MarkedPolyline] = []
        var current = MarkedPolyline(points: [], smooth: [], closed: false)
        var drawn = false
        func flush() {
            if !current.points.isEmpty && drawn { result.append(current) }
            current = MarkedPolyline(points: [], smooth: [], closed: false)
            drawn = false
        }
        func add(_ p: Point, smooth: Bool) {
            drawn = true
            if let last = current.points.last, last == p {
                // The kept point stands for both: a corner wins over a curve interior.
                current.smooth[current.smooth.count - 1] = current.smooth[current.smooth.count - 1] && smooth
                return
            }
            current.points.append(p)
            current.smooth.append(smooth)
        }
        /// Adds the points of a curve `eval` from `p0` to `p3` cut into `n`
        /// chords, refined at the ends toward the tangents `t0` and `t1`.
        func addCurve(_ p0: Point, _ p3: Point, n: Int, t0: Point, t1: Point, _ eval: (Double) -> Point) {
            let step = 1 / Double(n)
            var startParams: [Double] = []
            var endParams: [Double] = []
            if angleTolerance.isFinite {
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
            for t in startParams.reversed() { add(eval(t), smooth: true) }
            for i in 1..<max(n, 1) { add(eval(Double(i) * step), smooth: true) }
            for t in endParams { add(eval(t), smooth: true) }
            add(p3, smooth: false)
        }
        var last = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                flush()
                current.points = [p]
                current.smooth = [false]
                last = p
            case .line(let p):
                add(p, smooth: false)
                last = p
            case .quad(let c, let p):
                // Same bound as `flattened(tolerance:)`.
                let dd = hypot(last.x - 2 * c.x + p.x, last.y - 2 * c.y + p.y)
                let n = Self.strokeSegmentCount((dd / (4 * tol)).squareRoot())
                let p0 = last
                let t0 = Self.firstNonZero(Self.sub(c, p0), Self.sub(p, p0))
                let t1 = Self.firstNonZero(Self.sub(p, c), Self.sub(p, p0))
                addCurve(p0, p, n: n, t0: t0, t1: t1) { Bezier.quadPoint(p0, c, p, $0) }
                last = p
            case .cubic(let c1, let c2, let p):
                let d1 = hypot(last.x - 2 * c1.x + c2.x, last.y - 2 * c1.y + c2.y)
                let d2 = hypot(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y)
                let n = Self.strokeSegmentCount((0.75 * max(d1, d2) / tol).squareRoot())
                let p0 = last
                let t0 = Self.firstNonZero(Self.sub(c1, p0), Self.sub(c2, p0), Self.sub(p, p0))
                let t1 = Self.firstNonZero(Self.sub(p, c2), Self.sub(p, c1), Self.sub(p, p0))
                addCurve(p0, p, n: n, t0: t0, t1: t1) { Bezier.cubicPoint(p0, c1, c2, p, $0) }
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
