import CellGeometry
import CellImage
import CellRaster
import FoundationEssentials
import Glibc

/// How `SVGWriter` writes text: as glyph outlines (paths, the same on every
/// machine), or as `<text>` elements naming the font (family, size, weight,
/// style), which design tools keep editable; runs whose font cannot be
/// named stay outlines either way.
public enum SVGTextMode: String, CaseIterable, Sendable {
    case outline, text
}

/// A canvas' display list as SVG 1.1 (with SVG 2's gradient focal
/// radius and CSS blend modes, which librsvg, browsers and design tools
/// read): paths as paths, strokes as strokes with their joins, caps and
/// dashes, gradients as gradients, clips as clip paths (operations drawn
/// one after another under the same clips share their groups), layers as
/// groups with their opacity and blend mode, shadows as filters, `clear`
/// and the other masking modes as masks, images embedded (a JPEG a script
/// loaded as its own bytes, anything else as PNG), text as outlines or as
/// `<text>` (`SVGTextMode`). A drawing holding what SVG cannot say
/// (`DisplayList.needsPixels`) is embedded as its pixels at the canvas
/// scale: the whole page, or only the layer that needs it.
///
/// User units are points: the page is the canvas' size in points and every
/// coordinate is the canvas' device pixels over its scale, folded into the
/// numbers (no scaling group), as a design tool shows them. Named groups
/// (`Canvas.beginGroup`: a table's `table`, `section-N`,
/// `section-N-row-M`) and named layers are groups with that `id`. Same
/// drawing, same bytes.
public enum SVGWriter {
    public static func svg(of canvas: Canvas, text: SVGTextMode = .outline) throws -> [UInt8] {
        let list = canvas.displayList
        var doc = SVGDocument(textMode: text)
        let page = Rect(x: 0, y: 0, width: Double(canvas.pixelWidth), height: Double(canvas.pixelHeight))
        let body: String
        if list.needsPixels {
            doc.unit = canvas.scale
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
        out += body + "</svg>\n"
        return Array(out.utf8)
    }
}

/// The definitions written so far (clip paths, gradients, filters, masks,
/// canvases drawn as layers), each once, numbered in the order met.
struct SVGDocument {
    var defs: [String] = []
    let textMode: SVGTextMode
    /// Device pixels per user unit of the group being written (its
    /// surface's scale): what every device coordinate is divided by, so
    /// that the document's units are points.
    var unit = 1.0
    private var clipIDs: [ObjectIdentifier: String] = [:]
    /// Images written so far: the element's id and where it put the
    /// image's pixels (user units), for a `<use>` of it elsewhere.
    private var images: [ObjectIdentifier: (id: String, placed: AffineTransform)] = [:]
    private var canvases = DefinedOnce()
    /// Canvases (by definition id) whose drawing blends with what is below
    /// it inside (`mix-blend-mode`): placed in an isolated group.
    private var blendingCanvases: Set<String> = []
    private var filterIDs: [String: String] = [:]
    /// `reduced`'s answers, by chain.
    private var reducedChains: [ObjectIdentifier: [ClipChain]] = [:]
    /// The surface of the group being written when nothing drawn past it
    /// shows (the page, a layer on it): clips holding it clip nothing. nil
    /// inside a canvas' definition, which a `<use>` shows whole.
    private var pageBounds: Rect?
    /// The `id`s given to named groups and layers so far.
    private var namesUsed: Set<String> = []
    private var next = 0
    /// Keeps clip chains and images alive while their identifiers are in use.
    private var kept: [AnyObject] = []

    init(textMode: SVGTextMode) {
        self.textMode = textMode
    }

    private mutating func newID(_ prefix: String) -> String {
        next += 1
        return prefix + String(next)
    }

    /// `v` (device pixels) in user units.
    private func n(_ v: Double, decimals: Int = 3) -> String { Decimal.text(v / unit, decimals: decimals) }

