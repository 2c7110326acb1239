import CellGeometry
@testable import CellRaster
import Testing

/// Layers (`Canvas.makeLayer`, `Canvas.draw(_:in:)`): something drawn once
/// in a canvas of the destination's device pixels and drawn at many places.
/// A second place must get the first one's pixels exactly, and the result
/// must be what a plain transparency layer at that place gives, within one
/// level: the plain layer draws in canvas coordinates, where edges at other
/// absolute positions can round a coverage differently.
@Suite struct DrawLayerTests {
    /// A view with anti-aliased edges, a gradient and a translucent stroke.
    static func drawView(_ c: Canvas, _ w: Double, _ h: Double) throws {
        var p = Path()
        p.addRoundedRect(Rect(x: 0.5, y: 0.5, width: w - 1, height: h - 1), radius: 7)
        c.clip(p)
        let g = try Gradient(stops: [.init(location: 0, color: .white), .init(location: 1, color: Color(hex: "#336699")!)])
        c.drawLinearGradient(g, from: Point(0, 0), to: Point(0, h))
        c.setStrokeColor(Color(r: 0, g: 0, b: 0, a: 0.4))
        try c.stroke(p)
    }

    /// The plain way: the view drawn at `frame` in a transparency layer
    /// clipped to it.
    static func drawPlain(_ c: Canvas, at frame: Rect) throws {
        c.save()
        c.clip(Path.rect(frame))
        c.beginLayer()
        c.translate(frame.x, frame.y)
        try drawView(c, frame.width, frame.height)
        try c.endLayer()
        try c.restore()
    }

    static func layer(for c: Canvas, _ w: Double = 60, _ h: Double = 40) throws -> Canvas {
        let layer = try c.makeLayer(width: w, height: h)
        try drawView(layer, w, h)
        return layer
    }

    func canvas() throws -> Canvas {
        let c = try Canvas(width: 200, height: 150, scale: 2)
        // A background that is not uniform, so that compositing matters.
        let g = try Gradient(stops: [.init(location: 0, color: Color(r: 1, g: 0.5, b: 0, a: 0.5)),
                                     .init(location: 1, color: Color(r: 0, g: 0.2, b: 1))])
        c.drawLinearGradient(g, from: Point(0, 0), to: Point(200, 150))
        return c
    }

    func bytes(_ c: Canvas, _ r: IntRect) -> [UInt8] {
        var out: [UInt8] = []
        for y in r.y0..<r.y1 {
            let row = c.buffer.data + (y * c.buffer.width + r.x0) * 4
            out += UnsafeBufferPointer(start: row, count: r.width * 4)
        }
        return out
    }

    func maxDifference(_ a: Canvas, _ b: Canvas) -> Int {
        var worst = 0
        for i in 0..<a.buffer.byteCount { worst = max(worst, abs(Int(a.buffer.data[i]) - Int(b.buffer.data[i]))) }
        return worst
    }

    @Test func aLayerDrawnAtTwoPlacesGivesTheSamePixelsTwice() throws {
        let c = try Canvas(width: 200, height: 150, scale: 2)
        let layer = try Self.layer(for: c)
        #expect(layer.pixelWidth == 120 && layer.pixelHeight == 80)
        for origin in [Point(10, 10), Point(103.5, 77)] {
            c.draw(layer, in: Rect(x: origin.x, y: origin.y, width: 60, height: 40))
        }
        let first = bytes(c, IntRect(x0: 20, y0: 20, x1: 140, y1: 100))
        let second = bytes(c, IntRect(x0: 207, y0: 154, x1: 327, y1: 234))
        #expect(first == second)
        #expect(first == bytes(layer, IntRect(x0: 0, y0: 0, x1: 120, y1: 80)))
        #expect(first.contains { $0 != 0 })
    }

    @Test func itIsWhatAPlainLayerAtThatPlaceGives() throws {
        for (alpha, clip) in [(1.0, nil), (0.6, Rect(x: 0, y: 0, width: 120, height: 83.5)), (1, Rect(x: 40, y: 0, width: 200, height: 150))] {
            let placed = try canvas(), plain = try canvas()
            for c in [placed, plain] {
                c.setAlpha(alpha)
                if let clip { c.clip(Path.rect(clip)) }
            }
            let layer = try Self.layer(for: placed)
            for origin in [Point(10, 10), Point(103.5, 77), Point(31, 60)] {
                let frame = Rect(x: origin.x, y: origin.y, width: 60, height: 40)
                placed.draw(layer, in: frame)
                try Self.drawPlain(plain, at: frame)
            }
            #expect(maxDifference(placed, plain) <= 1, "alpha \(alpha), clip \(String(describing: clip))")
        }
    }

