import CellGeometry

/// Exact area coverage of an axis-aligned device rectangle: pixel (i, j) is the
/// square [i, i+1] x [j, j+1], and its coverage is the area of that square
/// inside the rectangle, which factors into a column part times a row part.
enum RectCoverage {
    /// Calls `body` once per touched row with the row's base pointer, the first
    /// column, the column count, the row's vertical coverage and a pointer to
    /// the per-column horizontal coverages. Clipped to the buffer.
    static func forEach(
        in rect: Rect, buffer: PixelBuffer,
        _ body: (UnsafeMutablePointer<UInt8>, Int, Int, Float, UnsafePointer<Float>) -> Void
    ) {
        guard rect.isFinite else { return }
        let x0 = Swift.max(rect.minX, 0), x1 = Swift.min(rect.maxX, Double(buffer.width))
        let y0 = Swift.max(rect.minY, 0), y1 = Swift.min(rect.maxY, Double(buffer.height))
        guard x1 > x0, y1 > y0 else { return }
        let i0 = Int(x0.rounded(.down)), i1 = Int(x1.rounded(.up))
        let j0 = Int(y0.rounded(.down)), j1 = Int(y1.rounded(.up))
        let count = i1 - i0
        withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { columns in
            for i in i0..<i1 {
                columns[i - i0] = Float(Swift.min(x1, Double(i + 1)) - Swift.max(x0, Double(i)))
            }
            for j in j0..<j1 {
                let cy = Float(Swift.min(y1, Double(j + 1)) - Swift.max(y0, Double(j)))
                guard cy > 0 else { continue }
                body(buffer.data + j * buffer.stride, i0, count, cy, UnsafePointer(columns.baseAddress!))
            }
        }
    }
}
