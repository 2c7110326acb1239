/// The per-pixel blend formulas, in premultiplied Float 0...1, and the loop
/// that applies one of them through coverage.
///
/// Each mode is a type conforming to `BlendFormula`, so the generic span loop
/// is specialised per mode by the compiler: one switch per span, none per
/// pixel. `normal` and `clear` with solid paint never come here (Composite
/// has word-at-a-time paths for them); everything else does.
struct RGBA {
    var r: Float, g: Float, b: Float, a: Float

    @inline(__always) init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A premultiplied RGBA8 word (R, G, B, A memory order) scaled to 0...1.
    @inline(__always) init(word: UInt32) {
        let k: Float = 1.0 / 255.0
        r = Float(word & 0xFF) * k
        g = Float((word >> 8) & 0xFF) * k
        b = Float((word >> 16) & 0xFF) * k
        a = Float(word >> 24) * k
    }
}

protocol BlendFormula {
    /// The fully covered result of source `s` over destination `d`, both premultiplied.
    static func blend(_ s: RGBA, _ d: RGBA) -> RGBA
}

/// A separable blend function of unpremultiplied backdrop and source channels.
protocol SeparableBlend: BlendFormula {
    static func channel(_ cb: Float, _ cs: Float) -> Float
}

extension SeparableBlend {
    @inline(__always)
    static func blend(_ s: RGBA, _ d: RGBA) -> RGBA {
        let both = s.a * d.a
        @inline(__always) func mix(_ cs: Float, _ cb: Float) -> Float {
            let straightS = s.a > 0 ? min(cs / s.a, 1) : 0
            let straightB = d.a > 0 ? min(cb / d.a, 1) : 0
            return cs * (1 - d.a) + cb * (1 - s.a) + both * channel(straightB, straightS)
        }
        return RGBA(r: mix(s.r, d.r), g: mix(s.g, d.g), b: mix(s.b, d.b), a: s.a + d.a - both)
    }
}

/// A non-separable blend function (hue, saturation, color, luminosity) of
/// unpremultiplied backdrop and source colors.
protocol NonSeparableBlend: BlendFormula {
    static func color(_ cb: (Float, Float, Float), _ cs: (Float, Float, Float)) -> (Float, Float, Float)
}

extension NonSeparableBlend {
    @inline(__always)
    static func blend(_ s: RGBA, _ d: RGBA) -> RGBA {
        let both = s.a * d.a
        let cs = s.a > 0 ? (min(s.r / s.a, 1), min(s.g / s.a, 1), min(s.b / s.a, 1)) : (Float(0), Float(0), Float(0))
        let cb = d.a > 0 ? (min(d.r / d.a, 1), min(d.g / d.a, 1), min(d.b / d.a, 1)) : (Float(0), Float(0), Float(0))
        let m = color(cb, cs)
        return RGBA(r: s.r * (1 - d.a) + d.r * (1 - s.a) + both * m.0,
                    g: s.g * (1 - d.a) + d.g * (1 - s.a) + both * m.1,
                    b: s.b * (1 - d.a) + d.b * (1 - s.a) + both * m.2,
                    a: s.a + d.a - both)
    }
}

/// A Porter-Duff operator `R = S * Fs + D * Fd` with factors from the alphas.
protocol PorterDuff: BlendFormula {
    static func factors(sa: Float, da: Float) -> (Float, Float)
}

extension PorterDuff {
    @inline(__always)
    static func blend(_ s: RGBA, _ d: RGBA) -> RGBA {
        let (fs, fd) = factors(sa: s.a, da: d.a)
        return RGBA(r: s.r * fs + d.r * fd, g: s.g * fs + d.g * fd, b: s.b * fs + d.b * fd, a: s.a * fs + d.a * fd)
    }
}

// MARK: Porter-Duff (Apple's formulas, premultiplied)

