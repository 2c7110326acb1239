import CellGeometry
import Synchronization

/// Drawing one canvas onto another, the engine's CGLayer: draw something
/// once into a canvas made for this one (`makeLayer`), then draw that
/// canvas at as many places as needed (`draw(_:in:)`).
///
/// A layer made by `makeLayer` has this canvas' device pixels per point, so
/// wherever its rectangle lands on whole device pixels at its own size, its
/// pixels are composited as they are, without resampling: each row's
/// longest opaque run is copied and the rest composited source-over (the
/// bytes the span pipeline gives, since an opaque source is itself).
/// Anywhere else it is drawn as an image (bilinear), as `drawImage` does.
///
/// The drawing is recorded like any other (it runs in bands with the rest
/// when the canvas records, `DrawingBatch`); if the drawn canvas changes
/// before that, the recording canvas draws first (`willChangePixels`).
extension Canvas {
    /// A transparent canvas of `width` x `height` points whose pixels are
    /// this canvas' device pixels: its transform is the current transform's
    /// scale (the lengths of its axes), its state the default otherwise
    /// (black paints, alpha 1, `normal`, no shadow, clipped to its pixels).
    /// It shares this canvas' deadline and threads. Its pixel size is the
    /// point size times that scale, rounded up. Throws for sizes a canvas
    /// cannot have.
    public func makeLayer(width: Double, height: Double) throws -> Canvas {
        let (sx, sy) = state.ctm.axisScales
        let (pw, ph) = try CanvasLimits.pixelSize(width: width * sx, height: height * sy, scale: 1)
        return Canvas(layerOf: self, width: width, height: height, pixelWidth: pw, pixelHeight: ph,
                      ctm: .scale(sx, sy))
    }

    /// Draws `layer`'s pixels into `rect` (user space) under the transform,
    /// clip, alpha, blend mode and shadow, as `drawImage` would draw them;
    /// exactly as they are where `rect` covers whole device pixels of the
    /// layer's own pixel size under a transform that only scales (by
    /// positive factors) and translates.
    public func draw(_ layer: Canvas, in rect: Rect) {
        let source = layer.buffer // (flushed: its recording's pixels below are current)
        if recordingTarget != nil, layer !== self {
            let r = rect.standardized
            if r.width > 0, r.height > 0, r.isFinite {
                if let drawn = layer.recordedCanvas() {
                    record(.canvas(drawn, rect: r, transform: state.ctm, recordedStyle))
                } else {
                    record(.image(source.copy(), rect: r, transform: state.ctm, recordedStyle))
                    recordedByteCount += layer.pixelByteCount
                }
            }
        }
        guard layer !== self else { return drawImage(source, in: rect) } // copies what it reads
        let m = state.ctm
        guard m.a > 0, m.d > 0, m.isRectilinear, let place = devicePixels(exactlyCovering: rect),
              place.width == source.width, place.height == source.height else {
            return drawImage(source, in: rect, reading: layer)
        }
        let surface = Surface(buffer: source, x0: place.x0, y0: place.y0)
        guard case .rect(let clip) = state.clip, state.alpha == 1, state.blendMode == .normal,
              state.shadow == nil, cancellation?.isArmed != true else {
            return drawSurface(surface, reading: layer)
        }
        let area = clip.intersection(target.bounds).intersection(surface.bounds)
        guard !area.isEmpty else { return }
        let runs = layer.opaqueRuns()
        layer.isRead(by: self)
        let target = self.target
        perform(rows: area) { job in
            let rows = job.clamp(area)
            guard !rows.isEmpty else { return }
            for y in rows.y0..<rows.y1 {
                let run = runs[y - surface.y0]
                let a = Swift.min(Swift.max(run.start + surface.x0, area.x0), area.x1)
                let b = Swift.max(Swift.min(run.end + surface.x0, area.x1), a)
                func over(_ x0: Int, _ x1: Int) {
                    guard x0 < x1 else { return }
                    let from = UnsafeRawPointer(surface.pointer(x: x0, y: y)).assumingMemoryBound(to: UInt32.self)
                    Composite.sourceOver(from, dst: target.pointer(x: x0, y: y), coverage: nil, constant: 255,
                                         count: x1 - x0)
                }
                over(area.x0, a)
                if a < b { target.pointer(x: a, y: y).update(from: surface.pointer(x: a, y: y), count: (b - a) * 4) }
                over(b, area.x1)
            }
        }
    }

    /// Each row's longest opaque run of this canvas' pixels as they are now
    /// (found once per change; rows of large canvases in bands on the
    /// canvas' threads). Safe to call from several threads while nothing
    /// draws on this canvas.
    func opaqueRuns() -> OpaqueRuns {
        let now = generation
        return drawnAsLayer.runs.withLock { kept in
            if let kept = kept, kept.generation == now { return kept.runs }
            let runs = OpaqueRuns(pixels, threads: parallelism)
            kept = (now, runs)
            return runs
        }
    }

    /// Notes that `reader` may have recorded drawing that reads these
    /// pixels (nothing to note when it draws at once).
    func isRead(by reader: Canvas) {
        guard reader.batch != nil else { return }
        drawnAsLayer.readers.withLock { readers in
            if !readers.contains(where: { $0.canvas === reader }) { readers.append(WeakCanvas(canvas: reader)) }
            drawnAsLayer.hasReaders.store(true, ordering: .releasing)
        }
    }

    /// Called before anything changes this canvas' pixels: counts the
    /// change, and has the canvases that recorded drawing from the pixels
    /// as they are draw it now.
    func willChangePixels() {
        generation &+= 1
        targetIsClear = false
        // Nearly always no reader: one load instead of the lock and a copy
        // of the list on every drawing call.
        guard drawnAsLayer.hasReaders.load(ordering: .acquiring) else { return }
        let readers = drawnAsLayer.readers.withLock { readers in
            defer { readers.removeAll() }
            drawnAsLayer.hasReaders.store(false, ordering: .releasing)
            return readers
        }
        for reader in readers { reader.canvas?.flush() }
    }
}

/// What other canvases know of a canvas they draw as a layer.
final class DrawnAsLayer: @unchecked Sendable {
    /// Canvases whose recorded drawing reads the pixels.
    let readers = Locked<[WeakCanvas]>([])
    /// Whether `readers` may be non-empty (set and cleared under its lock).
    let hasReaders = Atomic<Bool>(false)
    /// The opaque runs of the pixels as of a generation.
    let runs = Locked<(generation: Int, runs: OpaqueRuns)?>(nil)
    /// The drawing as of a generation, when the canvas records (`recordedCanvas`).
    let recorded = Locked<(generation: Int, canvas: RecordedCanvas)?>(nil)
}

struct WeakCanvas {
    weak var canvas: Canvas?
}
