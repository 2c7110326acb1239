import CellGeometry
import CellRaster

/// Fills, strokes and clips as PDF path operators, in device pixels.
extension PDFContent {
    /// A path filled by `rule` with `paint`, its alpha times `alpha`.
    mutating func fill(_ path: Path, rule: FillRule, paint: OpPaint, alpha: Double, blend: BlendMode) -> String {
        let d = Self.pathData(path)
        guard !d.isEmpty else { return "" }
        switch paint.paint {
        case .solid(let c):
            return "q " + gs(alpha: c.a * alpha, blend: blend) + Self.fillColor(c) + " " + d +
                (rule == .evenodd ? " f*" : " f") + " Q\n"
        case .linear, .radial:
            return "q " + d + (rule == .evenodd ? " W* n " : " W n ") + shade(paint, alpha: alpha, blend: blend) + " Q\n"
        }
    }

    /// A stroke, natively (`w J j M d S` in its user space) for a solid
    /// paint; a gradient's is the outline the engine's stroker makes, filled.
    /// A width of 0 is a hairline of one device pixel, written in device space.
    mutating func stroke(_ device: Path, transform: AffineTransform, strokeStyle s: StrokeStyle,
                         paint: OpPaint, alpha: Double, blend: BlendMode) -> String {
        guard case .solid(let c) = paint.paint else {
            guard let outline = DisplayOp.strokeOutline(device, transform: transform, style: s) else { return "" }
            return fill(outline, rule: .nonzero, paint: paint, alpha: alpha, blend: blend)
        }
        var width = s.width, dashes = s.dashes, phase = s.dashPhase
        var m = transform
        var path = DisplayOp.userPath(device, transform: transform)
        if width == 0 {
            let k = transform.maxStretch
            (width, dashes, phase, m, path) = (1, s.dashes.map { $0 * k }, s.dashPhase * k, .identity, device)
        }
        let dashed = dashes.contains(where: { $0 > 0 })
        // PDF strokes a subpath of one point with round caps only; the
        // engine gives square caps a square there too: filled after.
        var dots: [Point] = []
        if s.cap == .square, !dashed { (path, dots) = path.splittingDots() }
        let d = Self.pathData(path, decimals: 4)
        guard !d.isEmpty || !dots.isEmpty else { return "" }
        var o = "q " + gs(alpha: c.a * alpha, blend: blend)
        o += Self.strokeColor(c) + " " + Self.cm(m)
        if !d.isEmpty {
            o += "\(Decimal.text(width, decimals: 4)) w "
            o += "\(s.cap == .butt ? 0 : s.cap == .round ? 1 : 2) J \(s.join == .miter ? 0 : s.join == .round ? 1 : 2) j "
            o += "\(Decimal.text(Swift.max(1, s.miterLimit))) M "
            if dashed {
                let list = (dashes.count % 2 == 1 ? dashes + dashes : dashes).map { Decimal.text($0, decimals: 4) }
                o += "[\(list.joined(separator: " "))] \(Decimal.text(phase, decimals: 4)) d "
            }
            o += d + " S "
        }
        if !dots.isEmpty {
            func n(_ v: Double) -> String { Decimal.text(v, decimals: 4) }
            o += Self.fillColor(c) + " "
            for p in dots { o += "\(n(p.x - width / 2)) \(n(p.y - width / 2)) \(n(width)) \(n(width)) re " }
            o += "f "
        }
        return o + "Q\n"
    }

    static func rect(_ r: Rect) -> String {
        "\(Decimal.text(r.x)) \(Decimal.text(r.y)) \(Decimal.text(r.width)) \(Decimal.text(r.height)) re"
    }

    static func fillColor(_ c: Color) -> String {
        "\(Decimal.text(c.r, decimals: 4)) \(Decimal.text(c.g, decimals: 4)) \(Decimal.text(c.b, decimals: 4)) rg"
    }

    static func strokeColor(_ c: Color) -> String {
        "\(Decimal.text(c.r, decimals: 4)) \(Decimal.text(c.g, decimals: 4)) \(Decimal.text(c.b, decimals: 4)) RG"
    }

    /// One clip as a clipping path (`W n`, `W* n`); an empty path clips all away.
    static func clipPath(_ c: ClipChain) -> String {
        let d = pathData(c.path)
        return (d.isEmpty ? "0 0 m h" : d) + (c.rule == .evenodd ? " W* n" : " W n")
    }

    /// A clip chain as clipping paths, for the caller's `q ... Q`.
    static func clips(_ clip: ClipChain?) -> String {
        guard let clip else { return "" }
        return clip.chain.map { clipPath($0) + " " }.joined()
    }

    /// `a b c d e f cm ` (with its space), nothing for the identity.
    static func cm(_ t: AffineTransform) -> String {
        if t == .identity { return "" }
        return [t.a, t.b, t.c, t.d].map { Decimal.text($0, decimals: 6) }.joined(separator: " ") + " " +
            Decimal.text(t.tx, decimals: 4) + " " + Decimal.text(t.ty, decimals: 4) + " cm "
    }

    static func pathData(_ path: Path, decimals: Int = 3) -> String {
        var s = ""
        s.reserveCapacity(path.elements.count * 16)
        var current = Point(0, 0), start = Point(0, 0)
        func pt(_ p: Point) { s += Decimal.point(p, decimals: decimals) }
        for e in path.elements {
            switch e {
            case .move(let p): pt(p); s += " m "; (current, start) = (p, p)
            case .line(let p): pt(p); s += " l "; current = p
            case .quad(let c, let p):
                // Raised to a cubic: control points 2/3 of the way to the quadratic's.
                let c1 = Point(current.x + 2 / 3 * (c.x - current.x), current.y + 2 / 3 * (c.y - current.y))
                let c2 = Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y))
                pt(c1); s += " "; pt(c2); s += " "; pt(p); s += " c "
                current = p
            case .cubic(let a, let b, let p): pt(a); s += " "; pt(b); s += " "; pt(p); s += " c "; current = p
            case .close: s += "h "; current = start // a quad after it starts there
            }
        }
        // No trailing space: operators follow after one.
        if s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
