import CellGeometry

/// Layers drawn once and composited many times: a table repeats the same
/// cell background (and a page the same bevel) at many places, each a view
/// with a backing store of its own whose pixels depend only on the view's
/// size, not on where it sits. UIKit of the seeds' era drew these with
/// stretchable images for the same reason.
///
/// `drawReusableLayer` draws such a view's content in a layer of its own,
/// in the view's own device pixels: the layer's top-left pixel is the
/// view's, and user space maps to it by the CTM's scale alone, whatever the
/// view's position. So the layer's pixels are a function of the caller's
/// key, the CTM's scale and the view's size, and a second view with the same
/// ones gets the first one's pixels by construction (not merely close ones),
/// composited as any layer is. The layers live with the canvas (a canvas
/// drawn in pieces on several threads shares them), up to `budgetBytes`.
extension Canvas {
    /// Draws `body(canvas, width, height)` as a transparency layer over
    /// `frame` (user space), as `beginLayer` inside save / `clipRect(frame)`
    /// would, except that the layer is a surface of its own: `body` draws in
    /// the view's coordinates (origin at the frame's top-left, the frame's
    /// size) on a canvas that starts from the default graphics state (black
    /// paints, the default line style, no shadow, alpha 1, blend `normal`)
    /// with the CTM's scale, clipped to the frame. The result is composited
    /// with this canvas' alpha, blend mode, shadow and clip.
    ///
    /// `key` must tell apart everything `body` draws differently (colors,
    /// radii, text, the view's state); the canvas adds the CTM's scale and
    /// the frame's size. A layer drawn before under an equal key is
    /// composited again without calling `body`.
    ///
    /// Returns false, drawing nothing, when the frame does not cover whole
    /// device pixels exactly under a CTM that only scales (by positive
    /// factors) and translates; the caller then draws another way.
    public func drawReusableLayer<Key: Hashable & Sendable>(
        at frame: Rect, key: Key, _ body: (Canvas, Double, Double) throws -> Void
    ) throws -> Bool {
        guard let place = layerPlace(frame) else { return false }
        // Nothing of it can show: no need to draw it.
        guard !place.bounds.intersection(drawableBounds).isEmpty else { return true }
        // The layer covers the frame's pixels exactly: no clip to the frame needed.
        composite(try reusableLayer(at: place, key: key, body))
        return true
    }

    /// The layer `drawReusableLayer` would composite, drawn now unless it
    /// was before, placed over `frame`'s device pixels; nil under the same
    /// conditions. For views composited in pieces (`composite` clipped to
    /// each), or only where they are not known to be a plain fill.
    public func reusableLayer<Key: Hashable & Sendable>(
        at frame: Rect, key: Key, _ body: (Canvas, Double, Double) throws -> Void
    ) throws -> ReusableLayer? {
        guard let place = layerPlace(frame) else { return nil }
        return try reusableLayer(at: place, key: key, body)
    }

