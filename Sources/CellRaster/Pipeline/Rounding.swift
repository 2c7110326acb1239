/// Rounding of doubles without a call into the C library: the baseline
/// x86-64 target has no rounding instruction, and these run per color
/// quantised and per glyph placed. Exact for |v| < 2^52, where an integer
/// part and a fraction are both exact; anything else (huge values,
/// infinities, NaN) goes to the library.
enum Rounding {
    /// `v.rounded()`: halves away from zero.
    @inline(__always)
    static func halfAway(_ v: Double) -> Double {
        guard abs(v) < 4_503_599_627_370_496 else { return v.rounded() }
        let whole = Int(v) // toward zero
        let fraction = v - Double(whole)
        // Flags added as integers, not branches: a glyph's quarter-pixel
        // position is as likely to round up as down, and a mispredicted
        // branch per glyph cost more than the arithmetic.
        return Double(whole &+ (fraction >= 0.5 ? 1 : 0) &- (fraction <= -0.5 ? 1 : 0))
    }

    /// `v.rounded(.down)`.
    @inline(__always)
    static func down(_ v: Double) -> Double {
        guard abs(v) < 4_503_599_627_370_496 else { return v.rounded(.down) }
        let whole = Double(Int(v)) // toward zero
        return whole > v ? whole - 1 : whole
    }
}
