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

    /// A rectangle cut to the pixels of interest, with what its rows share:
    /// the columns it reaches and the coverage of its end columns. A clip
    /// keeps one (`ClipBox`) to give any row's coverage without a mask.
    struct Frame {
        /// The rectangle within the bounds it was cut to.
        let x0: Double, x1: Double, y0: Double, y1: Double
        /// The columns and rows it reaches.
        let i0: Int, i1: Int, j0: Int, j1: Int
        /// The part of the first and last column it covers.
        let left: Float, right: Float
        let antialias: Bool

        /// Nil when `rect` is not finite or misses `bounds`.
        @inline(__always)
        init?(_ rect: Rect, bounds: IntRect, antialias: Bool) {
            guard rect.isFinite else { return nil }
            x0 = max(rect.minX, Double(bounds.x0))
            x1 = min(rect.maxX, Double(bounds.x1))
            y0 = max(rect.minY, Double(bounds.y0))
            y1 = min(rect.maxY, Double(bounds.y1))
            guard x1 > x0, y1 > y0 else { return nil }
            i0 = Int(x0.rounded(.down))
            i1 = Int(x1.rounded(.up))
            j0 = Int(y0.rounded(.down))
            j1 = Int(y1.rounded(.up))
            self.antialias = antialias
            left = Float(min(x1, Double(i0 + 1)) - max(x0, Double(i0)))
            right = Float(min(x1, Double(i1)) - max(x0, Double(i1 - 1)))
        }

        /// The part of row `j` (within `j0..<j1`) the rectangle covers.
        @inline(__always)
        func rowCoverage(_ j: Int) -> Float { Float(min(y1, Double(j + 1)) - max(y0, Double(j))) }

        @inline(__always)
        func quantise(_ v: Float) -> UInt8 {
            if !antialias { return v >= 0.5 ? 255 : 0 }
            return UInt8(min(v, 1) * 255 + 0.5)
        }

        /// The coverage of a row of which the rectangle covers `cy`.
        @inline(__always)
        func row(covering cy: Float) -> Row {
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
            return row
        }
    }

    /// Calls `body` for each run of rows with equal coverage, top to
    /// bottom, within `bounds`. Inlined, so a caller's body is compiled
    /// into the loop.
    @inline(__always)
    static func forEachRun(_ rect: Rect, bounds: IntRect, antialias: Bool, _ body: (Range<Int>, Row) -> Void) {
        guard let frame = Frame(rect, bounds: bounds, antialias: antialias) else { return }
        let j1 = frame.j1
        var j = frame.j0
        while j < j1 {
            let cy = frame.rowCoverage(j)
            var end = j + 1
            // A whole row: every row above y1's floor is whole too, so the
            // run reaches it at once instead of row by row (a tall
            // rectangle's rows cost more to walk than to composite).
            if cy == 1 { end = max(end, min(j1, Int(frame.y1.rounded(.down)))) }
            while end < j1 && frame.rowCoverage(end) == cy { end += 1 }
            body(j..<end, frame.row(covering: cy))
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
