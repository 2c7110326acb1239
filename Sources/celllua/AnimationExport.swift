import CellGeometry
import CellImage
import CellLua
import CellRaster
import Dispatch
import Glibc

/// An animation script's frames, drawn and written: `-o x.gif`, `.webp`,
/// `.png` (APNG) and `.mp4` get the animation (frames appended in order to
/// one streaming encoder each), other formats a file per frame,
/// `<stem>-<i>.<ext>`.
///
/// Frames draw on every core: besides the runtime that ran the script,
/// `workers - 1` fresh runtimes run it too, and worker k draws frames
/// k + 1, k + 1 + workers, ... (so `draw(i, t)` must depend on `i` and `t`
/// only; `animation.sequential = true` draws every frame in one state, in
/// order, for a script that carries state from frame to frame). The frames
/// reach the encoders in order; a worker waits while it is too far ahead,
/// so at most a few frames are held at once.
struct AnimationExport {
    let spec: AnimationSpec
    let targets: [String]
    let quality: Int?
    /// A progress line on stderr (a terminal and a long animation).
    let showsProgress: Bool

    /// One frame drawn: its pixels for the encoders (a copy: the script
    /// may draw the next frame on the same canvas), and the files written
    /// for it.
    private struct Frame: @unchecked Sendable {
        var pixels: PixelBuffer?
        var written: [String] = []
    }

    /// Whether `target` receives the whole animation (else one file per frame).
    static func isAnimated(_ target: String) -> Bool {
        guard let format = try? ImageFormat.forPath(target) else { return false }
        return format.supportsAnimation
    }

    /// Draws every frame and writes every target; `first` has run the
    /// script, `makeWorker` gives another runtime that has (nil: draw all
    /// frames in `first`). `written` is called with each file, in frame order.
    /// `closeFirst`: close `first` once every frame is drawn (before the
    /// files are finished, as a still run closes before it writes; `-i`
    /// keeps it for the REPL). Workers' runtimes are always closed.
    func run(first: LuaRuntime, closeFirst: Bool, workers requested: Int,
             makeWorker: @escaping @Sendable () throws -> LuaRuntime, written: (String) -> Void) throws {
        if targets.contains("-") {
            throw ScriptError.runtime("-o - writes one image; an animation needs a file (.gif, .webp, .png or .mp4)")
        }
        let workers = spec.sequential ? 1 : Swift.max(1, Swift.min(requested, spec.frames))
        let queue = FrameQueue<Frame>(count: spec.frames, window: 2 * workers + 2)
        let animated = targets.filter(Self.isAnimated)
        let stills = targets.filter { !Self.isAnimated($0) }
        let spec = self.spec
        let box = RuntimeBox(first)
        let group = DispatchGroup()
        // Every frame file written, so that a failed export removes them
        // all: a run that fails leaves no part of an animation behind.
        let frameFiles = Locked<[String]>([])
        for k in 0..<workers {
            DispatchQueue.global().async(group: group) {
                var i = k + 1
                do {
                    let runtime = k == 0 ? box.runtime : try makeWorker()
                    defer { if k > 0 || closeFirst { runtime.close() } }
                    while i <= spec.frames, queue.waitForRoom(for: i) {
                        let canvas = try runtime.drawFrame(i, of: spec)
                        var frame = Frame()
                        for target in stills {
                            // Encoded here, not through `runtime.write`: a
                            // worker's runtime writes no files of the script's.
                            let path = OutputPlan.numbered(target, i)
                            try AtomicFile.write(try runtime.encoded(canvas, as: try ImageFormat.forPath(target)), to: path)
                            frameFiles.withLock { $0.append(path) }
                            frame.written.append(path)
                        }
                        if !animated.isEmpty { frame.pixels = canvas.buffer.copy() }
                        queue.put(i, frame)
                        runtime.collectGarbage()
                        i += workers
                    }
                } catch {
                    queue.fail("frame \(i) of \(spec.frames): \(error)")
                }
            }
        }
        defer { group.wait() }
        let progress = Progress("rendering frames", total: spec.frames, enabled: showsProgress)
        defer { progress.finish() }
        var encoders: [AnimationEncoder] = []
        var inOrder: [String] = []
        do {
            for i in 1...spec.frames {
                let frame: Frame = try queue.take(i)
                if let pixels = frame.pixels {
                    if encoders.isEmpty {
                        encoders = try animated.map {
                            try AnimationEncoder(format: try ImageFormat.forPath($0), path: $0, width: pixels.width,
                                                 height: pixels.height, fps: spec.fps, quality: quality)
                        }
                    }
                    for encoder in encoders { try encoder.append(pixels) }
                }
                inOrder += frame.written
                progress.step()
            }
            group.wait() // every runtime closed: their finalizers have run
            for encoder in encoders { try encoder.finish() }
        } catch {
            queue.fail("\(error)")
            encoders.forEach { $0.cancel() }
            group.wait()
            for path in frameFiles.withLock({ $0 }) { unlink(path) }
            throw error
        }
        // Paths are printed once everything is written.
        inOrder.forEach(written)
        animated.forEach(written)
    }
}

/// The runtime that ran the script, handed to the worker that draws in it.
private final class RuntimeBox: @unchecked Sendable {
    let runtime: LuaRuntime
    init(_ runtime: LuaRuntime) { self.runtime = runtime }
}

/// Frames handed from the workers to the encoding thread in order, with a
/// window that keeps workers from running far ahead, and the first failure,
/// which stops everyone.
private final class FrameQueue<Frame>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var frames: [Int: Frame] = [:]
    private var taken = 0
    private let window: Int
    private var failure: String?

    init(count: Int, window: Int) {
        self.window = window
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Waits until frame `i` may be drawn (it is within the window of the
    /// frames taken); false when the export failed and workers should stop.
    func waitForRoom(for i: Int) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while failure == nil && i > taken + window { pthread_cond_wait(changed, mutex) }
        return failure == nil
    }

    func put(_ i: Int, _ frame: Frame) {
        pthread_mutex_lock(mutex)
        frames[i] = frame
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// Frame `i`, once drawn; throws the failure that stopped the export.
    func take(_ i: Int) throws -> Frame {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while failure == nil && frames[i] == nil { pthread_cond_wait(changed, mutex) }
        if let failure { throw ScriptError.runtime(failure) }
        taken = i
        pthread_cond_broadcast(changed)
        return frames.removeValue(forKey: i)!
    }

    /// Stops the export with `message` (the first failure wins).
    func fail(_ message: String) {
        pthread_mutex_lock(mutex)
        if failure == nil { failure = message }
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }
}
