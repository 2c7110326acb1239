import CellGeometry
import CellImage
import CellRaster

/// A recording canvas' drawing as a one-page PDF 1.4 (the page the canvas'
/// size in points): paths filled by their rule, strokes with their width,
/// joins, caps and dashes, gradients as shadings with their extents, clips,
/// transparency layers as transparency groups with their alpha and blend
/// mode (PDF has all sixteen separable and non-separable modes), knockouts
/// (`clear`, `copy`, `destination_in`, `destination_out`) as soft masks,
/// images as compressed image objects with their alpha as a soft mask.
/// PDF has no shadows: each is drawn by the engine alone (the shape moved
/// off the page, its shadow moved back) and placed as an image under the
/// shape, which stays vector. A drawing holding what PDF cannot say
/// (`Recording.needsPixels`) is placed as its pixels: the whole page, or
/// only the layer that needs it.
///
/// Inside the page, after a transform that flips y and scales by
/// 1 / scale, everything is written in the canvas' device pixels, as the
/// recording holds it. Same drawing, same bytes.
public enum PDFWriter {
    public static func pdf(of canvas: Canvas) throws -> [UInt8] {
        guard let recording = canvas.recording else {
            throw VectorError.notRecorded("this canvas does not keep its drawing, so it cannot be written as PDF")
        }
        var writer = PDFContent(scale: canvas.scale, page: Rect(x: 0, y: 0, width: Double(canvas.pixelWidth),
                                                                height: Double(canvas.pixelHeight)))
        let body: String
        if recording.needsPixels {
            body = writer.image(canvas.buffer, placed: .identity)
        } else {
            body = writer.group(recording.operations, page: writer.page)
        }
        let w = Decimal.text(canvas.width), h = Decimal.text(canvas.height)
        let s = Decimal.text(1 / canvas.scale, decimals: 9)
        let content = "1 0 0 -1 0 \(h) cm \(s) 0 0 \(s) 0 0 cm\n" + body
        return writer.finish(content: content, mediaBox: "[0 0 \(w) \(h)]")
    }
}

/// The page's content and the objects it refers to.
struct PDFContent {
    let scale: Double
    /// The canvas' pixels, the page in device space.
    let page: Rect
    var doc = PDFDocument()
    /// The one resource dictionary every content stream shares (its object
    /// number is reserved first, its body written last).
    let resources: Int
    private var graphicsStates: [String: String] = [:]
    private var graphicsStateNames: [String: String] = [:]
    private var xobjects: [String: Int] = [:]
    private var shadings: [String: Int] = [:]
    private var images = DefinedOnce()
    private var canvases = DefinedOnce()
    private var next = 0

    init(scale: Double, page: Rect) {
        self.scale = scale
        self.page = page
        resources = doc.reserve()
    }

    private mutating func newName(_ prefix: String) -> String {
        next += 1
        return prefix + String(next)
    }

    mutating func finish(content: String, mediaBox: String) -> [UInt8] {
        let contents = doc.addStream(dictionary: "", data: Array(content.utf8))
        func dict(_ entries: [String: Int]) -> String {
            "<< " + entries.keys.sorted().map { "/\($0) \(entries[$0]!) 0 R" }.joined(separator: " ") + " >>"
        }
        var gs = "<< "
        for key in graphicsStates.keys.sorted() { gs += "/\(key) \(graphicsStates[key]!) " }
        gs += ">>"
        doc.set(resources, "<< /ExtGState \(gs) /XObject \(dict(xobjects)) /Shading \(dict(shadings)) >>")
        let pages = doc.reserve()
        let pageObject = doc.add("<< /Type /Page /Parent \(pages) 0 R /MediaBox \(mediaBox) /Resources \(resources) 0 R " +
                                 "/Contents \(contents) 0 R /Group << /S /Transparency /CS /DeviceRGB >> >>")
        doc.set(pages, "<< /Type /Pages /Kids [\(pageObject) 0 R] /Count 1 >>")
        let catalog = doc.add("<< /Type /Catalog /Pages \(pages) 0 R >>")
        return doc.bytes(root: catalog)
    }

    // MARK: groups

