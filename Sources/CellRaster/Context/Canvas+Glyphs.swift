import CellGeometry

/// Text: glyphs filled with the fill paint as one shape, under the state's
/// blend mode, alpha, shadow and clip (so a `clear` knockout, a gradient or a
/// shadow acts on a whole text call at once, as on one path).
extension Canvas {
    /// Fills `glyphs` (each placed in user space, then moved by `origin`:
    /// default none) as one shape with the fill paint. Glyphs placed once
    /// from (0, 0) can be drawn at any point this way without a new array
    /// (CGContextSetTextPosition's role).
    ///
    /// While the transform keeps glyphs upright and unskewed (a uniform scale
    /// and a translation, the case of all UI text) and anti-aliasing is on,
    /// coverage comes from cached glyph masks (`GlyphMaskCache`), each glyph
    /// at the nearest quarter pixel, drawn as one coverage: where glyphs share
    /// a pixel their masks are added (capped at full), so an overlap counts
    /// twice where one path would count it once.
    /// Otherwise, or for glyphs bigger than the cache takes, the outlines are
    /// filled as one path, exactly where they are.
    ///
    /// `text` (default none) says what the glyphs read, in their space
    /// (before `origin`), for writers that keep text as text.
    public func fillGlyphs(_ glyphs: [PlacedGlyph], at origin: Point = Point(0, 0), text: GlyphText? = nil) {
        guard !glyphs.isEmpty else { return }
        let ctm = origin == Point(0, 0) ? state.ctm : AffineTransform.translation(origin.x, origin.y).concatenating(state.ctm)
        guard ctm.isFinite else { return }
        // Color glyphs (emoji) are images: Canvas+ColorGlyphs.swift.
        if glyphs.contains(where: { $0.shape.color != nil }) { return fillGlyphs(withColor: glyphs, ctm: ctm, text: text) }
        submit(.glyphs(glyphs, transform: ctm, opPaint(state.fillPaint), opStyle, text: text),
               keeping: glyphs.count * MemoryLayout<PlacedGlyph>.stride + (text.map { 64 + $0.keptBytes } ?? 0))
    }

    /// The raster side of `fillGlyphs`: `glyphs` through `ctm` filled with `paint`.
    func renderGlyphs(_ glyphs: [PlacedGlyph], ctm: AffineTransform, paint fill: Paint) {
        if let source = maskedGlyphSpans(glyphs, ctm: ctm) {
            paint(source, with: fill)
            return
        }
        paint(spans(of: Path(placing: glyphs).transformed(by: ctm), rule: .nonzero), with: fill)
    }

