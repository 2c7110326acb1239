import CellGeometry
import CellRaster

/// Draws recorded operations onto a canvas again, with every device-space
/// coordinate moved by `placement` first. The PDF writer uses it to get the
/// pixels of what PDF has no construct for (a shadow, drawn alone).
struct Replay {
    let canvas: Canvas
    /// Device pixels of the recording to device pixels of `canvas`.
    let placement: AffineTransform

    /// Makes `m` (a recording's user space to its device pixels, placed)
    /// the canvas' transform.
    private func setTransform(_ m: AffineTransform) {
        let target = m.concatenating(placement)
        if let inverse = canvas.state.ctm.inverted { canvas.concat(target.concatenating(inverse)) }
    }

    private func apply(_ style: RecordedStyle, clips: Bool) {
        canvas.setAlpha(style.alpha)
        canvas.setBlendMode(style.blendMode)
        canvas.setShadow(style.shadow)
        canvas.setAntialias(style.antialias)
        guard clips, let clip = style.clip else { return }
        setTransform(.identity)
        for c in clip.chain { canvas.clip(c.path, rule: c.rule) }
    }

    /// Draws `op`; `clips`: whether its clip applies (false when the
    /// caller clips the result itself).
    func draw(_ op: RecordedOperation, clips: Bool = true) {
        canvas.save()
        defer { try? canvas.restore() }
        switch op.expandingGlyphs {
        case .glyphs:
            break
        case .background(let color):
            setTransform(.identity)
            canvas.setBlendMode(.copy)
            canvas.setFillColor(color)
            canvas.fillRect(Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
        case .clear(let path, let clip, let antialias):
            apply(RecordedStyle(alpha: 1, blendMode: .clear, shadow: nil, clip: clip, antialias: antialias), clips: clips)
            setTransform(.identity)
            canvas.fill(path)
        case .fill(let path, let rule, let paint, let style):
            apply(style, clips: clips)
            guard let inverse = paint.transform.inverted else { return }
            setTransform(paint.transform)
            canvas.setFill(paint.paint)
            canvas.fill(path.transformed(by: inverse), rule: rule)
        case .stroke(let device, let transform, let strokeStyle, let paint, let style):
            apply(style, clips: clips)
            guard let inverse = transform.inverted else { return }
            setTransform(transform)
            canvas.setStroke(paint.paint)
            canvas.setStrokeStyle(strokeStyle)
            try? canvas.stroke(device.transformed(by: inverse))
        case .image(let buffer, let rect, let transform, let style):
            apply(style, clips: clips)
            setTransform(transform)
            canvas.drawImage(buffer, in: rect)
        case .canvas(let drawn, let rect, let transform, let style):
            apply(style, clips: clips)
            canvas.beginLayer()
            let inner = Replay(canvas: canvas,
                               placement: drawn.placement(onto: rect, under: transform).concatenating(placement))
            if let pixels = drawn.pixels {
                inner.setTransform(.identity)
                canvas.drawImage(pixels, in: Rect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height)))
            } else {
                for op in drawn.recording.operations { inner.draw(op) }
            }
            try? canvas.endLayer()
        case .layer(let recording, let style, let pixels, let origin):
            apply(RecordedStyle(alpha: 1, blendMode: style.blendMode, shadow: style.shadow, clip: style.clip,
                                antialias: style.antialias), clips: clips)
            canvas.beginLayer(alpha: style.alpha, blendMode: style.blendMode)
            if let pixels, recording.needsPixels {
                setTransform(.identity)
                canvas.drawImage(pixels, in: Rect(x: Double(origin.x), y: Double(origin.y),
                                                  width: Double(pixels.width), height: Double(pixels.height)))
            } else {
                for op in recording.operations { draw(op) }
            }
            try? canvas.endLayer()
        }
    }
}
