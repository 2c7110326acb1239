import CellGeometry

/// Transparency layers (CGContextBeginTransparencyLayer): drawing goes to a
/// fresh transparent surface until `endLayer`, which composites it onto what
/// is below in one piece, so overlapping shapes inside do not show through
/// each other and `clear` / `copy` inside touch only the layer.
///
/// A layer covers only the clip in force at `beginLayer` (nothing outside it
/// could be drawn or composited anyway), so a layer per table cell costs a
/// cell's pixels, not a canvas'.
struct LayerRecord {
    /// The surface below, drawn to again after `endLayer`.
    let below: Surface
    /// `stateStack.count` before the layer's own save.
    let saveDepth: Int
    /// Alpha (options x the state's), blend mode and shadow for the final composite.
    let alpha: Double
    let blendMode: BlendMode
    let shadow: Shadow?
    /// The caller's name for it (`begin_layer{name=}`), for vector output.
    let name: String?
    /// Where the canvas listed operations before the layer, and the groups
    /// open there (`beginGroup`).
    let listBelow: DisplayList
    let groupsBelow: Int
}

extension Canvas {
    /// How many layers are open.
    public var openLayerCount: Int { layers.count }

    /// Bytes of the open layers' surfaces (for memory accounting).
    public var layerBytes: Int { layers.count == 0 ? 0 : layerSurfaces.reduce(0) { $0 + $1.buffer.byteCount } }

    private var layerSurfaces: [Surface] { Array(layers.dropFirst().map(\.below)) + [target] }

    /// The bytes the next `beginLayer` would allocate.
    public var nextLayerBytes: Int {
        let b = drawableBounds
        return Swift.max(1, b.width) * Swift.max(1, b.height) * 4
    }

    /// Saves the state, then directs drawing to a transparent layer the size
    /// of the clip. At `endLayer` it is composited with `alpha` times the
    /// state's alpha, `blendMode` (default: the state's), the state's shadow
    /// and the clip in force now. Inside, alpha is 1, the blend mode `normal`,
    /// there is no shadow, and the clip is the layer's rectangle (a clip
    /// mask is applied once, at the end). `name` names it in vector output.
    public func beginLayer(alpha: Double = 1, blendMode: BlendMode? = nil, name: String? = nil) {
        beginLayer(alpha: alpha, blendMode: blendMode, name: name, within: nil)
    }

    /// `beginLayer`, its surface no larger than `box` (device pixels) when
    /// given: for drawing known to stay inside it (a text call's glyphs).
    func beginLayer(alpha: Double, blendMode: BlendMode?, name: String?, within box: IntRect?) {
        var bounds = drawableBounds
        if let box { bounds = bounds.intersection(box) }
        let buffer = layerBuffer(width: Swift.max(1, bounds.width), height: Swift.max(1, bounds.height),
                                 rows: bounds.y0)
        let record = LayerRecord(below: target, saveDepth: saveDepth,
                                 alpha: Swift.min(Swift.max(alpha.isNaN ? 1 : alpha, 0), 1) * state.alpha,
                                 blendMode: blendMode ?? state.blendMode, shadow: state.shadow, name: name,
                                 listBelow: listTarget, groupsBelow: openGroups)
        save()
        layers.append(record)
        // The layer's drawing is listed apart; its clip applies to the whole.
        listTarget = DisplayList()
        openGroups = 0
        state.clipChain = nil
        target = Surface(buffer: buffer, x0: bounds.x0, y0: bounds.y0)
        targetIsClear = true
        // An anti-aliased clip applies once, when the layer is composited:
        // inside, only its bounds clip. Clipping the content too would
        // multiply edge pixels by the mask twice (coverage m becoming m^2),
        // so a layer's edges would come out fainter than the same drawing
        // made without a layer.
        state.clip = .rect(bounds)
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
    }