enum NormalBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (1, 1 - sa) } }
enum ClearBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (0, 0) } }
enum CopyBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (1, 0) } }
enum SourceInBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (da, 0) } }
enum SourceOutBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (1 - da, 0) } }
enum SourceAtopBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (da, 1 - sa) } }
enum DestinationOverBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (1 - da, 1) } }
enum DestinationInBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (0, sa) } }
enum DestinationOutBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (0, 1 - sa) } }
enum DestinationAtopBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (1 - da, sa) } }
enum XorBlend: PorterDuff { static func factors(sa: Float, da: Float) -> (Float, Float) { (1 - da, 1 - sa) } }

/// `R = MIN(1, S + D)` on every channel, alpha included.
enum PlusLighterBlend: BlendFormula {
    static func blend(_ s: RGBA, _ d: RGBA) -> RGBA {
        RGBA(r: min(1, s.r + d.r), g: min(1, s.g + d.g), b: min(1, s.b + d.b), a: min(1, s.a + d.a))
    }
}

/// Apple documents `R = MAX(0, 1 - ((1 - D) + (1 - S)))`, which is stated for
/// opaque colors. Premultiplied, "1" is each pixel's own alpha: the result
/// has alpha `min(1, Sa + Da)` and color `max(0, Ra - (Sa - Sc) - (Da - Dc))`,
/// which is Apple's formula when both are opaque and leaves the other pixel
/// unchanged when either is transparent.
enum PlusDarkerBlend: BlendFormula {
    static func blend(_ s: RGBA, _ d: RGBA) -> RGBA {
        let a = min(1, s.a + d.a)
        @inline(__always) func c(_ sc: Float, _ dc: Float) -> Float { max(0, a - (s.a - sc) - (d.a - dc)) }
        return RGBA(r: c(s.r, d.r), g: c(s.g, d.g), b: c(s.b, d.b), a: a)
    }
}

// MARK: separable (W3C)

enum MultiplyBlend: SeparableBlend { static func channel(_ cb: Float, _ cs: Float) -> Float { cb * cs } }
enum ScreenBlend: SeparableBlend { static func channel(_ cb: Float, _ cs: Float) -> Float { cb + cs - cb * cs } }
enum OverlayBlend: SeparableBlend {
    static func channel(_ cb: Float, _ cs: Float) -> Float { HardLightBlend.channel(cs, cb) }
}
enum DarkenBlend: SeparableBlend { static func channel(_ cb: Float, _ cs: Float) -> Float { min(cb, cs) } }
enum LightenBlend: SeparableBlend { static func channel(_ cb: Float, _ cs: Float) -> Float { max(cb, cs) } }
enum ColorDodgeBlend: SeparableBlend {
    static func channel(_ cb: Float, _ cs: Float) -> Float {
        if cb == 0 { return 0 }
        if cs >= 1 { return 1 }
        return min(1, cb / (1 - cs))
    }
}
enum ColorBurnBlend: SeparableBlend {
    static func channel(_ cb: Float, _ cs: Float) -> Float {
        if cb >= 1 { return 1 }
        if cs <= 0 { return 0 }
        return 1 - min(1, (1 - cb) / cs)
    }
}
enum HardLightBlend: SeparableBlend {
    static func channel(_ cb: Float, _ cs: Float) -> Float {
        cs <= 0.5 ? cb * 2 * cs : ScreenBlend.channel(cb, 2 * cs - 1)
    }
}
enum SoftLightBlend: SeparableBlend {
    static func channel(_ cb: Float, _ cs: Float) -> Float {
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (dcb - cb)
    }
}
enum DifferenceBlend: SeparableBlend { static func channel(_ cb: Float, _ cs: Float) -> Float { abs(cb - cs) } }
enum ExclusionBlend: SeparableBlend {
    static func channel(_ cb: Float, _ cs: Float) -> Float { cb + cs - 2 * cb * cs }
}

// MARK: non-separable (W3C)

typealias RGB = (Float, Float, Float)