    /// The row-copying composite (rect clip, alpha 1, normal) gives the bytes
    /// of the general span path, which a clip mask forces.
    @Test func theCopyingCompositeMatchesTheSpanPath() throws {
        let fast = try canvas(), spans = try canvas()
        // An ellipse far larger than the canvas: a mask, fully covered here.
        var big = Path()
        big.addEllipse(in: Rect(x: -400, y: -400, width: 1000, height: 950))
        spans.clip(big)
        let layer = try Self.layer(for: fast)
        for c in [fast, spans] {
            for origin in [Point(10, 10), Point(103.5, 77), Point(150, 120)] {
                c.draw(layer, in: Rect(x: origin.x, y: origin.y, width: 60, height: 40))
            }
        }
        #expect(maxDifference(fast, spans) == 0)
    }

    /// Scaled, a layer is an image (its pixels resampled); at its own size
    /// off the pixel grid or turned, it is its drawing again at the place,
    /// as drawing it there in a layer gives (within a level of rounding).
    @Test func offTheGridALayerIsItsDrawingScaledAnImage() throws {
        for (frame, rotation, drawnAgain) in [(Rect(x: 10.25, y: 10, width: 60, height: 40), 0.0, true),
                                              (Rect(x: 10, y: 10, width: 70, height: 40), 0, false),
                                              (Rect(x: 40, y: 10, width: 60, height: 40), 0.3, true)] {
            let placed = try canvas(), other = try canvas()
            let layer = try Self.layer(for: placed)
            for c in [placed, other] { c.rotate(rotation) }
            placed.draw(layer, in: frame)
            if drawnAgain {
                other.clipRect(frame)
                other.beginLayer()
                other.translate(frame.x, frame.y)
                try Self.drawView(other, 60, 40)
                try other.endLayer()
                #expect(maxDifference(placed, other) <= 1, "\(frame) turned \(rotation)")
            } else {
                other.drawImage(layer.buffer, in: frame)
                #expect(maxDifference(placed, other) == 0)
            }
            #expect(maxDifference(placed, try canvas()) > 0)
        }
    }

    /// A canvas that records its drawing (`DrawingBatch`) draws a layer
    /// later than the call: if the layer changes meanwhile, the canvas must
    /// still get the pixels the layer had at the call (it draws first).
    @Test func aLayerChangedAfterItWasDrawnIsDrawnAsItWas() throws {
        let c = try Canvas(width: 400, height: 400, scale: 1, parallelism: 2)
        #expect(c.batch != nil)
        let layer = try c.makeLayer(width: 100, height: 100)
        layer.setFillColor(Color(r: 1, g: 0, b: 0))
        layer.fillRect(Rect(x: 0, y: 0, width: 100, height: 100))
        c.draw(layer, in: Rect(x: 0, y: 0, width: 100, height: 100))
        c.draw(layer, in: Rect(x: 100.5, y: 0, width: 100, height: 100)) // as an image
        layer.setFillColor(Color(r: 0, g: 0, b: 1))
        layer.fillRect(Rect(x: 0, y: 0, width: 100, height: 50))
        c.draw(layer, in: Rect(x: 0, y: 200, width: 100, height: 100))
        // Changed again: the reader noted anew since the last change (the
        // note is cleared by each change) draws first again.
        layer.setFillColor(Color(r: 0, g: 1, b: 0))
        layer.fillRect(Rect(x: 0, y: 0, width: 100, height: 100))
        c.draw(layer, in: Rect(x: 200, y: 200, width: 100, height: 100))
        func pixel(_ x: Int, _ y: Int) -> UInt32 { UnsafeRawPointer(c.buffer.data + (y * 400 + x) * 4).load(as: UInt32.self) }
        let red = PixelBuffer.pack(Color(r: 1, g: 0, b: 0).premultiplied())
        let blue = PixelBuffer.pack(Color(r: 0, g: 0, b: 1).premultiplied())
        let green = PixelBuffer.pack(Color(r: 0, g: 1, b: 0).premultiplied())
        #expect(pixel(10, 10) == red && pixel(150, 10) == red)
        #expect(pixel(10, 210) == blue && pixel(10, 290) == red)
        #expect(pixel(210, 210) == green && pixel(210, 290) == green)
    }

    /// Where a layer changes, placing it again shows the change: the
    /// straight path (`placeRows`) gives what compositing it through a
    /// mask gives, before and after.
    @Test func placingALayerFollowsItsChanges() throws {
        let fast = try canvas(), spans = try canvas()
        var big = Path()
        big.addEllipse(in: Rect(x: -400, y: -400, width: 1000, height: 950))
        spans.clip(big)
        let layer = try Self.layer(for: fast)
        for c in [fast, spans] { c.draw(layer, in: Rect(x: 10, y: 10, width: 60, height: 40)) }
        layer.setBlendMode(.clear)
        layer.fillRect(Rect(x: 20, y: 5, width: 10, height: 30))
        for c in [fast, spans] { c.draw(layer, in: Rect(x: 100, y: 60, width: 60, height: 40)) }
        #expect(maxDifference(fast, spans) == 0)
    }
}

extension Path {
    static func rect(_ r: Rect) -> Path {
        var p = Path()
        p.addRect(r)
        return p
    }
}

extension PixelBuffer {
    var isTransparent: Bool { (0..<byteCount).allSatisfy { data[$0] == 0 } }
}