    /// The content of one group (the page, a layer, a canvas drawn) in
    /// device pixels; `page` is its surface.
    mutating func group(_ ops: [RecordedOperation], page: Rect) -> String {
        var out = ""
        for recorded in ops {
            switch recorded.expandingGlyphs {
            case .glyphs:
                break // made a fill by `expandingGlyphs`
            case .background(let color):
                out = "q \(fillColor(color)) \(gs(alpha: color.a, blend: .normal)) \(rect(page)) f Q\n"
            case .clear(let path, let clip, _):
                mask(&out, page: page, shape: path, rule: .nonzero, clip: clip, paint: nil, factor: { _ in 1 })
            case .fill(let path, let rule, let paint, let style):
                switch style.blendMode {
                case .clear:
                    mask(&out, page: page, shape: path, rule: rule, clip: style.clip, paint: nil, factor: { _ in 1 })
                case .copy:
                    mask(&out, page: page, shape: path, rule: rule, clip: style.clip, paint: nil, factor: { _ in 1 })
                    var normal = style
                    normal.blendMode = .normal
                    out += fill(path, rule: rule, paint: paint, style: normal)
                case .destinationOut:
                    mask(&out, page: page, shape: path, rule: rule, clip: style.clip, paint: paint,
                         factor: { $0 * style.alpha })
                case .destinationIn:
                    mask(&out, page: page, shape: path, rule: rule, clip: style.clip, paint: paint,
                         factor: { 1 - $0 * style.alpha })
                default:
                    out += shadow(recorded, style: style)
                    out += fill(path, rule: rule, paint: paint, style: style)
                }
            case .stroke(let device, let transform, let strokeStyle, let paint, let style):
                out += shadow(recorded, style: style)
                out += stroke(device, transform: transform, strokeStyle: strokeStyle, paint: paint, style: style)
            case .image(let buffer, let r, let transform, let style):
                out += shadow(recorded, style: style)
                let placed = AffineTransform(a: r.width / Double(buffer.width), b: 0, c: 0,
                                             d: r.height / Double(buffer.height), tx: r.x, ty: r.y)
                    .concatenating(transform)
                out += "q " + clips(style.clip) + gs(alpha: style.alpha, blend: style.blendMode) + " " +
                    image(buffer, placed: placed) + "Q\n"
            case .canvas(let drawn, let r, let transform, let style):
                out += shadow(recorded, style: style)
                let placed = drawn.placement(onto: r, under: transform)
                out += "q " + clips(style.clip) + gs(alpha: style.alpha, blend: style.blendMode) + " " +
                    Self.cm(placed) + " /\(canvasForm(drawn)) Do Q\n"
            case .layer(let recording, let style, let pixels, let origin):
                out += shadow(recorded, style: style)
                let inside: String
                if let pixels, recording.needsPixels {
                    inside = image(pixels, placed: .translation(Double(origin.x), Double(origin.y)))
                } else {
                    inside = group(recording.operations, page: page)
                }
                let name = form(inside, bbox: page, isolated: true)
                out += "q " + clips(style.clip) + gs(alpha: style.alpha, blend: style.blendMode) + " /\(name) Do Q\n"
            }
        }
        return out
    }

    // MARK: shapes

    private mutating func fill(_ path: Path, rule: FillRule, paint: RecordedPaint, style: RecordedStyle) -> String {
        let d = Self.pathData(path)
        guard !d.isEmpty else { return "" }
        switch paint.paint {
        case .solid(let c):
            return "q " + clips(style.clip) + gs(alpha: c.a * style.alpha, blend: style.blendMode) + " " +
                fillColor(c) + " " + d + (rule == .evenodd ? " f*" : " f") + " Q\n"
        case .linear, .radial:
            return "q " + clips(style.clip) + d + (rule == .evenodd ? " W* n " : " W n ") +
                shade(paint, alpha: style.alpha, blend: style.blendMode) + " Q\n"
        }
    }

