import CellGeometry

/// Spans of an axis-aligned device rectangle, computed directly: coverage
/// factors into a column part times a row part, so no accumulation is needed.
/// The values are the ones the general rasterizer gives for the same
/// rectangle (same Float product, same rounding); rectangles are the most
/// common shape in user interfaces, hence the shortcut. Rows of equal
/// coverage (every row but the first and the last) share their spans.
enum RectSpans {
    /// One row's coverage, the same on each row of a run: a partly covered
    /// pixel at each end and a constant run between, any of them absent
    /// (coverage 0 or no pixels).
    struct Row {
        /// The left end pixel's column and coverage; `leftCoverage` 0: none.
        var leftX = 0, leftCoverage: UInt8 = 0
        /// The run between: `innerCount` pixels from `innerX`.
        var innerX = 0, innerCount = 0, innerCoverage: UInt8 = 0
        /// The right end pixel's column and coverage; `rightCoverage` 0: none.
        var rightX = 0, rightCoverage: UInt8 = 0
    }

    /// Calls `body` for each run of rows with equal coverage, top to
    /// bottom, within `bounds`. Inlined, so a caller's body is compiled
    /// into the loop.
    @inline(__always)
    static func forEachRun(_ rect: Rect, bounds: IntRect, antialias: Bool, _ body: (Range<Int>, Row) -> Void) {
        guard rect.isFinite else { return }
        let x0 = max(rect.minX, Double(bounds.x0)), x1 = min(rect.maxX, Double(bounds.x1))
        let y0 = max(rect.minY, Double(bounds.y0)), y1 = min(rect.maxY, Double(bounds.y1))
        guard x1 > x0, y1 > y0 else { return }
        let i0 = Int(x0.rounded(.down)), i1 = Int(x1.rounded(.up))
        let j0 = Int(y0.rounded(.down)), j1 = Int(y1.rounded(.up))
        func columnCoverage(_ i: Int) -> Float { Float(min(x1, Double(i + 1)) - max(x0, Double(i))) }
        func rowCoverage(_ j: Int) -> Float { Float(min(y1, Double(j + 1)) - max(y0, Double(j))) }
        func quantise(_ v: Float) -> UInt8 {
            if !antialias { return v >= 0.5 ? 255 : 0 }
            return UInt8(min(v, 1) * 255 + 0.5)
        }
        let left = columnCoverage(i0), right = columnCoverage(i1 - 1)
        var j = j0
        while j < j1 {
            let cy = rowCoverage(j)
            var end = j + 1
            // A whole row: every row above y1's floor is whole too, so the
            // run reaches it at once instead of row by row (a tall
            // rectangle's rows cost more to walk than to composite).
            if cy == 1 { end = max(end, min(j1, Int(y1.rounded(.down)))) }
            while end < j1 && rowCoverage(end) == cy { end += 1 }
            var row = Row()
            let first = quantise(left * cy)
            if i1 - i0 == 1 {
                row.leftX = i0
                row.leftCoverage = first
            } else {
                let last = quantise(right * cy), inner = quantise(cy)
                if first == inner && last == inner {
                    // Whole pixels at both ends: one constant run.
                    (row.innerX, row.innerCount, row.innerCoverage) = (i0, i1 - i0, inner)
                } else {
                    (row.leftX, row.leftCoverage) = (i0, first)
                    (row.innerX, row.innerCount, row.innerCoverage) = (i0 + 1, i1 - i0 - 2, inner)
                    (row.rightX, row.rightCoverage) = (i1 - 1, last)
                }
            }
            body(j..<end, row)
            j = end
        }
    }

    /// The rectangle's spans, row by row (as the rasterizer delivers them).
    static func emit(_ rect: Rect, bounds: IntRect, antialias: Bool, _ body: (UnsafeBufferPointer<Rasterizer.Span>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2) { cell in
            withUnsafeTemporaryAllocation(of: Rasterizer.Span.self, capacity: 3) { spans in
                let ends = cell.baseAddress!, out = spans.baseAddress!
                forEachRun(rect, bounds: bounds, antialias: antialias) { rows, row in
                    ends[0] = row.leftCoverage
                    ends[1] = row.rightCoverage
                    var n = 0
                    if row.leftCoverage != 0 {
                        out[n] = Rasterizer.Span(y: 0, x: row.leftX, count: 1, coverage: UnsafePointer(ends), constant: 0)
                        n += 1
                    }
                    if row.innerCount > 0 && row.innerCoverage != 0 {
                        out[n] = Rasterizer.Span(y: 0, x: row.innerX, count: row.innerCount, coverage: nil,
                                                 constant: row.innerCoverage)
                        n += 1
                    }
                    if row.rightCoverage != 0 {
                        out[n] = Rasterizer.Span(y: 0, x: row.rightX, count: 1, coverage: UnsafePointer(ends + 1),
                                                 constant: 0)
                        n += 1
                    }
                    guard n > 0 else { return }
                    for y in rows {
                        for k in 0..<n { out[k].y = y }
                        body(UnsafeBufferPointer(start: out, count: n))
                    }
                }
            }
        }
    }
}
