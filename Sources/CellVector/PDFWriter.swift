import CellGeometry
import CellImage
import CellRaster

/// A canvas' display list as a one-page PDF 1.4 (the page the canvas'
/// size in points): paths filled by their rule, strokes with their width,
/// joins, caps and dashes, gradients as shadings with their extents, clips,
/// transparency layers as transparency groups with their alpha and blend
/// mode (PDF has all sixteen separable and non-separable modes), knockouts
/// (`clear`, `copy`, `destination_in`, `destination_out`, of any operation)
/// as soft masks, images as compressed image objects with their alpha as a
/// soft mask. PDF has no shadows: each is drawn by the engine alone (the
/// shape moved off the page, its shadow moved back) and placed as an image
/// under the shape, which stays vector. A drawing holding what PDF cannot
/// say (`DisplayList.needsPixels`) is placed as its pixels: the whole page,
/// or only the layer that needs it.
///
/// Inside the page, after a transform that flips y and scales by
/// 1 / scale, everything is written in the canvas' device pixels, as the
/// list holds it. Same drawing, same bytes.
public enum PDFWriter {
    public static func pdf(of canvas: Canvas) throws -> [UInt8] {
        try book([PDFPage(canvas)])
    }

    /// Several canvases as the pages of one PDF, in order, each page its
    /// canvas' size; pages with a title are bookmarked by it (the outline a
    /// viewer shows beside the pages). Objects the pages share (an image
    /// drawn on each) are written once.
    public static func book(_ pages: [PDFPage]) throws -> [UInt8] {
        var writer = PDFContent()
        var numbers: [Int] = []
        let tree = writer.doc.reserve()
        for page in pages {
            let canvas = page.canvas
            let list = canvas.displayList
            let surface = PDFSurface(pixels: Rect(x: 0, y: 0, width: Double(canvas.pixelWidth),
                                                  height: Double(canvas.pixelHeight)),
                                     scale: canvas.scale)
            let body = list.needsPixels ? writer.image(canvas.buffer, placed: .identity)
                : writer.group(list.operations, on: surface)
            let w = Decimal.text(canvas.width), h = Decimal.text(canvas.height)
            var content = "1 0 0 -1 0 \(h) cm"
            if canvas.scale != 1 {
                let s = Decimal.text(1 / canvas.scale, decimals: 9)
                content += " \(s) 0 0 \(s) 0 0 cm"
            }
            numbers.append(writer.addPage(content: content + "\n" + body, mediaBox: "[0 0 \(w) \(h)]", parent: tree))
        }
        return writer.finish(pages: numbers, tree: tree,
                             bookmarks: zip(numbers, pages).compactMap { n, p in p.title.map { (n, $0) } })
    }
}

/// One page of `PDFWriter.book`: a canvas, and the bookmark it gets.
public struct PDFPage {
    public let canvas: Canvas
    /// The page's bookmark (nil: none).
    public let title: String?

    public init(_ canvas: Canvas, title: String? = nil) {
        self.canvas = canvas
        self.title = title
    }
}

/// Where a group draws: the page, a layer (the page's pixels), a canvas
/// drawn (its own pixels).
struct PDFSurface {
    /// Its pixels: the device space of its operations.
    let pixels: Rect
    /// Its pixels per point (a shadow's offset and blur are in points).
    let scale: Double
}

/// The page's content and the objects it refers to.
struct PDFContent {
    var doc = PDFDocument()
    /// The one resource dictionary every content stream shares (its object
    /// number is reserved first, its body written last).
    let resources: Int
    var graphicsStates: [String: String] = [:]
    var graphicsStateNames: [String: String] = [:]
    var xobjects: [String: Int] = [:]
    var shadings: [String: Int] = [:]
    var shadingNames: [String: String] = [:]
    var images = DefinedOnce()
    var canvases = DefinedOnce()
    private var next = 0

    init() {
        resources = doc.reserve()
    }

