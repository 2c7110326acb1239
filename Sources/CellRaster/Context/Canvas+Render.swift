import CellGeometry

/// The raster backend: the pixel work of one display-list operation
/// (`DisplayOp`), drawn into the current target (the canvas or the
/// innermost open layer) under the clip in force, with the state in force.
/// That state is the operation's own: `submit` renders each operation as it
/// is listed, and `Replay` sets the state from an operation before
/// rendering it again. Work that can wait is recorded and done in bands of
/// rows on the drawing threads (`perform`, `DrawingBatch`).
extension Canvas {
    /// Draws `op`'s pixels. Strokes go through `renderStroke`.
    func render(_ op: DisplayOp) {
        switch op {
        case .fill(let path, let rule, let paint, _):
            self.paint(spans(of: path, rule: rule), with: paint.paint)
        case .fillRect(let rect, let paint, _):
            self.paint(spans(ofRect: rect), with: paint.paint)
        case .paint(let paint, _):
            self.paint(spans(ofDeviceRect: drawableBounds.deviceRect), with: paint.paint)
        case .stroke:
            try? renderStroke(op) // (listed strokes were drawn once: they fit the limits)
        case .glyphs(let glyphs, let transform, let paint, _, _):
            renderGlyphs(glyphs, ctm: transform, paint: paint.paint)
        case .clear(let path, _, _):
            let produce = spans(of: path, rule: .nonzero)
            let dest = destination
            perform(rows: Self.rows(of: produce, in: dest)) { job in Self.clear(produce, into: dest, job: job) }
        case .background(let color):
            let surface = target, word = color.premultiplied()
            let rows = surface.bounds
            perform(rows: rows) { job in
                let r = job.clamp(rows: rows.y0..<rows.y1)
                surface.buffer.fill(word, rows: (r.lowerBound - surface.y0)..<(r.upperBound - surface.y0))
            }
        case .image(let buffer, let rect, _, _):
            // (A listed image never changes: it can be drawn in bands later.)
            drawImage(buffer, in: rect, reading: nil, deferrable: true)
        case .canvas(let snapshot, let rect, let transform, _):
            renderPlaced(snapshot, placement: snapshot.placement(onto: rect, under: transform))
        case .layer(let list, let style, _, _, _):
            // (Live layers are drawn by beginLayer / endLayer; this is a
            // listed one drawn again.)
            beginLayer(alpha: style.alpha, blendMode: style.blendMode)
            Replay(canvas: self, placement: .identity).draw(list)
            try? endLayer()
        case .beginGroup, .endGroup:
            break
        }
    }

    /// Draws a stroke's pixels: its outline (or, on whole pixels, nothing
    /// more than spans) through the stroke paint. Throws when the outline
    /// would pass the complexity limits.
    func renderStroke(_ op: DisplayOp) throws {
        guard case .stroke(let device, _, _, let paint, _) = op else { return render(op) }
        let outline = try strokeShape(device, visible: Self.summed(coverageBounds, from: sumFrom))
        self.paint(spans(ofPolygons: outline.polygons, box: outline.bounds), with: paint.paint)
    }

    /// The spans of device polygons flattened already (a stroke's outline).
    func spans(ofPolygons polygons: [Polyline], box: Rect?) -> SpanSource {
        let antialias = state.antialias, sumFrom = self.sumFrom
        return SpanSource(deviceBox: box) { job, bounds, emit in
            job.rasterizer.fillSpanRows(polygons, rule: .nonzero, antialias: antialias, bounds: bounds,
                                        sumFrom: sumFrom, rows: job.rows, emit)
        }
    }
}
