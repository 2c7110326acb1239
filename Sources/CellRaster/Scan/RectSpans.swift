import CellGeometry

/// Spans of an axis-aligned device rectangle, computed directly: coverage
/// factors into a column part times a row part, so no accumulation is needed.
/// The values are the ones the general rasterizer gives for the same
/// rectangle (same Float product, same rounding); rectangles are the most
/// common shape in user interfaces, hence the shortcut. Rows of equal
/// coverage (every row but the first and the last) share their spans.
enum RectSpans {
    /// Inlined, so a caller's per-row body is compiled into the row loop.
    @inline(__always)
    static func emit(_ rect: Rect, bounds: IntRect, antialias: Bool, _ body: (UnsafeBufferPointer<Rasterizer.Span>) -> Void) {
        guard rect.isFinite else { return }
        let x0 = max(rect.minX, Double(bounds.x0)), x1 = min(rect.maxX, Double(bounds.x1))
        let y0 = max(rect.minY, Double(bounds.y0)), y1 = min(rect.maxY, Double(bounds.y1))
        guard x1 > x0, y1 > y0 else { return }
        let i0 = Int(x0.rounded(.down)), i1 = Int(x1.rounded(.up))
        let j0 = Int(y0.rounded(.down)), j1 = Int(y1.rounded(.up))
        func columnCoverage(_ i: Int) -> Float { Float(min(x1, Double(i + 1)) - max(x0, Double(i))) }
        func quantise(_ v: Float) -> UInt8 {
            if !antialias { return v >= 0.5 ? 255 : 0 }
            return UInt8(min(v, 1) * 255 + 0.5)
        }
        let left = columnCoverage(i0), right = columnCoverage(i1 - 1)
        func rowCoverage(_ j: Int) -> Float { Float(min(y1, Double(j + 1)) - max(y0, Double(j))) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2) { cell in
            withUnsafeTemporaryAllocation(of: Rasterizer.Span.self, capacity: 3) { spans in
                let one = cell.baseAddress!, out = spans.baseAddress!
                var j = j0
                while j < j1 {
                    // Rows of equal row coverage (all but the first and the
                    // last are whole) get equal spans: made once, then
                    // emitted for each row of the run.
                    let cy = rowCoverage(j)
                    var end = j + 1
                    while end < j1 && rowCoverage(end) == cy { end += 1 }
                    var n = 0
                    func add(_ x: Int, _ count: Int, _ coverage: UnsafePointer<UInt8>?, _ constant: UInt8) {
                        out[n] = Rasterizer.Span(y: j, x: x, count: count, coverage: coverage, constant: constant)
                        n += 1
                    }
                    one[0] = quantise(left * cy)
                    if i1 - i0 == 1 {
                        if one[0] != 0 { add(i0, 1, UnsafePointer(one), 0) }
                    } else {
                        one[1] = quantise(right * cy)
                        let inner = quantise(cy)
                        if one[0] == inner && one[1] == inner {
                            // Whole pixels at both ends: one constant span.
                            if inner != 0 { add(i0, i1 - i0, nil, inner) }
                        } else {
                            if one[0] != 0 { add(i0, 1, UnsafePointer(one), 0) }
                            if i1 - i0 > 2 && inner != 0 { add(i0 + 1, i1 - i0 - 2, nil, inner) }
                            if one[1] != 0 { add(i1 - 1, 1, UnsafePointer(one + 1), 0) }
                        }
                    }
                    if n > 0 {
                        let row = UnsafeBufferPointer(start: out, count: n)
                        for y in j..<end {
                            for k in 0..<n { out[k].y = y }
                            body(row)
                        }
                    }
                    j = end
                }
            }
        }
    }
}