    /// Device pixels to user units.
    private var toUnits: AffineTransform { .scale(1 / unit, 1 / unit) }

    // MARK: groups of operations

    /// One operation's markup and the clips it is drawn under, outermost
    /// first (those shared with its neighbours become one group).
    struct Item {
        var clips: [ClipChain]
        var markup: String
    }

    /// The operations of one group (the page, a layer, a canvas drawn),
    /// whose device space is `page` (what a background covers) at `scale`
    /// pixels per point: written in points.
    mutating func group(_ ops: [DisplayOp], page: Rect, scale: Double, bounded: Bool = true) -> String {
        let outer = (unit, pageBounds)
        unit = scale
        pageBounds = bounded ? page : nil
        defer { (unit, pageBounds) = outer }
        // The named groups open, outermost first: each level's items, and
        // the id its group gets.
        var levels: [(id: String?, items: [Item])] = [(nil, [])]
        func add(_ item: Item?) {
            guard let item, !item.markup.isEmpty else { return }
            levels[levels.count - 1].items.append(item)
        }
        for listed in ops {
            if textMode == .text, case .glyphs(let glyphs, let transform, let paint, let style, let text?) = listed,
               Self.knockout(paint, style).mask == nil {
                add(self.text(text, glyphs: glyphs, transform: transform, paint: paint, style: style))
                continue
            }
            switch listed.expanded(page: page) {
            case .beginGroup(let mark):
                levels.append((uniqueID(mark.name), []))
            case .endGroup:
                guard levels.count > 1 else { break }
                let level = levels.removeLast()
                add(named(level.id!, level.items))
            case .background(let color):
                // Every pixel set: what came before is gone, in every open group.
                for i in levels.indices { levels[i].items = [] }
                // (An image written before may have gone with it: none is used again.)
                images = [:]
                levels[0].items = [Item(clips: [], markup: rect(page, fill: color))]
            case .fillRect, .paint, .glyphs:
                break // made fills by `expanded`
            case .clear(let path, let clip, let antialias):
                mask(&levels, shape: .fill(path, .nonzero), clip: clip, antialias: antialias, paint: nil, factor: { _ in 1 })
            case .fill(let path, let rule, let paint, let style):
                let k = Self.knockout(paint, style)
                if let m = k.mask {
                    mask(&levels, shape: .fill(path, rule), clip: style.clip, antialias: style.antialias, paint: m.paint,
                         factor: m.factor)
                }
                if let drawn = k.draw { add(fill(path, rule: rule, paint: paint, style: drawn, page: page)) }
            case .stroke(let device, let transform, let strokeStyle, let paint, let style):
                let path = DisplayOp.userPath(device, transform: transform)
                let k = Self.knockout(paint, style)
                if let m = k.mask {
                    mask(&levels, shape: .stroke(path, transform, strokeStyle), clip: style.clip, antialias: style.antialias,
                         paint: m.paint, factor: m.factor)
                }
                if let drawn = k.draw {
                    add(stroke(path, transform: transform, strokeStyle: strokeStyle, paint: paint, style: drawn))
                }
            case .image(let buffer, let r, let transform, let style):
                let placed = AffineTransform(a: r.width / Double(buffer.width), b: 0, c: 0,
                                             d: r.height / Double(buffer.height), tx: r.x, ty: r.y)
                    .concatenating(transform)
                add(wrap(image(buffer, placed: placed), style: style, isolate: false, inline: true))
            case .canvas(let drawn, let r, let transform, let style):
                let (use, blends) = canvas(drawn, rect: r, transform: transform)
                add(wrap(use, style: style, isolate: blends, inline: true))
            case .layer(let list, let style, let name, let pixels, let origin):
                let inside: String
                if let pixels, list.needsPixels {
                    inside = image(pixels, placed: .translation(Double(origin.x), Double(origin.y)))
                } else {
                    inside = group(list.operations, page: page, scale: scale, bounded: pageBounds != nil)
                }
                add(wrap(inside, style: style, isolate: inside.contains("mix-blend-mode"), id: name.map { uniqueID($0) }))
            }
        }
        // Groups left open (a list read while drawing) end here.
        while levels.count > 1 {
            let level = levels.removeLast()
            add(named(level.id!, level.items))
        }
        return serialize(levels[0].items[...], depth: 0)
    }

