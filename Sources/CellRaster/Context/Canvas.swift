import CellGeometry

/// A bitmap drawing context with Core Graphics semantics: user space in points
/// (origin top-left, y down), a device scale, a graphics-state stack, a
/// current path, clipping, and compositing bounded by coverage.
///
/// Every drawing call is listed in the canvas' display list (`DisplayList`)
/// and drawn by the raster backend (`render`): the list is what vector
/// output, hit tests and memory accounting read.
///
/// Its mutable state is declared `@exclusivity(unchecked)`: a canvas is used
/// by one thread at a time (drawing threads get only the values a recorded
/// command captured), and no method hands one of its
/// properties inout to code that reaches the same property again. The
/// run-time checks Swift would otherwise make on each access from this
/// module (a dozen per `fill_rect`) cost about 1% of a frame's instructions.
public final class Canvas {
    /// Size in points.
    public let width: Double
    public let height: Double
    /// Pixels per point.
    public let scale: Double
    /// The canvas' own pixels (what is saved), with everything drawn so far
    /// in them (reading it flushes the drawing recorded in `batch`). While a
    /// transparency layer is open, drawing goes to the layer's surface
    /// instead (`target`).
    public var buffer: PixelBuffer {
        flush()
        return pixels
    }
    /// The pixels themselves, whatever is still recorded.
    let pixels: PixelBuffer
    /// Drawing recorded to be done in bands on the drawing threads (nil:
    /// each operation draws at once, on the calling thread). See `DrawingBatch`.
    @exclusivity(unchecked) var batch: DrawingBatch?
    /// Where drawing lands: the canvas, or the innermost open layer.
    @exclusivity(unchecked) var target: Surface
    /// Whether every pixel of `target` is transparent black: a layer just
    /// begun, nothing drawn in it yet (false once anything may change its
    /// pixels, `willChangePixels`). Source-over onto it then stores the
    /// source without reading it (`Destination.isClear`).
    @exclusivity(unchecked) var targetIsClear = false
    /// Open transparency layers, innermost last.
    @exclusivity(unchecked) var layers: [LayerRecord] = []
    /// Buffers of ended layers, kept for the next layers (at most `spareLayerBytes`).
    @exclusivity(unchecked) var spareLayers: [PixelBuffer] = []

