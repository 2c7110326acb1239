import CellGeometry
import CellRaster

/// The iOS 5 grouped-section bevel: four layers,
/// bottom to top, for a rounded rect:
/// 1. the bevel: white at 80%, the shape stretched `offset` taller so it
///    pokes out below the fill and blends into the rounded corners;
/// 2. the fill;
/// 3. the inner shadow: black at 8%, the band between the shape and the
///    shape moved `offset` down, filled even-odd inside the shape;
/// 4. the outer stroke: black at 18%, 1 pt wide, with `copy`, so what lies
///    below shows through it.
/// All four are drawn in a transparency layer of their own (the view's
/// backing store), so `copy` replaces the bevel's pixels, not the table's.
///
/// The seed measured its offsets as one pixel on a non-retina screen; its
/// Core Graphics code works in points, so the default is 1 pt (2 px at
/// scale 2). `offsetInPixels` makes them one device pixel at any scale.
public struct Bevel {
    public var radius: Double
    public var fill: Color
    public var offset: Double = 1
    public var offsetInPixels = false
    public var bevelColor = Color(white: 1, alpha: 0.8)
    public var shadowColor = Color(white: 0, alpha: 0.08)
    public var strokeColor = Color(white: 0, alpha: 0.18)

    public init(radius: Double, fill: Color) {
        self.radius = radius
        self.fill = fill
    }

    /// Draws the bevel around `rect`; bevels of one look and size share one
    /// layer of `layers` (a fresh set by default: nothing shared).
    public func draw(in canvas: Canvas, rect: Rect, layers: ViewLayers = ViewLayers()) throws {
        try draw(in: canvas, rect: rect, layers: layers, inOneLayer: false)
    }

    /// The bevel in one layer over its whole frame, without the shortcut
    /// `draw` takes where it gives the same pixels (tests compare the two).
    func drawInOneLayer(in canvas: Canvas, rect: Rect) throws {
        try draw(in: canvas, rect: rect, layers: ViewLayers(), inOneLayer: true)
    }

    private func draw(in canvas: Canvas, rect: Rect, layers: ViewLayers, inOneLayer: Bool) throws {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        let d = offsetInPixels ? 1 / Swift.max(canvas.scale, 1e-9) : offset
        // The layer holds the whole effect: the stroke's outer half and the
        // bevel poking out below.
        let frame = Rect(x: r.x - 1, y: r.y - 1, width: r.width + 2, height: r.height + 2 + d)
        // Bevels of one look and size share one layer (ViewLayers), drawn in
        // the bevel's own pixels: a grouped table's
        // sections differ only in height, a page of boxes often not at all.
        // In pieces, the layer's interior is never composited: the layer
        // may leave out what lies within it (`Look.unused`, in the layer's
        // pixels; a layer to be composited whole keeps everything).
        let pieces = inOneLayer ? nil : Self.split(frame: frame, rect: r, radius: radius, offset: d, fill: fill, canvas: canvas)
        let origin = canvas.state.ctm.apply(Point(frame.x, frame.y))
        let unused = pieces?.interiorPixels.offsetBy(dx: -Int(origin.x.rounded(.down)), dy: -Int(origin.y.rounded(.down)))
        let look = Look(self, offset: d, unused: unused)
        let layer = try layers.layer(at: frame, look: look, in: canvas) { view, fw, fh in
            try drawLayer(in: view, frame: Rect(x: 0, y: 0, width: fw, height: fh),
                          rect: Rect(x: 1, y: 1, width: r.width, height: r.height), offset: d, unused: unused)
        }
        guard let layer else {
            // Off the pixel grid: a layer of its own at its place.
            try canvas.drawingLayer(at: frame) {
                draw(try Shapes(self, canvas: canvas, rect: r, offset: d, within: canvas.drawableDeviceBounds), in: canvas)
            }
            return
        }
        guard let pieces else {
            canvas.draw(layer, in: frame)
            return
        }
        // Away from its edges the layer holds nothing but the opaque fill,
        // which composites as itself: that part is filled in place, and the
        // layer is composited only in the four strips around it. The
        // interior (in halves) and the strips are whole pixels apart: drawn
        // together (Canvas.drawDisjoint), the interior first, as it is the
        // largest.
        try canvas.drawDisjoint(pieces.interior + pieces.strips.map(\.rect)) { i, piece in
            if i < pieces.interior.count {
                piece.setFillColor(fill)
                piece.fillRect(pieces.interior[i])
            } else {
                piece.draw(layer, in: frame)
            }
        }
    }

