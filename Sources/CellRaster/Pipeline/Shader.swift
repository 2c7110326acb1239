import CellGeometry

/// A paint made ready for one draw: given a run of device pixels it produces
/// their premultiplied source words (global alpha included) and, for paints
/// that leave some pixels unpainted (a gradient drawn without extension), a
/// 0/255 mask of the pixels it paints.
///
/// Pixels are sampled at their centres, (x + 0.5, y + 0.5) in device space.
struct Shader {
    enum Kind {
        case solid(UInt32)
        case linear(LinearShader)
        case radial(RadialShader)
        case image(ImageShader)
    }

    let kind: Kind
    /// True when `shade` writes a mask (some pixels are not painted at all).
    let needsMask: Bool

    /// The solid word, when this is one color.
    var solidWord: UInt32? {
        if case .solid(let w) = kind { return w }
        return nil
    }

    /// When the paint does not vary along row `y` (a vertical linear gradient
    /// under an axis-aligned transform, a common background), its word
    /// there and whether it paints at all; nil when it varies.
    @inline(__always)
    func rowConstant(y: Int) -> (word: UInt32, painted: Bool)? {
        guard case .linear(let s) = kind, s.dtdx == 0 else { return nil }
        return s.sample(y: y)
    }

    /// The source words themselves, when they can be read in place: an
    /// unscaled, opaque-alpha image at a whole-pixel offset whose pixels
    /// cover the run (layers and 1:1 images). nil otherwise.
    @inline(__always)
    func directWords(x: Int, y: Int, count: Int) -> UnsafePointer<UInt32>? {
        guard case .image(let s) = kind, s.alpha == 255, let (dx, dy) = s.offset else { return nil }
        let sx = x + dx, sy = y + dy
        guard sy >= 0, sy < s.source.height, sx >= 0, sx + count <= s.source.width else { return nil }
        return UnsafeRawPointer(s.source.data).assumingMemoryBound(to: UInt32.self) + sy * s.source.width + sx
    }

    /// `count` source words for the pixels from (x, y) rightward; `mask` gets
    /// 255 where the paint paints and 0 where it does not (only when `needsMask`).
    @inline(__always)
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>, mask: UnsafeMutablePointer<UInt8>) {
        switch kind {
        case .solid(let w): out.update(repeating: w, count: count)
        case .linear(let s): s.shade(x: x, y: y, count: count, into: out, mask: mask)
        case .radial(let s): s.shade(x: x, y: y, count: count, into: out, mask: mask)
        case .image(let s): s.shade(x: x, y: y, count: count, into: out)
        }
    }

    /// The shader for `paint` under `ctm` with global `alpha`, or nil when
    /// nothing can be painted (a singular transform).
    static func make(_ paint: Paint, ctm: AffineTransform, alpha: Double) -> Shader? {
        switch paint {
        case .solid(let c):
            return Shader(kind: .solid(PixelBuffer.pack(c.premultiplied(alpha: alpha))), needsMask: false)
        case .linear(let g):
            guard let s = LinearShader(g, ctm: ctm, alpha: alpha) else { return nil }
            return Shader(kind: .linear(s), needsMask: !(g.extendStart && g.extendEnd) || s.degenerate)
        case .radial(let g):
            guard let s = RadialShader(g, ctm: ctm, alpha: alpha) else { return nil }
            return Shader(kind: .radial(s), needsMask: true)
        }
    }
}

/// t = ((u - start) . (end - start)) / |end - start|^2 with u the pixel centre
/// in gradient space; affine in device coordinates, so one multiply-add per pixel.
struct LinearShader {
    /// The ramp: `sample` (one word per row, when t does not change along
    /// rows) asks it for single entries.
    let gradient: Gradient
    let alpha: Double
    /// The whole table, taken once when t changes along rows (each pixel
    /// looks one up); nil otherwise, and `shade` asks the ramp (other
    /// blend modes shade row-constant gradients too).
    let table: [UInt32]?
    /// t = dtdx (px - sx) + dtdy (py - sy) at device point p, from the
    /// start's device point (sx, sy): relative to the start, so a gradient
    /// moved by whole pixels gives the same t at the same pixels (a canvas
    /// drawn once per sub-pixel phase and placed relies on it).
    let dtdx: Double, dtdy: Double, sx: Double, sy: Double
    let extendStart: Bool, extendEnd: Bool
    /// Start and end coincide: there is no direction, so nothing is painted
    /// (cairo and CG agree on painting nothing useful here).
    let degenerate: Bool