    private mutating func stroke(_ device: Path, transform: AffineTransform, strokeStyle s: StrokeStyle,
                                 paint: RecordedPaint, style: RecordedStyle) -> String {
        if case .solid(let c) = paint.paint {
            var width = s.width, dashes = s.dashes, phase = s.dashPhase
            var m = transform
            var path = RecordedOperation.userPath(device, transform: transform)
            if width == 0 {
                // A hairline: one device pixel, written in device space.
                let k = transform.maxStretch
                (width, dashes, phase, m, path) = (1, s.dashes.map { $0 * k }, s.dashPhase * k, .identity, device)
            }
            var o = "q " + clips(style.clip) + gs(alpha: c.a * style.alpha, blend: style.blendMode) + " "
            o += strokeColor(c) + " " + Self.cm(m) + " \(Decimal.text(width, decimals: 4)) w "
            o += "\(s.cap == .butt ? 0 : s.cap == .round ? 1 : 2) J \(s.join == .miter ? 0 : s.join == .round ? 1 : 2) j "
            o += "\(Decimal.text(Swift.max(1, s.miterLimit))) M "
            if !dashes.isEmpty, dashes.contains(where: { $0 > 0 }) {
                let list = (dashes.count % 2 == 1 ? dashes + dashes : dashes).map { Decimal.text($0, decimals: 4) }
                o += "[\(list.joined(separator: " "))] \(Decimal.text(phase, decimals: 4)) d "
            }
            return o + Self.pathData(path, decimals: 4) + " S Q\n"
        }
        // A gradient stroke: its outline (the engine's stroker) filled with the gradient.
        var hairline = s
        var user = RecordedOperation.userPath(device, transform: transform)
        var toDevice = transform
        if s.width == 0 {
            hairline.width = 1
            (user, toDevice) = (device, .identity)
        }
        let tolerance = 0.05 / Swift.max(toDevice.maxStretch, 1e-12)
        guard let outline = try? Stroker.stroke(user, style: hairline, tolerance: tolerance) else { return "" }
        return fill(outline.transformed(by: toDevice), rule: .nonzero, paint: paint, style: style)
    }

    private func rect(_ r: Rect) -> String {
        "\(Decimal.text(r.x)) \(Decimal.text(r.y)) \(Decimal.text(r.width)) \(Decimal.text(r.height)) re"
    }

    private func fillColor(_ c: Color) -> String {
        "\(Decimal.text(c.r, decimals: 4)) \(Decimal.text(c.g, decimals: 4)) \(Decimal.text(c.b, decimals: 4)) rg"
    }

    private func strokeColor(_ c: Color) -> String {
        "\(Decimal.text(c.r, decimals: 4)) \(Decimal.text(c.g, decimals: 4)) \(Decimal.text(c.b, decimals: 4)) RG"
    }

    /// The clip chain as clipping paths (inside the operation's own q/Q).
    private func clips(_ clip: RecordedClip?) -> String {
        guard let clip else { return "" }
        var s = ""
        for c in clip.chain {
            let d = Self.pathData(c.path)
            s += (d.isEmpty ? "0 0 m h" : d) + (c.rule == .evenodd ? " W* n " : " W n ")
        }
        return s
    }

    // MARK: graphics states, shadings, masks

    /// `/Name gs` for alpha and a blend mode (one object per distinct pair).
    private mutating func gs(alpha: Double, blend: BlendMode, softMask: String? = nil) -> String {
        let a = Decimal.text(Swift.min(Swift.max(alpha, 0), 1), decimals: 4)
        let bm = Self.pdfBlendName(blend)
        // /SA false: no stroke adjustment (renderers would snap thin lines to whole pixels).
        var body = "<< /ca \(a) /CA \(a) /BM /\(bm) /SA false"
        if let softMask { body += " /SMask \(softMask)" } else { body += " /SMask /None" }
        body += " >>"
        if let name = graphicsStateNames[body] { return "/\(name) gs" }
        let name = "G\(graphicsStates.count + 1)"
        graphicsStates[name] = body
        graphicsStateNames[body] = name
        return "/\(name) gs"
    }

