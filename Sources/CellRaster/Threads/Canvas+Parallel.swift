import CellGeometry
import FoundationEssentials
import Glibc

/// Drawing in pieces on several threads. The rows of a list, or a panel's
/// interior and edges, each lie in a rectangle of whole device pixels that no
/// other piece touches; such pieces can be drawn at the same time, each by a
/// canvas of its own over the same pixels, and every pixel still gets exactly
/// the operations, in the same order, that drawing them one after the other
/// gives it.
extension Canvas {
    /// The threads drawing may use: the CPUs this process may run on, at
    /// most 8. Whoever embeds the engine chooses fewer per canvas
    /// (`Canvas(..., parallelism:)`).
    public static let availableThreads: Int =
        Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, 8))

    /// How long (seconds) a drawing thread that has finished its work keeps
    /// looking for more before it sleeps: default 0.02, so drawing that
    /// comes back within a display frame finds it awake (waking a sleeping
    /// thread costs a fraction of a millisecond, and a woken core draws
    /// slower for a while). The spin yields the core to any other thread
    /// that wants it; an embedder that would rather not spend the time
    /// (a server drawing now and then, on battery) sets less, 0 for none.
    /// Clamped to 0...10; applies to the process' threads from their next wait.
    public static var drawingThreadIdleSpin: Double {
        get { DrawingThreads.shared.idleSpin }
        set { DrawingThreads.shared.idleSpin = newValue }
    }

    /// Tells the drawing threads that drawing on up to `parallelism`
    /// threads is about to start, so that those asleep are awake when the
    /// first pieces come (`DrawingThreads.wakeUp`). Costs nothing when
    /// threads are off or awake; with `parallelism` 1 none is woken (it
    /// would spin for nothing).
    public static func prepareDrawingThreads(parallelism: Int) {
        guard availableThreads > 1, parallelism > 1 else { return }
        DrawingThreads.shared.wakeUp()
    }

    /// Draws `rects.count` pieces: `piece(i, canvas)` draws piece i, which
    /// must stay within `rects[i]` (user space) and read no pixels outside
    /// it. Each runs inside save / `clipRect(rects[i])` / restore, on this
    /// canvas or, when the pieces can run at the same time, on a canvas of
    /// its own (`init(pieceOf:)`) on one of up to `parallelism` threads.
    ///
    /// They run at the same time only when every rect covers whole device
    /// pixels exactly (a CTM without rotation or shear, edges on pixel
    /// boundaries), no two of them share a pixel, and there are at least two.
    /// Then each pixel is drawn by one piece only, with the operations and
    /// state it would get in order, so the result is the same to the last
    /// bit; otherwise they run in order here. `piece` must not touch Lua
    /// or other single-threaded state when it may run in parallel. The first
    /// error (in piece order) is rethrown once all pieces have stopped;
    /// after an error, pieces not yet started are skipped.
    public func drawDisjoint(_ rects: [Rect], _ piece: (Int, Canvas) throws -> Void) throws {
        flush() // the pieces draw at once, not recorded
        willChangePixels()
        let workers = Swift.min(parallelism, rects.count)
        guard workers > 1, coverDisjointPixels(rects) else {
            for (i, rect) in rects.enumerated() {
                save()
                defer { try? restore() }
                clipRect(rect)
                try piece(i, self)
            }
            return
        }
        while pieceWorkers.count < workers { pieceWorkers.append(PieceWorker()) }
        let failure = Locked<(piece: Int, error: any Error)?>(nil)
        let pieceRecordings = Locked<[Int: (Recording, Int)]>([:])
        let workerTools = pieceWorkers
        // The threads read the parent (its surface and state are copied into
        // each piece's canvas) and each slot's tools; a piece's canvas and
        // what it draws belong to one thread.
        DrawingThreads.shared.forEach(rects.count, threads: workers) { i, slot in
            let worker = workerTools[slot]
            let canvas = Canvas(pieceOf: self, worker: worker)
            defer {
                worker.spareLayers = canvas.spareLayers // the layers it ended, for the next piece
                if let r = canvas.recording { pieceRecordings.withLock { $0[i] = (r, canvas.recordedBytes) } }
            }
            canvas.clipRect(rects[i])
            do {
                try piece(i, canvas)
                return true
            } catch {
                failure.withLock { if $0 == nil || i < $0!.piece { $0 = (i, error) } }
                return false
            }
        }
        if let into = recordingTarget {
            // The pieces' operations, in piece order (they touch disjoint pixels).
            let recorded = pieceRecordings.withLock { $0 }
            for i in recorded.keys.sorted() {
                let (r, bytes) = recorded[i]!
                r.forEach { into.append(kept: $0) }
                if r.needsPixels { into.needsPixels = true }
                recordedByteCount += bytes
            }
        }
        if let first = failure.withLock({ $0 }) { throw first.error }
    }

    /// Whether each of `rects` covers whole device pixels exactly and no
    /// two share a pixel (they may share an edge).
    func coverDisjointPixels(_ rects: [Rect]) -> Bool {
        var device: [IntRect] = []
        device.reserveCapacity(rects.count)
        for rect in rects {
            guard let pixels = devicePixels(exactlyCovering: rect) else { return false }
            device.append(pixels)
        }
        // Sorted by top edge, pieces that follow each other down the canvas
        // (table rows) are checked in one pass; other layouts pairwise.
        let order = device.indices.sorted { device[$0].y0 < device[$1].y0 }
        let stacked = zip(order, order.dropFirst()).allSatisfy { device[$0].y1 <= device[$1].y0 }
        if stacked { return true }
        guard device.count <= 64 else { return false }
        for i in device.indices {
            for j in device.indices where j > i {
                let a = device[i], b = device[j]
                if a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 { return false }
            }
        }
        return true
    }
}

/// One drawing thread's tools, kept by the canvas between `drawDisjoint`
/// calls so that their buffers are not allocated and cleared again for
/// every piece: each piece's canvas borrows them.
final class PieceWorker {
    let rasterizer = Rasterizer()
    var spareLayers: [PixelBuffer] = []
}