    init?(_ g: LinearGradient, ctm: AffineTransform, alpha: Double) {
        guard let inv = ctm.inverted else { return nil }
        let dx = g.end.x - g.start.x, dy = g.end.y - g.start.y
        let l2 = dx * dx + dy * dy
        gradient = g.gradient
        self.alpha = alpha
        extendStart = g.extendStart
        extendEnd = g.extendEnd
        degenerate = !(l2 > 0) || !l2.isFinite
        if degenerate {
            dtdx = 0; dtdy = 0; sx = 0; sy = 0
            table = nil
            return
        }
        // u = inv(p): u.x = a px + c py + tx, u.y = b px + d py + ty.
        dtdx = (inv.a * dx + inv.b * dy) / l2
        dtdy = (inv.c * dx + inv.d * dy) / l2
        let start = ctm.apply(g.start)
        (sx, sy) = (start.x, start.y)
        table = dtdx == 0 ? nil : gradient.table(alpha: alpha)
    }

    /// The word at row `y` when t does not depend on x.
    func sample(y: Int) -> (word: UInt32, painted: Bool) {
        if degenerate { return (0, false) }
        let t = dtdy * (Double(y) + 0.5 - sy)
        let painted = (t >= 0 || extendStart) && (t <= 1 || extendEnd) && !t.isNaN
        guard painted else { return (0, false) }
        let i = Int(Swift.min(Swift.max(t, 0), 1) * Double(Gradient.tableSize - 1) + 0.5)
        return (gradient.word(at: i, alpha: alpha), true)
    }

    @inline(__always)
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>, mask: UnsafeMutablePointer<UInt8>) {
        if degenerate {
            out.update(repeating: 0, count: count)
            mask.update(repeating: 0, count: count)
            return
        }
        var t = dtdx * (Double(x) + 0.5 - sx) + dtdy * (Double(y) + 0.5 - sy)
        let last = Double(Gradient.tableSize - 1)
        (table ?? gradient.table(alpha: alpha)).withUnsafeBufferPointer { lut in
            for n in 0..<count {
                let painted = (t >= 0 || extendStart) && (t <= 1 || extendEnd) && !t.isNaN
                mask[n] = painted ? 255 : 0
                let i = painted ? Int((Swift.min(Swift.max(t, 0), 1) * last + 0.5)) : 0
                out[n] = painted ? lut[i] : 0
                t += dtdx
            }
        }
    }
}

/// Per pixel, the largest t with r(t) >= 0 whose circle passes through the
/// pixel centre, among t in [0, 1] widened by the extensions.
struct RadialShader {
    let table: [UInt32]
    let inv: AffineTransform
    let c0: Point, r0: Double
    let cdx: Double, cdy: Double, dr: Double
    let a: Double
    let extendStart: Bool, extendEnd: Bool

    init?(_ g: RadialGradient, ctm: AffineTransform, alpha: Double) {
        guard let inv = ctm.inverted else { return nil }
        self.inv = inv
        table = g.gradient.table(alpha: alpha)
        c0 = g.start
        r0 = g.startRadius
        cdx = g.end.x - g.start.x
        cdy = g.end.y - g.start.y
        dr = g.endRadius - g.startRadius
        a = cdx * cdx + cdy * cdy - dr * dr
        extendStart = g.extendStart
        extendEnd = g.extendEnd
    }

    /// The t for gradient-space point (px, py), or nil where nothing is painted.
    @inline(__always)
    func parameter(_ px: Double, _ py: Double) -> Double? {
        let pdx = px - c0.x, pdy = py - c0.y
        let b = pdx * cdx + pdy * cdy + r0 * dr
        let c = pdx * pdx + pdy * pdy - r0 * r0
        @inline(__always) func allowed(_ t: Double) -> Bool {
            t.isFinite && r0 + t * dr >= 0 && (t >= 0 || extendStart) && (t <= 1 || extendEnd)
        }
        if abs(a) < 1e-12 * Swift.max(1, abs(b)) {
            // One circle family tangent to itself: a linear equation 2 b t = c.
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return allowed(t) ? t : nil
        }
        let disc = b * b - a * c
        guard disc >= 0 else { return nil }
        let root = disc.squareRoot()
        let t1 = (b + root) / a, t2 = (b - root) / a
        let hi = Swift.max(t1, t2), lo = Swift.min(t1, t2)
        if allowed(hi) { return hi }
        if allowed(lo) { return lo }
        return nil
    }

    @inline(__always)
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>, mask: UnsafeMutablePointer<UInt8>) {
        let py = Double(y) + 0.5
        var ux = inv.a * (Double(x) + 0.5) + inv.c * py + inv.tx
        var uy = inv.b * (Double(x) + 0.5) + inv.d * py + inv.ty
        let last = Double(Gradient.tableSize - 1)
        table.withUnsafeBufferPointer { lut in
            for n in 0..<count {
                if let t = parameter(ux, uy) {
                    mask[n] = 255
                    out[n] = lut[Int(Swift.min(Swift.max(t, 0), 1) * last + 0.5)]
                } else {
                    mask[n] = 0
                    out[n] = 0
                }
                ux += inv.a
                uy += inv.b
            }
        }
    }
}

