import CellRaster

/// The 28 blend modes written out again, in Double, straight from their
/// specifications and independently of BlendFormulas.swift, as the oracle of
/// BlendFormulaTests. Pixels are premultiplied, components 0...1.
///
/// - Porter-Duff modes: Apple's CGBlendMode documentation (R = result,
///   S = source, D = destination, Sa / Da their alphas, all premultiplied).
/// - Separable and non-separable modes: W3C Compositing and Blending Level 1,
///   `co = cs (1 - ab) + cb (1 - as) + as ab B(Cb, Cs)`,
///   `ao = as + ab - as ab`, with B on unpremultiplied colors.
/// - plus_darker: Apple's `R = MAX(0, 1 - ((1 - D) + (1 - S)))`, read
///   premultiplied as BlendFormulas.swift documents it (each pixel's own
///   alpha stands for "1"): alpha `min(1, Sa + Da)`, color
///   `max(0, Ra - (Sa - Sc) - (Da - Dc))`.
enum BlendReference {
    struct Pixel: CustomStringConvertible {
        var r, g, b, a: Double
        var channels: [Double] { [r, g, b, a] }
        var description: String {
            "(" + channels.map { String(format: "%.2f", $0 * 255) }.joined(separator: ", ") + ")"
        }
    }

    static func blend(_ mode: BlendMode, _ s: Pixel, _ d: Pixel) -> Pixel {
        switch mode {
        case .normal: return porterDuff(s, d, fs: 1, fd: 1 - s.a)
        case .clear: return porterDuff(s, d, fs: 0, fd: 0)
        case .copy: return porterDuff(s, d, fs: 1, fd: 0)
        case .sourceIn: return porterDuff(s, d, fs: d.a, fd: 0)
        case .sourceOut: return porterDuff(s, d, fs: 1 - d.a, fd: 0)
        case .sourceAtop: return porterDuff(s, d, fs: d.a, fd: 1 - s.a)
        case .destinationOver: return porterDuff(s, d, fs: 1 - d.a, fd: 1)
        case .destinationIn: return porterDuff(s, d, fs: 0, fd: s.a)
        case .destinationOut: return porterDuff(s, d, fs: 0, fd: 1 - s.a)
        case .destinationAtop: return porterDuff(s, d, fs: 1 - d.a, fd: s.a)
        case .xor: return porterDuff(s, d, fs: 1 - d.a, fd: 1 - s.a)
        case .plusLighter:
            return Pixel(r: min(1, s.r + d.r), g: min(1, s.g + d.g), b: min(1, s.b + d.b), a: min(1, s.a + d.a))
        case .plusDarker:
            let a = min(1, s.a + d.a)
            func c(_ sc: Double, _ dc: Double) -> Double { max(0, a - (s.a - sc) - (d.a - dc)) }
            return Pixel(r: c(s.r, d.r), g: c(s.g, d.g), b: c(s.b, d.b), a: a)
        case .multiply: return separable(s, d) { cb, cs in cb * cs }
        case .screen: return separable(s, d, screen)
        case .overlay: return separable(s, d) { cb, cs in hardLight(cs, cb) }
        case .darken: return separable(s, d) { cb, cs in min(cb, cs) }
        case .lighten: return separable(s, d) { cb, cs in max(cb, cs) }
        case .colorDodge:
            return separable(s, d) { cb, cs in
                if cb == 0 { return 0 }
                if cs == 1 { return 1 }
                return min(1, cb / (1 - cs))
            }
        case .colorBurn:
            return separable(s, d) { cb, cs in
                if cb == 1 { return 1 }
                if cs == 0 { return 0 }
                return 1 - min(1, (1 - cb) / cs)
            }
        case .hardLight: return separable(s, d, hardLight)
        case .softLight:
            return separable(s, d) { cb, cs in
                if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
                let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
                return cb + (2 * cs - 1) * (dcb - cb)
            }
        case .difference: return separable(s, d) { cb, cs in abs(cb - cs) }
        case .exclusion: return separable(s, d) { cb, cs in cb + cs - 2 * cb * cs }
        case .hue: return nonSeparable(s, d) { cb, cs in setLum(setSat(cs, sat(cb)), lum(cb)) }
        case .saturation: return nonSeparable(s, d) { cb, cs in setLum(setSat(cb, sat(cs)), lum(cb)) }
        case .color: return nonSeparable(s, d) { cb, cs in setLum(cs, lum(cb)) }
        case .luminosity: return nonSeparable(s, d) { cb, cs in setLum(cb, lum(cs)) }
        }
    }

    static func porterDuff(_ s: Pixel, _ d: Pixel, fs: Double, fd: Double) -> Pixel {
        Pixel(r: s.r * fs + d.r * fd, g: s.g * fs + d.g * fd, b: s.b * fs + d.b * fd, a: s.a * fs + d.a * fd)
    }

    static func screen(_ cb: Double, _ cs: Double) -> Double { cb + cs - cb * cs }

    static func hardLight(_ cb: Double, _ cs: Double) -> Double {
        cs <= 0.5 ? cb * 2 * cs : screen(cb, 2 * cs - 1)
    }

    /// Straight color of a premultiplied pixel (black when transparent).
    static func straight(_ p: Pixel) -> [Double] {
        p.a > 0 ? [p.r / p.a, p.g / p.a, p.b / p.a] : [0, 0, 0]
    }

    static func composite(_ s: Pixel, _ d: Pixel, mixed: [Double]) -> Pixel {
        let cs = [s.r, s.g, s.b], cb = [d.r, d.g, d.b]
        let out = (0..<3).map { i in cs[i] * (1 - d.a) + cb[i] * (1 - s.a) + s.a * d.a * mixed[i] }
        return Pixel(r: out[0], g: out[1], b: out[2], a: s.a + d.a - s.a * d.a)
    }

    static func separable(_ s: Pixel, _ d: Pixel, _ b: (Double, Double) -> Double) -> Pixel {
        let cs = straight(s), cb = straight(d)
        return composite(s, d, mixed: (0..<3).map { b(cb[$0], cs[$0]) })
    }

    static func nonSeparable(_ s: Pixel, _ d: Pixel, _ b: ([Double], [Double]) -> [Double]) -> Pixel {
        composite(s, d, mixed: b(straight(d), straight(s)))
    }

    // W3C's non-separable helpers, as written in the specification.

    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

    static func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }

    static func setLum(_ c: [Double], _ l: Double) -> [Double] {
        let d = l - lum(c)
        return clipColor(c.map { $0 + d })
    }

    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }

    /// The specification's Cmax / Cmid / Cmin form: order the channels
    /// (indices), scale the middle one, set the largest to s, the smallest to 0.
    static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let order = [0, 1, 2].sorted { c[$0] < c[$1] }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        var out = [0.0, 0.0, 0.0]
        if c[hi] > c[lo] {
            out[mid] = (c[mid] - c[lo]) * s / (c[hi] - c[lo])
            out[hi] = s
        }
        out[lo] = 0
        return out
    }
}
