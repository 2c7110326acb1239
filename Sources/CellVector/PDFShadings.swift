import CellGeometry
import CellRaster

/// Graphics states (alpha, blend mode, soft mask) and gradients as shadings.
extension PDFContent {
    /// `/Name gs ` for alpha, a blend mode and a soft mask (one object per
    /// distinct state); nothing for alpha 1, `normal` and no mask, the state
    /// every group starts in (PDF resets alpha, blend mode and soft mask
    /// when a transparency group begins, and each operation is in its own
    /// `q ... Q`).
    mutating func gs(alpha: Double, blend: BlendMode, softMask: String? = nil) -> String {
        let a = Decimal.text(Swift.min(Swift.max(alpha, 0), 1), decimals: 4)
        let bm = Self.pdfBlendName(blend)
        if a == "1", bm == "Normal", softMask == nil { return "" }
        // /SA false: no stroke adjustment (renderers would snap thin lines to whole pixels).
        var body = "<< /ca \(a) /CA \(a) /BM /\(bm) /SA false"
        if let softMask { body += " /SMask \(softMask)" } else { body += " /SMask /None" }
        body += " >>"
        if let name = graphicsStateNames[body] { return "/\(name) gs " }
        let name = "G\(graphicsStates.count + 1)"
        graphicsStates[name] = body
        graphicsStateNames[body] = name
        return "/\(name) gs "
    }

    static func pdfBlendName(_ mode: BlendMode) -> String {
        guard let w3c = mode.w3cName else { return "Normal" }
        return w3c.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Paints the clip (set by the caller) with a gradient: the shading in
    /// the paint's user space, its alpha (stops' alpha times `alpha`) as a
    /// constant or, where the stops' alphas differ, a soft mask of the same
    /// shading in gray.
    mutating func shade(_ paint: OpPaint, alpha: Double, blend: BlendMode) -> String {
        guard let stops = Self.stops(of: paint.paint) else { return "" }
        let alphas = stops.map(\.color.a)
        let color = shading(paint.paint, stops: stops, gray: false)
        if alphas.allSatisfy({ $0 == alphas[0] }) {
            return gs(alpha: alpha * alphas[0], blend: blend) + Self.cm(paint.transform) + "/\(color) sh"
        }
        let gray = shading(paint.paint, stops: stops, gray: true)
        let maskForm = form("q " + Self.cm(paint.transform) + "/\(gray) sh Q\n", bbox: Self.everywhere, isolated: false,
                            colorSpace: "/DeviceGray")
        let mask = "<< /Type /Mask /S /Luminosity /G \(xobjects[maskForm]!) 0 R >>"
        return gs(alpha: alpha, blend: blend, softMask: mask) + Self.cm(paint.transform) + "/\(color) sh"
    }

    static func stops(of paint: Paint) -> [Gradient.Stop]? {
        switch paint {
        case .solid: return nil
        case .linear(let g): return g.gradient.stops
        case .radial(let g): return g.gradient.stops
        }
    }

    /// A shading object for a gradient paint (colors, or with `gray` its
    /// alphas), named once per distinct description. Axial (type 2) and
    /// radial (type 3: PDF's is the same two-circle gradient) with /Extend
    /// from the gradient's.
    mutating func shading(_ paint: Paint, stops: [Gradient.Stop], gray: Bool) -> String {
        let function = Self.function(stops, gray: gray)
        let space = gray ? "/DeviceGray" : "/DeviceRGB"
        func n(_ v: Double) -> String { Decimal.text(v, decimals: 4) }
        let body: String
        switch paint {
        case .solid:
            return ""
        case .linear(let g):
            body = "<< /ShadingType 2 /ColorSpace \(space) /Coords [\(n(g.start.x)) \(n(g.start.y)) \(n(g.end.x)) " +
                "\(n(g.end.y))] /Function \(function) /Extend [\(g.extendStart) \(g.extendEnd)] >>"
        case .radial(let g):
            body = "<< /ShadingType 3 /ColorSpace \(space) /Coords [\(n(g.start.x)) \(n(g.start.y)) " +
                "\(n(g.startRadius)) \(n(g.end.x)) \(n(g.end.y)) \(n(g.endRadius))] " +
                "/Function \(function) /Extend [\(g.extendStart) \(g.extendEnd)] >>"
        }
        if let known = shadingNames[body] { return known }
        let name = "Sh\(shadings.count + 1)"
        shadings[name] = doc.add(body)
        shadingNames[body] = name
        return name
    }

    /// The stops as a PDF function of t in 0...1: a stitching (type 3) of
    /// linear pieces (type 2), one type 2 alone for two stops, holding the
    /// first color before the first stop and the last after the last, as
    /// the engine does. Colors are straight, interpolated as the engine does.
    static func function(_ stops: [Gradient.Stop], gray: Bool) -> String {
        func c(_ s: Gradient.Stop) -> String {
            gray ? Decimal.text(s.color.a, decimals: 4)
                : [s.color.r, s.color.g, s.color.b].map { Decimal.text($0, decimals: 4) }.joined(separator: " ")
        }
        func piece(_ a: Gradient.Stop, _ b: Gradient.Stop) -> String {
            "<< /FunctionType 2 /Domain [0 1] /C0 [\(c(a))] /C1 [\(c(b))] /N 1 >>"
        }
        var points = stops
        if let first = points.first, first.location > 0 { points.insert(Gradient.Stop(location: 0, color: first.color), at: 0) }
        if let last = points.last, last.location < 1 { points.append(Gradient.Stop(location: 1, color: last.color)) }
        guard points.count > 2 else { return piece(points[0], points[points.count - 1]) }
        var pieces: [String] = [], bounds: [String] = [], encode: [String] = []
        var previous = 0.0
        for i in 0..<(points.count - 1) {
            pieces.append(piece(points[i], points[i + 1]))
            encode.append("0 1")
            if i > 0 {
                // Bounds must increase: a hard step (two stops at one place) moves by a hair.
                let b = Swift.max(points[i].location, previous + 1e-6)
                bounds.append(Decimal.text(b, decimals: 6))
                previous = b
            }
        }
        return "<< /FunctionType 3 /Domain [0 1] /Functions [\(pieces.joined(separator: " "))] " +
            "/Bounds [\(bounds.joined(separator: " "))] /Encode [\(encode.joined(separator: " "))] >>"
    }
}