    /// The bevel's layer on `canvas` (the layer's own surface): away from
    /// its edges the layer holds nothing but the opaque fill, so that part
    /// is filled, and the four strips around it are drawn as pieces of one
    /// layer over the frame (every pixel computed as in that layer: coverage
    /// is summed from the surface's left edge whatever the clip, see
    /// Canvas.sumFrom). Along the straight sides every row of a side strip
    /// (every column of the top and bottom strips) is the same: one is
    /// drawn, the others copied. The shapes are flattened and stroked once
    /// (`PreparedShape`). Where that does not hold exactly (`split`), the
    /// whole layer is drawn. The interior is left transparent when it lies
    /// within `unused` (device pixels of `canvas` that are never composited).
    private func drawLayer(in canvas: Canvas, frame: Rect, rect r: Rect, offset d: Double, unused: IntRect?) throws {
        let shapes = try Shapes(self, canvas: canvas, rect: r, offset: d, within: canvas.drawableDeviceBounds)
        guard let pieces = Self.split(frame: frame, rect: r, radius: radius, offset: d, fill: fill, canvas: canvas) else {
            draw(shapes, in: canvas)
            return
        }
        // The interior (in halves) and the strips are whole pixels apart:
        // drawn together (Canvas.drawDisjoint), the interior first, as it is
        // the largest.
        var interior = pieces.interior
        if let unused, pieces.interiorPixels.isWithin(unused) { interior = [] }
        func inPieces() throws {
            try canvas.drawDisjoint(interior + pieces.strips.map(\.rect)) { i, piece in
                guard i >= interior.count else {
                    piece.setFillColor(fill)
                    piece.fillRect(interior[i])
                    return
                }
                let strip = pieces.strips[i - interior.count]
                try piece.drawingLayer(at: frame) {
                    for box in strip.drawn {
                        piece.withSavedState {
                            piece.clipRect(box)
                            draw(shapes, in: piece)
                        }
                    }
                    switch strip.copies {
                    case .rows(let y, let rows): try piece.repeatLayerRow(y, over: rows)
                    case .columns(let x, let columns): try piece.repeatLayerColumn(x, over: columns)
                    }
                }
            }
        }
        guard canvas.recordsVectors else { return try inPieces() }
        // Rows copied in pixels have no vector form: a recording canvas
        // gets the plain drawing's operations instead.
        try canvas.withoutRecording(inPieces)
        canvas.recordingOnly { draw(shapes, in: canvas) }
    }

    /// What the bevel's layer depends on besides the canvas' scale and the
    /// frame's size (ViewLayers adds those): the layer's look.
    struct Look: Hashable, Sendable {
        var radius: Double, offset: Double
        var fill: Color, bevel: Color, shadow: Color, stroke: Color
        /// Pixels of the layer that may be left out (see `drawLayer`).
        var unused: IntRect?

        init(_ b: Bevel, offset: Double, unused: IntRect?) {
            radius = b.radius
            self.offset = offset
            self.unused = unused
            fill = b.fill
            bevel = b.bevelColor
            shadow = b.shadowColor
            stroke = b.strokeColor
        }
    }

    /// The bevel's shapes for `rect`, flattened (and the outline stroked)
    /// once within a device box.
    private struct Shapes {
        var bevel: PreparedShape, shape: PreparedShape, band: PreparedShape, outline: PreparedShape

        init(_ b: Bevel, canvas: Canvas, rect r: Rect, offset d: Double, within box: IntRect) throws {
            let paths = b.paths(rect: r, offset: d)
            bevel = canvas.prepareFill(paths.bevel, within: box)
            shape = canvas.prepareFill(paths.shape, within: box)
            band = canvas.prepareFill(paths.band, within: box)
            outline = try canvas.withSavedState {
                canvas.setStrokeStyle(Bevel.strokeStyle)
                return try canvas.prepareStroke(paths.shape, within: box)
            }
        }
    }

    /// The four layers, bottom to top, from prepared shapes. Prepared
    /// within the one layer's bounds they are the shapes `fill`, `clip` and
    /// `stroke` would make there, so the pieces and the one layer agree.
    private func draw(_ shapes: Shapes, in canvas: Canvas) {
        canvas.setFillColor(bevelColor)
        canvas.fill(shapes.bevel)
        canvas.setFillColor(fill)
        canvas.fill(shapes.shape)
        canvas.withSavedState {
            canvas.clip(shapes.shape)
            canvas.setFillColor(shadowColor)
            canvas.fill(shapes.band, rule: .evenodd)
        }
        canvas.withSavedState {
            canvas.setBlendMode(.copy)
            canvas.setStrokeColor(strokeColor)
            canvas.stroke(shapes.outline)
        }
    }

    /// The outer stroke's style: 1 pt, the defaults otherwise.
    static var strokeStyle: StrokeStyle {
        var style = StrokeStyle()
        style.width = 1
        return style
    }

    /// The bevel's paths for `rect`: the shape stretched `d` taller, the
    /// shape, and the band between the shape and the shape moved `d` down.
    private func paths(rect r: Rect, offset d: Double) -> (bevel: Path, shape: Path, band: Path) {
        let shape = Path.build { $0.addRoundedRect(r, radius: radius) }
        let bevel = Path.build { $0.addRoundedRect(Rect(x: r.x, y: r.y, width: r.width, height: r.height + d), radius: radius) }
        let band = Path.build {
            $0.addRoundedRect(r, radius: radius)
            $0.addRoundedRect(Rect(x: r.x, y: r.y + d, width: r.width, height: r.height), radius: radius)
        }
        return (bevel, shape, band)
    }

