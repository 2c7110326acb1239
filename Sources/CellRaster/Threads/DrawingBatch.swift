import Synchronization

/// Drawing recorded now and done later, in bands of rows on several threads.
///
/// A canvas with more than one drawing thread records each composite (a
/// fill, a stroke, text, a gradient, a layer ended) instead of drawing it:
/// the geometry is prepared on the calling thread (paths flattened, glyph
/// masks looked up, paints made), and what is recorded reads nothing of the
/// canvas' mutable state. The canvas' rows are cut into bands, and each band
/// keeps its own place in the list of commands: whichever thread takes a
/// band draws, on that band's rows only, every command recorded since the
/// band's place that reaches it, in order, and moves the place on. Every
/// pixel lies in one band, so it gets the same operations in the same order
/// as drawing in order, and the rasterizer computes each row from the same
/// numbers whichever band asks (`Rasterizer.fillSpanRows`' `rows`): the
/// result is the same to the bit.
///
/// Bands do not wait for one another. While the calling thread goes on
/// recording, the helper threads (`DrawingThreads.startDetached`) bring
/// bands up to date with what is recorded; when the pixels are needed, the
/// canvas flushes: every thread, the calling one included, takes the bands
/// still behind until none is, and the calling thread waits only for a band
/// a helper is still drawing.
///
/// What cannot be cut into bands (a shadow's blur, reading pixels, drawing
/// a canvas onto another) flushes first and then draws in order; see
/// `Canvas.flush`.
final class DrawingBatch {
    typealias Command = (Canvas.SpanJob) -> Void

    /// Threads the bands are shared among (at least 2).
    let threads: Int
    /// One rasterizer per helper thread's slot (the calling thread, slot 0,
    /// uses the canvas'), shared by every batch: slots above 0 exist only
    /// while `DrawingThreads` runs a job, and it runs one at a time, so
    /// one batch at a time uses them. Their buffers, grown once, stay.
    nonisolated(unsafe) private static let helperRasterizers: [Rasterizer] =
        (0..<DrawingThreads.shared.count).map { _ in Rasterizer() }

    /// Commands recorded before a flush is forced, to bound what a batch holds.
    static let maxCommands = 2048
    /// Memory the recorded commands may keep alive before a flush is forced:
    /// clip masks made for them, images and other canvases' pixels they
    /// read, and layer buffers released while they wait (a loop of clips or
    /// layers would otherwise hold one each until the pixels are read).
    /// Default 64 MiB; the canvas' `heldBytesLimit`.
    var maxHeldBytes = 64 << 20

    /// The commands since the last flush and the bands' places in them,
    /// shared with the helpers' job (which holds this, not the batch: the
    /// batch goes when its canvas does, whatever the threads are doing).
    private let list: CommandList

    /// The helpers' job, if one was started, and its ticket (`DrawingThreads.isFinished`).
    private var helping: Int?

    /// Layer buffers ended while recorded commands still read or write them:
    /// handed back for reuse only after the flush (a buffer reused with
    /// another size would put one band's rows in another band's bytes).
    private(set) var released: [PixelBuffer] = []
    /// What the commands not yet let go keep alive, and the buffers released.
    private var recordedBytes = 0, releasedBytes = 0
    var heldBytes: Int { recordedBytes + releasedBytes }

    /// Pixels (summed over the commands' boxes) or commands recorded since
    /// the helpers were last started before they are started again: each
    /// start wakes them and walks the bands, which should stay small next to
    /// the drawing it hands over.
    static let startPixels = 1 << 12
    static let startCommands = 16
    private var pendingPixels = 0, pendingCommands = 0

    /// Band height: about four bands per thread so that a thread finishing
    /// a light band early takes another, and at least 32 rows so that a
    /// band's fixed costs (each command's layout) stay small next to its
    /// pixels. `height`: the canvas' rows.
    init(threads: Int, height: Int) {
        self.threads = threads
        let bandHeight = Swift.max(32, (height + 4 * threads - 1) / (4 * threads))
        list = CommandList(bands: stride(from: 0, to: Swift.max(1, height), by: bandHeight).map {
            $0..<Swift.min($0 + bandHeight, height)
        }, capacity: Self.maxCommands)
    }

    deinit {
        // The threads read the commands until their job ends: let it end.
        waitForHelpers()
    }

    /// Nothing recorded waits to be drawn, and no helper is drawing.
    var isEmpty: Bool { list.count == 0 && helping == nil }

    /// Records `run`, which draws within `area` (device pixels; its rows
    /// decide the bands it runs in). Returns whether the batch is now full
    /// (the caller flushes).
    func record(area: IntRect, holding bytes: Int = 0, _ run: @escaping Command) -> Bool {
        list.append(Recorded(rows: area.y0..<area.y1, run: run, bytes: bytes))
        recordedBytes += bytes
        pendingPixels += area.width * area.height
        pendingCommands += 1
        if pendingPixels >= Self.startPixels || pendingCommands >= Self.startCommands {
            if let helping, DrawingThreads.shared.isFinished(helping) { self.helping = nil }
            if helping == nil { startHelpers() }
        }
        if recordedBytes > maxHeldBytes { recordedBytes -= list.dropDrawn() }
        return list.count >= Self.maxCommands || heldBytes > maxHeldBytes
    }

    /// Keeps `buffer` until the flush. Returns whether the batch now holds
    /// too much (the caller flushes).
    func release(_ buffer: PixelBuffer) -> Bool {
        released.append(buffer)
        releasedBytes += buffer.byteCount
        return heldBytes > maxHeldBytes
    }

