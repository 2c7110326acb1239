import CellGeometry

/// Text: glyphs filled with the fill paint as one shape, under the state's
/// blend mode, alpha, shadow and clip (so a `clear` knockout, a gradient or a
/// shadow acts on a whole text call at once, as on one path).
extension Canvas {
    /// Fills `glyphs` (each placed in user space) as one shape with the fill
    /// paint.
    ///
    /// While the transform keeps glyphs upright and unskewed (a uniform scale
    /// and a translation, the case of all UI text) and anti-aliasing is on,
    /// coverage comes from cached glyph masks (`GlyphMaskCache`), each glyph
    /// at the nearest quarter pixel, drawn as one coverage: where glyphs share
    /// a pixel their masks are added (capped at full), so an overlap counts
    /// twice where one path would count it once.
    /// Otherwise, or for glyphs bigger than the cache takes, the outlines are
    /// filled as one path, exactly where they are.
    public func fillGlyphs(_ glyphs: [PlacedGlyph]) {
        guard !glyphs.isEmpty else { return }
        if recordingTarget != nil, state.ctm.isFinite {
            record(.glyphs(glyphs, transform: state.ctm, recordedPaint(state.fillPaint), recordedStyle),
                   elements: glyphs.count)
        }
        if let source = maskedGlyphSpans(glyphs) {
            paint(source, with: state.fillPaint)
            return
        }
        paint(spans(of: Path(placing: glyphs).transformed(by: state.ctm), rule: .nonzero), with: state.fillPaint)
    }

    /// A glyph mask at its place on the canvas.
    private struct PlacedMask {
        var mask: GlyphMaskCache.Mask
        var x: Int, y: Int
    }

    /// A placed mask's rows as plain values, for the per-row walk: no
    /// reference to count on each visit (the masks are kept alive beside).
    private struct MaskRows {
        let pixels: UnsafePointer<UInt8>
        let x: Int, y: Int, width: Int, height: Int
    }

    /// The coverage of `glyphs` from cached masks, or nil when the transform
    /// or a glyph's size rules masks out.
    private func maskedGlyphSpans(_ glyphs: [PlacedGlyph]) -> SpanSource? {
        guard state.antialias else { return nil }
        let ctm = state.ctm
        let phases = Double(GlyphMaskCache.phases)
        var placed: [PlacedMask] = []
        placed.reserveCapacity(glyphs.count)
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for glyph in glyphs {
            let t = glyph.transform.concatenating(ctm)
            // Upright, unskewed, unmirrored in x, the same scale both ways.
            guard t.b == 0, t.c == 0, t.a > 0, t.d == -t.a,
                  abs(t.tx) < 1e12, abs(t.ty) < 1e12 else { return nil }
            var px = (t.tx * phases).rounded(), py = (t.ty * phases).rounded()
            let cellX = (px / phases).rounded(.down), cellY = (py / phases).rounded(.down)
            px -= cellX * phases
            py -= cellY * phases
            guard let mask = GlyphMaskCache.shared.mask(for: glyph, scale: t.a, phaseX: Int(px), phaseY: Int(py),
                                                        rasterizer: rasterizer) else { return nil }
            guard mask.width > 0, mask.height > 0 else { continue }
            let x = Int(cellX) + mask.left, y = Int(cellY) + mask.top
            placed.append(PlacedMask(mask: mask, x: x, y: y))
            x0 = min(x0, x)
            y0 = min(y0, y)
            x1 = max(x1, x + mask.width)
            y1 = max(y1, y + mask.height)
        }
        guard !placed.isEmpty else { return SpanSource(bounds: .empty) { _, _, _ in } }
        let bounds = IntRect(x0: x0, y0: y0, x1: x1, y1: y1)
        placed.sort { $0.x < $1.x }
        let rows = placed.map {
            MaskRows(pixels: UnsafePointer($0.mask.pixels), x: $0.x, y: $0.y, width: $0.mask.width, height: $0.mask.height)
        }
        let masks = placed
        return SpanSource(bounds: bounds) { job, area, emit in
            withExtendedLifetime(masks) {
                Self.emitMasks(rows, bounds: bounds.intersection(job.clamp(area)), emit)
            }
        }
    }

    /// Emits the masks' rows as spans, row by row, pointing straight into
    /// the cached masks where glyphs do not share pixels (the usual case:
    /// glyph boxes side by side). Where boxes overlap on a row, their
    /// coverage is added (capped at full) into a row buffer and that part of
    /// the row is emitted from there, so a shared pixel gets the sum, as if
    /// the masks had been added into one image first.
    /// `sorted`: left to right.
    private static func emitMasks(_ sorted: [MaskRows], bounds box: IntRect,
                                  _ emit: (UnsafeBufferPointer<Rasterizer.Span>) -> Void) {
        guard !box.isEmpty else { return }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: box.width)
        let spans = UnsafeMutablePointer<Rasterizer.Span>.allocate(capacity: sorted.count)
        defer {
            scratch.deallocate()
            spans.deallocate()
        }
        for y in box.y0..<box.y1 {
            var n = 0
            var rowEnd = Int.min // right end of the last span
            for item in sorted where y >= item.y && y < item.y + item.height {
                let x0 = Swift.max(item.x, box.x0), x1 = Swift.min(item.x + item.width, box.x1)
                guard x0 < x1 else { continue }
                let row = item.pixels + (y - item.y) * item.width + (x0 - item.x)
                if x0 >= rowEnd {
                    spans[n] = Rasterizer.Span(y: y, x: x0, count: x1 - x0, coverage: row, constant: 0)
                    n += 1
                    rowEnd = x1
                    continue
                }
                // Overlaps the last span: that span moves into the row
                // buffer (if it is not there yet) and grows to cover both.
                var last = spans[n - 1]
                let merged = scratch + (last.x - box.x0)
                if last.coverage != UnsafePointer(merged) {
                    merged.update(from: last.coverage!, count: last.count)
                }
                if x1 > rowEnd { (scratch + (rowEnd - box.x0)).update(repeating: 0, count: x1 - rowEnd) }
                let into = scratch + (x0 - box.x0)
                for i in 0..<(x1 - x0) {
                    let sum = UInt16(into[i]) + UInt16(row[i])
                    into[i] = sum > 255 ? 255 : UInt8(sum)
                }
                rowEnd = Swift.max(rowEnd, x1)
                last.coverage = UnsafePointer(merged)
                last.count = rowEnd - last.x
                spans[n - 1] = last
            }
            if n > 0 { emit(UnsafeBufferPointer(start: spans, count: n)) }
        }
    }
}