    /// A strip of the bevel's layer around the interior: `rect`, of which
    /// only the `drawn` boxes are drawn; the rest is copied from one row or
    /// column of them (`copies`). All in user space, on whole device pixels.
    struct Strip {
        enum Copies { case rows(from: Int, over: Range<Int>), columns(from: Int, over: Range<Int>) }
        var rect: Rect
        var drawn: [Rect]
        var copies: Copies
    }

    /// Where the layer can be skipped: an interior rectangle the bevel's
    /// edges (corners, inner shadow, stroke, with two device pixels to
    /// spare) do not reach (given as its top and bottom halves), and the
    /// four strips of `frame` around it, all on whole device pixels. Beside the interior only straight edges run
    /// (vertical ones left and right of it, horizontal ones above and below),
    /// so the side strips are drawn for their first row and the top and
    /// bottom strips for their corners and first middle column. nil when
    /// that does not hold exactly: a translucent fill (the interior would be
    /// fill over bevel, not the fill), a shadow, alpha or blend mode on the
    /// layer (they act on the layer as a whole), a transform that is not a
    /// positive scale and a translation, or a rect too small to have an
    /// interior.
    static func split(frame: Rect, rect r: Rect, radius: Double, offset d: Double, fill: Color,
                      canvas: Canvas) -> (interior: [Rect], interiorPixels: IntRect, strips: [Strip])? {
        let state = canvas.state
        let m = state.ctm
        guard fill.a >= 1, state.shadow == nil, state.alpha >= 1, state.blendMode == .normal,
              m.b == 0, m.c == 0, m.a > 0, m.d > 0 else { return nil }
        let radius = Swift.max(0, Swift.min(radius, r.width / 2, r.height / 2))
        let edge = radius + Swift.max(d, 0) + 1 + 2 / canvas.pixelsPerUnit
        // The interior rounded inward to whole device pixels, the frame outward.
        let inner = m.apply(r.insetBy(dx: edge, dy: edge))
        let outer = m.apply(frame)
        guard inner.width > 0, inner.height > 0 else { return nil }
        let values = [inner.minX.rounded(.up), inner.minY.rounded(.up), inner.maxX.rounded(.down), inner.maxY.rounded(.down),
                      outer.minX.rounded(.down), outer.minY.rounded(.down), outer.maxX.rounded(.up), outer.maxY.rounded(.up)]
        guard values.allSatisfy({ abs($0) < 1e9 }) else { return nil }
        let v = values.map { Int($0) }
        let (ix0, iy0, ix1, iy1, ox0, oy0, ox1, oy1) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7])
        guard ix0 < ix1, iy0 < iy1, ox0 < ix0, oy0 < iy0, ix1 < ox1, iy1 < oy1 else { return nil }
        // Each piece must cover its whole pixels exactly, or neighbours
        // would share partly covered pixels.
        func user(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Rect? {
            canvas.userRect(exactlyCoveringPixelsX: Double(x0), y0: Double(y0), x1: Double(x1), y1: Double(y1))
        }
        // The interior in two halves, so that two threads can fill it.
        let iyMid = iy0 + (iy1 - iy0) / 2
        guard let interiorTop = user(ix0, iy0, ix1, iyMid), let interiorBottom = user(ix0, iyMid, ix1, iy1),
              let top = user(ox0, oy0, ox1, iy0), let bottom = user(ox0, iy1, ox1, oy1),
              let left = user(ox0, iy0, ix0, iy1), let right = user(ix1, iy0, ox1, iy1),
              let topLeft = user(ox0, oy0, ix0 + 1, iy0), let topRight = user(ix1, oy0, ox1, iy0),
              let bottomLeft = user(ox0, iy1, ix0 + 1, oy1), let bottomRight = user(ix1, iy1, ox1, oy1),
              let leftRow = user(ox0, iy0, ix0, iy0 + 1), let rightRow = user(ix1, iy0, ox1, iy0 + 1) else { return nil }
        let middle = (ix0 + 1)..<ix1, below = (iy0 + 1)..<iy1
        return ([interiorTop, interiorBottom], IntRect(x0: ix0, y0: iy0, x1: ix1, y1: iy1), [
            Strip(rect: top, drawn: [topLeft, topRight], copies: .columns(from: ix0, over: middle)),
            Strip(rect: bottom, drawn: [bottomLeft, bottomRight], copies: .columns(from: ix0, over: middle)),
            Strip(rect: left, drawn: [leftRow], copies: .rows(from: iy0, over: below)),
            Strip(rect: right, drawn: [rightRow], copies: .rows(from: iy0, over: below)),
        ])
    }
}