/// Samples a premultiplied bitmap through `deviceToImage` (device pixel
/// centre to image coordinates, where pixel (i, j) of the image is the square
/// [i, i+1] x [j, j+1]) with bilinear filtering; samples past the edges take
/// the edge pixels (the shape's own coverage gives the anti-aliased border).
struct ImageShader {
    let source: PixelBuffer
    let deviceToImage: AffineTransform
    /// 0...255, applied to every sample.
    let alpha: UInt32
    /// The transform is a whole-pixel translation: samples are copies.
    let offset: (dx: Int, dy: Int)?

    init(source: PixelBuffer, deviceToImage t: AffineTransform, alpha: Double) {
        self.source = source
        deviceToImage = t
        self.alpha = UInt32((Swift.min(Swift.max(alpha, 0), 1) * 255).rounded())
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded(),
           abs(t.tx) < 1e9, abs(t.ty) < 1e9 {
            offset = (Int(t.tx), Int(t.ty))
        } else {
            offset = nil
        }
    }

    @inline(__always)
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let w = source.width, h = source.height
        let words = UnsafeRawPointer(source.data).assumingMemoryBound(to: UInt32.self)
        if let (dx, dy) = offset {
            // A copy of the row, its ends clamped to the image's edge
            // columns (as every sample is).
            let row = words + Swift.min(Swift.max(y + dy, 0), h - 1) * w
            let first = x + dx // image column of out[0]
            let before = Swift.max(0, Swift.min(count, -first)) // pixels left of the image
            let end = Swift.max(before, Swift.min(count, w - first)) // past the image's last column
            if before > 0 { out.update(repeating: row[0], count: before) }
            if end > before { (out + before).update(from: row + (first + before), count: end - before) }
            if count > end { (out + end).update(repeating: row[w - 1], count: count - end) }
        } else {
            let t = deviceToImage
            let py = Double(y) + 0.5
            // Image coordinates of the pixel centre, minus 0.5: the sample
            // grid's origin is the centre of image pixel (0, 0).
            var u = t.a * (Double(x) + 0.5) + t.c * py + t.tx - 0.5
            var v = t.b * (Double(x) + 0.5) + t.d * py + t.ty - 0.5
            let maxX = Double(w - 1), maxY = Double(h - 1)
            for n in 0..<count {
                let cu = u.isNaN ? 0 : Swift.min(Swift.max(u, 0), maxX)
                let cv = v.isNaN ? 0 : Swift.min(Swift.max(v, 0), maxY)
                let i0 = Int(cu), j0 = Int(cv)
                let i1 = Swift.min(i0 + 1, w - 1), j1 = Swift.min(j0 + 1, h - 1)
                let fx = UInt32((cu - Double(i0)) * 256 + 0.5), fy = UInt32((cv - Double(j0)) * 256 + 0.5)
                out[n] = Self.bilinear(words[j0 * w + i0], words[j0 * w + i1], words[j1 * w + i0], words[j1 * w + i1],
                                       fx: fx, fy: fy)
                u += t.a
                v += t.b
            }
        }
        if alpha != 255 { Composite.scale(out, count: count, by: alpha) }
    }

    /// Bilinear mix of four premultiplied words with 8-bit fractions (0...256).
    @inline(__always)
    static func bilinear(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, fx: UInt32, fy: UInt32) -> UInt32 {
        @inline(__always) func lerp(_ p: UInt32, _ q: UInt32, _ f: UInt32) -> (UInt32, UInt32) {
            // Two channels per lane pair, 8.8 fixed point: (p (256 - f) + q f).
            let g = 256 - f
            let rb = (p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f
            let ag = ((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f
            return (rb, ag)
        }
        let top = lerp(p00, p10, fx), bottom = lerp(p01, p11, fx)
        let g = UInt64(256 - fy), f = UInt64(fy)
        // Each lane now holds 16-bit values; mix the rows in 64-bit to keep headroom.
        @inline(__always) func mixLanes(_ a: UInt32, _ b: UInt32) -> UInt32 {
            let lo = (UInt64(a & 0xFFFF) * g + UInt64(b & 0xFFFF) * f + 32768) >> 16
            let hi = (UInt64(a >> 16) * g + UInt64(b >> 16) * f + 32768) >> 16
            return UInt32(lo) | UInt32(hi) << 16
        }
        let rb = mixLanes(top.0, bottom.0), ag = mixLanes(top.1, bottom.1)
        return (rb & 0x00FF_00FF) | ((ag & 0x00FF_00FF) << 8)
    }
}
