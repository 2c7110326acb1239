import CellGeometry

/// Draws display-list operations onto a canvas again, as pixels only, with
/// every device coordinate moved by `placement` first: how a canvas placed
/// off the pixel grid is drawn (its operations at their place, sharp, not
/// its pixels resampled), how a listed layer is drawn again, and how the
/// PDF writer gets the pixels of what PDF cannot say (a shadow). Nothing
/// is listed meanwhile: the canvas' own list holds what it was asked to
/// draw (the placement), not how it was drawn.
public struct Replay {
    public let canvas: Canvas
    /// Device pixels of the list to device pixels of `canvas`.
    public let placement: AffineTransform

    public init(canvas: Canvas, placement: AffineTransform) {
        self.canvas = canvas
        self.placement = placement
    }

    /// Draws every operation of `list` in order, each under its own clip.
    public func draw(_ list: DisplayList) {
        withoutListing {
            // Consecutive operations under one clip chain share its clip.
            var applied: ClipChain?
            var clipped = false
            list.forEach { op in
                let chain = Self.clip(of: op)
                if chain !== applied || !clipped {
                    if clipped { try? canvas.restore() }
                    canvas.save()
                    clipped = true
                    applied = chain
                    apply(chain)
                }
                draw(op, clips: false)
            }
            if clipped { try? canvas.restore() }
        }
    }

    /// Draws `op`; `clips`: whether its clip applies (false when the
    /// caller clips it, or clips the result itself).
    public func draw(_ op: DisplayOp, clips: Bool = true) {
        withoutListing {
            canvas.save()
            defer { try? canvas.restore() }
            if clips { apply(Self.clip(of: op)) }
            drawClipped(op)
        }
    }

    /// The clip an operation is drawn under.
    static func clip(of op: DisplayOp) -> ClipChain? {
        switch op {
        case .fill(_, _, _, let s), .fillRect(_, _, let s), .stroke(_, _, _, _, let s), .glyphs(_, _, _, let s, _),
             .image(_, _, _, let s), .canvas(_, _, _, let s), .layer(_, let s, _, _, _), .paint(_, let s):
            return s.clip
        case .clear(_, let clip, _):
            return clip
        case .background, .beginGroup, .endGroup:
            return nil
        }
    }

    private func withoutListing(_ body: () -> Void) {
        let listing = canvas.listing
        canvas.listing = false
        defer { canvas.listing = listing }
        body()
    }

    /// Intersects the canvas' clip with `chain`, moved by the placement.
    private func apply(_ chain: ClipChain?) {
        guard let chain else { return }
        for c in chain.chain { canvas.clipDevice(c.path.transformed(by: placement), rule: c.rule) }
    }

    private func setStyle(_ style: OpStyle, transform: AffineTransform) {
        canvas.state.ctm = transform.concatenating(placement)
        canvas.setAlpha(style.alpha)
        canvas.setBlendMode(style.blendMode)
        canvas.setShadow(style.shadow)
        canvas.setAntialias(style.antialias)
    }

    private func drawClipped(_ op: DisplayOp) {
        let m = placement
        switch op {
        case .beginGroup, .endGroup:
            break
        case .background(let color):
            // Every pixel of the list's own surface: the clip the caller set
            // (a placed canvas' rectangle) bounds it.
            canvas.state.ctm = .identity
            canvas.setBlendMode(.copy)
            canvas.setFillColor(color)
            canvas.render(.fillRect(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9),
                                    OpPaint(paint: .solid(color), transform: .identity), canvas.opStyle))
        case .clear(let path, _, let antialias):
            canvas.state.ctm = .identity
            canvas.setAntialias(antialias)
            canvas.render(.clear(path.transformed(by: m), clip: nil, antialias: antialias))
        case .fill(let path, let rule, let paint, let style):
            setStyle(style, transform: paint.transform)
            canvas.render(.fill(path.transformed(by: m), rule, placed(paint), style))
        case .fillRect(let rect, let paint, let style):
            setStyle(style, transform: paint.transform)
            canvas.render(.fillRect(rect, placed(paint), style))
        case .paint(let paint, let style):
            setStyle(style, transform: paint.transform)
            canvas.render(.paint(placed(paint), style))
        case .stroke(let device, let transform, let strokeStyle, let paint, let style):
            setStyle(style, transform: transform)
            canvas.setStrokeStyle(strokeStyle)
            canvas.render(.stroke(device.transformed(by: m), transform: transform.concatenating(m), style: strokeStyle,
                                  placed(paint), style))
        case .glyphs(let glyphs, let transform, let paint, let style, let text):
            setStyle(style, transform: transform)
            canvas.render(.glyphs(glyphs, transform: transform.concatenating(m), placed(paint), style, text: text))
        case .image(let buffer, let rect, let transform, let style):
            setStyle(style, transform: transform)
            canvas.render(.image(buffer, rect: rect, transform: transform.concatenating(m), style))
        case .canvas(let snapshot, let rect, let transform, let style):
            setStyle(style, transform: transform)
            canvas.renderPlaced(snapshot, placement: snapshot.placement(onto: rect, under: transform.concatenating(m)))
        case .layer(let list, let style, _, let pixels, let origin):
            // The style's alpha, blend mode and shadow apply to the whole.
            setStyle(style, transform: .identity)
            canvas.beginLayer(alpha: 1, blendMode: style.blendMode)
            if let pixels, list.needsPixels {
                canvas.drawImage(pixels, in: Rect(x: Double(origin.x), y: Double(origin.y),
                                                  width: Double(pixels.width), height: Double(pixels.height)),
                                 reading: nil, deferrable: true)
            } else {
                Replay(canvas: canvas, placement: m).draw(list)
            }
            try? canvas.endLayer()
        }
    }

    /// A paint moved by the placement.
    private func placed(_ paint: OpPaint) -> OpPaint {
        OpPaint(paint: paint.paint, transform: paint.transform.concatenating(placement))
    }
}
