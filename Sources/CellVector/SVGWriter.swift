import CellGeometry
import CellImage
import CellRaster
import FoundationEssentials
import Glibc

/// A canvas' display list as SVG 1.1 (with SVG 2's gradient focal
/// radius and CSS blend modes, which librsvg, browsers and design tools
/// read): paths as paths, strokes as strokes with their joins, caps and
/// dashes, gradients as gradients, clips as chains of clip paths, layers as
/// isolated groups with their opacity and blend mode, shadows as filters,
/// `clear` and the other masking modes as masks, images embedded as PNG.
/// A drawing holding what SVG cannot say (`DisplayList.needsPixels`) is
/// embedded as its pixels at the canvas scale: the whole page, or only the
/// layer that needs it.
///
/// The page is the canvas' size in points; inside one group scaling by
/// 1 / scale, everything is written in the canvas' device pixels, as the
/// list holds it. Named groups (`Canvas.beginGroup`) and named layers are
/// groups with that `id`. Same drawing, same bytes.
public enum SVGWriter {
    public static func svg(of canvas: Canvas) throws -> [UInt8] {
        let list = canvas.displayList
        var doc = SVGDocument()
        let page = Rect(x: 0, y: 0, width: Double(canvas.pixelWidth), height: Double(canvas.pixelHeight))
        let body: String
        if list.needsPixels {
            body = doc.image(canvas.buffer, placed: .identity)
        } else {
            body = doc.group(list.operations, page: page, scale: canvas.scale)
        }
        let w = Decimal.text(canvas.width), h = Decimal.text(canvas.height)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
            width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">

            """
        if !doc.defs.isEmpty { out += "<defs>\n" + doc.defs.joined(separator: "\n") + "\n</defs>\n" }
        let s = Decimal.text(1 / canvas.scale, decimals: 9)
        out += "<g transform=\"scale(\(s))\">\n" + body + "</g>\n</svg>\n"
        return Array(out.utf8)
    }
}

/// The definitions written so far (clip paths, gradients, filters, masks,
/// images, canvases drawn as layers), each once, numbered in the order met.
struct SVGDocument {
    var defs: [String] = []
    private var clipIDs: [ObjectIdentifier: String] = [:]
    private var images = DefinedOnce()
    private var canvases = DefinedOnce()
    private var filterIDs: [String: String] = [:]
    /// The `id`s given to named groups and layers so far.
    private var namesUsed: Set<String> = []
    private var next = 0
    /// Keeps clip chains alive while their identifiers are in use.
    private var kept: [AnyObject] = []

    private mutating func newID(_ prefix: String) -> String {
        next += 1
        return prefix + String(next)
    }

    // MARK: groups of operations

    /// The operations of one group (the page, a layer, a canvas drawn),
    /// in device pixels; `page` is the group's surface (what a background
    /// covers), `scale` its pixels per point (shadows are in points).
    mutating func group(_ ops: [DisplayOp], page: Rect, scale: Double) -> String {
        // The named groups open, outermost first: each level's parts, and
        // the id its group gets.
        var levels: [(id: String?, parts: [String])] = [(nil, [])]
        var parts: [String] {
            get { levels[levels.count - 1].parts }
            set { levels[levels.count - 1].parts = newValue }
        }
        for listed in ops {
            switch listed.expanded(page: page) {
            case .beginGroup(let mark):
                levels.append((uniqueID(mark.name), []))
            case .endGroup:
                guard levels.count > 1 else { break }
                let level = levels.removeLast()
                parts.append("<g id=\"\(level.id!)\">\n" + level.parts.joined() + "</g>\n")
            case .background(let color):
                // Every pixel set: what came before is gone, in every open group.
                for i in levels.indices { levels[i].parts = [] }
                levels[0].parts = [rect(page, fill: color)]
            case .fillRect, .paint:
                break // made fills by `expanded`
            case .clear(let path, let clip, let antialias):
                mask(&levels, shape: .fill(path, .nonzero), clip: clip, antialias: antialias, paint: nil, factor: { _ in 1 })
            case .glyphs:
                break // made a fill by `expanded`
            case .fill(let path, let rule, let paint, let style):
                let k = Self.knockout(paint, style)
                if let m = k.mask {
                    mask(&levels, shape: .fill(path, rule), clip: style.clip, antialias: style.antialias, paint: m.paint,
                         factor: m.factor)
                }
                if let drawn = k.draw { parts.append(fill(path, rule: rule, paint: paint, style: drawn, page: page, scale: scale)) }
            case .stroke(let device, let transform, let strokeStyle, let paint, let style):
                let path = DisplayOp.userPath(device, transform: transform)
                let k = Self.knockout(paint, style)
                if let m = k.mask {
                    mask(&levels, shape: .stroke(path, transform, strokeStyle), clip: style.clip, antialias: style.antialias,
                         paint: m.paint, factor: m.factor)
                }
                if let drawn = k.draw {
                    parts.append(stroke(path, transform: transform, strokeStyle: strokeStyle, paint: paint, style: drawn,
                                        scale: scale))
                }
            case .image(let buffer, let r, let transform, let style):
                let placed = AffineTransform(a: r.width / Double(buffer.width), b: 0, c: 0,
                                             d: r.height / Double(buffer.height), tx: r.x, ty: r.y)
                    .concatenating(transform)
                parts.append(wrap(image(buffer, placed: placed), style: style, scale: scale, isolate: false))
            case .canvas(let drawn, let r, let transform, let style):
                parts.append(wrap(canvas(drawn, rect: r, transform: transform), style: style, scale: scale, isolate: true))
            case .layer(let list, let style, let name, let pixels, let origin):
                let inside: String
                if let pixels, list.needsPixels {
                    inside = image(pixels, placed: .translation(Double(origin.x), Double(origin.y)))
                } else {
                    inside = group(list.operations, page: page, scale: scale)
                }
                parts.append(wrap(inside, style: style, scale: scale, isolate: true, id: name.map { uniqueID($0) }))
            }
        }
        // Groups left open (a list read while drawing) end here.
        while levels.count > 1 {
            let level = levels.removeLast()
            parts.append("<g id=\"\(level.id!)\">\n" + level.parts.joined() + "</g>\n")
        }
        return parts.joined()
    }

    /// `name` as an `id` no element of the document has yet: characters an
    /// XML name cannot hold become `-`, a leading digit or `-` gets `g`
    /// before it, and a name used before gets `-2`, `-3`, ... after it.
    private mutating func uniqueID(_ name: String) -> String {
        var base = String(name.unicodeScalars.map { c -> Character in
            let ok = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "-" || c == "_" || c == "."
            return ok ? Character(c) : "-"
        })
        if base.isEmpty || !(base.first!.isLetter || base.first == "_") { base = "g" + base }
        var id = base, n = 1
        // (Not one of the writer's own: a letter of `newID`'s and digits.)
        func isGenerated(_ id: String) -> Bool { "mgcsik".contains(id.first!) && Int(id.dropFirst()) != nil }
        while namesUsed.contains(id) || isGenerated(id) {
            n += 1
            id = "\(base)-\(n)"
        }
        namesUsed.insert(id)
        return id
    }

    /// A shape a knockout masks with: a path filled, or a path (user space,
    /// under its transform) stroked.
    enum MaskShape {
        case fill(Path, FillRule)
        case stroke(Path, AffineTransform, StrokeStyle)
    }

    /// What a shape drawn with `style` does in SVG: for the modes that act
    /// on what is below as a mask (`clear`, `copy`, `destination_in`,
    /// `destination_out`) the mask it makes (black in `paint` through
    /// `factor`, nil paint: solid), and the style it is then drawn with
    /// (nil: not drawn; `copy` draws as `normal` over the hole it made).
    private static func knockout(_ paint: OpPaint, _ style: OpStyle)
        -> (mask: (paint: OpPaint?, factor: (Double) -> Double)?, draw: OpStyle?) {
        switch style.blendMode {
        case .clear:
            return ((nil, { _ in 1 }), nil)
        case .copy:
            var normal = style
            normal.blendMode = .normal
            return ((nil, { _ in 1 }), normal)
        case .destinationOut:
            return ((paint, { $0 * style.alpha }), nil)
        case .destinationIn:
            return ((paint, { 1 - $0 * style.alpha }), nil)
        default:
            return (nil, style)
        }
    }

    // MARK: shapes

    private mutating func fill(_ path: Path, rule: FillRule, paint: OpPaint, style: OpStyle,
                               page: Rect, scale: Double) -> String {
        var attributes = paintAttributes("fill", paint, elementTransform: .identity)
        if rule == .evenodd { attributes += " fill-rule=\"evenodd\"" }
        var style = style
        if let band = gradientBand(paint, page: page) {
            // Painted only where the gradient is defined (it does not extend).
            style.clip = ClipChain(path: band, rule: .nonzero, parent: style.clip)
        }
        return wrap("<path d=\"\(Self.pathData(path))\"\(attributes)/>\n", style: style, scale: scale, isolate: false,
                    inline: true)
    }

    private mutating func stroke(_ path: Path, transform: AffineTransform, strokeStyle: StrokeStyle,
                                 paint: OpPaint, style: OpStyle, scale: Double) -> String {
        let content = strokeMarkup(path, transform: transform, strokeStyle: strokeStyle, paint: paint)
        guard !content.isEmpty else { return "" }
        return wrap(content, style: style, scale: scale, isolate: false)
    }

    /// The elements of a stroke: the path stroked (and the squares square
    /// caps give subpaths of one point, filled).
    private mutating func strokeMarkup(_ path: Path, transform: AffineTransform, strokeStyle: StrokeStyle,
                                       paint: OpPaint) -> String {
        var s = strokeStyle
        var elementTransform = transform
        var d = path
        if s.width == 0 {
            // A hairline: one device pixel, written in device space.
            d = path.transformed(by: transform)
            elementTransform = .identity
            let k = transform.maxStretch
            s.width = 1
            s.dashes = strokeStyle.dashes.map { $0 * k }
            s.dashPhase = strokeStyle.dashPhase * k
        }
        var a = " fill=\"none\"" + paintAttributes("stroke", paint, elementTransform: elementTransform)
        a += " stroke-width=\"\(Decimal.text(s.width))\""
        if s.cap != .butt { a += " stroke-linecap=\"\(s.cap == .round ? "round" : "square")\"" }
        if s.join != .miter { a += " stroke-linejoin=\"\(s.join == .round ? "round" : "bevel")\"" }
        if s.miterLimit != 4 { a += " stroke-miterlimit=\"\(Decimal.text(Swift.max(1, s.miterLimit)))\"" }
        if !s.dashes.isEmpty, s.dashes.contains(where: { $0 > 0 }) {
            a += " stroke-dasharray=\"\(s.dashes.map { Decimal.text($0) }.joined(separator: " "))\""
            if s.dashPhase != 0 { a += " stroke-dashoffset=\"\(Decimal.text(s.dashPhase))\"" }
        }
        let t = elementTransform != .identity ? " transform=\"\(Self.matrix(elementTransform))\"" : ""
        // Renderers give a subpath of one point a cap only when it is round;
        // the engine gives square caps a square there: filled beside the stroke.
        var dots: [Point] = []
        if s.cap == .square, !s.dashes.contains(where: { $0 > 0 }) { (d, dots) = d.splittingDots() }
        var content = d.isEmpty ? "" : "<path d=\"\(Self.pathData(d, decimals: 4))\"\(a)\(t)/>\n"
        if !dots.isEmpty {
            var squares = Path()
            for p in dots { squares.addRect(Rect(x: p.x - s.width / 2, y: p.y - s.width / 2, width: s.width, height: s.width)) }
            let fill = paintAttributes("fill", paint, elementTransform: elementTransform)
            content += "<path d=\"\(Self.pathData(squares, decimals: 4))\"\(fill)\(t)/>\n"
        }
        return content
    }

    private func rect(_ r: Rect, fill color: Color) -> String {
        "<rect x=\"\(Decimal.text(r.x))\" y=\"\(Decimal.text(r.y))\" width=\"\(Decimal.text(r.width))\" " +
            "height=\"\(Decimal.text(r.height))\"\(colorAttributes("fill", color))/>\n"
    }

    /// `what`'s content wrapped in a group with the style's clip, shadow,
    /// alpha and blend mode (in SVG's order: filter, clip, opacity, blend,
    /// as Core Graphics does: shadow, then the clip over both). `isolate`:
    /// the content composites as one (a layer), blend modes inside it
    /// mixing with the group's own transparent start, not the page.
    /// `inline`: `content` is one element in device space, which takes the
    /// attributes itself.
    private mutating func wrap(_ content: String, style: OpStyle, scale: Double, isolate: Bool,
                               inline: Bool = false, id: String? = nil) -> String {
        var content = content
        if let shadow = style.shadow, shadow.color.a > 0 {
            content = Self.attach(" filter=\"url(#\(filterID(shadow, scale: scale)))\"", to: content, inline: inline)
        }
        content = clipped(content, by: style.clip, inline: inline)
        var a = ""
        if style.alpha < 1 { a += " opacity=\"\(Decimal.text(style.alpha, decimals: 4))\"" }
        var css: [String] = []
        if isolate { css.append("isolation:isolate") }
        if let name = style.blendMode.w3cName, name != "normal" { css.append("mix-blend-mode:" + name) }
        if !css.isEmpty { a += " style=\"\(css.joined(separator: ";"))\"" }
        if !style.antialias { a += " shape-rendering=\"crispEdges\"" }
        if let id { return "<g id=\"\(id)\"\(a)>\n" + content + "</g>\n" }
        return Self.attach(a, to: content, inline: false)
    }

    /// `content` with attributes `a`: on the element itself when it is one
    /// in device space (`inline`) and has none of them yet, else on a group.
    private static func attach(_ a: String, to content: String, inline: Bool) -> String {
        if a.isEmpty { return content }
        if inline, content.hasSuffix("/>\n"), !content.dropFirst().contains("<"),
           !(a.contains("clip-path") && content.contains("clip-path")) {
            return String(content.dropLast(3)) + a + "/>\n"
        }
        return "<g\(a)>\n" + content + "</g>\n"
    }

    /// `content` inside the clips of `clip`'s chain, each a group (renderers
    /// do not all intersect clip paths that clip each other), the innermost
    /// on the element itself when `inline` allows.
    private mutating func clipped(_ content: String, by clip: ClipChain?, inline: Bool) -> String {
        var content = content
        var c = clip
        var first = true
        while let node = c {
            content = Self.attach(" clip-path=\"url(#\(clipID(node)))\"", to: content, inline: inline && first)
            first = false
            c = node.parent
        }
        return content
    }

    /// Masks everything drawn so far in the group with 1 - k * f, k the
    /// shape's coverage within its clip and f `factor` of the paint's alpha
    /// at each point (1 for `clear`): a luminance mask of white with the
    /// shape in black at opacity f.
    private mutating func mask(_ levels: inout [(id: String?, parts: [String])], shape: MaskShape,
                               clip: ClipChain?, antialias: Bool, paint: OpPaint?, factor: (Double) -> Double) {
        guard levels.contains(where: { !$0.parts.isEmpty }) else { return }
        let id = newID("m")
        var element: String
        switch shape {
        case .fill(let path, let rule):
            var shapeAttributes = paint.map { paintAttributes("fill", blackened($0, factor: factor), elementTransform: .identity) }
                ?? " fill=\"#000\""
            if rule == .evenodd { shapeAttributes += " fill-rule=\"evenodd\"" }
            if !antialias { shapeAttributes += " shape-rendering=\"crispEdges\"" }
            element = "<path d=\"\(Self.pathData(path))\"\(shapeAttributes)/>\n"
        case .stroke(let path, let transform, let strokeStyle):
            let black = paint.map { blackened($0, factor: factor) } ?? OpPaint(paint: .solid(.black), transform: transform)
            element = strokeMarkup(path, transform: transform, strokeStyle: strokeStyle, paint: black)
            if !antialias { element = "<g shape-rendering=\"crispEdges\">\n" + element + "</g>\n" }
        }
        let big = "x=\"-1e7\" y=\"-1e7\" width=\"2e7\" height=\"2e7\""
        let black = clipped(element, by: clip, inline: true)
        defs.append("<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" \(big)>" +
                    "<rect \(big) fill=\"#fff\"/>" + black + "</mask>")
        // What came before in the surface, inside the named groups open and outside them.
        for i in levels.indices where !levels[i].parts.isEmpty {
            levels[i].parts = ["<g mask=\"url(#\(id))\">\n" + levels[i].parts.joined() + "</g>\n"]
        }
    }

    /// Black with the opacity `factor` gives each of the paint's alphas.
    private func blackened(_ paint: OpPaint, factor: (Double) -> Double) -> OpPaint {
        func black(_ c: Color) -> Color { Color(r: 0, g: 0, b: 0, a: Swift.min(Swift.max(factor(c.a), 0), 1)) }
        var p = paint
        switch paint.paint {
        case .solid(let c): p.paint = .solid(black(c))
        case .linear(var g):
            g.gradient = Self.recolored(g.gradient, black)
            p.paint = .linear(g)
        case .radial(var g):
            g.gradient = Self.recolored(g.gradient, black)
            p.paint = .radial(g)
        }
        return p
    }

    private static func recolored(_ g: Gradient, _ f: (Color) -> Color) -> Gradient {
        (try? Gradient(stops: g.stops.map { Gradient.Stop(location: $0.location, color: f($0.color)) })) ?? g
    }

    // MARK: paints

    private func colorAttributes(_ property: String, _ c: Color) -> String {
        var s = " \(property)=\"\(Self.hex(c))\""
        if c.a < 1 { s += " \(property)-opacity=\"\(Decimal.text(c.a, decimals: 4))\"" }
        return s
    }

    static func hex(_ c: Color) -> String {
        func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }
        let digits = Array("0123456789abcdef")
        var s = "#"
        for v in [byte(c.r), byte(c.g), byte(c.b)] {
            s.append(digits[v >> 4])
            s.append(digits[v & 15])
        }
        return s
    }

    /// ` fill="..."` for a paint on an element drawn under `elementTransform`
    /// (device pixels from the element's own coordinates).
    private mutating func paintAttributes(_ property: String, _ paint: OpPaint,
                                          elementTransform: AffineTransform) -> String {
        let toElement = elementTransform.inverted.map { paint.transform.concatenating($0) } ?? paint.transform
        switch paint.paint {
        case .solid(let c):
            return colorAttributes(property, c)
        case .linear(let g):
            let id = newID("g")
            defs.append("<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" " +
                        "x1=\"\(Decimal.text(g.start.x, decimals: 4))\" y1=\"\(Decimal.text(g.start.y, decimals: 4))\" " +
                        "x2=\"\(Decimal.text(g.end.x, decimals: 4))\" y2=\"\(Decimal.text(g.end.y, decimals: 4))\"" +
                        Self.gradientTransform(toElement) + ">" + Self.stops(g.gradient) + "</linearGradient>")
            return " \(property)=\"url(#\(id))\""
        case .radial(let g):
            let id = newID("g")
            defs.append("<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" " +
                        "cx=\"\(Decimal.text(g.end.x, decimals: 4))\" cy=\"\(Decimal.text(g.end.y, decimals: 4))\" " +
                        "r=\"\(Decimal.text(g.endRadius, decimals: 4))\" " +
                        "fx=\"\(Decimal.text(g.start.x, decimals: 4))\" fy=\"\(Decimal.text(g.start.y, decimals: 4))\" " +
                        "fr=\"\(Decimal.text(g.startRadius, decimals: 4))\"" +
                        Self.gradientTransform(toElement) + ">" + Self.stops(g.gradient) + "</radialGradient>")
            return " \(property)=\"url(#\(id))\""
        }
    }

    private static func gradientTransform(_ t: AffineTransform) -> String {
        t == .identity ? "" : " gradientTransform=\"\(matrix(t))\""
    }

    private static func stops(_ g: Gradient) -> String {
        var s = ""
        for stop in g.stops {
            s += "<stop offset=\"\(Decimal.text(stop.location, decimals: 4))\" stop-color=\"\(hex(stop.color))\""
            if stop.color.a < 1 { s += " stop-opacity=\"\(Decimal.text(stop.color.a, decimals: 4))\"" }
            s += "/>"
        }
        return s
    }

    /// Where a gradient that does not extend past its ends is defined
    /// (device space), or nil when it extends both ways (SVG's gradients
    /// always do). Linear: the band between the lines square to the axis at
    /// its ends. Radial: the hull of the two circles, less the start circle
    /// when it lies inside the end one and does not extend.
    private func gradientBand(_ paint: OpPaint, page: Rect) -> Path? {
        // Far enough to pass the page's corners from anywhere on it, in the
        // paint's user space (renderers work in fixed point: not farther).
        let t = paint.transform
        let shortest = abs(t.determinant) / Swift.max(t.maxStretch, 1e-12)
        let reach = 4 * Swift.max(page.width, page.height, 1) / Swift.max(shortest, 1e-9)
        switch paint.paint {
        case .solid: return nil
        case .linear(let g):
            guard !(g.extendStart && g.extendEnd) else { return nil }
            let dx = g.end.x - g.start.x, dy = g.end.y - g.start.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return Path() }
            let ux = dx / length, uy = dy / length
            let a = g.extendStart ? Point(g.start.x - ux * reach, g.start.y - uy * reach) : g.start
            let b = g.extendEnd ? Point(g.end.x + ux * reach, g.end.y + uy * reach) : g.end
            var p = Path()
            p.move(to: Point(a.x - uy * reach, a.y + ux * reach))
            p.line(to: Point(b.x - uy * reach, b.y + ux * reach))
            p.line(to: Point(b.x + uy * reach, b.y - ux * reach))
            p.line(to: Point(a.x + uy * reach, a.y - ux * reach))
            p.close()
            return p.transformed(by: paint.transform)
        case .radial(let g):
            guard !(g.extendStart && g.extendEnd) else { return nil }
            let d = ((g.end.x - g.start.x) * (g.end.x - g.start.x) + (g.end.y - g.start.y) * (g.end.y - g.start.y)).squareRoot()
            var p = Path()
            if !g.extendEnd {
                if d + g.startRadius <= g.endRadius {
                    p.addEllipse(in: Rect(x: g.end.x - g.endRadius, y: g.end.y - g.endRadius,
                                          width: 2 * g.endRadius, height: 2 * g.endRadius))
                } else {
                    p = Self.hull(g.start, g.startRadius, g.end, g.endRadius)
                }
            } else {
                p.addRect(Rect(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach))
            }
            if !g.extendStart, g.startRadius > 0, d + g.startRadius <= g.endRadius {
                // Inside the start circle t < 0 (even-odd makes the hole).
                p.addEllipse(in: Rect(x: g.start.x - g.startRadius, y: g.start.y - g.startRadius,
                                      width: 2 * g.startRadius, height: 2 * g.startRadius))
                var band = p.transformed(by: paint.transform)
                band = Self.evenOddAsNonzero(band)
                return band
            }
            return p.transformed(by: paint.transform)
        }
    }

    /// A clip path's rule is fixed at nonzero here: an even-odd region made
    /// of an outer shape and an inner one becomes nonzero by reversing the
    /// inner one.
    private static func evenOddAsNonzero(_ p: Path) -> Path {
        var subpaths: [[Path.Element]] = []
        for e in p.elements {
            if case .move = e { subpaths.append([]) }
            if subpaths.isEmpty { subpaths.append([]) }
            subpaths[subpaths.count - 1].append(e)
        }
        guard subpaths.count == 2 else { return p }
        var out = Path()
        for e in subpaths[0] { out.append(e) }
        // The inner subpath reversed: the ellipse's four curves backwards.
        var points: [Point] = []
        var segments: [Path.Element] = []
        for e in subpaths[1] {
            switch e {
            case .move(let q): points.append(q)
            case .line(let q): points.append(q); segments.append(e)
            case .quad(_, let q): points.append(q); segments.append(e)
            case .cubic(_, _, let q): points.append(q); segments.append(e)
            case .close: break
            }
        }
        guard let last = points.last else { return out }
        out.move(to: last)
        for (i, seg) in segments.enumerated().reversed() {
            let from = points[i]
            switch seg {
            case .line: out.line(to: from)
            case .quad(let c, _): out.quad(control: c, to: from)
            case .cubic(let c1, let c2, _): out.curve(control1: c2, control2: c1, to: from)
            default: break
            }
        }
        out.close()
        return out
    }

    /// The convex hull of two circles, as a polygon fine enough for a clip.
    private static func hull(_ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double) -> Path {
        var pts: [Point] = []
        let n = 256
        for (c, r) in [(c0, r0), (c1, r1)] {
            for i in 0..<n {
                let a = Double(i) / Double(n) * 2 * Double.pi
                pts.append(Point(c.x + r * cos(a), c.y + r * sin(a)))
            }
        }
        pts.sort { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in pts {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in pts.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        let ring = lower.dropLast() + upper.dropLast()
        var path = Path()
        for (i, p) in ring.enumerated() {
            if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        return path
    }

    // MARK: definitions

    /// The clip path of `clip` (and, through `clip-path` on it, of the
    /// clips before it).
    private mutating func clipID(_ clip: ClipChain) -> String {
        let key = ObjectIdentifier(clip)
        if let id = clipIDs[key] { return id }
        let id = newID("c")
        clipIDs[key] = id
        kept.append(clip)
        var s = "<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\""
        s += "><path d=\"\(Self.pathData(clip.path))\""
        if clip.rule == .evenodd { s += " clip-rule=\"evenodd\"" }
        s += "/></clipPath>"
        defs.append(s)
        return id
    }

    /// A drop shadow as Core Graphics casts it: the shape's alpha blurred
    /// (sigma = blur / 2 points), offset, in the shadow's color, under the
    /// shape.
    private mutating func filterID(_ shadow: Shadow, scale: Double) -> String {
        let sigma = Decimal.text(shadow.blur / 2 * scale, decimals: 4)
        let dx = Decimal.text((shadow.dx * scale).rounded()), dy = Decimal.text((shadow.dy * scale).rounded())
        let key = "\(sigma) \(dx) \(dy) \(Self.hex(shadow.color)) \(shadow.color.a)"
        if let id = filterIDs[key] { return id }
        let id = newID("s")
        filterIDs[key] = id
        defs.append("<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"-1e6\" y=\"-1e6\" width=\"2e6\" height=\"2e6\" " +
                    "color-interpolation-filters=\"sRGB\">" +
                    "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(sigma)\"/>" +
                    "<feOffset dx=\"\(dx)\" dy=\"\(dy)\" result=\"shadow\"/>" +
                    "<feFlood flood-color=\"\(Self.hex(shadow.color))\" " +
                    "flood-opacity=\"\(Decimal.text(shadow.color.a, decimals: 4))\"/>" +
                    "<feComposite in2=\"shadow\" operator=\"in\"/>" +
                    "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>")
        return id
    }

    /// `buffer` embedded once (PNG) and placed by `placed` (its pixels to
    /// device pixels).
    mutating func image(_ buffer: PixelBuffer, placed: AffineTransform) -> String {
        let id: String
        if let known = images.name(of: buffer) {
            id = known
        } else {
            id = newID("i")
            images.remember(buffer, as: id)
            let png = (try? PNGCodec.encode(buffer)) ?? []
            defs.append("<image id=\"\(id)\" width=\"\(buffer.width)\" height=\"\(buffer.height)\" " +
                        "preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>")
        }
        let t = placed == .identity ? "" : " transform=\"\(Self.matrix(placed))\""
        return "<use xlink:href=\"#\(id)\"\(t)/>\n"
    }

    /// A canvas drawn into `rect` (user space) under `transform`: its
    /// drawing defined once, used at each place.
    private mutating func canvas(_ drawn: CanvasSnapshot, rect r: Rect, transform: AffineTransform) -> String {
        let id: String
        if let known = canvases.name(of: drawn) {
            id = known
        } else {
            id = newID("k")
            canvases.remember(drawn, as: id)
            let (sx, sy) = drawn.transform.axisScales
            let own = Rect(x: 0, y: 0, width: drawn.width * sx, height: drawn.height * sy)
            let content: String
            if let pixels = drawn.pixels {
                content = image(pixels, placed: .identity)
            } else {
                content = group(drawn.list.operations, page: own, scale: sx)
            }
            defs.append("<g id=\"\(id)\">\n" + content + "</g>")
        }
        let placed = drawn.placement(onto: r, under: transform)
        return "<use xlink:href=\"#\(id)\" transform=\"\(Self.matrix(placed))\"/>\n"
    }

    // MARK: text of paths and transforms

    static func matrix(_ t: AffineTransform) -> String {
        "matrix(" + [t.a, t.b, t.c, t.d].map { Decimal.text($0, decimals: 6) }.joined(separator: " ") + " " +
            Decimal.text(t.tx, decimals: 4) + " " + Decimal.text(t.ty, decimals: 4) + ")"
    }

    static func pathData(_ path: Path, decimals: Int = 3) -> String {
        var s = ""
        s.reserveCapacity(path.elements.count * 16)
        func pt(_ p: Point) { s += Decimal.point(p, decimals: decimals) }
        for e in path.elements {
            switch e {
            case .move(let p): s += "M"; pt(p)
            case .line(let p): s += "L"; pt(p)
            case .quad(let c, let p): s += "Q"; pt(c); s += " "; pt(p)
            case .cubic(let a, let b, let p): s += "C"; pt(a); s += " "; pt(b); s += " "; pt(p)
            case .close: s += "Z"
            }
        }
        return s
    }
}
