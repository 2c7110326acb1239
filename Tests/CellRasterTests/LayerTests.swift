import CellGeometry
import CellRaster
import Testing

/// Transparency layers (CGContextBeginTransparencyLayer): a fresh surface
/// the size of the clip, composited at the end with the alpha, blend, shadow
/// and clip in force at the start. Expected values are worked out by hand in
/// 8-bit premultiplied arithmetic; `near` allows 1 level for rounding order.
@Suite struct LayerTests {
    static let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1), white = Color.white

    func rgba(_ c: Canvas, _ x: Int, _ y: Int) -> [Int] {
        let p = c.buffer.premultiplied(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 1) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    func canvas(_ w: Double = 20, _ h: Double = 20, scale: Double = 1) throws -> Canvas {
        try Canvas(width: w, height: h, scale: scale)
    }

    /// Two overlapping opaque rects in a half-alpha layer: the overlap is no
    /// darker than the rest (the layer is composited once). Without the
    /// layer, the overlap shows both.
    @Test func alphaAppliesToTheLayerAsAWhole() throws {
        let c = try canvas()
        c.fillAll(Self.white)
        c.beginLayer(alpha: 0.5)
        c.setFillColor(Self.red)
        c.fillRect(Rect(x: 2, y: 2, width: 8, height: 8))
        c.setFillColor(Self.blue)
        c.fillRect(Rect(x: 6, y: 6, width: 8, height: 8))
        try c.endLayer()
        // red at alpha 128 over white: (255, 127, 127); blue: (127, 127, 255)
        #expect(near(rgba(c, 3, 3), [255, 127, 127, 255]))
        #expect(near(rgba(c, 7, 7), [127, 127, 255, 255]))
        #expect(near(rgba(c, 12, 12), [127, 127, 255, 255]))
        #expect(rgba(c, 16, 16) == [255, 255, 255, 255])
        // The layer's own state: alpha 1 inside, and the alpha before is back after.
        #expect(c.state.alpha == 1 && c.openLayerCount == 0)
    }

    /// The layer's alpha multiplies the state's alpha; inside, alpha is 1.
    @Test func layerAlphaTimesStateAlpha() throws {
        let c = try canvas()
        c.setAlpha(0.5)
        c.beginLayer(alpha: 0.5)
        #expect(c.state.alpha == 1)
        c.setFillColor(Self.red)
        c.fillRect(Rect(x: 0, y: 0, width: 4, height: 4))
        try c.endLayer()
        #expect(c.state.alpha == 0.5)
        #expect(near(rgba(c, 1, 1), [64, 0, 0, 64]))
    }

    @Test func nestedLayersCompositeInOrder() throws {
        let c = try canvas()
        c.fillAll(Self.white)
        c.beginLayer(alpha: 0.5)
        c.setFillColor(Self.red)
        c.fillRect(Rect(x: 0, y: 0, width: 10, height: 20))
        c.beginLayer(alpha: 0.5)
        c.setFillColor(Self.blue)
        c.fillRect(Rect(x: 5, y: 0, width: 10, height: 20))
        #expect(c.openLayerCount == 2)
        // Nothing has reached the canvas yet.
        #expect(rgba(c, 7, 3) == [255, 255, 255, 255])
        try c.endLayer()
        #expect(rgba(c, 7, 3) == [255, 255, 255, 255])
        try c.endLayer()
        // Outer layer at x = 7: blue 128 over red 255 = (127, 0, 128, 255);
        // at half alpha over white: (191, 127, 191, 255).
        #expect(near(rgba(c, 7, 3), [191, 127, 191, 255]))
        // x = 12: blue (0, 0, 128, 128) alone; at half alpha (0, 0, 64, 64) over white.
        #expect(near(rgba(c, 12, 3), [191, 191, 255, 255]))
        #expect(near(rgba(c, 2, 3), [255, 127, 127, 255]))
        #expect(rgba(c, 17, 3) == [255, 255, 255, 255])
    }

    /// The blend mode given (or the state's) applies at the end; inside the
    /// layer drawing is `normal`.
    @Test func blendAppliesAtTheEnd() throws {
        for viaState in [false, true] {
            let c = try canvas()
            c.fillAll(Color(white: 0.5))
            if viaState {
                c.setBlendMode(.multiply)
                c.beginLayer()
            } else {
                c.beginLayer(blendMode: .multiply)
            }
            #expect(c.state.blendMode == .normal)
            c.setFillColor(Self.red)
            c.fillRect(Rect(x: 0, y: 0, width: 10, height: 10))
            c.setFillColor(Color(r: 0, g: 0, b: 1, a: 0.5))
            c.fillRect(Rect(x: 5, y: 0, width: 10, height: 10))
            try c.endLayer()
            // x = 2: red multiplies gray: (128, 0, 0).
            #expect(near(rgba(c, 2, 2), [128, 0, 0, 255]), "via state \(viaState)")
            // x = 7: inside, half blue over red (normal) = (127, 0, 128, 255); times gray 128.
            #expect(near(rgba(c, 7, 2), [64, 0, 64, 255]), "via state \(viaState): \(rgba(c, 7, 2))")
            // x = 12: (0, 0, 128, 128) multiplied onto opaque gray:
            // cs (1 - ab) + cb (1 - as) + as ab B = 0 + 128 * 0.5 + 0.5 * (0, 0, 128) = (64, 64, 128).
            #expect(near(rgba(c, 12, 2), [64, 64, 128, 255]), "via state \(viaState): \(rgba(c, 12, 2))")
            #expect(rgba(c, 2, 15) == [128, 128, 128, 255])
        }
    }

    /// `clear` and `copy` inside a layer only touch the layer: what is below
    /// shows through the hole, and copy's translucent color is composited
    /// over what is below at the end (not copied onto it).
    @Test func clearAndCopyInsideOnlyTouchTheLayer() throws {
        let c = try canvas()
        c.fillAll(Self.blue)
        c.beginLayer()
        c.setFillColor(Self.red)
        c.fillRect(Rect(x: 0, y: 0, width: 20, height: 20))
        c.setBlendMode(.clear)
        c.fillRect(Rect(x: 2, y: 2, width: 4, height: 4))
        c.setBlendMode(.normal)
        c.clearRect(Rect(x: 8, y: 2, width: 4, height: 4))
        c.setBlendMode(.copy)
        c.setFillColor(Color(r: 0, g: 1, b: 0, a: 0.5))
        c.fillRect(Rect(x: 14, y: 2, width: 4, height: 4))
        try c.endLayer()
        #expect(rgba(c, 3, 3) == [0, 0, 255, 255], "clear blend inside a layer shows the blue below")
        #expect(rgba(c, 9, 3) == [0, 0, 255, 255], "clear_rect inside a layer shows the blue below")
        #expect(near(rgba(c, 15, 3), [0, 128, 127, 255]), "copy inside a layer, then over blue: \(rgba(c, 15, 3))")
        #expect(rgba(c, 3, 10) == [255, 0, 0, 255])
    }

    @Test func unbalancedLayerCallsAreErrors() throws {
        let c = try canvas()
        #expect(throws: CanvasError.self) { try c.endLayer() }
        c.beginLayer()
        // restore cannot cross begin_layer...
        #expect(throws: CanvasError.self) { try c.restore() }
        // ...and end_layer with a save open inside is an error too,
        c.save()
        #expect(throws: CanvasError.self) { try c.endLayer() }
        #expect(c.openLayerCount == 1)
        // until it is restored.
        try c.restore()
        try c.endLayer()
        #expect(c.openLayerCount == 0 && c.saveDepth == 0)
        #expect(throws: CanvasError.self) { try c.endLayer() }
        // Unwinding (layer(fn) when fn raised) restores what was left open.
        c.beginLayer()
        c.save()
        c.save()
        try c.endLayer(unwinding: true)
        #expect(c.openLayerCount == 0 && c.saveDepth == 0)
        // A save before the layer is still there to restore.
        c.save()
        c.beginLayer()
        try c.endLayer()
        try c.restore()
        #expect(throws: CanvasError.unbalancedRestore) { try c.restore() }
    }

    /// A layer is the size of the clip; its composite lands where the clip
    /// is, for an offset rectangle clip, nested offset clips, and an
    /// anti-aliased clip at scale 2.
    @Test func layerSurfacesFollowTheClip() throws {
        let c = try canvas(40, 30)
        c.clipRect(Rect(x: 13, y: 7, width: 10, height: 6))
        #expect(c.nextLayerBytes == 10 * 6 * 4)
        c.beginLayer()
        #expect(c.layerBytes == 10 * 6 * 4)
        c.setFillColor(Self.red)
        c.fillRect(Rect(x: 0, y: 0, width: 40, height: 30))
        c.setFillColor(Self.blue)
        c.fillRect(Rect(x: 15, y: 9, width: 2, height: 2))
        try c.endLayer()
        for y in 0..<30 {
            for x in 0..<40 {
                let inClip = (13..<23).contains(x) && (7..<13).contains(y)
                let inBlue = (15..<17).contains(x) && (9..<11).contains(y)
                let want = inBlue ? [0, 0, 255, 255] : inClip ? [255, 0, 0, 255] : [0, 0, 0, 0]
                #expect(rgba(c, x, y) == want, "(\(x), \(y))")
            }
        }
    }

    @Test func nestedOffsetLayers() throws {
        let c = try canvas(40, 30)
        c.clipRect(Rect(x: 10, y: 10, width: 20, height: 15))
        c.beginLayer()
        c.clipRect(Rect(x: 20, y: 15, width: 5, height: 20))
        c.beginLayer()
        #expect(c.nextLayerBytes == 5 * 10 * 4)
        c.setFillColor(Self.red)
        c.fillRect(Rect(x: 0, y: 0, width: 40, height: 30))
        try c.endLayer()
        try c.endLayer()
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = (20..<25).contains(x) && (15..<25).contains(y)
                #expect(rgba(c, x, y) == (inside ? [255, 0, 0, 255] : [0, 0, 0, 0]), "(\(x), \(y))")
            }
        }
    }

    /// Through a round clip at scale 2 and under a transform, a layer gives
    /// what drawing directly gives (an opaque fill has nothing to group).
    @Test func layerThroughAnAntialiasedClip() throws {
        func render(layered: Bool) throws -> Canvas {
            let c = try canvas(30, 30, scale: 2)
            c.fillAll(Self.white)
            c.translate(3, 2)
            var circle = Path()
            circle.addEllipse(in: Rect(x: 8.3, y: 6.1, width: 14, height: 11))
            c.clip(circle)
            if layered { c.beginLayer() }
            c.setFillColor(Self.red)
            c.fillRect(Rect(x: 0, y: 0, width: 30, height: 30))
            if layered { try c.endLayer() }
            return c
        }
        let direct = try render(layered: false), layered = try render(layered: true)
        var differing = 0, edge = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let a = rgba(direct, x, y), b = rgba(layered, x, y)
                if a != b { differing += 1 }
                #expect(near(a, b), "(\(x), \(y)): direct \(a), layer \(b)")
                if a[1] != 255 && a[1] != 0 { edge += 1 }
            }
        }
        #expect(edge > 20, "the clip is anti-aliased")
    }

    /// A shadow set before `begin_layer` is cast once by the layer as a
    /// whole; inside the layer shapes cast none.
    @Test func layersCastOneShadow() throws {
        let c = try canvas(30, 30)
        c.fillAll(Self.white)
        c.setShadow(try Shadow(dx: 10, dy: 10, blur: 0, color: Color(white: 0, alpha: 0.5)))
        c.beginLayer()
        #expect(c.state.shadow == nil)
        c.setFillColor(Self.red)
        c.fillRect(Rect(x: 2, y: 2, width: 8, height: 8))
        c.fillRect(Rect(x: 6, y: 6, width: 8, height: 8))
        try c.endLayer()
        #expect(c.state.shadow != nil)
        // Shadow of the union at +10: (16, 16) lies under both rects' shadows
        // and still gets the shadow's alpha once: white * (1 - 0.5) = 127.
        #expect(near(rgba(c, 17, 17), [127, 127, 127, 255]))
        #expect(near(rgba(c, 19, 13), [127, 127, 127, 255]))
        // Where the shape covers its own shadow, the shape is on top.
        #expect(rgba(c, 13, 12) == [255, 0, 0, 255])
        #expect(rgba(c, 25, 25) == [255, 255, 255, 255])
    }

    /// The first color drawn into a fresh layer is stored, not blended
    /// (`Destination.isClear`): the pixels must be exactly those of the same
    /// drawing on a transparent canvas, and what follows it (a second
    /// translucent shape; a shape over its own shadow) must blend again.
    /// One thread and, on a canvas big enough to record, two.
    @Test(arguments: [1, 2]) func firstDrawingInAFreshLayerIsExact(threads: Int) throws {
        let translucent = Color(r: 1, g: 1, b: 1, a: 0.8), blue = Color(r: 0.1, g: 0.2, b: 0.9, a: 0.6)
        var rounded = Path(), ellipse = Path()
        rounded.addRoundedRect(Rect(x: 10.3, y: 12.6, width: 200, height: 150), radius: 20)
        ellipse.addEllipse(in: Rect(x: 60.5, y: 40.25, width: 180, height: 200))
        func draw(_ c: Canvas) throws {
            c.setFillColor(translucent)
            c.fill(rounded)
            c.setFillColor(blue)
            c.fill(ellipse)
        }
        func drawShadowed(_ c: Canvas) throws {
            c.setShadow(try Shadow(dx: 6, dy: 6, blur: 3, color: Color(white: 0, alpha: 0.5)))
            c.setFillColor(blue)
            c.fill(ellipse)
        }
        func bytes(_ c: Canvas) -> [UInt8] {
            let b = c.buffer
            return Array(UnsafeBufferPointer(start: b.data, count: b.byteCount))
        }
        for (name, body) in [("two shapes", draw), ("a shadowed shape", drawShadowed)] {
            let direct = try Canvas(width: 300, height: 300, scale: 1, parallelism: threads)
            try body(direct)
            let layered = try Canvas(width: 300, height: 300, scale: 1, parallelism: threads)
            layered.beginLayer()
            try body(layered)
            try layered.endLayer()
            let expected = bytes(direct), got = bytes(layered)
            let drawn = expected.contains { $0 != 0 && $0 != 255 }, differing = zip(got, expected).filter { $0 != $1 }.count
            #expect(drawn, "\(name): something translucent is drawn")
            #expect(differing == 0, "\(name): \(differing) bytes differ")
        }
    }
}
