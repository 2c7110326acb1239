import CCPUFeatures
import CellGeometry

/// Compositing: coverage from a span source, color from a shader, the blend
/// mode and clip from the state. Bounded by coverage for every mode.
extension Canvas {
    /// Where coverage comes from: called with the bounds of interest, it emits
    /// the spans of non-zero coverage within them. `bounds` is a conservative
    /// box of where coverage can be (nil: unknown), which lets shadows blur
    /// only around the shape.
    struct SpanSource {
        /// One row's spans, left to right, valid during the call.
        typealias Row = UnsafeBufferPointer<Rasterizer.Span>

        var bounds: IntRect?
        /// How the spans are made: a closure, or (a rectangle, glyph masks)
        /// from the values alone, so that a rectangle fill or a line of
        /// text allocates no closure.
        private let emitter: Emitter
        private enum Emitter {
            case closure((SpanJob, IntRect, (Row) -> Void) -> Void)
            case rect(device: Rect, antialias: Bool)
            case masks(MaskBlocks)
        }
        /// Work done once before the spans are asked for in bands on several
        /// threads (flattening a path for the drawable bounds), so that each
        /// band does not repeat it: returns the source with that work done.
        var prepare: ((IntRect) -> SpanSource)?
        /// The device rectangle whose spans these are (`RectSpans`), when
        /// that is all they are: a solid fill under a rectangular clip
        /// composites its rows straight from it.
        var rect: (device: Rect, antialias: Bool)? {
            if case .rect(let device, let antialias) = emitter { return (device, antialias) }
            return nil
        }
        /// The coverage as 8-bit masks on the pixel grid (`MaskBlocks`),
        /// when that is what it is: a solid fill under a rectangular clip
        /// composites the blocks that share no pixel straight, row by row
        /// of each block, without spans.
        var masks: MaskBlocks? {
            if case .masks(let masks) = emitter { return masks }
            return nil
        }

        init(bounds: IntRect?, _ emit: @escaping (SpanJob, IntRect, (Row) -> Void) -> Void) {
            self.bounds = bounds
            emitter = .closure(emit)
        }

        init(deviceBox box: Rect?, _ emit: @escaping (SpanJob, IntRect, (Row) -> Void) -> Void) {
            emitter = .closure(emit)
            bounds = Self.bounds(ofDeviceBox: box)
        }

        /// The spans of a device rectangle (`RectSpans`).
        init(rect device: Rect, antialias: Bool) {
            emitter = .rect(device: device, antialias: antialias)
            bounds = Self.bounds(ofDeviceBox: device)
        }

        /// The spans of coverage masks on the pixel grid (`MaskBlocks`).
        init(masks: MaskBlocks) {
            emitter = .masks(masks)
            bounds = masks.bounds
        }

        /// The pixels a device box reaches; nil when it is not finite (no
        /// bound known), empty for no box.
        private static func bounds(ofDeviceBox box: Rect?) -> IntRect? {
            guard let box, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
                return box == nil ? .empty : nil
            }
            return IntRect.covering(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY,
                                    limit: IntRect(x0: -(1 << 40), y0: -(1 << 40), x1: 1 << 40, y1: 1 << 40))
        }

        func callAsFunction(_ job: SpanJob, _ bounds: IntRect, _ body: (Row) -> Void) {
            switch emitter {
            case .closure(let emit):
                withoutActuallyEscaping(body) { emit(job, bounds, $0) }
            case .rect(let device, let antialias):
                RectSpans.emit(device, bounds: job.clamp(bounds), antialias: antialias, body)
            case .masks(let masks):
                masks.emit(masks.sorted, job, bounds, body)
            }
        }

