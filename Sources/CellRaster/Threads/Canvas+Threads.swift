import CellGeometry
import Glibc

/// How many threads drawing uses, and the threads' habits: the embedder's
/// choices (`Canvas(..., parallelism:)`, `drawingThreadIdleSpin`). A canvas
/// cuts its rows into bands drawn on them (`DrawingBatch`).
extension Canvas {
    /// The CPUs this process may run on: its affinity mask, lowered to its
    /// cgroup's CPU quota (`ProcessorCount`). Read once.
    public static let processorCount: Int = ProcessorCount.current()

    /// The threads drawing may use: `processorCount`, at most 8. Whoever
    /// embeds the engine chooses fewer per canvas
    /// (`Canvas(..., parallelism:)`).
    public static let availableThreads: Int = Swift.min(processorCount, 8)

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

    /// Tells the drawing threads that drawing is over for now (the embedder
    /// goes on to encode or write what was drawn): those spinning for more
    /// sleep at once, leaving the cores to that work, and the next drawing
    /// wakes them (`prepareDrawingThreads`, or its first job). Drawing
    /// still recorded is done first (`flush`), so call it with the canvas
    /// about to be read.
    public static func restDrawingThreads(after canvas: Canvas) {
        canvas.flush()
        DrawingThreads.shared.rest()
    }
}
