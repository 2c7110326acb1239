import CellGeometry

/// Color glyphs (emoji): glyphs whose shape is a color image
/// (`GlyphShape.color`) rather than an outline. A text call holding any is
/// listed as its outline glyphs (one `glyphs` operation, the fill paint) and
/// one `image` operation per color glyph: the strike's image (shared by
/// every use of the glyph, so writers embed it once) placed over the
/// glyph's box. So the raster backend draws them through the image path
/// (area-averaged when shrunk, `ImageMinification`, and cached per size and
/// phase), SVG and PDF embed them as images, and `Replay` draws them again;
/// the fill color does not tint them.
///
/// Text is one shape: when the state has a shadow, a blend mode other than
/// `normal` or an alpha below 1, the call's operations are drawn in a
/// transparency layer the size of the glyphs' box, composited with those,
/// so the shadow is cast by the text and its emoji together and overlaps
/// are not blended twice.
extension Canvas {
    /// `fillGlyphs` for glyphs some of which are color glyphs; `ctm`: the
    /// glyphs' space (origin included) to device pixels.
    func fillGlyphs(withColor glyphs: [PlacedGlyph], ctm: AffineTransform, text: GlyphText?) {
        let asLayer = state.shadow != nil || state.blendMode != .normal || state.alpha < 1
        if asLayer { beginLayer(alpha: 1, blendMode: nil, name: nil, within: Self.deviceBox(of: glyphs, ctm: ctm)) }
        let outlines = glyphs.filter { $0.shape.color == nil }
        if !outlines.isEmpty {
            submit(.glyphs(outlines, transform: ctm, opPaint(state.fillPaint), opStyle, text: text),
                   keeping: outlines.count * MemoryLayout<PlacedGlyph>.stride + (text.map { 64 + $0.keptBytes } ?? 0))
        }
        // An image operation is drawn under the state's transform: its own.
        let userCTM = state.ctm
        for glyph in glyphs {
            guard let color = glyph.shape.color, let image = ColorGlyphCache.shared.image(for: color) else { continue }
            let (rect, transform) = Self.placement(of: glyph, ctm: ctm)
            // The image is the process's: counted once per canvas that lists it.
            let counted = listing && countedSnapshots.insert(ObjectIdentifier(image)).inserted
            state.ctm = transform
            submit(.image(image, rect: rect, transform: transform, opStyle), keeping: counted ? image.byteCount : 0)
        }
        state.ctm = userCTM
        if asLayer { try? endLayer() }
    }

    /// Where a color glyph's image goes: a rectangle and the transform from
    /// its space to device pixels. For upright glyphs (all laid-out text)
    /// the rectangle is in the glyphs' space and the transform `ctm`; any
    /// other placement gets the glyph's box in font units (y down) under the
    /// glyph's transform.
    static func placement(of glyph: PlacedGlyph, ctm: AffineTransform) -> (Rect, AffineTransform) {
        let t = glyph.transform, b = glyph.shape.bounds
        if t.b == 0, t.c == 0 {
            // Sized from the box alone, not as the difference of its moved
            // corners: the same glyph gets the same size bit for bit
            // wherever it is (the resampled image is cached by size).
            let w = abs(t.a) * b.width, h = abs(t.d) * b.height
            let x = t.a >= 0 ? t.tx + t.a * b.minX : t.tx + t.a * b.maxX
            let y = t.d >= 0 ? t.ty + t.d * b.minY : t.ty + t.d * b.maxY
            return (Rect(x: x, y: y, width: w, height: h), ctm)
        }
        let flip = AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        return (Rect(x: b.minX, y: -b.maxY, width: b.width, height: b.height),
                flip.concatenating(t).concatenating(ctm))
    }

    /// The device pixels `glyphs` cover under `ctm`, two pixels to spare.
    static func deviceBox(of glyphs: [PlacedGlyph], ctm: AffineTransform) -> IntRect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for glyph in glyphs {
            let r = glyph.transform.concatenating(ctm).apply(glyph.shape.bounds)
            x0 = Swift.min(x0, r.minX)
            y0 = Swift.min(y0, r.minY)
            x1 = Swift.max(x1, r.maxX)
            y1 = Swift.max(y1, r.maxY)
        }
        guard x0 <= x1, y0 <= y1 else { return nil }
        let limit = IntRect(x0: -(1 << 30), y0: -(1 << 30), x1: 1 << 30, y1: 1 << 30)
        return IntRect.covering(minX: x0 - 2, minY: y0 - 2, maxX: x1 + 2, maxY: y1 + 2, limit: limit)
    }
}

/// Color glyphs' strike images as pixel buffers, made when first drawn and
/// kept (immutable, so display lists keep them as they are and writers
/// embed each once) up to `budgetBytes`, past which the cache starts over
/// (a list still holding an image keeps it alive).
final class ColorGlyphCache: @unchecked Sendable {
    static let shared = ColorGlyphCache()
    /// Bytes of images kept: 32 MiB (some 470 emoji of Noto's 136 x 128 strike).
    static let budgetBytes = 32 << 20

    private let lock = Lock()
    /// By `ColorGlyphImage` identity; each entry holds its image object, so
    /// the identity is never another's. nil: the glyph could not be read.
    private var images: [ObjectIdentifier: (owner: ColorGlyphImage, buffer: PixelBuffer?)] = [:]
    private var bytes = 0

    /// The glyph's strike image, or nil when it cannot be read.
    func image(for glyph: ColorGlyphImage) -> PixelBuffer? {
        let key = ObjectIdentifier(glyph)
        lock.lock()
        if let known = images[key] {
            lock.unlock()
            return known.buffer
        }
        lock.unlock()
        var buffer: PixelBuffer?
        if let pixels = glyph.load() {
            let b = PixelBuffer(width: glyph.pixelWidth, height: glyph.pixelHeight)
            b.data.update(from: pixels, count: pixels.count)
            b.isImmutable = true
            buffer = b
        }
        lock.lock()
        defer { lock.unlock() }
        if let raced = images[key] { return raced.buffer }
        let size = buffer?.byteCount ?? 0
        if bytes + size > Self.budgetBytes {
            images.removeAll(keepingCapacity: true)
            bytes = 0
        }
        images[key] = (glyph, buffer)
        bytes += size
        return buffer
    }
}