    mutating func newName(_ prefix: String) -> String {
        next += 1
        return prefix + String(next)
    }

    /// A page drawing `content`, child of the page tree `parent`; its number.
    mutating func addPage(content: String, mediaBox: String, parent: Int) -> Int {
        let contents = doc.addStream(dictionary: "", data: Array(content.utf8))
        return doc.add("<< /Type /Page /Parent \(parent) 0 R /MediaBox \(mediaBox) /Resources \(resources) 0 R " +
                       "/Contents \(contents) 0 R /Group << /S /Transparency /CS /DeviceRGB >> >>")
    }

    /// The file: the shared resources, the page tree `tree` over `pages`,
    /// an outline with one entry per bookmark (page number, title), the
    /// catalog.
    mutating func finish(pages: [Int], tree: Int, bookmarks: [(Int, String)] = []) -> [UInt8] {
        func dict(_ entries: [String: Int]) -> String {
            "<< " + entries.keys.sorted().map { "/\($0) \(entries[$0]!) 0 R" }.joined(separator: " ") + " >>"
        }
        var gs = "<< "
        for key in graphicsStates.keys.sorted() { gs += "/\(key) \(graphicsStates[key]!) " }
        gs += ">>"
        doc.set(resources, "<< /ExtGState \(gs) /XObject \(dict(xobjects)) /Shading \(dict(shadings)) >>")
        let kids = pages.map { "\($0) 0 R" }.joined(separator: " ")
        doc.set(tree, "<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        var catalog = "<< /Type /Catalog /Pages \(tree) 0 R"
        if !bookmarks.isEmpty {
            let outlines = doc.reserve()
            let items = bookmarks.map { _ in doc.reserve() }
            for (i, (page, title)) in bookmarks.enumerated() {
                var entry = "<< /Title \(Self.textString(title)) /Parent \(outlines) 0 R /Dest [\(page) 0 R /Fit]"
                if i > 0 { entry += " /Prev \(items[i - 1]) 0 R" }
                if i + 1 < items.count { entry += " /Next \(items[i + 1]) 0 R" }
                doc.set(items[i], entry + " >>")
            }
            doc.set(outlines, "<< /Type /Outlines /First \(items[0]) 0 R /Last \(items[items.count - 1]) 0 R " +
                              "/Count \(items.count) >>")
            catalog += " /Outlines \(outlines) 0 R /PageMode /UseOutlines"
        }
        let root = doc.add(catalog + " >>")
        return doc.bytes(root: root)
    }

    /// A PDF text string: UTF-16BE with its byte-order mark, in hex, so any
    /// title (accents, CJK, parentheses) reads back as written.
    static func textString(_ s: String) -> String {
        var hex = "<FEFF"
        for unit in s.utf16 {
            let digits = String(unit, radix: 16, uppercase: true)
            hex += String(repeating: "0", count: 4 - digits.count) + digits
        }
        return hex + ">"
    }

    // MARK: groups

    /// The content of one group (the page, a layer, a canvas drawn) in
    /// device pixels of `surface`.
    mutating func group(_ ops: [DisplayOp], on surface: PDFSurface) -> String {
        var out = PDFGroupText()
        for listed in ops {
            let op = listed.expanded(page: surface.pixels)
            switch op {
            case .glyphs, .fillRect, .paint, .beginGroup, .endGroup:
                break // fills made by `expanded`; groups are structure only
            case .background(let color):
                // Every pixel set: what came before is gone.
                out = PDFGroupText()
                out.text = "q \(Self.fillColor(color)) \(gs(alpha: color.a, blend: .normal))\(Self.rect(surface.pixels)) f Q\n"
            case .clear(_, let clip, _):
                knockOut(&out, .clear, op: op, clip: clip, surface: surface)
            case .fill(_, _, _, let style), .stroke(_, _, _, _, let style), .image(_, _, _, let style),
                 .canvas(_, _, _, let style), .layer(_, let style, _, _, _):
                if let knockout = Knockout(style.blendMode) {
                    knockOut(&out, knockout, op: op, clip: style.clip, surface: surface)
                } else {
                    out.clip(to: style.clip)
                    out.text += shadow(op, style: style, surface: surface)
                    out.text += draw(op, style: style, surface: surface)
                }
            }
        }
        return out.closed()
    }

    /// One operation drawn with `style`'s alpha and blend mode (a mode PDF
    /// has), within the clips the caller opened.
    mutating func draw(_ op: DisplayOp, style: OpStyle, surface: PDFSurface) -> String {
        let state = gs(alpha: style.alpha, blend: style.blendMode)
        switch op {
        case .fill(let path, let rule, let paint, _):
            return fill(path, rule: rule, paint: paint, alpha: style.alpha, blend: style.blendMode)
        case .stroke(let device, let transform, let strokeStyle, let paint, _):
            return stroke(device, transform: transform, strokeStyle: strokeStyle, paint: paint, alpha: style.alpha,
                          blend: style.blendMode)
        case .image(let buffer, let r, let transform, _):
            return "q " + state + image(buffer, placed: Self.placement(of: buffer, in: r, under: transform)) + "Q\n"
        case .canvas(let drawn, let r, let transform, _):
            return "q " + state + Self.cm(drawn.placement(onto: r, under: transform)) + "/\(canvasForm(drawn)) Do Q\n"
        case .layer(let list, _, _, let pixels, let origin):
            let inside: String
            if let pixels, list.needsPixels {
                inside = image(pixels, placed: .translation(Double(origin.x), Double(origin.y)))
            } else {
                inside = group(list.operations, on: surface)
            }
            return "q " + state + "/\(form(inside, bbox: surface.pixels, isolated: true)) Do Q\n"
        case .glyphs, .fillRect, .paint, .clear, .background, .beginGroup, .endGroup:
            return ""
        }
    }

    /// A form XObject holding `content`, as a transparency group.
    mutating func form(_ content: String, bbox: Rect, isolated: Bool, colorSpace: String = "/DeviceRGB") -> String {
        let name = newName("Fm")
        let box = "[\(Decimal.text(bbox.x)) \(Decimal.text(bbox.y)) \(Decimal.text(bbox.x + bbox.width)) \(Decimal.text(bbox.y + bbox.height))]"
        xobjects[name] = doc.addStream(
            dictionary: "/Type /XObject /Subtype /Form /BBox \(box) /Resources \(resources) 0 R " +
                "/Group << /S /Transparency /CS \(colorSpace)\(isolated ? " /I true" : "") >>",
            data: Array(content.utf8))
        return name
    }

    /// A canvas drawn as a layer: its drawing as a form, defined once.
    mutating func canvasForm(_ drawn: CanvasSnapshot) -> String {
        if let known = canvases.name(of: drawn) { return known }
        let own = Self.ownPixels(drawn)
        let content = drawn.pixels.map { image($0, placed: .identity) }
            ?? group(drawn.list.operations, on: PDFSurface(pixels: own, scale: drawn.transform.axisScales.x))
        let name = form(content, bbox: own, isolated: true)
        canvases.remember(drawn, as: name)
        return name
    }

    /// A drawn canvas' own pixels (its points through its scale).
    static func ownPixels(_ drawn: CanvasSnapshot) -> Rect {
        let (sx, sy) = drawn.transform.axisScales
        return Rect(x: 0, y: 0, width: drawn.width * sx, height: drawn.height * sy)
    }

    /// An image's pixels to device pixels, drawn into `r` under `transform`.
    static func placement(of buffer: PixelBuffer, in r: Rect, under transform: AffineTransform) -> AffineTransform {
        AffineTransform(a: r.width / Double(buffer.width), b: 0, c: 0, d: r.height / Double(buffer.height),
                        tx: r.x, ty: r.y).concatenating(transform)
    }
}
