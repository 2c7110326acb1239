import CellGeometry
import Synchronization

/// Drawing one canvas onto another, the engine's CGLayer: draw something
/// once into a canvas made for this one (`makeLayer`), then draw that
/// canvas at as many places as needed (`draw(_:in:)`).
///
/// The list records the placement (`DisplayOp.canvas`, the drawn canvas'
/// list as it was then), so vector output defines the drawing once and uses
/// it at each place. The pixels, by how the drawn canvas' pixels land:
/// - one to one on whole device pixels (its own pixel size, a transform
///   that only translates by whole pixels): composited as they are, without
///   resampling, row by row (`placeRows`: the bytes the span pipeline
///   gives);
/// - at their own size but off the pixel grid or turned (a fractional
///   place, a rotation): its operations drawn again at the place
///   (`Replay`), in a transparency layer clipped to its rectangle, as
///   drawing them there gives, not its pixels resampled;
/// - scaled: its pixels as an image (bilinear), as `drawImage` draws them.
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
        let (sx, sy) = layerScale
        let (pw, ph) = try CanvasLimits.pixelSize(width: width * sx, height: height * sy, scale: 1)
        return Canvas(layerOf: self, width: width, height: height, pixelWidth: pw, pixelHeight: ph,
                      ctm: .scale(sx, sy))
    }

    /// The device pixels per point a layer made now gets in x and y (the
    /// lengths of the current transform's axes): what a cache of layers
    /// keys them by.
    public var layerScale: (x: Double, y: Double) { state.ctm.axisScales }

    /// Draws `layer` into `rect` (user space) under the transform, clip,
    /// alpha, blend mode and shadow, composited as one (as a transparency
    /// layer is): its pixels where they land one to one on whole device
    /// pixels, else its operations again at the place (see the type's
    /// comment). A canvas drawn onto itself is drawn as an image of its
    /// pixels now.
    public func draw(_ layer: Canvas, in rect: Rect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.isFinite else { return }
        guard layer !== self else {
            let copy = buffer.copy() // (flushed)
            return submit(.image(copy, rect: r, transform: state.ctm, opStyle), keeping: copy.byteCount)
        }
        let source = layer.buffer // (flushed: the snapshot's pixels, if any, are current)
        let snapshot = layer.snapshot()
        renderPlaced(layer, source: source, in: r)
        var kept = 0
        if listing, countedSnapshots.insert(ObjectIdentifier(snapshot)).inserted {
            kept = layer.displayListBytes + (snapshot.pixels?.byteCount ?? 0)
        }
        list(.canvas(snapshot, rect: r, transform: state.ctm, opStyle), keeping: kept)
    }

    /// The pixels of `layer` (its `source` buffer) drawn into `rect`.
    private func renderPlaced(_ layer: Canvas, source: PixelBuffer, in rect: Rect) {
        let m = state.ctm
        guard m.a > 0, m.d > 0, m.isRectilinear, let place = devicePixels(exactlyCovering: rect),
              place.width == source.width, place.height == source.height else {
            let snapshot = layer.snapshot()
            let placement = snapshot.placement(onto: rect, under: m)
            guard placement.isIsometry else { return drawImage(source, in: rect, reading: layer, deferrable: true) }
            if placePhased(layer, snapshot: snapshot, placement: placement) { return }
            return renderPlaced(snapshot, placement: placement)
        }
        drawSurface(Surface(buffer: source, x0: place.x0, y0: place.y0), reading: layer, holding: source.byteCount)
    }

    /// Composites `surface` at its place row by row, without spans or a
    /// shader, when nothing but the clip's coverage applies (alpha 1,
    /// `normal`, no shadow, no deadline) and the clip is a rectangle,
    /// whole-pixel or a `ClipBox`: where the clip covers a row fully the
    /// pixels go over as they are (the kernel copies opaque groups), at the
    /// box's edges with its coverage. The bytes compositing it as an image
    /// gives; a layer ended or a canvas placed per cell costs its pixels,
    /// not a span pipeline's setup. False, drawing nothing, when the state
    /// does not allow it.
    func placeRows(_ surface: Surface, holding bytes: Int) -> Bool {
        guard state.alpha == 1, state.blendMode == .normal, state.shadow == nil,
              cancellation?.isArmed != true else { return false }
        let box: ClipBox?
        switch state.clip {
        case .rect: box = nil
        case .box(let b): box = b
        case .mask: return false
        }
        let area = drawableBounds.intersection(surface.bounds)
        guard !area.isEmpty else { return true }
        let target = self.target
        perform(rows: area, holding: bytes) { job in
            let rows = job.clamp(area)
            guard !rows.isEmpty else { return }
            // Rows' starts, read once (not through the buffers per run).
            let from = surface.pointer(x: area.x0, y: rows.y0), fromStride = surface.buffer.stride
            let to = target.pointer(x: area.x0, y: rows.y0), toStride = target.buffer.stride
            // The box's coverage of a row, written when its edges need it.
            var boxRows = box.map { ClipBox.Rows($0, columns: area) }
            defer { boxRows?.deallocate() }
            for y in rows.y0..<rows.y1 {
                let src = from + (y - rows.y0) * fromStride - area.x0 * 4
                let dst = to + (y - rows.y0) * toStride - area.x0 * 4
                func over(_ x0: Int, _ x1: Int, throughBox: Bool = false) {
                    guard x0 < x1 else { return }
                    let words = UnsafeRawPointer(src + x0 * 4).assumingMemoryBound(to: UInt32.self)
                    Composite.sourceOver(words, dst: dst + x0 * 4,
                                         coverage: throughBox ? boxRows?.coverage(y: y, from: x0) : nil,
                                         constant: throughBox ? 0 : 255, count: x1 - x0)
                }
                // The columns the clip passes whole; the box's edges blended
                // with its coverage.
                var lo = area.x0, hi = area.x1
                if let box {
                    let full = box.fullRun(y: y)
                    lo = Swift.min(Swift.max(full.start, area.x0), area.x1)
                    hi = Swift.max(Swift.min(full.end, area.x1), lo)
                    over(area.x0, lo, throughBox: true)
                    over(hi, area.x1, throughBox: true)
                }
                // (Opaque groups of pixels are copied by the kernel.)
                over(lo, hi)
            }
        }
        return true
    }

    /// A listed canvas drawn by its snapshot: `placement` takes its pixels
    /// to this canvas' device pixels. Its pixels (when its list needs them)
    /// as an image, else its operations again, in a transparency layer
    /// clipped to its rectangle, composited with the state's alpha, blend
    /// mode and shadow.
    func renderPlaced(_ snapshot: CanvasSnapshot, placement: AffineTransform) {
        let (sx, sy) = snapshot.transform.axisScales
        let own = Rect(x: 0, y: 0, width: snapshot.width * sx, height: snapshot.height * sy)
        let was = listing
        listing = false
        defer { listing = was }
        save()
        defer { try? restore() }
        let ctm = state.ctm
        state.ctm = placement
        if let pixels = snapshot.pixels {
            drawImage(pixels, in: Rect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height)),
                      reading: nil, deferrable: true)
            return
        }
        clipDevice(Path(rect: own, transform: placement), rule: .nonzero)
        state.ctm = ctm
        beginLayer()
        Replay(canvas: self, placement: placement).draw(snapshot.list)
        try? endLayer()
    }

    /// Most sub-pixel phases a canvas keeps drawn (`placePhased`).
    static let maxPhases = 4

    /// `layer` placed off the pixel grid by a translation (`placement`, its
    /// pixels to this canvas'), from its operations drawn once at the
    /// placement's fractional part (its phase) and kept, then composited at
    /// the whole-pixel rest: what drawing them again at the place gives
    /// (the same coverage, moved by whole pixels), without the drawing. A
    /// table's cells at a scale that puts them between pixels (2.5 px from
    /// the edge at 0.25x) are drawn once per phase instead of once per row.
    /// Any clip: inside a transparency layer only the clip's bounds clip
    /// (its mask applies once, at the composite), so the kept drawing, clipped
    /// by its own pixels, is the layer's content there. For lists that need
    /// no pixels; false, drawing nothing, otherwise, past `maxPhases`
    /// phases of one state of `layer` or past the drawings' budget
    /// (`DrawnAsLayer.phaseBudget`).
    private func placePhased(_ layer: Canvas, snapshot: CanvasSnapshot, placement: AffineTransform) -> Bool {
        guard snapshot.pixels == nil, placement.b == 0, placement.c == 0, abs(placement.a - 1) < 1e-12,
              abs(placement.d - 1) < 1e-12, placement.tx.isFinite, placement.ty.isFinite,
              abs(placement.tx) < 1e9, abs(placement.ty) < 1e9 else { return false }
        let (sx, sy) = snapshot.transform.axisScales
        let ix = placement.tx.rounded(.down), iy = placement.ty.rounded(.down)
        // (Exact: the fraction of a double is itself a double.)
        let phase = AffineTransform(a: placement.a, b: 0, c: 0, d: placement.d,
                                    tx: placement.tx - ix, ty: placement.ty - iy)
        let own = Rect(x: 0, y: 0, width: snapshot.width * sx, height: snapshot.height * sy)
        let drawn = phase.apply(own)
        guard let drawing = layer.phaseDrawing(phase, of: snapshot, size: (Int(drawn.maxX.rounded(.up)),
                                                                         Int(drawn.maxY.rounded(.up))))
        else { return false }
        // As `renderPlaced(_:placement:)` composites its transparency layer:
        // through the clip of the layer's rectangle at its place.
        save()
        defer { try? restore() }
        clipDevice(Path(rect: own, transform: placement), rule: .nonzero)
        drawSurface(Surface(buffer: drawing, x0: Int(ix), y0: Int(iy)))
        return true
    }

    /// This canvas' operations (`snapshot`, its state now) drawn at `phase`
    /// onto transparent pixels of `size` (those its rectangle touches there):
    /// made once per phase and state, at most `maxPhases` per state and
    /// within the budget (nil past either). Safe to call from several
    /// threads while nothing draws on this canvas.
    func phaseDrawing(_ phase: AffineTransform, of snapshot: CanvasSnapshot, size: (Int, Int)) -> PixelBuffer? {
        guard size.0 > 0, size.1 > 0 else { return nil }
        let now = generation
        let key = PhaseKey(x: phase.tx.bitPattern, y: phase.ty.bitPattern)
        return drawnAsLayer.phases.withLock { kept -> PixelBuffer? in
            if let old = kept, old.generation != now {
                DrawnAsLayer.release(old.drawings)
                kept = nil
            }
            if let found = kept?.drawings[key] { return found }
            guard (kept?.drawings.count ?? 0) < Self.maxPhases,
                  DrawnAsLayer.reserve(size.0 * size.1 * 4) else { return nil }
            // Clipped by its pixels only, as inside a transparency layer:
            // the rectangle's anti-aliased edge applies once, when placed.
            let target = Canvas(layerOf: self, width: Double(size.0), height: Double(size.1),
                                pixelWidth: size.0, pixelHeight: size.1, ctm: .identity)
            target.listing = false
            Replay(canvas: target, placement: phase).draw(snapshot.list)
            let pixels = target.buffer
            // Drawing stopped at the deadline may be unfinished: used, not kept.
            if cancellation?.isPastDeadline == true {
                DrawnAsLayer.phaseBytes.subtract(pixels.byteCount, ordering: .relaxed)
                return pixels
            }
            var drawings = kept?.drawings ?? [:]
            drawings[key] = pixels
            kept = (now, drawings)
            return pixels
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
    /// The drawing as of a generation (`snapshot`).
    let snapshot = Locked<(generation: Int, snapshot: CanvasSnapshot)?>(nil)
    /// The drawing at sub-pixel phases as of a generation (`phaseDrawing`).
    let phases = Locked<(generation: Int, drawings: [PhaseKey: PixelBuffer])?>(nil)

    /// Bytes of phase drawings all canvases keep: at most `phaseBudget`
    /// (16 MiB, as the kit's kept views), so a script cannot grow memory
    /// past its limits through them; past it, placements draw again.
    static let phaseBudget = 16 << 20
    static let phaseBytes = Atomic<Int>(0)

    /// Counts `bytes` of a new phase drawing; false when the budget would pass.
    static func reserve(_ bytes: Int) -> Bool {
        var now = phaseBytes.load(ordering: .relaxed)
        while true {
            guard bytes <= phaseBudget - now else { return false }
            let (exchanged, found) = phaseBytes.compareExchange(expected: now, desired: now + bytes,
                                                                ordering: .relaxed)
            if exchanged { return true }
            now = found
        }
    }

    static func release(_ drawings: [PhaseKey: PixelBuffer]?) {
        guard let drawings, !drawings.isEmpty else { return }
        phaseBytes.subtract(drawings.values.reduce(0) { $0 + $1.byteCount }, ordering: .relaxed)
    }

    deinit { Self.release(phases.withLock { $0?.drawings }) }
}

/// A sub-pixel phase, by the bits of its offsets.
struct PhaseKey: Hashable {
    let x: UInt64, y: UInt64
}

struct WeakCanvas {
    weak var canvas: Canvas?
}
