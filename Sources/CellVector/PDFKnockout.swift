import CellGeometry
import CellRaster

/// The compositing modes that act on what is below as a mask (PDF has no
/// such blend modes): `clear`, `copy`, `destination_out`, `destination_in`.
enum Knockout {
    case clear, copy, destinationOut, destinationIn

    init?(_ mode: BlendMode) {
        switch mode {
        case .clear: self = .clear
        case .copy: self = .copy
        case .destinationOut: self = .destinationOut
        case .destinationIn: self = .destinationIn
        default: return nil
        }
    }

    /// The share of what is below taken away where the source, of alpha
    /// `a`, fully covers a pixel (the engine's modes act only within the
    /// source's coverage: at coverage k a pixel keeps 1 - k * share).
    func share(_ a: Double) -> Double {
        switch self {
        case .clear, .copy: return 1
        case .destinationOut: return a
        case .destinationIn: return 1 - a
        }
    }
}

extension PDFContent {
    /// A box holding any drawing: soft masks' groups are this large, so
    /// what lies outside the page still masks as it should in a form drawn
    /// scaled (a canvas' drawing).
    static let everywhere = Rect(x: -1e5, y: -1e5, width: 2e5, height: 2e5)

    /// `op` composited with `knockout`: everything drawn so far in the group
    /// becomes a transparency group drawn through a luminosity soft mask,
    /// white with `op`'s coverage darkened by the share it takes away
    /// (`darkness`), within `clip`; for `copy`, `op` is then drawn normally.
    /// No shadow is drawn for such an operation.
    mutating func knockOut(_ out: inout PDFGroupText, _ knockout: Knockout, op: DisplayOp,
                           clip: ClipChain?, surface: PDFSurface) {
        let before = out.closed()
        out = PDFGroupText()
        if !before.isEmpty {
            let content = form(before, bbox: surface.pixels, isolated: true)
            let maskContent = "q 1 g \(Self.rect(Self.everywhere)) f Q\nq " + Self.clips(clip) +
                darkness(op, knockout, surface: surface) + "Q\n"
            let mask = form(maskContent, bbox: Self.everywhere, isolated: false)
            let smask = "<< /Type /Mask /S /Luminosity /G \(xobjects[mask]!) 0 R >>"
            out.text = "q " + gs(alpha: 1, blend: .normal, softMask: smask) + "/\(content) Do Q\n"
        }
        if knockout == .copy, var style = op.compositingStyle {
            style.blendMode = .normal
            out.clip(to: clip)
            out.text += draw(op, style: style, surface: surface)
        }
    }

    /// The mask's dark part: black where `op` takes away what is below, as
    /// much as it does. Fills and strokes are themselves in black, their
    /// alpha the share taken; an image, a drawn canvas or a layer is its
    /// area (a layer's is its clip: the engine composites all of it) in
    /// black, lightened or darkened through a soft mask of its own alpha.
    mutating func darkness(_ op: DisplayOp, _ knockout: Knockout, surface: PDFSurface) -> String {
        func erasing(_ paint: OpPaint, alpha: Double) -> OpPaint {
            var p = paint
            if knockout == .clear || knockout == .copy {
                p.paint = .solid(Color(r: 0, g: 0, b: 0, a: 1))
                return p
            }
            switch paint.paint {
            case .solid(let c): p.paint = .solid(Color(r: 0, g: 0, b: 0, a: knockout.share(c.a * alpha)))
            case .linear(var g): g.gradient = Self.black(g.gradient, { knockout.share($0 * alpha) }); p.paint = .linear(g)
            case .radial(var g): g.gradient = Self.black(g.gradient, { knockout.share($0 * alpha) }); p.paint = .radial(g)
            }
            return p
        }
        switch op {
        case .clear(let path, _, _):
            let d = Self.pathData(path)
            return d.isEmpty ? "" : "0 g \(d) f "
        case .fill(let path, let rule, let paint, let style):
            return fill(path, rule: rule, paint: erasing(paint, alpha: style.alpha), alpha: 1, blend: .normal)
        case .stroke(let device, let transform, let strokeStyle, let paint, let style):
            return stroke(device, transform: transform, strokeStyle: strokeStyle,
                          paint: erasing(paint, alpha: style.alpha), alpha: 1, blend: .normal)
        case .image(_, let r, let transform, let style), .canvas(_, let r, let transform, let style):
            var shape = Path()
            shape.addRect(r)
            return area(Self.pathData(shape.transformed(by: transform)), of: op, style: style, knockout, surface: surface)
        case .layer(_, let style, _, _, _):
            return area(Self.rect(surface.pixels), of: op, style: style, knockout, surface: surface)
        case .glyphs, .fillRect, .paint, .background, .beginGroup, .endGroup:
            return ""
        }
    }

    /// `shape` (an image's or a layer's area) in black for `clear` and
    /// `copy`; for `destination_out`, black through the operation's alpha;
    /// for `destination_in`, black, then white through its alpha.
    private mutating func area(_ shape: String, of op: DisplayOp, style: OpStyle, _ knockout: Knockout,
                               surface: PDFSurface) -> String {
        switch knockout {
        case .clear, .copy:
            return "0 g \(shape) f "
        case .destinationOut:
            return "q \(alphaMask(op, style: style, surface: surface))0 g \(shape) f Q "
        case .destinationIn:
            return "0 g \(shape) f q \(alphaMask(op, style: style, surface: surface))1 g \(shape) f Q "
        }
    }

    /// `/Name gs` for a soft mask of `op`'s alpha (drawn with its style's
    /// alpha, unclipped).
    private mutating func alphaMask(_ op: DisplayOp, style: OpStyle, surface: PDFSurface) -> String {
        let plain = OpStyle(alpha: style.alpha, blendMode: .normal, shadow: nil, clip: nil, antialias: style.antialias)
        let group = form(draw(op, style: plain, surface: surface), bbox: Self.everywhere, isolated: true)
        return gs(alpha: 1, blend: .normal, softMask: "<< /Type /Mask /S /Alpha /G \(xobjects[group]!) 0 R >>")
    }

    /// The gradient in black, each stop's alpha through `alpha`.
    static func black(_ g: Gradient, _ alpha: (Double) -> Double) -> Gradient {
        (try? Gradient(stops: g.stops.map {
            Gradient.Stop(location: $0.location, color: Color(r: 0, g: 0, b: 0, a: alpha($0.color.a)))
        })) ?? g
    }
}

extension DisplayOp {
    /// The style of an operation that composites with one.
    var compositingStyle: OpStyle? {
        switch self {
        case .fill(_, _, _, let s), .fillRect(_, _, let s), .paint(_, let s), .stroke(_, _, _, _, let s),
             .image(_, _, _, let s), .glyphs(_, _, _, let s, _), .canvas(_, _, _, let s), .layer(_, let s, _, _, _):
            return s
        case .clear, .background, .beginGroup, .endGroup:
            return nil
        }
    }
}
