import CellGeometry

/// A bitmap drawing context with Core Graphics semantics: user space in points
/// (origin top-left, y down), a device scale, a graphics-state stack, and
/// compositing bounded by coverage.
public final class Canvas {
    /// Size in points.
    public let width: Double
    public let height: Double
    /// Pixels per point.
    public let scale: Double
    public let buffer: PixelBuffer

    public private(set) var state: GraphicsState
    private var stateStack: [GraphicsState] = []

    /// A transparent canvas of `width` x `height` points at `scale` pixels per
    /// point. Throws for non-positive, non-finite or over-limit sizes.
    public init(width: Double, height: Double, scale: Double) throws {
        let (pw, ph) = try CanvasLimits.pixelSize(width: width, height: height, scale: scale)
        self.width = width
        self.height = height
        self.scale = scale
        buffer = PixelBuffer(width: pw, height: ph)
        state = GraphicsState(ctm: .scale(scale, scale))
    }

    public var pixelWidth: Int { buffer.width }
    public var pixelHeight: Int { buffer.height }

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

    public func setFillColor(_ color: Color) {
        state.fillColor = color
    }

    public func setStrokeColor(_ color: Color) {
        state.strokeColor = color
    }

    public func setAlpha(_ alpha: Double) {
        state.alpha = Swift.min(Swift.max(alpha, 0), 1)
    }

    // MARK: painting

    /// Fills `rect` (user space) with the fill color, source-over, with exact
    /// area coverage at its edges (CGContextFillRect).
    public func fillRect(_ rect: Rect) {
        let source = state.fillColor.premultiplied(alpha: state.alpha)
        guard source.a > 0 else { return }
        RectCoverage.forEach(in: deviceRect(rect), buffer: buffer) { row, x0, count, rowCoverage, columnCoverage in
            Composite.sourceOver(source, row: row, x0: x0, count: count,
                                 rowCoverage: rowCoverage, columnCoverage: columnCoverage)
        }
    }

    /// Clears `rect` to transparent (CGContextClearRect); partly covered edge
    /// pixels keep the uncovered fraction of what was there.
    public func clearRect(_ rect: Rect) {
        RectCoverage.forEach(in: deviceRect(rect), buffer: buffer) { row, x0, count, rowCoverage, columnCoverage in
            Composite.clear(row: row, x0: x0, count: count,
                            rowCoverage: rowCoverage, columnCoverage: columnCoverage)
        }
    }

    /// Sets every pixel to `color`, ignoring the state (for canvas backgrounds).
    public func fillAll(_ color: Color) {
        buffer.fill(color.premultiplied())
    }

    /// The device-space rectangle for a user-space one. Only rectilinear
    /// transforms exist in this API so far (scale), so the image of a rect is a rect.
    private func deviceRect(_ rect: Rect) -> Rect {
        state.ctm.apply(rect.standardized)
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
