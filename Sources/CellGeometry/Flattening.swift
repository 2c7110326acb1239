import Foundation

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
    public func flattened(tolerance: Double) -> [Polyline] {
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
        for e in elements {
            switch e {
            case .move(let p):
                flush()
                current = [p]
                last = p
            case .line(let p):
                add(p)
                last = p
            case .quad(let c, let p):
                // Deviation of n uniform chords <= |p0 - 2c + p2| / (4 n^2).
                let dd = hypot(last.x - 2 * c.x + p.x, last.y - 2 * c.y + p.y)
                let n = Self.segmentCount((dd / (4 * tol)).squareRoot())
                for i in 1..<n { add(Bezier.quadPoint(last, c, p, Double(i) / Double(n))) }
                add(p)
                last = p
            case .cubic(let c1, let c2, let p):
                // |B''| <= 6 max(|p0 - 2c1 + c2|, |c1 - 2c2 + p3|); chord error <= |B''| / (8 n^2).
                let d1 = hypot(last.x - 2 * c1.x + c2.x, last.y - 2 * c1.y + c2.y)
                let d2 = hypot(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y)
                let n = Self.segmentCount((0.75 * max(d1, d2) / tol).squareRoot())
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

    private static func segmentCount(_ estimate: Double) -> Int {
        // Compared as a Double first: a huge finite estimate (extreme control
        // points) must not reach Int(_:), which traps above Int.max.
        guard estimate < Double(maxSegmentsPerCurve) else { return maxSegmentsPerCurve }
        guard estimate > 1 else { return 1 }
        return Int(estimate.rounded(.up))
    }
}