        /// Span by span (for consumers with nothing to gain from rows).
        func eachSpan(_ job: SpanJob, _ bounds: IntRect, _ body: (Rasterizer.Span) -> Void) {
            self(job, bounds) { row in
                for span in row { body(span) }
            }
        }
    }

    /// A coverage mask placed on the pixel grid: `height` rows of `width`
    /// bytes, packed, whose first byte covers pixel (x, y).
    struct MaskBlock {
        let pixels: UnsafePointer<UInt8>
        let x: Int, y: Int, width: Int, height: Int
    }

    /// Coverage given as masks on the pixel grid (glyphs from
    /// `GlyphMaskCache`), left to right, split for compositing without
    /// spans: `disjoint` blocks that share no pixel with another, and
    /// `shared`, those that do, whose coverage adds where they meet
    /// (`Canvas.emitMasks`). Compositing each part on its own gives the
    /// bytes of compositing all of them as spans, since no pixel is in both.
    struct MaskBlocks {
        let sorted: [MaskBlock]
        let disjoint: [MaskBlock]
        let shared: [MaskBlock]
        /// The pixels the blocks cover.
        let bounds: IntRect
        /// Keeps the blocks' bytes alive while the source is.
        let owner: [GlyphMaskCache.Generation]

        /// Emits the spans of `blocks` (some of these) within `area` and the job's rows.
        func emit(_ blocks: [MaskBlock], _ job: SpanJob, _ area: IntRect, _ body: (SpanSource.Row) -> Void) {
            withExtendedLifetime(owner) {
                Canvas.emitMasks(blocks, bounds: bounds.intersection(job.clamp(area)), body)
            }
        }
    }

    /// What a span source runs with: the rasterizer (each drawing thread has
    /// its own) and the device rows wanted (a band of the canvas; nil: all).
    /// Sources that rasterize lay their job out from the whole bounds and
    /// emit only these rows, so the pixels do not depend on the bands.
    struct SpanJob {
        let rasterizer: Rasterizer
        let rows: Range<Int>?

        /// The rows of `rows` in the job's band.
        func clamp(rows: Range<Int>) -> Range<Int> {
            guard let band = self.rows else { return rows }
            let lo = Swift.max(rows.lowerBound, band.lowerBound), hi = Swift.min(rows.upperBound, band.upperBound)
            return lo < hi ? lo..<hi : lo..<lo
        }

        /// `bounds` cut to the job's rows.
        func clamp(_ bounds: IntRect) -> IntRect {
            guard let rows else { return bounds }
            var b = bounds
            b.y0 = Swift.max(b.y0, rows.lowerBound)
            b.y1 = Swift.min(b.y1, rows.upperBound)
            return b.y0 < b.y1 ? b : .empty
        }
    }

    /// Where a composite lands: the surface, the clip, the pixels it may
    /// change (the clip within the surface) and the deadline to watch.
    struct Destination {
        let surface: Surface
        let clip: ClipRegion
        let bounds: IntRect
        let cancellation: Cancellation?
        /// Every pixel of `surface` is transparent black before this
        /// composite (`Canvas.targetIsClear`): source-over of a color then
        /// stores the scaled color without reading the pixels, the same
        /// bytes as blending onto zero.
        var isClear = false
    }

    /// The destination of drawing now: the current target under the state's clip.
    var destination: Destination {
        Destination(surface: target, clip: state.clip, bounds: drawableBounds, cancellation: cancellation,
                    isClear: targetIsClear)
    }

    /// A job on this canvas' own rasterizer, all rows (drawing in order, on
    /// the calling thread).
    var ownJob: SpanJob { SpanJob(rasterizer: rasterizer, rows: nil) }

    /// A span body: the spans of one row (coverage already multiplied by the
    /// clip mask; a span has per-pixel coverage or one constant), to be
    /// drawn on `target`.
    typealias SpanBody = (SpanSource.Row) -> Void

    /// The spans of a device-space path under `rule`, from the rasterizer
    /// (flattened only when asked: an invisible paint or an empty clip skips it).
    func spans(of device: Path, rule: FillRule) -> SpanSource {
        let antialias = state.antialias
        let sumFrom = self.sumFrom
        // Curves beyond the box the spans are summed over become chords (CullBox).
        func flattened(for bounds: IntRect) -> [Polyline] {
            device.flattened(tolerance: Self.flatteningTolerance, cull: CullBox(Self.summed(bounds, from: sumFrom).deviceRect))
        }
        var source = SpanSource(deviceBox: device.controlPointBounds) { job, bounds, emit in
            job.rasterizer.fillSpanRows(flattened(for: bounds), rule: rule, antialias: antialias, bounds: bounds,
                                        sumFrom: sumFrom, rows: job.rows, emit)
        }
        let box = source.bounds
        source.prepare = { bounds in
            Self.spans(ofPolygons: flattened(for: bounds), bounds: box, rule: rule, antialias: antialias, sumFrom: sumFrom)
        }
        return source
    }

    /// The spans of polygons already flattened (device space).
    static func spans(ofPolygons polygons: [Polyline], bounds: IntRect?, rule: FillRule, antialias: Bool,
                      sumFrom: Int) -> SpanSource {
        SpanSource(bounds: bounds) { job, area, emit in
            job.rasterizer.fillSpanRows(polygons, rule: rule, antialias: antialias, bounds: area,
                                        sumFrom: sumFrom, rows: job.rows, emit)
        }
    }

    /// Where coverage is summed from along a row: the left edge of the
    /// surface drawn on, whatever the clip (Rasterizer's `sumFrom`). A pixel
    /// then gets the same coverage however a clip cuts the drawing, which
    /// lets a caller draw a layer in clipped pieces and get the pixels of the
    /// whole.
    var sumFrom: Int { target.x0 }

    /// `bounds` widened leftwards to `x` (the part of the plane whose edges count).
    static func summed(_ bounds: IntRect, from x: Int) -> IntRect {
        var r = bounds
        if x < r.x0 && !r.isEmpty { r.x0 = x }
        return r
    }

    /// The spans of a user-space rectangle: computed directly (RectSpans)
    /// while the CTM keeps it axis-aligned, else as a path.
    func spans(ofRect rect: Rect) -> SpanSource {
        guard state.ctm.isRectilinear else {
            return spans(of: Path(rect: rect, transform: state.ctm), rule: .nonzero)
        }
        return spans(ofDeviceRect: state.ctm.apply(rect.standardized))
    }

    func spans(ofDeviceRect device: Rect) -> SpanSource {
        SpanSource(rect: device, antialias: state.antialias)
    }

    /// Paints `paint` through the coverage of `produce` with the state's
    /// alpha, blend mode, shadow and clip.
    func paint(_ produce: SpanSource, with paint: Paint) {
        guard let shader = Shader.make(paint, ctm: state.ctm, alpha: state.alpha) else { return }
        draw(produce, shader: shader)
    }

    /// The shadow (when one is set), then the shape. Without a shadow the
    /// composite goes through `perform`: recorded and drawn later in bands
    /// of rows while the canvas records (`DrawingBatch`), else at once.
    ///
    /// `deferrable` false: the shader reads pixels that may change before a
    /// flush (another canvas drawn as an image), so this draws now.
    /// `holding`: bytes the recorded composite keeps alive until it runs
    /// (an image's pixels), counted by the batch, which flushes past its bound.
    func draw(_ produce: SpanSource, shader: Shader, deferrable: Bool = true, holding bytes: Int = 0) {
        let mode = state.blendMode
        if mode.transparentSourceIsNoOp, let word = shader.solidWord, word >> 24 == 0 { return }
        let dest = destination
        guard !dest.bounds.isEmpty else { return }
        if state.shadow == nil, deferrable {
            let rows = Self.rows(of: produce, in: dest)
            if batch == nil {
                // Drawing in order: no command, so no closure to allocate,
                // and no copy of a source that needs no preparing (a copy
                // of glyph masks' source retains and releases its arrays).
                guard let prepare = produce.prepare else {
                    return performNow(rows: rows) { job in
                        Self.composite(produce, shader: shader, mode: mode, into: dest, job: job)
                    }
                }
                let source = prepare(dest.bounds)
                return performNow(rows: rows) { job in
                    Self.composite(source, shader: shader, mode: mode, into: dest, job: job)
                }
            }
            let source = produce.prepare?(dest.bounds) ?? produce
            perform(rows: rows, holding: bytes) { job in
                Self.composite(source, shader: shader, mode: mode, into: dest, job: job)
            }
            return
        }
        flush()
        willChangePixels()
        if let shadow = state.shadow { castShadow(produce, shader: shader, shadow: shadow) }
        // (`destination` again: the shadow may have drawn on a clear target.)
        Self.composite(produce, shader: shader, mode: mode, into: destination, job: ownJob)
    }

    /// The pixels of `dest` that `produce` can reach.
    static func rows(of produce: SpanSource, in dest: Destination) -> IntRect {
        guard let b = produce.bounds else { return dest.bounds }
        return dest.bounds.intersection(b)
    }

    /// The pixels drawing can change: the clip within the target surface.
    var drawableBounds: IntRect { state.clip.bounds.intersection(target.bounds) }

    /// Composites `shader` through the coverage of `produce` with `mode`
    /// into `dest`: the rows of `job`, with its rasterizer. Reads nothing of
    /// the canvas, so that bands can run on several threads.
    static func composite(_ produce: SpanSource, shader: Shader, mode: BlendMode, into dest: Destination,
                          job: SpanJob) {
        let width = dest.bounds.width
        guard width > 0 else { return }
        let surface = dest.surface
        if mode == .clear {
            clear(produce, into: dest, job: job)
            return
        }
        if let word = shader.solidWord {
            // Source-over under a rectangular clip with no deadline to
            // watch: rectangles and glyph masks composite without spans.
            var straight = mode == .normal && dest.cancellation?.isArmed != true
            switch dest.clip {
            case .rect: break
            case .box(let box): straight = straight && unclipped(produce, by: box, within: dest.bounds)
            case .mask: straight = false
            }
            if straight, let masks = produce.masks {
                compositeBlocks(masks, word: word, into: dest, job: job)
                return
            }
            if straight, let rect = produce.rect {
                // A rectangle under a rectangular clip: each run of equal
                // rows composited straight (the pixels its spans give).
                RectSpans.forEachRun(rect.device, bounds: job.clamp(dest.bounds), antialias: rect.antialias) { rows, row in
                    Composite.sourceOver(word, rows: rows, row, surface)
                }
                return
            }
            if mode == .normal {
                // Onto a clear target the blend is the scaled color alone.
                let onClear = dest.isClear
                coverSpans(produce, dest, job) { row in sourceOver(word, row, surface, onClear: onClear) }
            } else {
                withUnsafePointer(to: word) { source in
                    coverSpans(produce, dest, job) { row in
                        for s in row {
                            BlendLoop.blend(mode, src: source, srcStep: 0,
                                            dst: Composite.words(surface.pointer(x: s.x, y: s.y), s.count),
                                            coverage: s.coverage, constant: s.constant, count: s.count)
                        }
                    }
                }
            }
            return
        }
        let source = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let mask = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * width)
        defer {
            source.deallocate()
            mask.deallocate()
        }
        let combined = mask + width
        coverSpans(produce, dest, job) { row in
            let y = row[0].y
            if mode == .normal, let (word, painted) = shader.rowConstant(y: y) {
                // One color along the row: the solid paths (block fills).
                guard painted, word != 0 else { return }
                for s in row {
                    let dst = surface.pointer(x: s.x, y: y)
                    if let coverage = s.coverage {
                        Composite.sourceOver(word, dst: dst, coverage: coverage, count: s.count)
                    } else {
                        Composite.sourceOver(word, dst: dst, constant: s.constant, count: s.count)
                    }
                }
                return
            }
            for s in row {
                let (x, count, dst) = (s.x, s.count, surface.pointer(x: s.x, y: y))
                if mode == .normal, let words = shader.directWords(x: x, y: y, count: count) {
                    Composite.sourceOver(words, dst: dst, coverage: s.coverage, constant: s.constant, count: count)
                    continue
                }
                shader.shade(x: x, y: y, count: count, into: source, mask: mask)
                var k = s.coverage
                if shader.needsMask {
                    if let coverage = s.coverage {
                        for n in 0..<count { combined[n] = multiply255(coverage[n], mask[n]) }
                    } else {
                        for n in 0..<count { combined[n] = multiply255(s.constant, mask[n]) }
                    }
                    k = UnsafePointer(combined)
                }
                if mode == .normal {
                    Composite.sourceOver(UnsafePointer(source), dst: dst, coverage: k, constant: s.constant, count: count)
                } else {
                    BlendLoop.blend(mode, src: UnsafePointer(source), srcStep: 1, dst: Composite.words(dst, count),
                                    coverage: k, constant: s.constant, count: count)
                }
            }
        }
    }

    /// Source-over of one color through `masks` under a rectangular clip:
    /// each disjoint block's rows within the clip and the job's rows
    /// composited straight from the mask, the rest as spans. The kernels
    /// and bytes of the span path (`composite`'s solid case).
    private static func compositeBlocks(_ masks: MaskBlocks, word: UInt32, into dest: Destination, job: SpanJob) {
        let area = job.clamp(dest.bounds)
        guard !area.isEmpty else { return }
        // Blended even onto a clear target: blocks' boxes overlap where one
        // of them is empty (glyphs' margins), and storing the scaled color
        // there would put back zero over what a neighbour drew.
        let surface = dest.surface, onClear = false
        withExtendedLifetime(masks.owner) {
            for block in masks.disjoint {
                let x0 = Swift.max(block.x, area.x0), x1 = Swift.min(block.x + block.width, area.x1)
                let y0 = Swift.max(block.y, area.y0), y1 = Swift.min(block.y + block.height, area.y1)
                guard x0 < x1, y0 < y1 else { continue }
                let coverage = block.pixels + (y0 - block.y) * block.width + (x0 - block.x)
                Composite.sourceOver(word, onClear: onClear, dst: surface.pointer(x: x0, y: y0), rowBytes: surface.buffer.stride,
                                     coverage: coverage, coverageStride: block.width, count: x1 - x0, rows: y1 - y0)
            }
            if !masks.shared.isEmpty {
                masks.emit(masks.shared, job, area) { row in sourceOver(word, row, surface, onClear: onClear) }
            }
        }
    }

    /// Source-over of one color through a row of spans (onto transparent
    /// black: the scaled color stored, `Destination.isClear`).
    @inline(__always)
    private static func sourceOver(_ word: UInt32, _ row: SpanSource.Row, _ surface: Surface, onClear: Bool) {
        let below = surface.buffer.stride
        for s in row {
            let dst = surface.pointer(x: s.x, y: s.y)
            cl_cpu_prefetch_write(dst + below)
            switch (s.coverage, onClear) {
            case (let coverage?, false): Composite.sourceOver(word, dst: dst, coverage: coverage, count: s.count)
            case (nil, false): Composite.sourceOver(word, dst: dst, constant: s.constant, count: s.count)
            case (let coverage?, true): Composite.store(word, dst: dst, coverage: coverage, count: s.count)
            case (nil, true): Composite.store(word, dst: dst, constant: s.constant, count: s.count)
            }
        }
    }

    /// Clears the destination under the coverage of `produce`: `D (1 - k)`.
    static func clear(_ produce: SpanSource, into dest: Destination, job: SpanJob) {
        let surface = dest.surface
        coverSpans(produce, dest, job) { row in
            for s in row {
                let dst = surface.pointer(x: s.x, y: s.y)
                if let coverage = s.coverage {
                    Composite.clear(dst: dst, coverage: coverage, count: s.count)
                } else {
                    Composite.clear(dst: dst, constant: s.constant, count: s.count)
                }
            }
        }
    }

    /// Calls `body` for the spans of `produce` within the clip and the
    /// destination, a row at a time (never an empty row).
    static func coverSpans(_ produce: SpanSource, _ dest: Destination, _ job: SpanJob, _ body: SpanBody) {
        let bounds = dest.bounds
        guard !bounds.isEmpty, !job.clamp(bounds).isEmpty else { return }
        // Both closures only run during this call; the compiler wants that said.
        withoutActuallyEscaping(body) { body in
            guard dest.cancellation?.isArmed == true else {
                return deliver(produce, clip: dest.clip, bounds: bounds, job: job, body)
            }
            // Past the deadline, the remaining spans are skipped (Cancellation).
            var meter = Cancellation.Meter(dest.cancellation)
            deliver(produce, clip: dest.clip, bounds: bounds, job: job) { row in
                var pixels = 0
                for s in row { pixels += s.count }
                if !meter.spend(pixels) { body(row) }
            }
        }
    }

    private static func deliver(_ produce: SpanSource, clip: ClipRegion, bounds: IntRect, job: SpanJob,
                                _ body: @escaping SpanBody) {
        switch clip {
        case .rect:
            produce(job, bounds, body)
        case .box(let box) where unclipped(produce, by: box, within: bounds):
            produce(job, bounds, body)
        case .box(let box):
            // The box's coverage of a row, written when a span first needs
            // it (reached through a pointer: the row closure escapes).
            let rows = UnsafeMutablePointer<ClipBox.Rows>.allocate(capacity: 1)
            rows.initialize(to: ClipBox.Rows(box, columns: bounds))
            defer {
                rows.pointee.deallocate()
                rows.deinitialize(count: 1)
                rows.deallocate()
            }
            deliver(produce, bounds: bounds, job: job, body, fullRun: { box.fullRun(y: $0) }) { y, x in
                rows.pointee.coverage(y: y, from: x)
            }
        case .mask(let mask):
            deliver(produce, bounds: bounds, job: job, body, fullRun: { mask.fullRun(y: $0) }) { y, x in
                UnsafePointer(mask.pointer(x: x, y: y))
            }
        }
    }

    /// `deliver` through a clip with coverage of its own (a mask, a box):
    /// a row's spans pass as they are over its fully covered columns
    /// (`fullRun` of the row), and elsewhere take their coverage times the
    /// clip's (`coverage(y, x)`: the clip's bytes from column x of row y on),
    /// multiplied into `scratch` (indexed by column, so the row's spans never
    /// share bytes), up to three spans out per span in.
    @inline(__always)
    private static func deliver(_ produce: SpanSource, bounds: IntRect, job: SpanJob, _ body: @escaping SpanBody,
                                fullRun: @escaping (Int) -> (start: Int, end: Int),
                                coverage: @escaping (_ y: Int, _ x: Int) -> UnsafePointer<UInt8>) {
        // The spans out live in a buffer reached through `outBox`, not in
        // a captured `var`: the row closure escapes, and every access to a
        // captured variable it writes would be checked for exclusivity at
        // run time (a few hundred instructions per masked span).
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(1, bounds.width))
        let outBox = UnsafeMutablePointer<UnsafeMutableBufferPointer<Rasterizer.Span>>.allocate(capacity: 1)
        outBox.initialize(to: .allocate(capacity: 16))
        defer {
            scratch.deallocate()
            outBox.pointee.deallocate()
            outBox.deallocate()
        }
        produce(job, bounds) { row in
            if 3 * row.count > outBox.pointee.count {
                outBox.pointee.deallocate()
                outBox.pointee = .allocate(capacity: 3 * row.count)
            }
            let out = outBox.pointee.baseAddress!
            var n = 0
            let y = row[0].y
            let full = fullRun(y)
            // Pixels `x..<x + count` of span `s` through the clip.
            func throughClip(_ s: Rasterizer.Span, _ x: Int, _ count: Int) {
                let m = coverage(y, x)
                let masked = scratch + (x - bounds.x0)
                if let c = s.coverage {
                    let c = c + (x - s.x)
                    for i in 0..<count { masked[i] = multiply255(c[i], m[i]) }
                } else if s.constant == 255 {
                    masked.update(from: m, count: count)
                } else {
                    for i in 0..<count { masked[i] = multiply255(s.constant, m[i]) }
                }
                out[n] = Rasterizer.Span(y: y, x: x, count: count, coverage: UnsafePointer(masked), constant: 0)
                n += 1
            }
            for s in row {
                // Where the clip is full the span's own coverage goes
                // through as it is (a constant span stays constant).
                let end = s.x + s.count
                let a = Swift.max(s.x, full.start), b = Swift.min(end, full.end)
                guard a < b else {
                    throughClip(s, s.x, s.count)
                    continue
                }
                if a > s.x { throughClip(s, s.x, a - s.x) }
                out[n] = Rasterizer.Span(y: y, x: a, count: b - a, coverage: s.coverage.map { $0 + (a - s.x) },
                                         constant: s.constant)
                n += 1
                if end > b { throughClip(s, b, end - b) }
            }
            body(UnsafeBufferPointer(start: out, count: n))
        }
    }

    /// Whether all that `produce` can cover within `bounds` lies where
    /// `box` covers fully (its spans then pass the clip unchanged).
    @inline(__always)
    private static func unclipped(_ produce: SpanSource, by box: ClipBox, within bounds: IntRect) -> Bool {
        guard let b = produce.bounds else { return false }
        return b.intersection(bounds).isWithin(box.interior)
    }
}
