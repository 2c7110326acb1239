/// The scenes' pseudo-random numbers: the same 32-bit LCG as the `rnd`,
/// `range` and `pick` helpers at the top of every `scenes/*.lua` script.
/// Lua computes it in 64-bit integers and divides as doubles, as here, so both
/// sides draw bit-identical numbers as long as they are drawn in the same order.
struct LCG {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// Uniform in [0, 1): `seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF; return seed / 2^32`.
    mutating func next() -> Double {
        state = (state &* 1_664_525 &+ 1_013_904_223) & 0xFFFF_FFFF
        return Double(state) / 4_294_967_296
    }

    /// `lo + (hi - lo) * rnd()`.
    mutating func range(_ lo: Double, _ hi: Double) -> Double {
        let u = next()
        return lo + (hi - lo) * u
    }

    /// `math.floor(rnd() * n)`: 0 ..< n.
    mutating func pick(_ n: Int) -> Int {
        Int((next() * Double(n)).rounded(.down))
    }

    /// The scripts' `color(alo, ahi)`: r, g, b, then alpha in alo..ahi.
    mutating func color(_ alphaLow: Double, _ alphaHigh: Double) -> RGBA {
        let r = next()
        let g = next()
        let b = next()
        let a = range(alphaLow, alphaHigh)
        return RGBA(r: r, g: g, b: b, a: a)
    }
}

struct RGBA {
    var r, g, b, a: Double
}