    /// A named group of `items` (empty: none).
    private mutating func named(_ id: String, _ items: [Item]) -> Item? {
        let inside = serialize(items[...], depth: 0)
        return inside.isEmpty ? nil : Item(clips: [], markup: "<g id=\"\(id)\">\n" + inside + "</g>\n")
    }

    /// `items` with their clips from `depth` on: neighbours under the same
    /// clip share one group; an element alone under its innermost clip
    /// takes the `clip-path` itself.
    private mutating func serialize(_ items: ArraySlice<Item>, depth: Int) -> String {
        var out = ""
        var i = items.startIndex
        while i < items.endIndex {
            guard depth < items[i].clips.count else {
                out += items[i].markup
                i += 1
                continue
            }
            let clip = items[i].clips[depth]
            var j = i + 1
            while j < items.endIndex, items[j].clips.count > depth, items[j].clips[depth] === clip { j += 1 }
            let a = " clip-path=\"url(#\(clipID(clip)))\""
            if j == i + 1, items[i].clips.count == depth + 1 {
                out += Self.attach(a, to: items[i].markup, inline: true)
            } else {
                out += "<g\(a)>\n" + serialize(items[i..<j], depth: depth + 1) + "</g>\n"
            }
            i = j
        }
        return out
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

    private mutating func fill(_ path: Path, rule: FillRule, paint: OpPaint, style: OpStyle, page: Rect) -> Item {
        var attributes = paintAttributes("fill", paint, elementToUnits: .identity)
        if rule == .evenodd { attributes += " fill-rule=\"evenodd\"" }
        var style = style
        if let band = gradientBand(paint, page: page) {
            // Painted only where the gradient is defined (it does not extend).
            style.clip = ClipChain(path: band, rule: .nonzero, parent: style.clip)
        }
        return wrap("<path d=\"\(pathData(path))\"\(attributes)/>\n", style: style, isolate: false, inline: true)
    }

    private mutating func stroke(_ path: Path, transform: AffineTransform, strokeStyle: StrokeStyle,
                                 paint: OpPaint, style: OpStyle) -> Item? {
        let content = strokeMarkup(path, transform: transform, strokeStyle: strokeStyle, paint: paint)
        guard !content.isEmpty else { return nil }
        return wrap(content, style: style, isolate: false, inline: true)
    }

    /// The elements of a stroke: the path stroked (and the squares square
    /// caps give subpaths of one point, filled). A path drawn under a
    /// transform that keeps shapes (a scale, a rotation, a translation) is
    /// written moved into user units, its width and dashes scaled; under
    /// any other it keeps the transform.
    private mutating func strokeMarkup(_ path: Path, transform: AffineTransform, strokeStyle: StrokeStyle,
                                       paint: OpPaint) -> String {
        var s = strokeStyle
        // The path's own space to user units, and the path in it.
        var toElement = transform.concatenating(toUnits)
        var d = path
        if s.width == 0 {
            // A hairline: one device pixel.
            d = path.transformed(by: transform)
            let k = transform.maxStretch
            s.width = 1
            s.dashes = strokeStyle.dashes.map { $0 * k }
            s.dashPhase = strokeStyle.dashPhase * k
            toElement = toUnits
        }
        if let k = toElement.similarityScale {
            d = d.transformed(by: toElement)
            s.width *= k
            s.dashes = s.dashes.map { $0 * k }
            s.dashPhase *= k
            toElement = .identity
        }
        var a = " fill=\"none\"" + paintAttributes("stroke", paint, elementToUnits: toElement)
        a += " stroke-width=\"\(Decimal.text(s.width, decimals: 4))\""
        if s.cap != .butt { a += " stroke-linecap=\"\(s.cap == .round ? "round" : "square")\"" }
        if s.join != .miter { a += " stroke-linejoin=\"\(s.join == .round ? "round" : "bevel")\"" }
        if s.miterLimit != 4 { a += " stroke-miterlimit=\"\(Decimal.text(Swift.max(1, s.miterLimit)))\"" }
        if !s.dashes.isEmpty, s.dashes.contains(where: { $0 > 0 }) {
            a += " stroke-dasharray=\"\(s.dashes.map { Decimal.text($0, decimals: 4) }.joined(separator: " "))\""
            if s.dashPhase != 0 { a += " stroke-dashoffset=\"\(Decimal.text(s.dashPhase, decimals: 4))\"" }
        }
        let t = toElement != .identity ? " transform=\"\(Self.matrix(toElement))\"" : ""
        // Renderers give a subpath of one point a cap only when it is round;
        // the engine gives square caps a square there: filled beside the stroke.
        var dots: [Point] = []
        if s.cap == .square, !s.dashes.contains(where: { $0 > 0 }) { (d, dots) = d.splittingDots() }
        // (User units: a thousandth of a point; a path's own space: finer.)
        let decimals = toElement == .identity ? 3 : 4
        var content = d.isEmpty ? "" : "<path d=\"\(Self.pathData(d, decimals: decimals))\"\(a)\(t)/>\n"
        if !dots.isEmpty {
            var squares = Path()
            for p in dots { squares.addRect(Rect(x: p.x - s.width / 2, y: p.y - s.width / 2, width: s.width, height: s.width)) }
            let fill = paintAttributes("fill", paint, elementToUnits: toElement)
            content += "<path d=\"\(Self.pathData(squares, decimals: decimals))\"\(fill)\(t)/>\n"
        }
        return content
    }

    private func rect(_ r: Rect, fill color: Color) -> String {
        "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" " +
            "height=\"\(n(r.height))\"\(colorAttributes("fill", color))/>\n"
    }

    // MARK: text

    /// Glyphs as `<text>`, a run each (outlines for runs whose font cannot
    /// be named), filled with `paint` under `style`.
    private mutating func text(_ text: GlyphText, glyphs: [PlacedGlyph], transform: AffineTransform, paint: OpPaint,
                               style: OpStyle) -> Item {
        // The glyphs' space to user units: folded into the numbers when it
        // is a scale (text drawn upright, the usual case), else a transform.
        let m = transform.concatenating(toUnits)
        let k: Double? = m.b == 0 && m.c == 0 && m.a > 0 && abs(m.d - m.a) <= 1e-12 * m.a ? m.a : nil
        let toElement = k != nil ? AffineTransform.identity : m
        func x(_ v: Double) -> Double { k.map { v * $0 + m.tx } ?? v }
        func y(_ v: Double) -> Double { k.map { v * $0 + m.ty } ?? v }
        let fill = paintAttributes("fill", paint, elementToUnits: toElement)
        let t = k == nil ? " transform=\"\(Self.matrix(toElement))\"" : ""
        var content = ""
        for piece in text.pieces {
            switch piece {
            case .text(let run):
                let xs = run.xs.map { $0.map { Decimal.text(x($0)) }.joined(separator: " ") } ?? Decimal.text(x(run.origin.x))
                var a = "<text xml:space=\"preserve\" x=\"\(xs)\" y=\"\(Decimal.text(y(run.origin.y)))\""
                a += " font-family=\"\(Self.escaped(Self.cssFamilies(run.face.families)))\""
                a += " font-size=\"\(Decimal.text(run.size * (k ?? 1), decimals: 4))\""
                if run.face.weight != 400 { a += " font-weight=\"\(run.face.weight)\"" }
                if run.face.italic { a += " font-style=\"italic\"" }
                a += Self.typography(run, scale: k ?? 1)
                content += a + fill + t + ">" + Self.escaped(run.text) + "</text>\n"
            case .outline(let placed):
                let path = DisplayOp.glyphPath(placed, transform: transform)
                content += "<path d=\"\(pathData(path))\"" + paintAttributes("fill", paint, elementToUnits: .identity) + "/>\n"
            }
        }
        return wrap(content, style: style, isolate: false, inline: true)
    }

    /// A run's tracking as `letter-spacing` (`scale`: the glyphs' space to
    /// user units), its features and variations as CSS's
    /// `font-feature-settings` and `font-variation-settings` in `style`.
    static func typography(_ run: GlyphText.Run, scale: Double) -> String {
        var a = ""
        if run.letterSpacing != 0 { a += " letter-spacing=\"\(Decimal.text(run.letterSpacing * scale, decimals: 4))\"" }
        var style: [String] = []
        if !run.features.isEmpty {
            style.append("font-feature-settings: " + run.features.map {
                $0.value == 1 ? cssFamilies([$0.tag]) : cssFamilies([$0.tag]) + " \($0.value)"
            }.joined(separator: ", "))
        }
        if !run.variations.isEmpty {
            style.append("font-variation-settings: " + run.variations.map {
                cssFamilies([$0.tag]) + " " + Decimal.text($0.value, decimals: 4)
            }.joined(separator: ", "))
        }
        if !style.isEmpty { a += " style=\"\(escaped(style.joined(separator: "; ")))\"" }
        return a
    }

    /// Families as CSS lists them: each quoted (names may hold spaces or
    /// digits), quotes and backslashes escaped.
    static func cssFamilies(_ families: [String]) -> String {
        families.map { family in
            var quoted = "'"
            for c in family {
                if c == "'" || c == "\\" { quoted.append("\\") }
                quoted.append(c)
            }
            return quoted + "'"
        }.joined(separator: ", ")
    }

    /// `s` as XML character data or an attribute value: `&`, `<`, `>` and
    /// `"` escaped; characters XML 1.0 cannot hold (controls) left out.
    static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                let v = scalar.value
                if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D { continue }
                if v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: wrapping

    /// `content` with the style's shadow, alpha and blend mode (in SVG's
    /// order: filter, clip, opacity, blend, as Core Graphics does: shadow,
    /// then the clip over both), with the clips it is drawn under: those
    /// are left to `serialize`, which shares them between neighbours,
    /// unless the operation blends with what is below (a clip makes a group
    /// isolated: the clip then goes inside the blending group). `isolate`:
    /// the content composites as one (a layer holding blend modes).
    /// `inline`: the attributes may go on `content` itself when it is one
    /// element without a transform of its own.
    private mutating func wrap(_ content: String, style: OpStyle, isolate: Bool,
                               inline: Bool = false, id: String? = nil) -> Item {
        var content = content
        if let shadow = style.shadow, shadow.color.a > 0 {
            content = Self.attach(" filter=\"url(#\(filterID(shadow)))\"", to: content, inline: inline && id == nil)
        }
        var a = ""
        if style.alpha < 1 { a += " opacity=\"\(Decimal.text(style.alpha, decimals: 4))\"" }
        var css: [String] = []
        if isolate { css.append("isolation:isolate") }
        let blends = style.blendMode.w3cName.map { $0 != "normal" } ?? false
        if blends { css.append("mix-blend-mode:" + style.blendMode.w3cName!) }
        if !css.isEmpty { a += " style=\"\(css.joined(separator: ";"))\"" }
        if !style.antialias { a += " shape-rendering=\"crispEdges\"" }
        if blends {
            content = clipped(content, by: style.clip, inline: inline && id == nil)
            if let id { return Item(clips: [], markup: "<g id=\"\(id)\"\(a)>\n" + content + "</g>\n") }
            return Item(clips: [], markup: Self.attach(a, to: content, inline: false))
        }
        let clips = reduced(style.clip)
        if let id { return Item(clips: clips, markup: "<g id=\"\(id)\"\(a)>\n" + content + "</g>\n") }
        return Item(clips: clips, markup: Self.attach(a, to: content, inline: inline))
    }

    /// The clips of `clip`'s chain that clip something, outermost first:
    /// rectangles that hold the whole surface (of a group whose drawing
    /// ends at the page) are left out, and a rectangle inside a rectangle
    /// becomes their intersection, one clip path instead of two nested
    /// groups. Each chain is reduced once, so operations drawn under it
    /// still share its clips.
    private mutating func reduced(_ clip: ClipChain?) -> [ClipChain] {
        guard let clip else { return [] }
        if let known = reducedChains[ObjectIdentifier(clip)] { return known }
        var outer = reduced(clip.parent)
        if let r = Self.axisRect(clip.path) {
            if let b = pageBounds, r.minX <= b.minX, r.minY <= b.minY, r.maxX >= b.maxX, r.maxY >= b.maxY {
                // Clips nothing on the page.
            } else if let last = outer.last, let p = Self.axisRect(last.path) {
                let x0 = Swift.max(r.minX, p.minX), y0 = Swift.max(r.minY, p.minY)
                let x1 = Swift.min(r.maxX, p.maxX), y1 = Swift.min(r.maxY, p.maxY)
                let meet = Rect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
                if meet != p {
                    outer[outer.count - 1] = meet == r ? clip
                        : ClipChain(path: Path(rect: meet, transform: .identity), rule: .nonzero, parent: nil)
                }
            } else {
                outer.append(clip)
            }
        } else {
            outer.append(clip)
        }
        reducedChains[ObjectIdentifier(clip)] = outer
        kept.append(clip)
        kept.append(contentsOf: outer as [AnyObject])
        return outer
    }

    /// The rectangle `path` is, when it is one subpath of four sides along
    /// the axes; nil otherwise.
    static func axisRect(_ path: Path) -> Rect? {
        var points: [Point] = []
        for (i, e) in path.elements.enumerated() {
            switch e {
            case .move(let p): guard i == 0 else { return nil }; points.append(p)
            case .line(let p): points.append(p)
            case .close: guard i == path.elements.count - 1 else { return nil }
            default: return nil
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return nil }
        let xs = Set(points.map(\.x)), ys = Set(points.map(\.y))
        guard xs.count == 2, ys.count == 2 else { return nil }
        for k in 0..<4 {
            let a = points[k], b = points[(k + 1) % 4]
            guard a.x == b.x || a.y == b.y else { return nil }
        }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// `content` with attributes `a`: on the element itself when it is one
    /// element (`<x .../>` or `<text ...>...</text>`) without a transform
    /// of its own (clips and filters are in the user space around it) and
    /// without any of those attributes yet, else on a group around it.
    private static func attach(_ a: String, to content: String, inline: Bool) -> String {
        if a.isEmpty { return content }
        if inline, let end = singleElementTagEnd(content), !content.contains(" transform=\""),
           !attributeNames(a).contains(where: { content.contains(" \($0)=\"") }) {
            return String(content[..<end]) + a + String(content[end...])
        }
        return "<g\(a)>\n" + content + "</g>\n"
    }

    /// Where `content`'s start tag takes more attributes (before its `/>` or
    /// `>`), when `content` is one element; nil otherwise.
    private static func singleElementTagEnd(_ content: String) -> String.Index? {
        let opens = content.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : 0) }
        if content.hasSuffix("/>\n"), opens == 1 { return content.index(content.endIndex, offsetBy: -3) }
        if content.hasPrefix("<text "), content.hasSuffix("</text>\n"), opens == 2 {
            return content.firstIndex(of: ">")
        }
        return nil
    }

    private static func attributeNames(_ a: String) -> [Substring] {
        a.split(separator: " ").compactMap { $0.split(separator: "=", maxSplits: 1).first }
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
    private mutating func mask(_ levels: inout [(id: String?, items: [Item])], shape: MaskShape,
                               clip: ClipChain?, antialias: Bool, paint: OpPaint?, factor: (Double) -> Double) {
        guard levels.contains(where: { !$0.items.isEmpty }) else { return }
        let id = newID("m")
        var element: String
        switch shape {
        case .fill(let path, let rule):
            var shapeAttributes = paint.map { paintAttributes("fill", blackened($0, factor: factor), elementToUnits: .identity) }
                ?? " fill=\"#000\""
            if rule == .evenodd { shapeAttributes += " fill-rule=\"evenodd\"" }
            if !antialias { shapeAttributes += " shape-rendering=\"crispEdges\"" }
            element = "<path d=\"\(pathData(path))\"\(shapeAttributes)/>\n"
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
        for i in levels.indices where !levels[i].items.isEmpty {
            let before = serialize(levels[i].items[...], depth: 0)
            levels[i].items = [Item(clips: [], markup: "<g mask=\"url(#\(id))\">\n" + before + "</g>\n")]
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

    /// ` fill="..."` for a paint on an element whose coordinates go to user
    /// units through `elementToUnits`.
    private mutating func paintAttributes(_ property: String, _ paint: OpPaint,
                                          elementToUnits: AffineTransform) -> String {
        let paintToUnits = paint.transform.concatenating(toUnits)
        let toElement = elementToUnits.inverted.map { paintToUnits.concatenating($0) } ?? paintToUnits
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
        let m = matrix(t)
        return m == "matrix(1 0 0 1 0 0)" ? "" : " gradientTransform=\"\(m)\""
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
        s += "><path d=\"\(pathData(clip.path))\""
        if clip.rule == .evenodd { s += " clip-rule=\"evenodd\"" }
        s += "/></clipPath>"
        defs.append(s)
        return id
    }

    /// A drop shadow as Core Graphics casts it: the shape's alpha blurred
    /// (sigma = blur / 2 points), offset (by whole device pixels, as the
    /// engine does), in the shadow's color, under the shape.
    private mutating func filterID(_ shadow: Shadow) -> String {
        let sigma = Decimal.text(shadow.blur / 2, decimals: 4)
        let dx = n((shadow.dx * unit).rounded(), decimals: 4), dy = n((shadow.dy * unit).rounded(), decimals: 4)
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

    /// `buffer` placed by `placed` (its pixels to device pixels): an
    /// `<image>` the size it is drawn at in user units (a JPEG a script
    /// loaded as its own bytes, else PNG), written where it is first drawn
    /// and used (`<use>`) at every other place.
    mutating func image(_ buffer: PixelBuffer, placed: AffineTransform) -> String {
        let m = placed.concatenating(toUnits)
        if let known = images[ObjectIdentifier(buffer)], let back = known.placed.inverted {
            let t = back.concatenating(m)
            let moved = Self.matrix(t) == "matrix(1 0 0 1 0 0)" ? "" : " transform=\"\(Self.matrix(t))\""
            return "<use xlink:href=\"#\(known.id)\"\(moved)/>\n"
        }
        let id = newID("i")
        images[ObjectIdentifier(buffer)] = (id, m)
        kept.append(buffer)
        let w = Double(buffer.width), h = Double(buffer.height)
        // The element's own size: the image's axes as they land.
        let (sx, sy) = m.axisScales
        var geometry: String
        if m.b == 0, m.c == 0, m.a > 0, m.d > 0 {
            geometry = "x=\"\(Decimal.text(m.tx))\" y=\"\(Decimal.text(m.ty))\" width=\"\(Decimal.text(w * m.a))\" " +
                "height=\"\(Decimal.text(h * m.d))\""
        } else {
            let rest = AffineTransform(a: m.a / Swift.max(sx, 1e-300), b: m.b / Swift.max(sx, 1e-300),
                                       c: m.c / Swift.max(sy, 1e-300), d: m.d / Swift.max(sy, 1e-300), tx: m.tx, ty: m.ty)
            geometry = "width=\"\(Decimal.text(w * sx))\" height=\"\(Decimal.text(h * sy))\" transform=\"\(Self.matrix(rest))\""
        }
        let data: String
        if let jpeg = JPEGPassThrough.bytes(of: buffer) {
            data = "data:image/jpeg;base64," + Data(jpeg.bytes).base64EncodedString()
        } else {
            data = "data:image/png;base64," + Data((try? PNGCodec.encode(buffer)) ?? []).base64EncodedString()
        }
        return "<image id=\"\(id)\" \(geometry) preserveAspectRatio=\"none\" xlink:href=\"\(data)\"/>\n"
    }

    /// A canvas drawn into `rect` (user space) under `transform`: its
    /// drawing defined once (in its own points), used at each place; and
    /// whether that drawing blends with what is below it inside.
    private mutating func canvas(_ drawn: CanvasSnapshot, rect r: Rect, transform: AffineTransform)
        -> (use: String, blends: Bool) {
        let (sx, sy) = drawn.transform.axisScales
        let id: String
        if let known = canvases.name(of: drawn) {
            id = known
        } else {
            id = newID("k")
            canvases.remember(drawn, as: id)
            let own = Rect(x: 0, y: 0, width: drawn.width * sx, height: drawn.height * sy)
            let content: String
            if let pixels = drawn.pixels {
                let outer = unit
                unit = sx
                content = image(pixels, placed: .identity)
                unit = outer
            } else {
                content = group(drawn.list.operations, page: own, scale: sx, bounded: false)
            }
            if content.contains("mix-blend-mode") { blendingCanvases.insert(id) }
            defs.append("<g id=\"\(id)\">\n" + content + "</g>")
        }
        // Its points to its pixels, placed, to user units.
        let placed = AffineTransform.scale(sx, sy).concatenating(drawn.placement(onto: r, under: transform))
            .concatenating(toUnits)
        return ("<use xlink:href=\"#\(id)\" transform=\"\(Self.matrix(placed))\"/>\n", blendingCanvases.contains(id))
    }

    // MARK: text of paths and transforms

    static func matrix(_ t: AffineTransform) -> String {
        "matrix(" + [t.a, t.b, t.c, t.d].map { Decimal.text($0, decimals: 6) }.joined(separator: " ") + " " +
            Decimal.text(t.tx, decimals: 4) + " " + Decimal.text(t.ty, decimals: 4) + ")"
    }

    /// A device-space path in user units.
    func pathData(_ path: Path) -> String {
        Self.pathData(path, over: unit)
    }

    /// Path data, each coordinate over `divisor`.
    static func pathData(_ path: Path, decimals: Int = 3, over divisor: Double = 1) -> String {
        var s = ""
        s.reserveCapacity(path.elements.count * 16)
        let k = 1 / divisor
        func pt(_ p: Point) { s += Decimal.point(divisor == 1 ? p : Point(p.x * k, p.y * k), decimals: decimals) }
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

extension AffineTransform {
    /// The factor a transform that keeps shapes (a uniform scale, with any
    /// rotation, reflection and translation) scales lengths by; nil for any
    /// other (a stroke drawn under one keeps it).
    var similarityScale: Double? {
        let p = a * a + b * b, q = c * c + d * d
        guard p > 0, p.isFinite, abs(p - q) <= 1e-9 * p, abs(a * c + b * d) <= 1e-9 * p else { return nil }
        return p.squareRoot()
    }
}