    /// The coverage of `glyphs` (placed in user space, then `ctm` to device
    /// space) from cached masks, or nil when the transform or a glyph's size
    /// rules masks out.
    private func maskedGlyphSpans(_ glyphs: [PlacedGlyph], ctm: AffineTransform) -> SpanSource? {
        guard state.antialias else { return nil }
        let phases = Double(GlyphMaskCache.phases)
        // Whole quarter pixels (`phases` a pixel) split into the pixel and
        // the phase by a shift and a mask: `phases` is a power of two.
        let phaseShift = GlyphMaskCache.phases.trailingZeroBitCount, phaseMask = GlyphMaskCache.phases - 1
        let rasterizer = self.rasterizer
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        var inOrder = true // left to right already (the usual case)
        let (found, held) = GlyphMaskCache.shared.withLookups { lookups -> [MaskBlock]? in
            var rows: [MaskBlock] = []
            rows.reserveCapacity(glyphs.count)
            for i in glyphs.indices {
                let t = glyphs[i].transform.concatenating(ctm)
                // Upright, unskewed, unmirrored in x, the same scale both ways.
                guard t.b == 0, t.c == 0, t.a > 0, t.d == -t.a,
                      abs(t.tx) < 1e12, abs(t.ty) < 1e12 else { return nil }
                // (Within 1e12 the quarter pixels fit an Int; `>>` floors.)
                let qx = Int(Rounding.halfAway(t.tx * phases)), qy = Int(Rounding.halfAway(t.ty * phases))
                guard let mask = lookups.view(for: .passUnretained(glyphs[i].shape), scale: t.a, phaseX: qx & phaseMask,
                                              phaseY: qy & phaseMask, rasterizer: rasterizer) else { return nil }
                guard mask.width > 0, mask.height > 0, let pixels = mask.pixels else { continue }
                let x = (qx >> phaseShift) + mask.left, y = (qy >> phaseShift) + mask.top
                if let last = rows.last, x < last.x { inOrder = false }
                rows.append(MaskBlock(pixels: pixels, x: x, y: y, width: mask.width, height: mask.height))
                x0 = min(x0, x)
                y0 = min(y0, y)
                x1 = max(x1, x + mask.width)
                y1 = max(y1, y + mask.height)
            }
            return rows
        }
        guard var rows = found else { return nil }
        guard !rows.isEmpty else { return SpanSource(bounds: .empty) { _, _, _ in } }
        let bounds = IntRect(x0: x0, y0: y0, x1: x1, y1: y1)
        // Stable, as before: masks at the same x keep their drawing order.
        if !inOrder { rows = rows.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element) }
        let (disjoint, shared) = Self.splitByOverlap(rows)
        return SpanSource(masks: MaskBlocks(sorted: rows, disjoint: disjoint, shared: shared, bounds: bounds,
                                            owner: held))
    }

    /// Neighbours a glyph's mask is compared with before `splitByOverlap`
    /// gives up telling blocks apart: 64.
    static let mostNeighbours = 64

    /// `sorted` (left to right) parted into the masks that cover no pixel
    /// another covers and those that share pixels with another (in their
    /// order), whose coverage `emitMasks` adds. Boxes that meet only where
    /// one of the two masks is empty (the anti-aliased margins of glyphs
    /// set side by side) do not share: each is composited on its own, with
    /// the bytes adding them would give.
    static func splitByOverlap(_ sorted: [MaskBlock]) -> (disjoint: [MaskBlock], shared: [MaskBlock]) {
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: sorted.count) { meets in
            meets.initialize(repeating: false)
            var widest = 0, meeting = 0
            for i in sorted.indices {
                let a = sorted[i]
                // Boxes to the left reach past a.x only if they start within
                // the widest box's width of it.
                var j = i - 1
                var looked = 0
                while j >= 0, sorted[j].x + widest > a.x {
                    // Glyphs piled on one place (a base with thousands of
                    // marks) would make this quadratic: past a few dozen
                    // neighbours, every block is taken as shared, which is
                    // always right (their coverage adds), only slower.
                    looked += 1
                    if looked > Self.mostNeighbours { return ([], sorted) }
                    let b = sorted[j]
                    if b.x + b.width > a.x, b.y < a.y + a.height, a.y < b.y + b.height, Self.shareCoverage(a, b) {
                        if !meets[i] { meeting += 1 }
                        if !meets[j] { meeting += 1 }
                        meets[i] = true
                        meets[j] = true
                    }
                    j -= 1
                }
                widest = Swift.max(widest, a.width)
            }
            if meeting == 0 { return (sorted, []) } // the usual case: no copy
            var disjoint: [MaskBlock] = [], shared: [MaskBlock] = []
            disjoint.reserveCapacity(sorted.count - meeting)
            shared.reserveCapacity(meeting)
            for i in sorted.indices {
                if meets[i] { shared.append(sorted[i]) } else { disjoint.append(sorted[i]) }
            }
            return (disjoint, shared)
        }
    }

    /// Whether some pixel has coverage in both masks (within their boxes'
    /// intersection, which the caller knows is not empty).
    static func shareCoverage(_ a: MaskBlock, _ b: MaskBlock) -> Bool {
        let x0 = Swift.max(a.x, b.x), x1 = Swift.min(a.x + a.width, b.x + b.width)
        let y0 = Swift.max(a.y, b.y), y1 = Swift.min(a.y + a.height, b.y + b.height)
        for y in y0..<y1 {
            let rowA = a.pixels + ((y - a.y) * a.width + (x0 - a.x))
            let rowB = b.pixels + ((y - b.y) * b.width + (x0 - b.x))
            for i in 0..<(x1 - x0) where rowA[i] != 0 && rowB[i] != 0 { return true }
        }
        return false
    }

    /// Emits the masks' rows as spans, row by row, pointing straight into
    /// the cached masks where glyphs do not share pixels (the usual case:
    /// glyph boxes side by side). Where boxes overlap on a row, their
    /// coverage is added (capped at full) into a row buffer and that part of
    /// the row is emitted from there, so a shared pixel gets the sum, as if
    /// the masks had been added into one image first.
    /// `sorted`: left to right.
    static func emitMasks(_ sorted: [MaskBlock], bounds box: IntRect,
                          _ emit: (UnsafeBufferPointer<Rasterizer.Span>) -> Void) {
        guard !box.isEmpty else { return }
        // Each mask cut to the box once (a band of rows sees only its part),
        // with the address its row y starts at: `start + y * width`.
        struct Cut {
            let x0: Int, x1: Int, y0: Int, y1: Int, width: Int
            let start: UnsafePointer<UInt8>
        }
        var cuts: [Cut] = []
        cuts.reserveCapacity(sorted.count)
        for item in sorted {
            let x0 = Swift.max(item.x, box.x0), x1 = Swift.min(item.x + item.width, box.x1)
            let y0 = Swift.max(item.y, box.y0), y1 = Swift.min(item.y + item.height, box.y1)
            guard x0 < x1, y0 < y1 else { continue }
            cuts.append(Cut(x0: x0, x1: x1, y0: y0, y1: y1, width: item.width,
                            start: item.pixels + (x0 - item.x) - item.y * item.width))
        }
        guard !cuts.isEmpty else { return }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: box.width)
        let spans = UnsafeMutablePointer<Rasterizer.Span>.allocate(capacity: cuts.count)
        defer {
            scratch.deallocate()
            spans.deallocate()
        }
        cuts.withUnsafeBufferPointer { cuts in
            for y in box.y0..<box.y1 {
                var n = 0
                var rowEnd = Int.min // right end of the last span
                for item in cuts where y >= item.y0 && y < item.y1 {
                    let x0 = item.x0, x1 = item.x1
                    let row = item.start + y &* item.width
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
}
