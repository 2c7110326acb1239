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
        let emit: (IntRect, (Row) -> Void) -> Void

        init(bounds: IntRect?, _ emit: @escaping (IntRect, (Row) -> Void) -> Void) {
            self.bounds = bounds
            self.emit = emit
        }

        init(deviceBox box: Rect?, _ emit: @escaping (IntRect, (Row) -> Void) -> Void) {
            self.emit = emit
            guard let box, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
                bounds = box == nil ? .empty : nil
                return
            }
            bounds = IntRect.covering(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY,
                                      limit: IntRect(x0: -(1 << 40), y0: -(1 << 40), x1: 1 << 40, y1: 1 << 40))
        }

        func callAsFunction(_ bounds: IntRect, _ body: (Row) -> Void) {
            withoutActuallyEscaping(body) { emit(bounds, $0) }
        }

        /// Span by span (for consumers with nothing to gain from rows).
        func eachSpan(_ bounds: IntRect, _ body: (Rasterizer.Span) -> Void) {
            self(bounds) { row in
                for span in row { body(span) }
            }
        }
    }

    /// A span body: the spans of one row (coverage already multiplied by the
    /// clip mask; a span has per-pixel coverage or one constant), to be
    /// drawn on `target`.
    typealias SpanBody = (SpanSource.Row) -> Void

    /// The spans of a device-space path under `rule`, from the rasterizer
    /// (flattened only when asked: an invisible paint or an empty clip skips it).
    func spans(of device: Path, rule: FillRule) -> SpanSource {
        let antialias = state.antialias
        let sumFrom = self.sumFrom
        return SpanSource(deviceBox: device.controlPointBounds) { [rasterizer] bounds, emit in
            // Curves beyond the box the spans are summed over become chords (CullBox).
            let cull = CullBox(Self.summed(bounds, from: sumFrom).deviceRect)
            rasterizer.fillSpanRows(device.flattened(tolerance: Self.flatteningTolerance, cull: cull), rule: rule,
                                    antialias: antialias, bounds: bounds, sumFrom: sumFrom, emit)
        }
    }

    /// Where coverage is summed from along a row: the left edge of the
    /// surface drawn on, whatever the clip (Rasterizer's `sumFrom`). A pixel
    /// then gets the same coverage however a clip cuts the drawing, which
    /// lets the kit draw a layer in clipped pieces and get the pixels of the
    /// whole (Bevel).
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
            var p = Path()
            p.addRect(rect.standardized)
            return spans(of: p.transformed(by: state.ctm), rule: .nonzero)
        }
        return spans(ofDeviceRect: state.ctm.apply(rect.standardized))
    }

    func spans(ofDeviceRect device: Rect) -> SpanSource {
        let antialias = state.antialias
        return SpanSource(deviceBox: device) { bounds, emit in
            RectSpans.emit(device, bounds: bounds, antialias: antialias, emit)
        }
    }

    /// Paints `paint` through the coverage of `produce` with the state's
    /// alpha, blend mode, shadow and clip.
    func paint(_ produce: SpanSource, with paint: Paint) {
        guard let shader = Shader.make(paint, ctm: state.ctm, alpha: state.alpha) else { return }
        draw(produce, shader: shader)
    }

    /// The shadow (when one is set), then the shape.
    func draw(_ produce: SpanSource, shader: Shader) {
        let mode = state.blendMode
        if mode.transparentSourceIsNoOp, let word = shader.solidWord, word >> 24 == 0 { return }
        if let shadow = state.shadow { castShadow(produce, shader: shader, shadow: shadow) }
        composite(produce, shader: shader, mode: mode)
    }

    /// The pixels drawing can change: the clip within the target surface.
    var drawableBounds: IntRect { state.clip.bounds.intersection(target.bounds) }

    /// Composites `shader` through the coverage of `produce` with `mode`.
    func composite(_ produce: SpanSource, shader: Shader, mode: BlendMode) {
        let width = drawableBounds.width
        guard width > 0 else { return }
        let surface = target
        if mode == .clear {
            clear(produce)
            return
        }
        if let word = shader.solidWord {
            if mode == .normal {
                coverSpans(produce) { row in
                    for s in row {
                        let dst = surface.pointer(x: s.x, y: s.y)
                        if let coverage = s.coverage {
                            Composite.sourceOver(word, dst: dst, coverage: coverage, count: s.count)
                        } else {
                            Composite.sourceOver(word, dst: dst, constant: s.constant, count: s.count)
                        }
                    }
                }
            } else {
                withUnsafePointer(to: word) { source in
                    coverSpans(produce) { row in
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
        coverSpans(produce) { row in
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

    /// Clears the target under the coverage of `produce`: `D (1 - k)`.
    func clear(_ produce: SpanSource) {
        let surface = target
        coverSpans(produce) { row in
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
    /// target, a row at a time (never an empty row).
    func coverSpans(_ produce: SpanSource, _ body: SpanBody) {
        let clip = state.clip
        let bounds = drawableBounds
        guard !bounds.isEmpty else { return }
        // Both closures only run during this call; the compiler wants that said.
        withoutActuallyEscaping(body) { body in
            guard cancellation?.isArmed == true else { return deliver(produce, clip: clip, bounds: bounds, body) }
            // Past the deadline, the remaining spans are skipped (Cancellation).
            var meter = Cancellation.Meter(cancellation)
            deliver(produce, clip: clip, bounds: bounds) { row in
                var pixels = 0
                for s in row { pixels += s.count }
                if !meter.spend(pixels) { body(row) }
            }
        }
    }

    private func deliver(_ produce: SpanSource, clip: ClipRegion, bounds: IntRect, _ body: @escaping SpanBody) {
        switch clip {
        case .rect:
            produce(bounds, body)
        case .mask(let mask):
            // A row's spans through the mask: coverage multiplied into
            // `scratch` (indexed by column, so the row's spans never share
            // bytes), up to three spans out per span in.
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(1, bounds.width))
            var out = UnsafeMutablePointer<Rasterizer.Span>.allocate(capacity: 16)
            var outCapacity = 16
            defer {
                scratch.deallocate()
                out.deallocate()
            }
            produce(bounds) { row in
                if 3 * row.count > outCapacity {
                    out.deallocate()
                    outCapacity = 3 * row.count
                    out = .allocate(capacity: outCapacity)
                }
                var n = 0
                let y = row[0].y
                let full = mask.fullRun(y: y)
                // Pixels `x..<x + count` of span `s` through the mask.
                func throughMask(_ s: Rasterizer.Span, _ x: Int, _ count: Int) {
                    let m = mask.pointer(x: x, y: y)
                    let masked = scratch + (x - bounds.x0)
                    if let coverage = s.coverage {
                        let c = coverage + (x - s.x)
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
                    // Where the mask is full the span's own coverage goes
                    // through as it is (a constant span stays constant).
                    let end = s.x + s.count
                    let a = Swift.max(s.x, full.start), b = Swift.min(end, full.end)
                    guard a < b else {
                        throughMask(s, s.x, s.count)
                        continue
                    }
                    if a > s.x { throughMask(s, s.x, a - s.x) }
                    out[n] = Rasterizer.Span(y: y, x: a, count: b - a, coverage: s.coverage.map { $0 + (a - s.x) },
                                             constant: s.constant)
                    n += 1
                    if end > b { throughMask(s, b, end - b) }
                }
                body(UnsafeBufferPointer(start: out, count: n))
            }
        }
    }
}
