import CellGeometry

/// SplitMix64: a small deterministic generator for the randomized tests,
/// so a failure reproduces from its seed.
struct SplitMix64 {
    var state: UInt64

    /// Uniform in [0, 1).
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// Uniform in [lo, hi).
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * next() }

    /// A point with both coordinates uniform in [lo, hi).
    mutating func point(_ lo: Double, _ hi: Double) -> Point {
        Point(lo + (hi - lo) * next(), lo + (hi - lo) * next())
    }
}
