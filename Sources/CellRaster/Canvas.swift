import CellGeometry

/// A bitmap drawing context with Core Graphics semantics: user space in points
/// (origin top-left, y down), a device scale, a graphics-state stack, a
/// current path, clipping, and compositing bounded by coverage.
public final class Canvas {
    /// Size in points.
    public let width: Double
    public let height: Double
    /// Pixels per point.
    public let scale: Double
    public let buffer: PixelBuffer

    public internal(set) var state: GraphicsState
    private var stateStack: [GraphicsState] = []
    /// The current path, in device space (points are transformed when added,
    /// as in Core Graphics).
    public internal(set) var currentPath = Path()
    let rasterizer = Rasterizer()

    /// Curves are flattened to within this many device pixels.
    public static let flatteningTolerance = 0.05

    /// A transparent canvas of `width` x `height` points at `scale` pixels per
    /// point. Throws for non-positive, non-finite or over-limit sizes.
    public init(width: Double, height: Double, scale: Double) throws {
        let (pw, ph) = try CanvasLimits.pixelSize(width: width, height: height, scale: scale)
        self.width = width
        self.height = height
        self.scale = scale
        buffer = PixelBuffer(width: pw, height: ph)
        state = GraphicsState(ctm: .scale(scale, scale), clip: .rect(IntRect(x0: 0, y0: 0, x1: pw, y1: ph)))
    }

    public var pixelWidth: Int { buffer.width }
    public var pixelHeight: Int { buffer.height }
    var fullRect: IntRect { IntRect(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight) }

    /// How many `save`s are open.
    public var saveDepth: Int { stateStack.count }

    // MARK: state

    public func save() {
        stateStack.append(state)
    }

    public func restore() throws {
        guard let top = stateStack.popLast() else { throw CanvasError.unbalancedRestore }
        state = top
    }

