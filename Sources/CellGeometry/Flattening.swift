import FoundationEssentials
import Glibc

/// One subpath as a polygon or polyline: what the stroker and the rasterizer
/// consume once curves are flattened.
public struct Polyline: Sendable, Equatable {
    public var points: [Point]
    /// True for subpaths ended by `close`.
    public var closed: Bool

    public init(points: [Point], closed: Bool) {
        self.points = points
        self.closed = closed
    }
}

extension Path {
    /// Largest number of line segments one curve becomes: bounds the work a
    /// huge or hostile curve can cause (1e30 coordinates, say).
    public static let maxSegmentsPerCurve = 4096

    /// The path's subpaths with curves replaced by line segments that stay
    /// within `tolerance` of the curve (in the path's own units). Each `move`
    /// starts a polyline; `close` marks it closed. Consecutive duplicate points
    /// are dropped, so a zero-length segment leaves a one-point polyline (which
    /// a round or square cap still draws); a lone `move` leaves nothing.
    ///
    /// With `cull`, a curve whose control points all lie beyond one side of
    /// the box becomes its chord: filled, that gives every point of the box
    /// the same winding number (see `CullBox`), and it keeps the work and
    /// memory of a huge path bounded by what can be seen. A curve with a
    /// non-finite coordinate also becomes its chord: the rasterizer draws
    /// nothing for a polygon with a non-finite point, so it must cost nothing.
    /// `flattenedPointCount(tolerance:transform:cull:)` tells beforehand how
    /// many points this makes, at most.
    public func flattened(tolerance: Double, cull: CullBox? = nil) -> [Polyline] {
        let tol = max(tolerance, 1e-9)
        var result: [Polyline] = []
        var current: [Point] = []
        var closed = false
        var drawn = false
        func flush() {
            if !current.isEmpty && drawn { result.append(Polyline(points: current, closed: closed)) }
            current = []
            closed = false
            drawn = false
        }
        func add(_ p: Point) {
            drawn = true
            if let last = current.last, last == p { return }
            current.append(p)
        }
        var last = Point.zero
        for (index, e) in elements.enumerated() {
            switch e {
            case .move(let p):
                flush()
                // Room for the subpath at once, from its elements: a line
                // adds a point, a curve about a dozen at the usual scales (a
                // rounded rect at scale 2 makes about 50). Not a fixed
                // 64: most subpaths are rectangles of five.
                current.reserveCapacity(Self.pointEstimate(elements, after: index))
                current.append(p)
                last = p
            case .line(let p):
                add(p)
                last = p
            case .quad(let c, let p):
                let n = cull?.excludes(last, c, p) == true ? 1 : Self.quadSegments(last, c, p, tol)
                for i in 1..<n { add(Bezier.quadPoint(last, c, p, Double(i) / Double(n))) }
                add(p)
                last = p
            case .cubic(let c1, let c2, let p):
                let n = cull?.excludes(last, c1, c2, p) == true ? 1 : Self.cubicSegments(last, c1, c2, p, tol)
                for i in 1..<n { add(Bezier.cubicPoint(last, c1, c2, p, Double(i) / Double(n))) }
                add(p)
                last = p
            case .close:
                closed = true
                drawn = true
                let start = current.first
                flush()
                if let start { last = start }
            }
        }
        flush()
        return result
    }

    /// About how many points the subpath starting at `elements[start]` (a
    /// move) flattens to, for reserving its array: 1 + one per line, 12 per
    /// curve, at most 256 (a longer one grows as arrays do).
    static func pointEstimate(_ elements: [Element], after start: Int) -> Int {
        var estimate = 1
        var i = start + 1
        while i < elements.count, estimate < 256 {
            switch elements[i] {
            case .move: return estimate
            case .line: estimate += 1
            case .quad, .cubic: estimate += 12
            case .close: return estimate
            }
            i += 1
        }
        return min(estimate, 256)
    }

    /// An upper bound of the number of points `transformed(by: transform)
    /// .flattened(tolerance:cull:)` makes (equal to it but for dropped
    /// duplicates), computed without making them: O(elements), no allocation.
    /// Lets a caller refuse a path whose flattening would be too big before
    /// any memory is spent on it.
    public func flattenedPointCount(tolerance: Double, transform: AffineTransform = .identity,
                                    cull: CullBox? = nil) -> Int {
        let tol = max(tolerance, 1e-9)
        var count = 0
        var last = Point.zero
        var start = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                last = transform.apply(p)
                start = last
                count += 1
            case .line(let p):
                last = transform.apply(p)
                count += 1
            case .quad(let c, let p):
                let (c, p) = (transform.apply(c), transform.apply(p))
                count += cull?.excludes(last, c, p) == true ? 1 : Self.quadSegments(last, c, p, tol)
                last = p
            case .cubic(let c1, let c2, let p):
                let (c1, c2, p) = (transform.apply(c1), transform.apply(c2), transform.apply(p))
                count += cull?.excludes(last, c1, c2, p) == true ? 1 : Self.cubicSegments(last, c1, c2, p, tol)
                last = p
            case .close:
                last = start
            }
        }
        return count
    }

    /// Chords for a quadratic within `tol`: the deviation of n uniform chords
    /// is at most |p0 - 2c + p2| / (4 n^2).
    @inline(__always)
    static func quadSegments(_ p0: Point, _ c: Point, _ p1: Point, _ tol: Double) -> Int {
        guard p0.isFinite, c.isFinite, p1.isFinite else { return 1 }
        let dd = hypot(p0.x - 2 * c.x + p1.x, p0.y - 2 * c.y + p1.y)
        return segmentCount((dd / (4 * tol)).squareRoot())
    }

    /// Chords for a cubic within `tol`: |B''| <= 6 max(|p0 - 2c1 + c2|,
    /// |c1 - 2c2 + p3|), and the chord error is at most |B''| / (8 n^2).
    @inline(__always)
    static func cubicSegments(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ tol: Double) -> Int {
        guard p0.isFinite, c1.isFinite, c2.isFinite, p1.isFinite else { return 1 }
        let d1 = hypot(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y)
        let d2 = hypot(c1.x - 2 * c2.x + p1.x, c1.y - 2 * c2.y + p1.y)
        return segmentCount((0.75 * max(d1, d2) / tol).squareRoot())
    }

    /// The chord count for an estimate, capped at `maxSegmentsPerCurve` (also
    /// when it overflowed to infinity); NaN gives one chord.
    static func segmentCount(_ estimate: Double) -> Int {
        guard !estimate.isNaN else { return 1 }
        // Compared as a Double first: a huge finite estimate (extreme control
        // points) must not reach Int(_:), which traps above Int.max.
        guard estimate < Double(maxSegmentsPerCurve) else { return maxSegmentsPerCurve }
        guard estimate > 1 else { return 1 }
        return Int(estimate.rounded(.up))
    }
}
