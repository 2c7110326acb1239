/// Each row's longest run of opaque pixels in a buffer: where a layer drawn
/// at whole device pixels (`Canvas.draw(_:in:)`) is copied rather than
/// composited. Backgrounds and panels are mostly opaque but for their rims.
struct OpaqueRuns: Sendable {
    private let runs: [Run]
    typealias Run = (start: Int, end: Int)

    /// Finds each row's run, a large buffer (128K pixels or more) in bands
    /// of rows on up to `threads` threads.
    init(_ buffer: PixelBuffer, threads: Int) {
        let (w, h) = (buffer.width, buffer.height)
        var runs = [Run](repeating: (0, 0), count: h)
        let bands = w * h >= 1 << 17 ? Swift.max(1, Swift.min(threads, 8, h)) : 1
        runs.withUnsafeMutableBufferPointer { runs in
            DrawingThreads.shared.forEach(bands, threads: bands) { band, _ in
                for y in (h * band / bands)..<(h * (band + 1) / bands) {
                    runs[y] = Self.longestOpaqueRun(UnsafeRawPointer(buffer.data + y * w * 4), width: w)
                }
                return true
            }
        }
        self.runs = runs
    }

    /// Columns `start..<end` of row `y` are all opaque.
    subscript(y: Int) -> Run { runs[y] }

    /// The longest run of opaque pixels in a row of `width` pixels (the
    /// first one of equal runs; 0..<0 when there is none). Opaque and
    /// transparent stretches are crossed 8 pixels at a time (`PixelWords`):
    /// a layer's rows are mostly one or the other, and this scan runs over
    /// every pixel of every layer drawn.
    static func longestOpaqueRun(_ row: UnsafeRawPointer, width w: Int) -> Run {
        func opaque(_ x: Int) -> Bool { row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self) >> 24 == 255 }
        func eightOpaque(_ x: Int) -> Bool { PixelWords.Eight(row, byteOffset: x &* 4).areOpaque }
        func eightTransparent(_ x: Int) -> Bool { PixelWords.Eight(row, byteOffset: x &* 4).areTransparent }
        var best = (start: 0, end: 0), x = 0
        while x < w {
            while x &+ 8 <= w, eightTransparent(x) { x &+= 8 }
            while x < w, !opaque(x) { x += 1 }
            let start = x
            while x &+ 8 <= w, eightOpaque(x) { x &+= 8 }
            while x < w, opaque(x) { x += 1 }
            if x - start > best.end - best.start { best = (start, x) }
        }
        return best
    }
}