    public func setFillColor(_ color: Color) { state.fillColor = color }
    public func setStrokeColor(_ color: Color) { state.strokeColor = color }
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
        paint(spans(of: devicePath(path), rule: rule), color: state.fillColor)
    }

    /// Strokes `path` (user space), or the current path (consumed) when nil,
    /// with the line style in force; the pen is in user space, so a
    /// non-uniform transform gives a non-uniform line, as in Core Graphics.
    public func stroke(_ path: Path? = nil) throws {
        let device = devicePath(path)
        try strokeDevicePath(device)
    }

    /// Fills then strokes, consuming the current path once.
    public func fillStroke(_ path: Path? = nil, rule: FillRule = .nonzero) throws {
        let device = devicePath(path)
        paint(spans(of: device, rule: rule), color: state.fillColor)
        try strokeDevicePath(device)
    }

    /// CGContextFillRect: the current path is left alone.
    public func fillRect(_ rect: Rect) {
        paint(spans(ofRect: rect), color: state.fillColor)
    }

    public func strokeRect(_ rect: Rect) throws {
        var p = Path()
        p.addRect(rect.standardized)
        try strokeDevicePath(p.transformed(by: state.ctm))
    }

    /// CGContextClearRect: to transparent within the clip; partly covered
    /// edge pixels keep the uncovered fraction of what was there.
    public func clearRect(_ rect: Rect) {
        coverSpans(spans(ofRect: rect)) { dst, coverage, constant, count in
            if let coverage {
                Composite.clear(dst: dst, coverage: coverage, count: count)
            } else {
                Composite.clear(dst: dst, constant: constant, count: count)
            }
        }
    }

    /// Sets every pixel to `color`, ignoring the state (for canvas backgrounds).
    public func fillAll(_ color: Color) {
        buffer.fill(color.premultiplied())
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
        let style = state.strokeStyle
        let outline: Path
        if style.width == 0 {
            // Width 0 is the thinnest line the device can show: one pixel.
            var hairline = style
            hairline.width = 1
            hairline.dashes = style.dashes.map { $0 * ctmScale }
            hairline.dashPhase = style.dashPhase * ctmScale
            outline = try Stroker.stroke(device, style: hairline, tolerance: Self.flatteningTolerance)
        } else {
            guard let inverse = state.ctm.inverted else { return }
            let user = device.transformed(by: inverse)
            let tolerance = Self.flatteningTolerance / Swift.max(ctmScale, 1e-12)
            outline = try Stroker.stroke(user, style: style, tolerance: tolerance).transformed(by: state.ctm)
        }
        paint(spans(of: outline, rule: .nonzero), color: state.strokeColor)
    }

    /// The largest factor by which the CTM stretches a length (its largest
    /// singular value): user-space tolerances are divided by it.
    var ctmScale: Double {
        let t = state.ctm
        let p = (t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d) / 2
        let q = ((t.a * t.a + t.b * t.b - t.c * t.c - t.d * t.d) / 2)
        let r = t.a * t.c + t.b * t.d
        return (p + (q * q + r * r).squareRoot()).squareRoot()
    }

    // MARK: compositing

    /// Where coverage comes from: called with the clip bounds, it emits the
    /// spans of non-zero coverage within them.
    typealias SpanSource = (IntRect, (Rasterizer.Span) -> Void) -> Void

    /// The spans of a device-space path under `rule`, from the rasterizer
    /// (flattened only when asked: an invisible paint or an empty clip skips it).
    func spans(of device: Path, rule: FillRule) -> SpanSource {
        let antialias = state.antialias
        return { [rasterizer] bounds, emit in
            rasterizer.fillSpans(device.flattened(tolerance: Self.flatteningTolerance), rule: rule,
                                 antialias: antialias, bounds: bounds, emit)
        }
    }

    /// The spans of a user-space rectangle: computed directly (RectSpans)
    /// while the CTM keeps it axis-aligned, else as a path.
    func spans(ofRect rect: Rect) -> SpanSource {
        guard state.ctm.isRectilinear else {
            var p = Path()
            p.addRect(rect.standardized)
            return spans(of: p.transformed(by: state.ctm), rule: .nonzero)
        }
        let device = state.ctm.apply(rect.standardized)
        let antialias = state.antialias
        return { bounds, emit in RectSpans.emit(device, bounds: bounds, antialias: antialias, emit) }
    }

    /// Composites `color` (with the state's alpha) through the spans'
    /// coverage and the clip, source-over.
    func paint(_ produce: SpanSource, color: Color) {
        let source = color.premultiplied(alpha: state.alpha)
        guard source.a > 0 else { return }
        coverSpans(produce) { dst, coverage, constant, count in
            if let coverage {
                Composite.sourceOver(source, dst: dst, coverage: coverage, count: count)
            } else {
                Composite.sourceOver(source, dst: dst, constant: constant, count: count)
            }
        }
    }

    /// Calls `body` for each span of `produce` within the clip, with the
    /// destination pixels and either per-pixel coverage (already multiplied
    /// by the clip mask) or one constant coverage for the span.
    func coverSpans(_ produce: SpanSource,
                    _ body: (UnsafeMutablePointer<UInt8>, UnsafePointer<UInt8>?, UInt8, Int) -> Void) {
        let clip = state.clip
        let bounds = clip.bounds
        guard !bounds.isEmpty else { return }
        // Both closures only run during this call; the compiler wants that said.
        withoutActuallyEscaping(body) { body in
            deliver(produce, clip: clip, bounds: bounds, body)
        }
    }

    private func deliver(_ produce: SpanSource, clip: ClipRegion, bounds: IntRect,
                       _ body: @escaping (UnsafeMutablePointer<UInt8>, UnsafePointer<UInt8>?, UInt8, Int) -> Void) {
        let stride = buffer.stride
        let data = buffer.data
        switch clip {
        case .rect:
            produce(bounds) { s in
                body(data + s.y * stride + s.x * 4, s.coverage, s.constant, s.count)
            }
        case .mask(let mask):
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(1, bounds.width)) { scratch in
                let masked = scratch.baseAddress!
                produce(bounds) { s in
                    let m = mask.data + s.y * mask.width + s.x
                    if let coverage = s.coverage {
                        for n in 0..<s.count { masked[n] = multiply255(coverage[n], m[n]) }
                    } else if s.constant == 255 {
                        masked.update(from: m, count: s.count)
                    } else {
                        for n in 0..<s.count { masked[n] = multiply255(s.constant, m[n]) }
                    }
                    body(data + s.y * stride + s.x * 4, UnsafePointer(masked), 0, s.count)
                }
            }
        }
    }

    // MARK: reading

    /// Straight-alpha RGBA of pixel (x, y), or an error naming the valid range.
    public func pixel(x: Int, y: Int) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard x >= 0, y >= 0, x < pixelWidth, y < pixelHeight else {
            throw CanvasError.outOfBounds(
                "pixel (\(x), \(y)) is outside the canvas (0..\(pixelWidth - 1), 0..\(pixelHeight - 1))")
        }
        return buffer.straight(x: x, y: y)
    }
}