    @exclusivity(unchecked) public internal(set) var state: GraphicsState
    @exclusivity(unchecked) private var stateStack: [GraphicsState] = []
    /// The bytes of the clip masks the state in force and the saved states
    /// hold, each mask once (an embedder that bounds memory counts them: a
    /// loop of `save` and `clip` holds a mask per level).
    @exclusivity(unchecked) public internal(set) var clipMaskBytes = 0
    /// The current path, in device space (points are transformed when added,
    /// as in Core Graphics).
    @exclusivity(unchecked) public internal(set) var currentPath = Path()
    let rasterizer: Rasterizer
    /// The deadline long operations watch (`--timeout`); nil: none.
    /// Set by the embedder between drawing calls, read by each.
    @exclusivity(unchecked) public var cancellation: Cancellation?
    /// How many threads drawing may use (default `Canvas.availableThreads`;
    /// 1 draws everything at once on the calling thread). With more, a
    /// canvas of `batchedPixels` or more records its drawing and draws it
    /// in bands on that many threads (`DrawingBatch`).
    public var parallelism: Int {
        didSet {
            flush()
            batch = Self.makeBatch(threads: parallelism, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
            batch?.maxHeldBytes = heldBytesLimit
        }
    }
    /// Most bytes drawing recorded for later may keep alive (clip masks,
    /// pixels of images and canvases it reads, layers ended) before the
    /// canvas draws it: default 64 MiB. An embedder bounding memory sets
    /// less; layers made from this canvas (`makeLayer`) take its value.
    public var heldBytesLimit = 64 << 20 {
        didSet { batch?.maxHeldBytes = heldBytesLimit }
    }
    /// Counts the changes to the pixels (`willChangePixels`).
    @exclusivity(unchecked) var generation = 0
    /// What canvases drawing this one as a layer know of it (`draw(_:in:)`).
    let drawnAsLayer = DrawnAsLayer()

    /// The canvas' drawing, every operation drawn on it in order (`DisplayList`).
    public let displayList: DisplayList
    /// Where operations are listed now: the innermost open layer's list, or
    /// `displayList`.
    @exclusivity(unchecked) var listTarget: DisplayList
    /// False while `Replay` draws listed operations again (pixels only).
    @exclusivity(unchecked) var listing = true
    /// Groups open in the current layer (or outside any): `beginGroup`.
    @exclusivity(unchecked) var openGroups = 0
    /// Roughly the bytes the display list keeps (its operations, paths,
    /// copied images), for embedders that bound memory.
    public var displayListBytes: Int { listByteCount }
    /// `displayListBytes`' store. Read by other modules through the getter
    /// above: `@exclusivity(unchecked)` does not reach their direct reads of
    /// a stored property, which would each be checked at run time.
    @exclusivity(unchecked) var listByteCount = 0
    /// Snapshots of other canvases this one's list holds and has counted
    /// (`draw(_:in:)`), and color glyphs' images: each counted once.
    @exclusivity(unchecked) var countedSnapshots: Set<ObjectIdentifier> = []
    /// The transform the canvas starts with: user space (points) to its pixels.
    public let baseTransform: AffineTransform

    /// Curves are flattened to within this many device pixels.
    public static let flatteningTolerance = 0.05

    /// A canvas of `width` x `height` points at `scale` pixels per point,
    /// transparent or all `background`, drawing on up to `parallelism`
    /// threads (`DrawingBatch`; the background is written that way too).
    /// Throws for non-positive, non-finite or over-limit sizes.
    public init(width: Double, height: Double, scale: Double, background: Color? = nil,
                parallelism: Int = Canvas.availableThreads) throws {
        let (pw, ph) = try CanvasLimits.pixelSize(width: width, height: height, scale: scale)
        self.width = width
        self.height = height
        self.scale = scale
        self.parallelism = Swift.max(1, parallelism)
        batch = Self.makeBatch(threads: self.parallelism, pixelWidth: pw, pixelHeight: ph)
        // Filled by `fillAll` below: in bands with the drawing while the
        // canvas records, else at once.
        pixels = PixelBuffer(unclearedWidth: pw, height: ph)
        target = Surface(buffer: pixels, x0: 0, y0: 0)
        rasterizer = ScratchPool.takeRasterizer()
        baseTransform = .scale(scale, scale)
        state = GraphicsState(ctm: baseTransform, clip: .rect(IntRect(x0: 0, y0: 0, x1: pw, y1: ph)))
        displayList = DisplayList()
        listTarget = displayList
        if let background { list(.background(background), keeping: 0) }
        fillAll(background?.premultiplied() ?? .clear)
    }

    /// A layer for `parent` (`makeLayer`): `width` x `height` points,
    /// transparent pixels of its own, the default state with `ctm`, clipped
    /// to its pixels; the parent's scale, deadline and threads.
    init(layerOf parent: Canvas, width: Double, height: Double, pixelWidth: Int, pixelHeight: Int,
         ctm: AffineTransform) {
        scale = parent.scale
        self.width = width
        self.height = height
        parallelism = parent.parallelism
        batch = Self.makeBatch(threads: parallelism, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        pixels = PixelBuffer(unclearedWidth: pixelWidth, height: pixelHeight)
        target = Surface(buffer: pixels, x0: 0, y0: 0)
        rasterizer = ScratchPool.takeRasterizer()
        cancellation = parent.cancellation
        heldBytesLimit = parent.heldBytesLimit
        batch?.maxHeldBytes = parent.heldBytesLimit
        baseTransform = ctm
        state = GraphicsState(ctm: ctm, clip: .rect(IntRect(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)))
        displayList = DisplayList()
        listTarget = displayList
        fillAll(Color.clear.premultiplied())
    }

    deinit {
        // (Helper threads still drawing the batch's bands use their own
        // rasterizers, never this one; the batch waits for them as it goes.)
        ScratchPool.giveBack(rasterizer)
    }

    public var pixelWidth: Int { pixels.width }
    public var pixelHeight: Int { pixels.height }
    /// The bytes of the canvas' own pixels (without flushing).
    public var pixelByteCount: Int { pixels.byteCount }

    /// Canvases of at least this many pixels record their drawing and draw
    /// it in bands on several threads (smaller ones draw at once: a band's
    /// fixed costs would outweigh what threads save).
    public static let batchedPixels = 256 * 256

    static func makeBatch(threads: Int, pixelWidth: Int, pixelHeight: Int) -> DrawingBatch? {
        threads > 1 && pixelWidth * pixelHeight >= batchedPixels ? DrawingBatch(threads: threads, height: pixelHeight) : nil
    }

    /// Draws everything recorded so far (`DrawingBatch`), in bands on the
    /// drawing threads, and waits for it. Every read of the pixels does
    /// this first; so does each operation that cannot be cut into bands.
    public func flush() {
        guard let batch, !batch.isEmpty else { return }
        for spare in batch.run(main: rasterizer) { recycle(spare) }
    }

    /// Runs `op` on this canvas' rows `rows` now, or records it.
    /// `holding`: bytes the operation keeps alive until it runs (a clip mask).
    func perform(rows: IntRect, holding bytes: Int = 0, _ op: @escaping (SpanJob) -> Void) {
        guard let batch else { return performNow(rows: rows, op) }
        guard !rows.isEmpty else { return }
        willChangePixels()
        if batch.record(area: rows, holding: bytes, op) { flush() }
    }

    /// `perform` on a canvas that draws in order (no `batch`): `op` runs now
    /// on every row. Its closure does not escape, so a caller that checks
    /// `batch` first allocates none (the hot path of every fill).
    func performNow(rows: IntRect, _ op: (SpanJob) -> Void) {
        guard !rows.isEmpty else { return }
        willChangePixels()
        op(ownJob)
    }
    var fullRect: IntRect { IntRect(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight) }

    /// How many `save`s are open.
    public var saveDepth: Int { stateStack.count }

    /// The bytes the saved states hold (their clip masks are in `clipMaskBytes`).
    public var savedStateBytes: Int { stateStack.capacity * MemoryLayout<GraphicsState>.stride }

    /// The bytes the next `save` allocates: none while the stack has room,
    /// else a stack twice as large (the old one is freed once copied).
    public var nextSaveBytes: Int {
        stateStack.count < stateStack.capacity ? 0 : Swift.max(16, 2 * stateStack.capacity) * MemoryLayout<GraphicsState>.stride
    }

    // MARK: state

    public func save() {
        stateStack.append(state)
    }

    /// Pops the state `save` pushed. A layer's own saved state is popped
    /// only by `endLayer`, so `restore` cannot cross a `begin_layer`.
    public func restore() throws {
        if let layer = layers.last, stateStack.count <= layer.saveDepth + 1 {
            throw CanvasError.unbalancedLayer("restore would cross begin_layer: call end_layer first")
        }
        guard let top = stateStack.popLast() else { throw CanvasError.unbalancedRestore }
        if case .mask(let popped) = state.clip, !top.clip.holds(popped) { clipMaskBytes -= popped.byteCount }
        state = top
    }

    /// Whether the innermost saved state holds `mask`: the state in force
    /// then only shares it.
    func savedStateHolds(_ mask: ClipMask) -> Bool {
        stateStack.last.map { $0.clip.holds(mask) } ?? false
    }

    public func setFillColor(_ color: Color) { state.fillPaint = .solid(color) }
    public func setStrokeColor(_ color: Color) { state.strokePaint = .solid(color) }
    public func setFill(_ paint: Paint) { state.fillPaint = paint }
    public func setStroke(_ paint: Paint) { state.strokePaint = paint }
    public func setBlendMode(_ mode: BlendMode) { state.blendMode = mode }
    /// nil turns shadows off.
    public func setShadow(_ shadow: Shadow?) { state.shadow = shadow }
    public func setAlpha(_ alpha: Double) { state.alpha = Swift.min(Swift.max(alpha, 0), 1) }
    public func setAntialias(_ on: Bool) { state.antialias = on }
    public func setStrokeStyle(_ style: StrokeStyle) { state.strokeStyle = style }

    // MARK: transform (each acts in user space: prepended to the CTM)

    public func concat(_ t: AffineTransform) { state.ctm = t.concatenating(state.ctm) }
    public func translate(_ tx: Double, _ ty: Double) { concat(.translation(tx, ty)) }
    public func scaleBy(_ sx: Double, _ sy: Double) { concat(.scale(sx, sy)) }
    public func rotate(_ angle: Double) { concat(.rotation(angle)) }

    // MARK: painting

    /// Fills `path` (user space), or the current path (consumed) when nil.
    public func fill(_ path: Path? = nil, rule: FillRule = .nonzero) {
        let device = devicePath(path)
        submit(.fill(device, rule, opPaint(state.fillPaint), opStyle), keeping: Self.bytes(of: device))
    }

    /// Strokes `path` (user space), or the current path (consumed) when nil,
    /// with the line style in force; the pen is in user space, so a
    /// non-uniform transform gives a non-uniform line, as in Core Graphics.
    /// Throws when the outline would pass the complexity limits.
    public func stroke(_ path: Path? = nil) throws {
        try strokeDevicePath(devicePath(path))
    }

    /// Fills then strokes, consuming the current path once.
    public func fillStroke(_ path: Path? = nil, rule: FillRule = .nonzero) throws {
        let device = devicePath(path)
        submit(.fill(device, rule, opPaint(state.fillPaint), opStyle), keeping: Self.bytes(of: device))
        try strokeDevicePath(device)
    }

    /// CGContextFillRect: the current path is left alone.
    public func fillRect(_ rect: Rect) {
        submit(.fillRect(rect, opPaint(state.fillPaint), opStyle))
    }

    public func strokeRect(_ rect: Rect) throws {
        try strokeDevicePath(Path(rect: rect, transform: state.ctm))
    }

    /// CGContextClearRect: to transparent within the clip, whatever the blend
    /// mode, alpha or shadow; partly covered edge pixels keep the uncovered
    /// fraction of what was there.
    public func clearRect(_ rect: Rect) {
        submit(.clear(Path(rect: rect, transform: state.ctm), clip: state.clipChain, antialias: state.antialias),
               keeping: 6 * MemoryLayout<Path.Element>.stride)
    }

    /// Sets every pixel of the canvas (or of the open layer) to `color`,
    /// ignoring the state (for canvas backgrounds).
    public func fillAll(_ color: Color) {
        submit(.background(color))
    }

    private func fillAll(_ color: PremultipliedColor) {
        let pixels = self.pixels
        perform(rows: fullRect) { job in pixels.fill(color, rows: job.clamp(rows: 0..<pixels.height)) }
    }

    /// The device-space path to paint: `path` through the CTM, or the current
    /// path, which painting consumes.
    func devicePath(_ path: Path?) -> Path {
        if let path { return path.transformed(by: state.ctm) }
        let device = currentPath
        currentPath = Path()
        return device
    }

    private func strokeDevicePath(_ device: Path) throws {
        guard state.ctm.inverted != nil else { return } // a singular transform strokes nothing
        try submitStroke(.stroke(device, transform: state.ctm, style: state.strokeStyle, opPaint(state.strokePaint),
                                 opStyle), keeping: Self.bytes(of: device))
    }

    /// The outline (device space) of stroking `device` with the line style
    /// in force, as the stroker makes its polygons (`Stroker.polygons`: no
    /// outline path built, mapped and flattened again); pieces beyond
    /// `visible` (device pixels, grown by the stroke's reach) are
    /// simplified (CullBox).
    func strokeShape(_ device: Path, visible: IntRect) throws -> (polygons: [Polyline], bounds: Rect?) {
        let outline: (polygons: [Polyline], bounds: Rect?)
        if let hairline = hairlineStyle {
            outline = try Stroker.polygons(device, style: hairline, tolerance: Self.flatteningTolerance,
                                           visible: CullBox(visible.deviceRect), maxPoints: Self.maxFlattenedPoints,
                                           transform: nil)
        } else if let inverse = state.ctm.inverted {
            let tolerance = Self.flatteningTolerance / Swift.max(ctmScale, 1e-12)
            outline = try Stroker.polygons(device.transformed(by: inverse), style: state.strokeStyle,
                                           tolerance: tolerance,
                                           visible: CullBox(visible.deviceRect, transform: state.ctm),
                                           maxPoints: Self.maxFlattenedPoints, transform: state.ctm)
        } else {
            outline = ([], nil)
        }
        return outline
    }

    /// For a line width of 0, the thinnest line the device can show: the
    /// style one pixel wide in device space, its dashes scaled with it. Nil
    /// for any other width (stroked in user space).
    private var hairlineStyle: StrokeStyle? {
        let style = state.strokeStyle
        guard style.width == 0 else { return nil }
        var hairline = style
        hairline.width = 1
        hairline.dashes = style.dashes.map { $0 * ctmScale }
        hairline.dashPhase = style.dashPhase * ctmScale
        return hairline
    }

    /// The largest factor by which the CTM stretches a length (its largest
    /// singular value): user-space tolerances are divided by it.
    var ctmScale: Double { state.ctm.maxStretch }

    // MARK: reading

    /// Straight-alpha RGBA of pixel (x, y), or an error naming the valid range.
    public func pixel(x: Int, y: Int) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard x >= 0, y >= 0, x < pixelWidth, y < pixelHeight else {
            throw CanvasError.outOfBounds(
                "pixel (\(x), \(y)) is outside the canvas (0..\(pixelWidth - 1), 0..\(pixelHeight - 1))")
        }
        return buffer.straight(x: x, y: y) // (flushes)
    }
}
