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
        let whole = Double(Int(v)) // toward zero
        let fraction = v - whole
        if fraction >= 0.5 { return whole + 1 }
        if fraction <= -0.5 { return whole - 1 }
        return whole
    }

    /// `v.rounded(.down)`.
    @inline(__always)
    static func down(_ v: Double) -> Double {
        guard abs(v) < 4_503_599_627_370_496 else { return v.rounded(.down) }
        let whole = Double(Int(v)) // toward zero
        return whole > v ? whole - 1 : whole
    }
}
