/// Drawing recorded now and done later, in bands of rows on several threads.
///
/// A canvas with more than one drawing thread records each composite (a
/// fill, a stroke, text, a gradient, a layer ended) instead of drawing it:
/// the geometry is prepared on the calling thread (paths flattened, glyph
/// masks looked up, paints made), and what is recorded reads nothing of the
/// canvas' mutable state. When the pixels are needed, the canvas flushes:
/// the canvas' rows are cut into bands, each drawing thread takes bands in
/// turn, and each band replays every recorded command that reaches it, in
/// order, on that band's rows only. Every pixel lies in one band, so it gets
/// the same operations in the same order as drawing in order, and the
/// rasterizer computes each row from the same numbers whichever band asks
/// (`Rasterizer.fillSpanRows`' `rows`): the result is the same to the bit.
///
/// What cannot be cut into bands (a shadow's blur, reading pixels, drawing
/// a canvas onto another) flushes first and then draws in order; see
/// `Canvas.flush`.
final class DrawingBatch {
    typealias Command = (Canvas.SpanJob) -> Void

    private var commands: [(rows: Range<Int>, run: Command)] = []
    /// Layer buffers ended while recorded commands still read or write them:
    /// handed back for reuse only after the flush (a buffer reused with
    /// another size would put one band's rows in another band's bytes).
    private(set) var released: [PixelBuffer] = []
    /// Threads the bands are shared among (at least 2).
    let threads: Int
    /// The canvas' rows.
    let height: Int
    /// One rasterizer per helper thread's slot (the calling thread, slot 0,
    /// uses the canvas'), shared by every batch: slots above 0 exist only
    /// while `DrawingThreads` runs a job, and it runs one at a time, so
    /// one batch at a time uses them. Their buffers, grown once, stay.
    nonisolated(unsafe) private static let helperRasterizers: [Rasterizer] =
        (0..<DrawingThreads.shared.count).map { _ in Rasterizer() }

    /// Commands recorded before a flush is forced, to bound what a batch holds.
    static let maxCommands = 2048

    init(threads: Int, height: Int) {
        self.threads = threads
        self.height = height
    }

    var isEmpty: Bool { commands.isEmpty }

    /// Records `run` for the device rows `rows`. Returns whether the batch
    /// is now full (the caller flushes).
    func record(rows: Range<Int>, _ run: @escaping Command) -> Bool {
        commands.append((rows, run))
        return commands.count >= Self.maxCommands
    }

    func release(_ buffer: PixelBuffer) { released.append(buffer) }

    /// Band height: about four bands per thread so that a thread finishing
    /// a light band early takes another, and at least 32 rows so that a
    /// band's fixed costs (each command's layout) stay small next to its
    /// pixels.
    private var bandHeight: Int {
        Swift.max(32, (height + 4 * threads - 1) / (4 * threads))
    }

    /// Draws everything recorded, `main` rasterizing the bands the calling
    /// thread takes, and empties the batch. Returns the released buffers.
    func run(main: Rasterizer) -> [PixelBuffer] {
        let commands = self.commands
        self.commands.removeAll(keepingCapacity: true)
        defer { released.removeAll() }
        guard !commands.isEmpty else { return released }
        var top = Int.max, bottom = Int.min
        for c in commands {
            top = Swift.min(top, c.rows.lowerBound)
            bottom = Swift.max(bottom, c.rows.upperBound)
        }
        let band = bandHeight
        let first = top.floorDiv(band), last = (bottom - 1).floorDiv(band)
        let bands = last - first + 1
        let tools = [main] + Self.helperRasterizers
        DrawingThreads.shared.forEach(bands, threads: threads) { b, slot in
            let rows = (first + b) * band..<(first + b + 1) * band
            let job = Canvas.SpanJob(rasterizer: tools[slot], rows: rows)
            for c in commands where c.rows.overlaps(rows) { c.run(job) }
            return true
        }
        return released
    }
}

extension Int {
    /// Division rounding towards minus infinity.
    fileprivate func floorDiv(_ d: Int) -> Int {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
