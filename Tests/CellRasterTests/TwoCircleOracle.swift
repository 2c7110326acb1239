import Foundation

/// The PDF two-circle rule for radial gradients, solved by brute force rather
/// than by the quadratic the engine uses: circles interpolate from (c0, r0) at
/// t = 0 to (c1, r1) at t = 1, and a point takes the largest allowed t whose
/// circle passes through it with r(t) >= 0.
///
/// `g(t) = |p - c(t)| - r(t)` is zero exactly there; the oracle scans t
/// downward from the top of the allowed range in small steps, takes the first
/// interval where g changes sign and bisects it. A tangency (a double root,
/// at the very edge of a cone) has no sign change and is missed: callers
/// skip points that close to the painted region's boundary.
struct TwoCircleOracle {
    var c0: (x: Double, y: Double), r0: Double
    var c1: (x: Double, y: Double), r1: Double
    var extendStart = false, extendEnd = false
    /// How far past 0 and 1 an extended gradient is searched.
    var reach = 6.0
    var step = 0.002

    func center(_ t: Double) -> (Double, Double) { (c0.x + t * (c1.x - c0.x), c0.y + t * (c1.y - c0.y)) }
    func radius(_ t: Double) -> Double { r0 + t * (r1 - r0) }

    func g(_ t: Double, _ x: Double, _ y: Double) -> Double {
        let c = center(t)
        return ((x - c.0) * (x - c.0) + (y - c.1) * (y - c.1)).squareRoot() - radius(t)
    }

    /// The t for point (x, y), or nil when no allowed circle passes through it.
    func parameter(_ x: Double, _ y: Double) -> Double? {
        var hi = extendEnd ? 1 + reach : 1
        var lo = extendStart ? -reach : 0
        // Only where r(t) >= 0.
        let dr = r1 - r0
        if dr > 0 { lo = max(lo, -r0 / dr) } else if dr < 0 { hi = min(hi, -r0 / dr) }
        guard hi >= lo else { return nil }
        var t = hi
        var gt = g(t, x, y)
        if gt == 0 { return t }
        while t > lo {
            let next = max(lo, t - step)
            let gn = g(next, x, y)
            if gn == 0 { return next }
            if (gn < 0) != (gt < 0) {
                var a = next, b = t, ga = gn
                for _ in 0..<60 {
                    let m = (a + b) / 2, gm = g(m, x, y)
                    if (gm < 0) == (ga < 0) { a = m; ga = gm } else { b = m }
                }
                return (a + b) / 2
            }
            t = next
            gt = gn
        }
        return nil
    }
}