    /// Ends the innermost layer: restores the state saved by `beginLayer` and
    /// composites the layer. With `unwinding`, saves left open inside the
    /// layer are restored first (for `layer(fn)` when `fn` raised); otherwise
    /// they are an error, as is ending a layer that was never begun.
    public func endLayer(unwinding: Bool = false) throws {
        guard let record = layers.last else {
            throw CanvasError.unbalancedLayer("end_layer without a matching begin_layer")
        }
        let open = saveDepth - record.saveDepth - 1
        if open > 0 && !unwinding {
            throw CanvasError.unbalancedLayer(
                "end_layer with \(open) save\(open == 1 ? "" : "s") inside the layer not restored")
        }
        if openGroups > 0 && !unwinding {
            throw CanvasError.unbalancedLayer(
                "end_layer with \(openGroups) group\(openGroups == 1 ? "" : "s") inside the layer not ended")
        }
        while openGroups > 0 { try endGroup() }
        layers.removeLast()
        while saveDepth > record.saveDepth + 1 { try restore() }
        let layer = target
        target = record.below
        targetIsClear = false
        try restore()
        let inside = listTarget
        listTarget = record.listBelow
        openGroups = record.groupsBelow
        if listing {
            var style = opStyle
            (style.alpha, style.blendMode, style.shadow) = (record.alpha, record.blendMode, record.shadow)
            var pixels: PixelBuffer?
            if inside.needsPixels {
                // What vector formats cannot say is written from these.
                flush()
                pixels = layer.buffer.copy()
            }
            list(.layer(inside, style, name: record.name, pixels: pixels, origin: (layer.x0, layer.y0)),
                 keeping: pixels?.byteCount ?? 0)
        }
        defer { recycle(layer.buffer) }
        // Composite through the clip in force at begin (restored above).
        let saved = (state.alpha, state.blendMode, state.shadow)
        state.alpha = record.alpha
        state.blendMode = record.blendMode
        state.shadow = record.shadow
        defer { (state.alpha, state.blendMode, state.shadow) = saved }
        drawSurface(layer)
    }

    /// A place in the state stack to come back to with `unwind(to:)`.
    public struct StateMark: Sendable {
        public let saveDepth: Int
        public let layers: Int
    }

    /// How many saves and layers are open now.
    public var stateMark: StateMark { StateMark(saveDepth: saveDepth, layers: openLayerCount) }

    /// Ends every layer begun since `mark` and restores every save made
    /// since, innermost first, for a caller whose drawing code stopped part
    /// way (an error) or left them open. `layerEnded` is told, after each
    /// layer ends, how many bytes of layer pixels that freed (the Lua binding
    /// gives them back to its memory limit).
    public func unwind(to mark: StateMark, layerEnded: (Int) throws -> Void = { _ in }) throws {
        while openLayerCount > mark.layers {
            let before = layerBytes
            try endLayer(unwinding: true)
            try layerEnded(before - layerBytes)
        }
        while saveDepth > mark.saveDepth { try restore() }
    }

    /// Most spare layer memory kept for reuse (a table draws every cell in a
    /// layer of the same size: reusing spares saves the page faults of fresh
    /// allocations).
    static let spareLayerBytes = 8 << 20

    /// A transparent buffer for a layer whose top row is device row `top`:
    /// a spare of that size or a new one, cleared (while the canvas
    /// records, the clearing is recorded too, to be done in bands).
    private func layerBuffer(width: Int, height: Int, rows top: Int) -> PixelBuffer {
        let b: PixelBuffer
        if let i = spareLayers.firstIndex(where: { $0.width == width && $0.height == height }) {
            b = spareLayers.remove(at: i)
        } else if batch != nil {
            b = PixelBuffer(unclearedWidth: width, height: height)
        } else {
            return PixelBuffer(width: width, height: height)
        }
        let rowBytes = b.stride
        perform(rows: IntRect(x0: 0, y0: top, x1: 1, y1: top + height)) { job in
            let r = job.clamp(rows: top..<top + height)
            (b.data + (r.lowerBound - top) * rowBytes).update(repeating: 0, count: r.count * rowBytes)
        }
        return b
    }

    func recycle(_ buffer: PixelBuffer) {
        if let batch, !batch.isEmpty {
            // Recorded drawing may still use it: kept until the flush.
            if batch.release(buffer) { flush() }
            return
        }
        var total = buffer.byteCount + spareLayers.reduce(0) { $0 + $1.byteCount }
        guard buffer.byteCount <= Self.spareLayerBytes else { return }
        while total > Self.spareLayerBytes, !spareLayers.isEmpty {
            total -= spareLayers.removeFirst().byteCount
        }
        spareLayers.append(buffer)
    }

    /// Composites `surface` at its place, whole-pixel aligned, with the
    /// state's alpha, blend, shadow and clip: row by row when only a
    /// rectangle or box clips it (`placeRows`), else as an image.
    /// `layer`: the canvas whose pixels `surface` holds, told that this
    /// canvas reads them; `holding`: the bytes a recorded composite keeps
    /// alive (another canvas' pixels).
    func drawSurface(_ surface: Surface, reading layer: Canvas? = nil, holding bytes: Int = 0) {
        layer?.isRead(by: self)
        if placeRows(surface, holding: bytes) { return }
        let shader = Shader(kind: .image(ImageShader(
            source: surface.buffer,
            deviceToImage: .translation(Double(-surface.x0), Double(-surface.y0)),
            alpha: state.alpha)), needsMask: false)
        draw(spans(ofDeviceRect: surface.bounds.deviceRect), shader: shader, holding: bytes)
    }
}
