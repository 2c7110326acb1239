import Synchronization

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
/// The threads do not wait for the flush: while the calling thread goes on
/// recording, the commands recorded so far go to the helper threads as a
/// chunk (`DrawingThreads.startDetached`), which draw its bands while the
/// next chunk is recorded; one chunk is out at a time, and each is drawn
/// whole before the next starts, so every band still sees the commands in
/// order. The flush takes the bands of the chunk out that no helper has
/// begun, waits for the ones being drawn, and draws the rest with every
/// thread, the calling one included.
///
/// What cannot be cut into bands (a shadow's blur, reading pixels, drawing
/// a canvas onto another) flushes first and then draws in order; see
/// `Canvas.flush`.
final class DrawingBatch {
    typealias Command = (Canvas.SpanJob) -> Void
    /// A command and the device rows it draws in.
    private typealias Recorded = (rows: Range<Int>, run: Command)

    private var commands: [Recorded] = []
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
    /// Memory the recorded commands may keep alive before a flush is forced:
    /// clip masks made for them and layer buffers released while they wait
    /// (a loop of clips or layers would otherwise hold one each until the
    /// pixels are read).
    static let maxHeldBytes = 64 << 20
    /// What the commands not yet handed out keep alive, and the buffers released.
    private var recordedBytes = 0, releasedBytes = 0
    var heldBytes: Int { recordedBytes + releasedBytes }

    init(threads: Int, height: Int) {
        self.threads = threads
        self.height = height
    }

    /// The chunk out on the helper threads, if any, and its ticket: the
    /// flush takes the bands no helper has begun (`Chunk.drawUnbegunBands`)
    /// instead of waiting for the helpers to draw them all.
    private var out: (ticket: Int, chunk: Chunk)?

    /// Commands handed out together, and the counter their bands are taken
    /// from: a band is drawn by whichever thread takes its number, so each
    /// is drawn once, whole, with the commands in order.
    private struct Chunk {
        let commands: [Recorded]
        let bands: Bands
        let next = Counter()

        /// Draws, with `rasterizer`, bands no thread has taken yet, until none is left.
        func drawUnbegunBands(with rasterizer: Rasterizer) {
            while true {
                let b = next.value.add(1, ordering: .relaxed).oldValue
                guard b < bands.count else { return }
                bands.draw(b, of: commands, with: rasterizer)
            }
        }
    }

    /// Pixels (summed over the commands' boxes) the calling thread gathers
    /// before handing a chunk out: a chunk's fixed costs (handing it over,
    /// each band's layout of each command) should stay small next to the
    /// pixels it draws. Or `chunkCommands` commands, whatever their size.
    static let chunkPixels = 1 << 12
    static let chunkCommands = 16
    /// The pixels of the commands not yet handed out.
    private var pendingPixels = 0

    /// Nothing recorded waits to be drawn, and no chunk is out.
    var isEmpty: Bool { commands.isEmpty && out == nil }

    deinit {
        // The threads are the chunk's until it ends: let it end.
        waitForChunk()
    }

    /// Waits for the chunk out on the helper threads, if any, to be drawn.
    func waitForChunk() {
        if let out {
            DrawingThreads.shared.wait(for: out.ticket)
            self.out = nil
        }
    }

    /// Records `run`, which draws within `area` (device pixels; its rows
    /// decide the bands it runs in). Returns whether the batch is now full
    /// (the caller flushes).
    func record(area: IntRect, holding bytes: Int = 0, _ run: @escaping Command) -> Bool {
        commands.append((area.y0..<area.y1, run))
        recordedBytes += bytes
        pendingPixels += area.width * area.height
        if pendingPixels >= Self.chunkPixels || commands.count >= Self.chunkCommands {
            if let out, DrawingThreads.shared.isFinished(out.ticket) { self.out = nil }
            if out == nil && DrawingThreads.shared.isFree { handOut() }
        }
        return commands.count >= Self.maxCommands || heldBytes > Self.maxHeldBytes
    }

    /// Hands the commands recorded so far to the helper threads, to be
    /// drawn while more are recorded (when they are free).
    private func handOut() {
        let chunk = commands
        // A new array, not the old one emptied: the threads read the old
        // one, and may be the last to let it go.
        commands = []
        commands.reserveCapacity(chunk.count)
        let handed = Chunk(commands: chunk, bands: Bands(chunk, height: bandHeight))
        let tools = Self.helperRasterizers
        let ticket = DrawingThreads.shared.startDetached(threads - 1) { slot in
            handed.drawUnbegunBands(with: tools[slot - 1])
        }
        guard let ticket else { // the threads are busy: drawn at the flush
            commands = chunk
            return
        }
        out = (ticket, handed)
        pendingPixels = 0
        recordedBytes = 0 // drawn by the chunk, then let go
    }

    /// The bands of `height` rows that some of `commands` reach.
    private struct Bands {
        let first: Int, count: Int, height: Int

        init(_ commands: [Recorded], height: Int) {
            var top = Int.max, bottom = Int.min
            for c in commands {
                top = Swift.min(top, c.rows.lowerBound)
                bottom = Swift.max(bottom, c.rows.upperBound)
            }
            first = top.floorDiv(height)
            count = (bottom - 1).floorDiv(height) - first + 1
            self.height = height
        }

        /// Draws band `b`: every command that reaches it, in order, on its rows only.
        func draw(_ b: Int, of commands: [Recorded], with rasterizer: Rasterizer) {
            let rows = (first + b) * height..<(first + b + 1) * height
            let job = Canvas.SpanJob(rasterizer: rasterizer, rows: rows)
            for c in commands where c.rows.overlaps(rows) { c.run(job) }
        }
    }

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Keeps `buffer` until the flush. Returns whether the batch now holds
    /// too much (the caller flushes).
    func release(_ buffer: PixelBuffer) -> Bool {
        released.append(buffer)
        releasedBytes += buffer.byteCount
        return heldBytes > Self.maxHeldBytes
    }

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
        out?.chunk.drawUnbegunBands(with: main)
        waitForChunk()
        (recordedBytes, releasedBytes) = (0, 0)
        let commands = self.commands
        self.commands = []
        pendingPixels = 0
        defer { released.removeAll() }
        guard !commands.isEmpty else { return released }
        let bands = Bands(commands, height: bandHeight)
        let tools = [main] + Self.helperRasterizers
        DrawingThreads.shared.forEach(bands.count, threads: threads) { b, slot in
            bands.draw(b, of: commands, with: tools[slot])
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