@inline(__always) func lum(_ c: RGB) -> Float { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

@inline(__always) func clipColor(_ c: RGB) -> RGB {
    let l = lum(c)
    let n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
    var out = c
    // In exact arithmetic n <= l <= x; in Float a gray's luminosity can land
    // an ulp outside its channels (0.3 + 0.59 + 0.11 is not exactly 1), and
    // then k is 0 or negative: all channels are l to within rounding.
    if n < 0 {
        let k = l - n
        guard k > 0 else { return (l, l, l) }
        out = (l + (out.0 - l) * l / k, l + (out.1 - l) * l / k, l + (out.2 - l) * l / k)
    }
    if x > 1 {
        let k = x - l
        guard k > 0 else { return (l, l, l) }
        out = (l + (out.0 - l) * (1 - l) / k, l + (out.1 - l) * (1 - l) / k, l + (out.2 - l) * (1 - l) / k)
    }
    return out
}

@inline(__always) func setLum(_ c: RGB, _ l: Float) -> RGB {
    let d = l - lum(c)
    return clipColor((c.0 + d, c.1 + d, c.2 + d))
}

@inline(__always) func sat(_ c: RGB) -> Float { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

/// SetSat: the largest channel becomes `s`, the smallest 0, the middle one scaled.
@inline(__always) func setSat(_ c: RGB, _ s: Float) -> RGB {
    let hi = max(c.0, c.1, c.2), lo = min(c.0, c.1, c.2)
    guard hi > lo else { return (0, 0, 0) }
    @inline(__always) func f(_ v: Float) -> Float { v == hi ? s : (v == lo ? 0 : (v - lo) * s / (hi - lo)) }
    // Ties: when two channels equal the maximum both become s (the spec's
    // Cmax/Cmid assignment gives the same values).
    return (f(c.0), f(c.1), f(c.2))
}

enum HueBlend: NonSeparableBlend {
    static func color(_ cb: RGB, _ cs: RGB) -> RGB { setLum(setSat(cs, sat(cb)), lum(cb)) }
}
enum SaturationBlend: NonSeparableBlend {
    static func color(_ cb: RGB, _ cs: RGB) -> RGB { setLum(setSat(cb, sat(cs)), lum(cb)) }
}
enum ColorBlend: NonSeparableBlend {
    static func color(_ cb: RGB, _ cs: RGB) -> RGB { setLum(cs, lum(cb)) }
}
enum LuminosityBlend: NonSeparableBlend {
    static func color(_ cb: RGB, _ cs: RGB) -> RGB { setLum(cb, lum(cs)) }
}

// MARK: the span loop

enum BlendLoop {
    /// Blends `count` pixels: source word `src[n * srcStep]` (step 0 for one
    /// color) into `dst[n]` at coverage `coverage[n]`, or `constant` when
    /// `coverage` is nil: `D + k (B(S, D) - D)`, rounded once.
    static func run<F: BlendFormula>(_: F.Type, src: UnsafePointer<UInt32>, srcStep: Int,
                                     dst: UnsafeMutablePointer<UInt32>,
                                     coverage: UnsafePointer<UInt8>?, constant: UInt8, count: Int) {
        if srcStep == 0 {
            // One color: its conversion (and what the formula derives from
            // it alone, such as the unpremultiplied source) is made once,
            // out of the loop.
            let s = RGBA(word: src[0])
            blendRun(F.self, count: count, dst: dst, coverage: coverage, constant: constant) { _ in s }
        } else {
            blendRun(F.self, count: count, dst: dst, coverage: coverage, constant: constant) { RGBA(word: src[$0]) }
        }
    }

    @inline(__always)
    private static func blendRun<F: BlendFormula>(_: F.Type, count: Int, dst: UnsafeMutablePointer<UInt32>,
                                                  coverage: UnsafePointer<UInt8>?, constant: UInt8,
                                                  source: (Int) -> RGBA) {
        for n in 0..<count {
            let k8 = coverage?[n] ?? constant
            if k8 == 0 { continue }
            let d = RGBA(word: dst[n])
            let b = F.blend(source(n), d)
            let k = Float(k8) * (1.0 / 255.0)
            @inline(__always) func q(_ dv: Float, _ bv: Float) -> UInt32 {
                let v = (dv + k * (bv - dv)) * 255 + 0.5
                // `!(v > 0)` also catches NaN: a formula's edge case must
                // never become a trap.
                return !(v > 0) ? 0 : (v >= 255 ? 255 : UInt32(v))
            }
            let a = q(d.a, b.a)
            let r = Swift.min(q(d.r, b.r), a), g = Swift.min(q(d.g, b.g), a), bl = Swift.min(q(d.b, b.b), a)
            dst[n] = r | g << 8 | bl << 16 | a << 24
        }
    }

    /// The formula of `mode`, applied through `run`.
    /// `copy` in integers: `D + k (S - D)` per channel, rounded to nearest.
    /// The same bytes as `run(CopyBlend.self, ...)`: the exact value's
    /// fraction is m/255 + 1/2 for an integer m, never within 1/510 of a
    /// rounding boundary, far beyond the Float path's error (about 1e-4 on
    /// the 0...255 scale), so both round alike (BlendFormulaTests checks it
    /// exhaustively over values and coverages).
    static func copy(src: UnsafePointer<UInt32>, srcStep: Int, dst: UnsafeMutablePointer<UInt32>,
                     coverage: UnsafePointer<UInt8>?, constant: UInt8, count: Int) {
        for n in 0..<count {
            let k = Int(coverage?[n] ?? constant)
            if k == 0 { continue }
            let s = src[n &* srcStep]
            if k == 255 {
                dst[n] = s
                continue
            }
            let d = dst[n]
            var out: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let dv = Int((d >> UInt32(shift)) & 0xFF), sv = Int((s >> UInt32(shift)) & 0xFF)
                let v = (510 * dv + 2 * k * (sv - dv) + 255) / 510
                out |= UInt32(v) << UInt32(shift)
            }
            dst[n] = out
        }
    }

    static func blend(_ mode: BlendMode, src: UnsafePointer<UInt32>, srcStep: Int, dst: UnsafeMutablePointer<UInt32>,
                      coverage: UnsafePointer<UInt8>?, constant: UInt8, count: Int) {
        func go<F: BlendFormula>(_ f: F.Type) {
            run(f, src: src, srcStep: srcStep, dst: dst, coverage: coverage, constant: constant, count: count)
        }
        switch mode {
        case .normal: go(NormalBlend.self)
        case .multiply: go(MultiplyBlend.self)
        case .screen: go(ScreenBlend.self)
        case .overlay: go(OverlayBlend.self)
        case .darken: go(DarkenBlend.self)
        case .lighten: go(LightenBlend.self)
        case .colorDodge: go(ColorDodgeBlend.self)
        case .colorBurn: go(ColorBurnBlend.self)
        case .softLight: go(SoftLightBlend.self)
        case .hardLight: go(HardLightBlend.self)
        case .difference: go(DifferenceBlend.self)
        case .exclusion: go(ExclusionBlend.self)
        case .hue: go(HueBlend.self)
        case .saturation: go(SaturationBlend.self)
        case .color: go(ColorBlend.self)
        case .luminosity: go(LuminosityBlend.self)
        case .clear: go(ClearBlend.self)
        case .copy: copy(src: src, srcStep: srcStep, dst: dst, coverage: coverage, constant: constant, count: count)
        case .sourceIn: go(SourceInBlend.self)
        case .sourceOut: go(SourceOutBlend.self)
        case .sourceAtop: go(SourceAtopBlend.self)
        case .destinationOver: go(DestinationOverBlend.self)
        case .destinationIn: go(DestinationInBlend.self)
        case .destinationOut: go(DestinationOutBlend.self)
        case .destinationAtop: go(DestinationAtopBlend.self)
        case .xor: go(XorBlend.self)
        case .plusDarker: go(PlusDarkerBlend.self)
        case .plusLighter: go(PlusLighterBlend.self)
        }
    }
}