    /// Composites `layer` at its place with the state's alpha, blend mode,
    /// shadow and clip.
    public func composite(_ layer: ReusableLayer) {
        guard case .rect(let clip) = state.clip, state.alpha == 1, state.blendMode == .normal,
              state.shadow == nil, cancellation?.isArmed != true else {
            drawSurface(layer.surface)
            return
        }
        // The common case, row by row without the span machinery: each
        // row's opaque run copied, the rest composited source-over (the
        // same bytes the spans would give: an opaque source is itself).
        // Recorded like any drawing (the layer's pixels never change once
        // drawn), so it runs in bands with the rest.
        let surface = layer.surface, pixels = layer.pixels, target = self.target
        let area = clip.intersection(target.bounds).intersection(surface.bounds)
        perform(rows: area) { job in
            let rows = job.clamp(area)
            guard !rows.isEmpty else { return }
            for y in rows.y0..<rows.y1 {
                let run = pixels.opaqueRun(row: y - surface.y0)
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

    private struct LayerPlace {
        var frame: Rect
        var bounds: IntRect
        var scaleX: Double, scaleY: Double
    }

    /// Where a reusable layer over `frame` would lie, if it can be one.
    private func layerPlace(_ frame: Rect) -> LayerPlace? {
        let m = state.ctm
        let f = frame.standardized
        guard m.a > 0, m.d > 0, m.a.isFinite, m.d.isFinite, f.width > 0, f.height > 0,
              let bounds = devicePixels(exactlyCovering: f) else { return nil }
        guard bounds.width > 0, bounds.height > 0, bounds.width <= CanvasLimits.maxSide,
              bounds.height <= CanvasLimits.maxSide,
              bounds.width * bounds.height <= ReusableLayers.largestLayerPixels else { return nil }
        return LayerPlace(frame: f, bounds: bounds, scaleX: m.a, scaleY: m.d)
    }

    private func reusableLayer<Key: Hashable & Sendable>(
        at place: LayerPlace, key: Key, _ body: (Canvas, Double, Double) throws -> Void
    ) throws -> ReusableLayer {
        let (w, h) = (place.bounds.width, place.bounds.height)
        let cacheKey = ReusableLayers.Key(content: AnyHashable(key), scaleX: place.scaleX, scaleY: place.scaleY,
                                          width: place.frame.width, height: place.frame.height,
                                          pixelWidth: w, pixelHeight: h)
        let pixels: ReusableLayers.Pixels
        if let cached = reusableLayers.pixels(for: cacheKey) {
            pixels = cached
        } else {
            let view = Canvas(viewLayerOf: self, pixelWidth: w, pixelHeight: h,
                              ctm: AffineTransform(a: place.scaleX, b: 0, c: 0, d: place.scaleY, tx: 0, ty: 0))
            try body(view, place.frame.width, place.frame.height)
            pixels = reusableLayers.keep(ReusableLayers.Pixels(view.buffer, threads: view.parallelism), for: cacheKey)
        }
        return ReusableLayer(pixels: pixels, x0: place.bounds.x0, y0: place.bounds.y0)
    }
}

/// A view's layer placed over its device pixels (`Canvas.reusableLayer`).
public struct ReusableLayer {
    let pixels: ReusableLayers.Pixels
    /// The device pixel of the layer's top-left corner.
    let x0: Int, y0: Int

    var surface: Surface { Surface(buffer: pixels.buffer, x0: x0, y0: y0) }
}

/// The reusable layers of one canvas (and of the pieces drawn from it on
/// other threads, hence the lock). Each is immutable once kept.
final class ReusableLayers: @unchecked Sendable {
    /// Bytes of layers kept per canvas: 16 MiB (a 600x88 px cell is 206 KiB,
    /// a 604x448 px bevel about 1 MiB). Past it, layers are drawn and
    /// composited but not kept.
    static let budgetBytes = 16 << 20
    /// The largest layer drawn this way, in pixels (larger views are drawn
    /// with a plain layer): a quarter of the budget.
    static let largestLayerPixels = budgetBytes / 16

    struct Key: Hashable, @unchecked Sendable {
        var content: AnyHashable
        var scaleX: Double, scaleY: Double
        var width: Double, height: Double
        var pixelWidth: Int, pixelHeight: Int
    }

    /// A drawn layer and, per row, its longest run of opaque pixels
    /// (composited as a copy).
    final class Pixels: @unchecked Sendable {
        let buffer: PixelBuffer
        private let runs: [(start: Int, end: Int)]

        /// Finds each row's run, a large layer (128K pixels or more) in
        /// bands of rows on up to `threads` threads.
        init(_ buffer: PixelBuffer, threads: Int) {
            self.buffer = buffer
            let (w, h) = (buffer.width, buffer.height)
            var runs = [(start: Int, end: Int)](repeating: (0, 0), count: h)
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

        /// The longest run of opaque pixels in a row of `width` pixels
        /// (the first one of equal runs; 0..<0 when there is none). Opaque
        /// and transparent stretches are crossed 8 pixels (four 64-bit
        /// words) at a time: a layer's rows are mostly one or the other
        /// (a bevel's layer is transparent inside), and this scan runs over
        /// every pixel of every layer drawn.
        static func longestOpaqueRun(_ row: UnsafeRawPointer, width w: Int) -> (start: Int, end: Int) {
            let alphas: UInt64 = 0xFF00_0000_FF00_0000
            func word(_ x: Int, _ k: Int) -> UInt64 { row.loadUnaligned(fromByteOffset: x &* 4 &+ k &* 8, as: UInt64.self) }
            func opaque(_ x: Int) -> Bool { row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self) >> 24 == 255 }
            func eightOpaque(_ x: Int) -> Bool { word(x, 0) & word(x, 1) & word(x, 2) & word(x, 3) & alphas == alphas }
            func eightTransparent(_ x: Int) -> Bool { (word(x, 0) | word(x, 1) | word(x, 2) | word(x, 3)) & alphas == 0 }
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

        /// Columns `start..<end` of `row` (layer pixels) are all opaque.
        func opaqueRun(row: Int) -> (start: Int, end: Int) { runs[row] }
    }

    private let entries = Locked<(layers: [Key: Pixels], bytes: Int)>(([:], 0))

    func pixels(for key: Key) -> Pixels? {
        entries.withLock { $0.layers[key] }
    }

    /// Keeps `pixels` under `key` while the budget allows, and returns the
    /// layer to composite: the one kept first when another thread drew the
    /// same view meanwhile (they are equal, pixel for pixel).
    func keep(_ pixels: Pixels, for key: Key) -> Pixels {
        entries.withLock { e in
            if let earlier = e.layers[key] { return earlier }
            guard e.bytes + pixels.buffer.byteCount <= Self.budgetBytes else { return pixels }
            e.layers[key] = pixels
            e.bytes += pixels.buffer.byteCount
            return pixels
        }
    }

    /// How many layers are kept (for tests).
    var count: Int { entries.withLock { $0.layers.count } }
}
