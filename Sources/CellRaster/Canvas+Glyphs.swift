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
    /// at the nearest quarter pixel; the call's masks are added into one
    /// coverage image (capped at full), so glyphs that overlap inside a pixel
    /// count their coverage twice where one path would count the overlap once.
    /// Otherwise, or for glyphs bigger than the cache takes, the outlines are
    /// filled as one path, exactly where they are.
    public func fillGlyphs(_ glyphs: [PlacedGlyph]) {
        guard !glyphs.isEmpty else { return }
        if let source = maskedGlyphSpans(glyphs) {
            paint(source, with: state.fillPaint)
            return
        }
        fill(Path(placing: glyphs))
    }

    /// A glyph mask at its place on the canvas.
    private struct PlacedMask {
        var mask: GlyphMaskCache.Mask
        var x: Int, y: Int
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
        guard !placed.isEmpty else { return SpanSource(bounds: .empty) { _, _ in } }
        let bounds = IntRect(x0: x0, y0: y0, x1: x1, y1: y1)
        return SpanSource(bounds: bounds) { area, emit in
            Self.emitMasks(placed, bounds: bounds.intersection(area), emit)
        }
    }

    /// Adds the masks into one coverage image over `box` and emits its rows
    /// as spans, leaving out runs of empty pixels.
    private static func emitMasks(_ placed: [PlacedMask], bounds box: IntRect,
                                  _ emit: (UnsafeBufferPointer<Rasterizer.Span>) -> Void) {
        guard !box.isEmpty else { return }
        let width = box.width
        let image = UnsafeMutablePointer<UInt8>.allocate(capacity: width * box.height)
        defer { image.deallocate() }
        image.initialize(repeating: 0, count: width * box.height)
        for item in placed {
            let m = item.mask
            let cx0 = max(item.x, box.x0), cx1 = min(item.x + m.width, box.x1)
            let cy0 = max(item.y, box.y0), cy1 = min(item.y + m.height, box.y1)
            guard cx0 < cx1, cy0 < cy1 else { continue }
            m.pixels.withUnsafeBufferPointer { src in
                for y in cy0..<cy1 {
                    let from = src.baseAddress! + (y - item.y) * m.width + (cx0 - item.x)
                    let to = image + (y - box.y0) * width + (cx0 - box.x0)
                    let n = cx1 - cx0
                    var i = 0
                    // Sixteen bytes at a time: a wrapped sum is smaller than
                    // either term, and then the capped sum is 255.
                    while i + 16 <= n {
                        let a = UnsafeRawPointer(to + i).loadUnaligned(as: SIMD16<UInt8>.self)
                        let b = UnsafeRawPointer(from + i).loadUnaligned(as: SIMD16<UInt8>.self)
                        let sum = a &+ b
                        UnsafeMutableRawPointer(to + i).storeBytes(of: sum.replacing(with: 255, where: sum .< a),
                                                                   as: SIMD16<UInt8>.self)
                        i += 16
                    }
                    while i < n {
                        let sum = UInt16(to[i]) + UInt16(from[i])
                        to[i] = sum > 255 ? 255 : UInt8(sum)
                        i += 1
                    }
                }
            }
        }
        // Runs of coverage, split where eight bytes in a row are empty (the
        // space between words and glyphs costs nothing downstream), found a
        // word at a time; zeros inside a run are pixels left as they are.
        @inline(__always) func word(_ p: UnsafeMutablePointer<UInt8>) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        }
        // At most one run per two pixels: a run and a gap take at least that.
        let spans = UnsafeMutablePointer<Rasterizer.Span>.allocate(capacity: width / 2 + 1)
        defer { spans.deallocate() }
        for row in 0..<box.height {
            let line = image + row * width
            var n = 0
            var i = 0
            while i < width {
                while i + 8 <= width, word(line + i) == 0 { i += 8 }
                while i < width, line[i] == 0 { i += 1 }
                guard i < width else { break }
                let start = i
                var end = i + 1 // past the last non-zero byte so far
                i += 1
                while i + 8 <= width {
                    let w = word(line + i)
                    if w == 0 { break }
                    end = i + 8 - w.leadingZeroBitCount / 8
                    i += 8
                }
                if i + 8 > width {
                    while i < width {
                        if line[i] != 0 { end = i + 1 }
                        i += 1
                    }
                }
                spans[n] = Rasterizer.Span(y: box.y0 + row, x: box.x0 + start, count: end - start,
                                           coverage: UnsafePointer(line + start), constant: 0)
                n += 1
                i = end
            }
            if n > 0 { emit(UnsafeBufferPointer(start: spans, count: n)) }
        }
    }
}