    /// Starts the helper threads bringing the bands up to date (when the
    /// threads are free; else the bands wait for the next start or the flush).
    private func startHelpers() {
        let tools = Self.helperRasterizers, list = self.list
        helping = DrawingThreads.shared.startDetached(threads - 1) { slot in
            list.drawBehindBands(with: tools[slot - 1], fromLast: false)
        }
        if helping != nil { (pendingPixels, pendingCommands) = (0, 0) }
    }

    /// Waits (spinning) for the helpers' job, if one was started, to end.
    private func waitForHelpers() {
        if let helping {
            DrawingThreads.shared.wait(for: helping)
            self.helping = nil
        }
    }

    /// Draws everything recorded, `main` rasterizing the bands the calling
    /// thread takes, and empties the batch. Returns the released buffers.
    func run(main: Rasterizer) -> [PixelBuffer] {
        defer { released.removeAll() }
        guard list.count > 0 else {
            waitForHelpers()
            return released
        }
        if let helping, DrawingThreads.shared.isFinished(helping) { self.helping = nil }
        if helping == nil { startHelpers() }
        list.drawBehindBands(with: main, fromLast: true)
        // Every band is drawn, or being drawn by a helper that will find
        // nothing more to do after it.
        waitForHelpers()
        list.reset()
        (pendingPixels, pendingCommands) = (0, 0)
        (recordedBytes, releasedBytes) = (0, 0)
        return released
    }
}

/// A command, the device rows it draws in, and the bytes it keeps alive.
private struct Recorded {
    let rows: Range<Int>
    let run: DrawingBatch.Command
    let bytes: Int
}

/// A batch's commands since its last flush and each band's place in them.
/// Appended to by the recording thread only; read by every drawing thread.
private final class CommandList: @unchecked Sendable {
    /// The commands, in blocks of `blockSize` made as they fill (a block
    /// never moves: helpers read commands while more are appended).
    /// Command i is read by other threads once `published` is past it.
    private static let blockSize = 256
    private let blocks: UnsafeMutablePointer<UnsafeMutablePointer<Recorded>?>
    private let blockCount: Int
    /// Commands appended (by the recording thread), and how many of them
    /// the other threads may read (stored with release ordering after each
    /// command is written).
    private(set) var count = 0
    private let published = Atomic<Int>(0)
    /// Commands before this index are let go (`dropDrawn`, `reset`).
    private var dropped = 0

    /// A band of rows and its place in the commands: the commands before
    /// `next` are drawn in it. `busy` while a thread draws in it; `next`
    /// is written only by that thread.
    private final class Band: Sendable {
        let rows: Range<Int>
        let next = Atomic<Int>(0)
        let busy = Atomic<Bool>(false)
        init(rows: Range<Int>) { self.rows = rows }
    }
    private let bands: [Band]

    init(bands: [Range<Int>], capacity: Int) {
        self.bands = bands.map(Band.init)
        blockCount = (capacity + Self.blockSize - 1) / Self.blockSize
        blocks = .allocate(capacity: blockCount)
        blocks.initialize(repeating: nil, count: blockCount)
    }

    deinit {
        drop(upTo: count)
        for b in 0..<blockCount { blocks[b]?.deallocate() }
        blocks.deallocate()
    }

    private func command(_ i: Int) -> UnsafeMutablePointer<Recorded> {
        blocks[i / Self.blockSize]! + i % Self.blockSize
    }

    func append(_ recorded: Recorded) {
        let b = count / Self.blockSize
        precondition(b < blockCount, "a batch holds at most its capacity of commands (the canvas flushes first)")
        if blocks[b] == nil { blocks[b] = .allocate(capacity: Self.blockSize) }
        command(count).initialize(to: recorded)
        count += 1
        published.store(count, ordering: .releasing)
    }

    /// Takes bands behind the published commands that no other thread is
    /// drawing in, and brings each up to date, until a pass over the bands
    /// finds none. The calling thread goes from the last band up, the
    /// helpers from the first down, so they meet late.
    func drawBehindBands(with rasterizer: Rasterizer, fromLast: Bool) {
        var progress = true
        while progress {
            progress = false
            for k in bands.indices {
                let band = bands[fromLast ? bands.count - 1 - k : k]
                let end = published.load(ordering: .acquiring)
                guard band.next.load(ordering: .relaxed) < end,
                      band.busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
                else { continue }
                let start = band.next.load(ordering: .relaxed)
                if start < end {
                    let job = Canvas.SpanJob(rasterizer: rasterizer, rows: band.rows)
                    for i in start..<end {
                        let c = command(i)
                        if c.pointee.rows.overlaps(band.rows) { c.pointee.run(job) }
                    }
                    band.next.store(end, ordering: .releasing)
                    progress = true
                }
                band.busy.store(false, ordering: .releasing)
            }
        }
    }

    /// Lets go of the commands every band has drawn (their closures keep
    /// clip masks and the like), so a long recording holds only what is
    /// still to be drawn.
    /// Returns the bytes they kept.
    func dropDrawn() -> Int {
        var low = count
        for band in bands {
            // A band a thread is drawing in reads as where it began: never
            // past a command it still needs.
            low = Swift.min(low, band.next.load(ordering: .acquiring))
        }
        return drop(upTo: low)
    }

    @discardableResult
    private func drop(upTo end: Int) -> Int {
        guard dropped < end else { return 0 }
        var bytes = 0
        for i in dropped..<end {
            bytes += command(i).pointee.bytes
            command(i).deinitialize(count: 1)
        }
        dropped = end
        return bytes
    }

    /// Empties the list for the next batch (no thread may be drawing).
    func reset() {
        drop(upTo: count)
        for band in bands { band.next.store(0, ordering: .relaxed) }
        (count, dropped) = (0, 0)
        published.store(0, ordering: .releasing)
    }

}
