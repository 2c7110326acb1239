import CellGeometry
import CellRaster

/// Images (each pixel buffer defined once) and shadows, which PDF lacks,
/// as images of the shadow alone.
extension PDFContent {
    /// `buffer` as an image object (once): a JPEG a script loaded as its
    /// own bytes (`/DCTDecode`, DeviceRGB or DeviceGray), else 8-bit
    /// DeviceRGB, unpremultiplied, its alpha a DeviceGray soft mask unless
    /// every pixel is opaque; placed by `placed` (its pixels to device
    /// pixels): `q ... Do Q`.
    mutating func image(_ buffer: PixelBuffer, placed: AffineTransform) -> String {
        let name: String
        if let known = images.name(of: buffer) {
            name = known
        } else if let jpeg = JPEGPassThrough.bytes(of: buffer) {
            name = newName("Im")
            images.remember(buffer, as: name)
            let interpolate = placed.isRectilinear && abs(placed.a) == 1 && abs(placed.d) == 1 ? "" : " /Interpolate true"
            xobjects[name] = doc.addEncodedStream(
                dictionary: "/Type /XObject /Subtype /Image /Width \(buffer.width) /Height \(buffer.height) " +
                    "/ColorSpace \(jpeg.components == 1 ? "/DeviceGray" : "/DeviceRGB") /BitsPerComponent 8" + interpolate +
                    " /Filter /DCTDecode",
                data: jpeg.bytes)
        } else {
            name = newName("Im")
            images.remember(buffer, as: name)
            let (rgba, opaque) = buffer.straightRGBAAndOpacity()
            let n = buffer.width * buffer.height
            var rgb = [UInt8](repeating: 0, count: n * 3)
            var alpha = [UInt8](repeating: 0, count: opaque ? 0 : n)
            for i in 0..<n {
                rgb[3 * i] = rgba[4 * i]
                rgb[3 * i + 1] = rgba[4 * i + 1]
                rgb[3 * i + 2] = rgba[4 * i + 2]
                if !opaque { alpha[i] = rgba[4 * i + 3] }
            }
            // Smoothed when scaled (as the engine draws images); pixels
            // placed one to one (a layer's, a shadow's) stay as they are.
            let interpolate = placed.isRectilinear && abs(placed.a) == 1 && abs(placed.d) == 1 ? "" : " /Interpolate true"
            var dict = "/Type /XObject /Subtype /Image /Width \(buffer.width) /Height \(buffer.height) " +
                "/ColorSpace /DeviceRGB /BitsPerComponent 8" + interpolate
            if !opaque {
                let mask = doc.addStream(dictionary: "/Type /XObject /Subtype /Image /Width \(buffer.width) " +
                                         "/Height \(buffer.height) /ColorSpace /DeviceGray /BitsPerComponent 8" + interpolate,
                                         data: alpha)
                dict += " /SMask \(mask) 0 R"
            }
            xobjects[name] = doc.addStream(dictionary: dict, data: rgb)
        }
        // The unit square, top row first, onto the image's pixels, then placed.
        let unit = AffineTransform(a: Double(buffer.width), b: 0, c: 0, d: -Double(buffer.height), tx: 0,
                                   ty: Double(buffer.height)).concatenating(placed)
        return "q " + Self.cm(unit) + "/\(name) Do Q\n"
    }

    /// The shadow an operation casts, as an image of the shadow alone (the
    /// engine draws the operation far off a page of its own, its shadow
    /// offset back onto it), with the operation's blend mode, within its
    /// clip (opened by the caller), on `surface` (its pixels and scale).
    mutating func shadow(_ op: DisplayOp, style: OpStyle, surface: PDFSurface) -> String {
        let page = surface.pixels, scale = surface.scale
        guard let shadow = style.shadow, shadow.color.a > 0, scale > 0 else { return "" }
        // Far enough that no part of the shape or its blur lands on the page.
        let away = (page.width + 4 * shadow.blur * scale + 64).rounded()
        // A layer is only what lands on the canvas: its canvas reaches the
        // shape moved away too (its shadow then comes from its pixels).
        var isLayer = false
        if case .layer = op { isLayer = true }
        guard let canvas = try? Canvas(width: (isLayer ? page.width + away : page.width) / scale,
                                       height: page.height / scale, scale: scale, parallelism: 1) else { return "" }
        var moved = shadow
        moved.dx -= away / scale
        var unclipped = style
        unclipped.clip = nil
        unclipped.shadow = moved
        unclipped.blendMode = .normal
        let replay = Replay(canvas: canvas, placement: .translation(away, 0))
        switch op.expanded(page: page) {
        case .fill(let p, let r, let paint, _): replay.draw(.fill(p, r, paint, unclipped))
        case .stroke(let p, let t, let s, let paint, _): replay.draw(.stroke(p, transform: t, style: s, paint, unclipped))
        case .image(let b, let r, let t, _): replay.draw(.image(b, rect: r, transform: t, unclipped))
        case .canvas(let c, let r, let t, _): replay.draw(.canvas(c, rect: r, transform: t, unclipped))
        case .layer(let list, _, let name, let px, let o): replay.draw(.layer(list, unclipped, name: name, pixels: px, origin: o))
        default: return ""
        }
        guard let (pixels, x, y) = Self.cropped(canvas.buffer, columns: Int(page.width.rounded(.up))) else { return "" }
        return "q " + gs(alpha: 1, blend: style.blendMode) +
            image(pixels, placed: .translation(Double(x), Double(y))) + "Q\n"
    }

    /// The smallest part of `buffer`'s first `columns` columns (default
    /// all) holding every pixel there that is not transparent, and where it
    /// was; nil when all are.
    static func cropped(_ buffer: PixelBuffer, columns: Int = .max) -> (PixelBuffer, Int, Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        let width = Swift.min(buffer.width, Swift.max(0, columns))
        for y in 0..<buffer.height {
            let row = buffer.data + y * buffer.stride
            for x in 0..<width where row[4 * x + 3] != 0 {
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
            }
        }
        guard x1 >= 0 else { return nil }
        let out = PixelBuffer(width: x1 - x0 + 1, height: y1 - y0 + 1)
        for y in y0...y1 {
            (out.data + (y - y0) * out.stride).update(from: buffer.data + y * buffer.stride + 4 * x0, count: out.stride)
        }
        return (out, x0, y0)
    }
}