    static func pdfBlendName(_ mode: BlendMode) -> String {
        guard let w3c = mode.w3cName else { return "Normal" }
        return w3c.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Paints the clip (set by the caller) with a gradient: the shading in
    /// the paint's user space, its alpha (stops' alpha times `alpha`) as a
    /// constant or, where the stops' alphas differ, a soft mask of the same
    /// shading in gray.
    private mutating func shade(_ paint: RecordedPaint, alpha: Double, blend: BlendMode) -> String {
        guard let stops = Self.stops(of: paint.paint) else { return "" }
        let alphas = stops.map(\.color.a)
        let color = shading(paint.paint, stops: stops, gray: false)
        if alphas.allSatisfy({ $0 == alphas[0] }) {
            return gs(alpha: alpha * alphas[0], blend: blend) + " " + Self.cm(paint.transform) + " /\(color) sh"
        }
        let gray = shading(paint.paint, stops: stops, gray: true)
        let maskForm = form("q " + Self.cm(paint.transform) + " /\(gray) sh Q\n", bbox: page, isolated: false,
                            colorSpace: "/DeviceGray")
        let mask = "<< /Type /Mask /S /Luminosity /G \(xobjects[maskForm]!) 0 R >>"
        return gs(alpha: alpha, blend: blend, softMask: mask) + " " + Self.cm(paint.transform) + " /\(color) sh"
    }

    private static func stops(of paint: Paint) -> [Gradient.Stop]? {
        switch paint {
        case .solid: return nil
        case .linear(let g): return g.gradient.stops
        case .radial(let g): return g.gradient.stops
        }
    }

    /// A shading object for a gradient paint (colors, or with `gray` its
    /// alphas), named once per distinct description.
    private mutating func shading(_ paint: Paint, stops: [Gradient.Stop], gray: Bool) -> String {
        let function = Self.function(stops, gray: gray)
        let space = gray ? "/DeviceGray" : "/DeviceRGB"
        let body: String
        switch paint {
        case .solid:
            return ""
        case .linear(let g):
            body = "<< /ShadingType 2 /ColorSpace \(space) /Coords [\(Decimal.text(g.start.x, decimals: 4)) " +
                "\(Decimal.text(g.start.y, decimals: 4)) \(Decimal.text(g.end.x, decimals: 4)) \(Decimal.text(g.end.y, decimals: 4))] " +
                "/Function \(function) /Extend [\(g.extendStart) \(g.extendEnd)] >>"
        case .radial(let g):
            body = "<< /ShadingType 3 /ColorSpace \(space) /Coords [\(Decimal.text(g.start.x, decimals: 4)) " +
                "\(Decimal.text(g.start.y, decimals: 4)) \(Decimal.text(g.startRadius, decimals: 4)) " +
                "\(Decimal.text(g.end.x, decimals: 4)) \(Decimal.text(g.end.y, decimals: 4)) \(Decimal.text(g.endRadius, decimals: 4))] " +
                "/Function \(function) /Extend [\(g.extendStart) \(g.extendEnd)] >>"
        }
        if let known = shadingNames[body] { return known }
        let name = "Sh\(shadings.count + 1)"
        shadings[name] = doc.add(body)
        shadingNames[body] = name
        return name
    }
    private var shadingNames: [String: String] = [:]

    /// The stops as a PDF function of t in 0...1: a stitching of linear
    /// pieces, holding the first color before the first stop and the last
    /// after the last, as the engine does.
    private static func function(_ stops: [Gradient.Stop], gray: Bool) -> String {
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

    /// Masks everything drawn so far in the group with 1 - k * f (k the
    /// shape's coverage within its clip, f `factor` of the paint's alpha;
    /// 1 for `clear`): the content so far becomes a transparency group drawn
    /// through a luminosity soft mask of white with the shape in black.
    private mutating func mask(_ out: inout String, page: Rect, shape: Path, rule: FillRule, clip: RecordedClip?,
                               paint: RecordedPaint?, factor: (Double) -> Double) {
        guard !out.isEmpty else { return }
        let content = form(out, bbox: page, isolated: true)
        var black = "q 1 g \(rect(Rect(x: -1e5, y: -1e5, width: 2e5, height: 2e5))) f Q\nq " + clips(clip)
        let d = Self.pathData(shape)
        if let paint, case .solid(let c) = paint.paint {
            black += gs(alpha: factor(c.a), blend: .normal) + " 0 g " + d + (rule == .evenodd ? " f*" : " f")
        } else if let paint {
            // A gradient's alphas: the black shape through the gradient's
            // alpha shading (only its alphas matter here).
            var p = paint
            func darken(_ g: Gradient) -> Gradient {
                (try? Gradient(stops: g.stops.map {
                    Gradient.Stop(location: $0.location, color: Color(r: 0, g: 0, b: 0, a: factor($0.color.a)))
                })) ?? g
            }
            switch paint.paint {
            case .linear(var g): g.gradient = darken(g.gradient); p.paint = .linear(g)
            case .radial(var g): g.gradient = darken(g.gradient); p.paint = .radial(g)
            case .solid: break
            }
            black += d + (rule == .evenodd ? " W* n " : " W n ") + shade(p, alpha: 1, blend: .normal)
        } else {
            black += "0 g " + d + (rule == .evenodd ? " f*" : " f")
        }
        black += " Q\n"
        let maskForm = form(black, bbox: Rect(x: -1e5, y: -1e5, width: 2e5, height: 2e5), isolated: false,
                            colorSpace: "/DeviceRGB")
        let smask = "<< /Type /Mask /S /Luminosity /G \(xobjects[maskForm]!) 0 R >>"
        out = "q " + gs(alpha: 1, blend: .normal, softMask: smask) + " /\(content) Do Q\n"
    }

    /// A form XObject holding `content`, as a transparency group.
    private mutating func form(_ content: String, bbox: Rect, isolated: Bool, colorSpace: String = "/DeviceRGB") -> String {
        let name = newName("Fm")
        let box = "[\(Decimal.text(bbox.x)) \(Decimal.text(bbox.y)) \(Decimal.text(bbox.x + bbox.width)) \(Decimal.text(bbox.y + bbox.height))]"
        xobjects[name] = doc.addStream(
            dictionary: "/Type /XObject /Subtype /Form /BBox \(box) /Resources \(resources) 0 R " +
                "/Group << /S /Transparency /CS \(colorSpace)\(isolated ? " /I true" : "") >>",
            data: Array(content.utf8))
        return name
    }

    /// A canvas drawn as a layer: its drawing as a form, defined once.
    private mutating func canvasForm(_ drawn: RecordedCanvas) -> String {
        if let known = canvases.name(of: drawn) { return known }
        let (sx, sy) = drawn.transform.axisScales
        let own = Rect(x: 0, y: 0, width: drawn.width * sx, height: drawn.height * sy)
        let content = drawn.pixels.map { image($0, placed: .identity) } ?? group(drawn.recording.operations, page: own)
        let name = form(content, bbox: own, isolated: true)
        canvases.remember(drawn, as: name)
        return name
    }

    // MARK: images

    /// `buffer` as an image object (once), placed by `placed` (its pixels
    /// to device pixels): `q ... Do Q`.
    mutating func image(_ buffer: PixelBuffer, placed: AffineTransform) -> String {
        let name: String
        if let known = images.name(of: buffer) {
            name = known
        } else {
            name = newName("Im")
            images.remember(buffer, as: name)
            let (rgba, opaque) = buffer.straightRGBAAndOpacity()
            let n = buffer.width * buffer.height
            var rgb = [UInt8](repeating: 0, count: n * 3)
            var alpha = [UInt8](repeating: 0, count: opaque ? 0 : n)
            for i in 0..<n {
                rgb[3 * i] = rgba[4 * i]
                rgb[3 * i + 1] = rgba[4 * i + 1]
                rgb[3 * i + 2] = rgba[4 * i + 2]
                if !opaque { alpha[i] = rgba[4 * i + 3] }
            }
            // Smoothed when scaled (as the engine draws images); pixels
            // placed one to one (a layer's, a shadow's) stay as they are.
            let interpolate = placed.isRectilinear && abs(placed.a) == 1 && abs(placed.d) == 1 ? "" : " /Interpolate true"
            var dict = "/Type /XObject /Subtype /Image /Width \(buffer.width) /Height \(buffer.height) " +
                "/ColorSpace /DeviceRGB /BitsPerComponent 8" + interpolate
            if !opaque {
                let mask = doc.addStream(dictionary: "/Type /XObject /Subtype /Image /Width \(buffer.width) " +
                                         "/Height \(buffer.height) /ColorSpace /DeviceGray /BitsPerComponent 8" + interpolate,
                                         data: alpha)
                dict += " /SMask \(mask) 0 R"
            }
            xobjects[name] = doc.addStream(dictionary: dict, data: rgb)
        }
        // The unit square, top row first, onto the image's pixels, then placed.
        let unit = AffineTransform(a: Double(buffer.width), b: 0, c: 0, d: -Double(buffer.height), tx: 0,
                                   ty: Double(buffer.height)).concatenating(placed)
        return "q " + Self.cm(unit) + " /\(name) Do Q\n"
    }

    /// The shadow an operation casts, as an image of the shadow alone (the
    /// engine draws the operation far off a page of its own, its shadow
    /// offset back onto it), under the operation's clip and blend mode.
    private mutating func shadow(_ op: RecordedOperation, style: RecordedStyle) -> String {
        guard let shadow = style.shadow, shadow.color.a > 0,
              let canvas = try? Canvas(width: page.width / scale, height: page.height / scale, scale: scale,
                                       parallelism: 1) else { return "" }
        // Far enough that no part of the shape or its blur lands on the page.
        let away = (page.width + 4 * shadow.blur * scale + 64).rounded()
        var moved = shadow
        moved.dx -= away / scale
        var unclipped = style
        unclipped.clip = nil
        unclipped.shadow = moved
        unclipped.blendMode = .normal
        let replay = Replay(canvas: canvas, placement: .translation(away, 0))
        switch op.expandingGlyphs {
        case .fill(let p, let r, let paint, _): replay.draw(.fill(p, r, paint, unclipped))
        case .stroke(let p, let t, let s, let paint, _): replay.draw(.stroke(p, transform: t, style: s, paint, unclipped))
        case .image(let b, let r, let t, _): replay.draw(.image(b, rect: r, transform: t, unclipped))
        case .canvas(let c, let r, let t, _): replay.draw(.canvas(c, rect: r, transform: t, unclipped))
        case .layer(let rec, _, let px, let o): replay.draw(.layer(rec, unclipped, pixels: px, origin: o))
        default: return ""
        }
        guard let (pixels, x, y) = Self.cropped(canvas.buffer) else { return "" }
        return "q " + clips(style.clip) + gs(alpha: 1, blend: style.blendMode) + " " +
            image(pixels, placed: .translation(Double(x), Double(y))) + "Q\n"
    }

    /// The smallest part of `buffer` holding every pixel that is not
    /// transparent, and where it was; nil when all are.
    private static func cropped(_ buffer: PixelBuffer) -> (PixelBuffer, Int, Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<buffer.height {
            let row = buffer.data + y * buffer.stride
            for x in 0..<buffer.width where row[4 * x + 3] != 0 {
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
            }
        }
        guard x1 >= 0 else { return nil }
        let out = PixelBuffer(width: x1 - x0 + 1, height: y1 - y0 + 1)
        for y in y0...y1 {
            (out.data + (y - y0) * out.stride).update(from: buffer.data + y * buffer.stride + 4 * x0, count: out.stride)
        }
        return (out, x0, y0)
    }

    // MARK: text of paths and transforms

    static func cm(_ t: AffineTransform) -> String {
        if t == .identity { return "" }
        return [t.a, t.b, t.c, t.d].map { Decimal.text($0, decimals: 6) }.joined(separator: " ") + " " +
            Decimal.text(t.tx, decimals: 4) + " " + Decimal.text(t.ty, decimals: 4) + " cm"
    }

    static func pathData(_ path: Path, decimals: Int = 3) -> String {
        var s = ""
        s.reserveCapacity(path.elements.count * 16)
        var current = Point(0, 0)
        func pt(_ p: Point) {
            s += Decimal.text(p.x, decimals: decimals)
            s += " "
            s += Decimal.text(p.y, decimals: decimals)
        }
        for e in path.elements {
            switch e {
            case .move(let p): pt(p); s += " m "; current = p
            case .line(let p): pt(p); s += " l "; current = p
            case .quad(let c, let p):
                // Raised to a cubic: control points 2/3 of the way to the quadratic's.
                let c1 = Point(current.x + 2 / 3 * (c.x - current.x), current.y + 2 / 3 * (c.y - current.y))
                let c2 = Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y))
                pt(c1); s += " "; pt(c2); s += " "; pt(p); s += " c "
                current = p
            case .cubic(let a, let b, let p): pt(a); s += " "; pt(b); s += " "; pt(p); s += " c "; current = p
            case .close: s += "h "
            }
        }
        return s
    }
}
