import CellGeometry

/// Drawing bitmaps (CGContextDrawImage, but with UIKit's y-down placement:
/// the image's top row at the top of the rectangle).
extension Canvas {
    /// Draws `image` (premultiplied; `pointWidth` x `pointHeight` is its size
    /// in points) scaled into `rect` (user space), with bilinear filtering
    /// (shrunk: each pixel the average of the area it covers,
    /// `ImageMinification`),
    /// under the transform, clip, alpha, blend mode and shadow. Edges are
    /// anti-aliased by the rectangle's coverage; samples past the image's
    /// edges repeat the edge pixels, so no dark fringe creeps in.
    public func drawImage(_ image: PixelBuffer, in rect: Rect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.isFinite else { return }
        // A bare buffer may change after this: the list keeps a copy.
        let kept = image.isImmutable ? image : image.copy()
        submit(.image(kept, rect: r, transform: state.ctm, opStyle), keeping: kept !== image ? kept.byteCount : 0)
    }

    /// The raster side of `drawImage`. `layer`: the canvas whose pixels
    /// `image` is, told that this canvas reads them (it draws first if they
    /// change). `deferrable`: whether the drawing may wait for a flush
    /// (the buffer cannot change meanwhile, or its canvas will say so).
    func drawImage(_ image: PixelBuffer, in rect: Rect, reading layer: Canvas?, deferrable: Bool) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.isFinite else { return }
        // Drawing a canvas onto itself reads pixels it is changing: sample a copy.
        let source = image === target.buffer ? image.copy() : image
        // Image pixel coordinates from user space: (u - x) * iw / w.
        let userToImage = AffineTransform(a: Double(source.width) / r.width, b: 0, c: 0,
                                          d: Double(source.height) / r.height,
                                          tx: -r.x * Double(source.width) / r.width,
                                          ty: -r.y * Double(source.height) / r.height)
        guard let deviceToUser = state.ctm.inverted else { return }
        var deviceToImage = deviceToUser.concatenating(userToImage)
        guard deviceToImage.isFinite else { return }
        var sampled = source
        if ImageMinification.shrinks(deviceToImage) {
            // Averaged now from the pixels as they are (a canvas' drawn first).
            layer?.flush()
            (sampled, deviceToImage) = ImageMinification.prepared(source, deviceToImage: deviceToImage)
        }
        let shader = Shader(kind: .image(ImageShader(source: sampled, deviceToImage: deviceToImage, alpha: state.alpha)),
                            needsMask: false)
        if sampled === source { layer?.isRead(by: self) }
        draw(spans(ofRect: r), shader: shader, deferrable: deferrable || layer != nil, holding: sampled.byteCount)
    }
}
