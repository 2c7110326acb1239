import FoundationEssentials
import Glibc

/// Evaluation and extrema of quadratic and cubic Bézier curves.
public enum Bezier {
    public static func quadPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
        let u = 1 - t
        return Point(u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                     u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
    }

    public static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                     a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Parameters in (0, 1) where a quadratic has a horizontal or vertical tangent.
    static func quadExtrema(_ p0: Point, _ p1: Point, _ p2: Point) -> [Double] {
        var ts: [Double] = []
        for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
            let d = a - 2 * b + c
            if d != 0 {
                let t = (a - b) / d
                if t > 0 && t < 1 { ts.append(t) }
            }
        }
        return ts
    }

    /// Parameters in (0, 1) where a cubic has a horizontal or vertical tangent.
    static func cubicExtrema(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Double] {
        var ts: [Double] = []
        for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // derivative / 3: qa t^2 + qb t + qc
            let qa = -a + 3 * b - 3 * c + d
            let qb = 2 * (a - 2 * b + c)
            let qc = b - a
            if abs(qa) < 1e-12 {
                if qb != 0 {
                    let t = -qc / qb
                    if t > 0 && t < 1 { ts.append(t) }
                }
                continue
            }
            let disc = qb * qb - 4 * qa * qc
            guard disc >= 0 else { continue }
            let s = disc.squareRoot()
            for t in [(-qb + s) / (2 * qa), (-qb - s) / (2 * qa)] where t > 0 && t < 1 { ts.append(t) }
        }
        return ts
    }
}
