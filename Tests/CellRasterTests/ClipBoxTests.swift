import CellGeometry
@testable import CellRaster
import CellTestSupport
import Testing

/// A rectangle clip off the pixel grid is kept as a `ClipBox` (its coverage
/// computed per row) instead of a mask; drawing through it must give the
/// bytes drawing through its mask gives. The mask is had by clipping to the
/// same rectangle as a path with a fifth corner on its top edge, which the
/// rectangle test does not take.
@Suite struct ClipBoxTests {
    /// Clips `canvas` to `rect`: as a box, or as a path the rasterizer masks.
    static func clip(_ canvas: Canvas, _ rect: Rect, masked: Bool) {
        guard masked else { return canvas.clipRect(rect) }
        var p = Path()
        p.move(to: Point(rect.minX, rect.minY))
        p.line(to: Point(rect.minX + rect.width / 3, rect.minY))
        p.line(to: Point(rect.maxX, rect.minY))
        p.line(to: Point(rect.maxX, rect.maxY))
        p.line(to: Point(rect.minX, rect.maxY))
        p.close()
        canvas.clip(p)
    }

    /// Clip stacks: a box alone, in a box, in a box in a box, cut by a
    /// whole-pixel rectangle, and cut further by a rounded path (a mask
    /// made from a box).
    enum Stack: CaseIterable {
        case alone, nested, nestedTwice, cutByPixels, cutByPath
    }

    static func applyClips(_ canvas: Canvas, _ stack: Stack, masked: Bool) {
        let outer = Rect(x: 6.3, y: 4.15, width: 61.6, height: 30.45)
        clip(canvas, outer, masked: masked)
        switch stack {
        case .alone: break
        case .nested:
            clip(canvas, Rect(x: 20.2, y: 2.6, width: 60.05, height: 21.3), masked: masked)
        case .nestedTwice:
            clip(canvas, Rect(x: 20.2, y: 2.6, width: 60.05, height: 21.3), masked: masked)
            clip(canvas, Rect(x: 4.9, y: 9.45, width: 30.4, height: 10.1), masked: masked)
        case .cutByPixels:
            canvas.clipRect(Rect(x: 10, y: 5, width: 40, height: 20))
        case .cutByPath:
            var p = Path()
            p.addRoundedRect(Rect(x: 12.4, y: 7.7, width: 50, height: 22), radius: 6)
            canvas.clip(p)
        }
    }

    /// Everything that composites through a clip: spans with coverage, a
    /// rectangle inside the box and one across its edges, glyph masks
    /// inside and across, a gradient, another blend mode, a shadow, a
    /// transparency layer, aliased drawing.
    static func draw(on canvas: Canvas) {
        canvas.setFillColor(Color(r: 0.8, g: 0.3, b: 0.1, a: 0.7))
        var disc = Path()
        disc.addEllipse(in: Rect(x: 2.2, y: 1.7, width: 50.3, height: 33.9))
        canvas.fill(disc)
        canvas.setFillColor(Color(r: 0.1, g: 0.5, b: 0.2))
        canvas.fillRect(Rect(x: 25.25, y: 12.6, width: 9.3, height: 4.45))
        canvas.fillRect(Rect(x: 3.1, y: 20.35, width: 80.2, height: 3.3))
        let face = GlyphMaskTests.Face()
        canvas.setFillColor(Color(r: 0.05, g: 0.1, b: 0.6))
        canvas.fillGlyphs(GlyphMaskTests.run(face, count: 3, x: 24.3, y: 19.61, size: 6))
        canvas.fillGlyphs(GlyphMaskTests.run(face, count: 12, x: 1.7, y: 31.2, size: 11))
        if let gradient = try? Gradient(stops: [.init(location: 0, color: .white),
                                                .init(location: 1, color: Color(r: 0, g: 0, b: 0, a: 0.5))]) {
            canvas.save()
            canvas.setAlpha(0.6)
            canvas.drawLinearGradient(gradient, from: Point(0, 3), to: Point(0, 36))
            try? canvas.restore()
        }
        canvas.save()
        canvas.setBlendMode(.multiply)
        canvas.setFillColor(Color(r: 0.9, g: 0.9, b: 0.2, a: 0.8))
        canvas.fillRect(Rect(x: 40.7, y: 6.2, width: 30, height: 25.5))
        canvas.setBlendMode(.normal)
        canvas.setShadow(try? Shadow(dx: 1.5, dy: 2, blur: 2, color: Color(r: 0, g: 0, b: 0, a: 0.5)))
        var ring = Path()
        ring.addEllipse(in: Rect(x: 44.1, y: 8.3, width: 14.2, height: 12.9))
        canvas.fill(ring)
        try? canvas.restore()
        canvas.beginLayer(alpha: 0.8)
        canvas.setFillColor(Color(r: 0.3, g: 0.3, b: 0.9))
        canvas.fillRect(Rect(x: 0, y: 26.6, width: 100, height: 5.2))
        try? canvas.endLayer()
        canvas.save()
        canvas.setAntialias(false)
        canvas.setFillColor(Color(r: 0.6, g: 0.1, b: 0.6))
        canvas.fillRect(Rect(x: 50.5, y: 28.25, width: 40, height: 8))
        try? canvas.restore()
    }

    @Test(arguments: [1, 2], [0.75, 2.0])
    func boxClipsDrawWhatTheirMasksDraw(threads: Int, scale: Double) throws {
        for stack in Stack.allCases {
            var buffers: [PixelBuffer] = []
            for masked in [false, true] {
                let canvas = try Canvas(width: 90, height: 40, scale: scale, background: .white, parallelism: threads)
                Self.applyClips(canvas, stack, masked: masked)
                if !masked, stack != .cutByPath {
                    // The box is what is in force (else this compares masks with masks).
                    var isBox = false
                    if case .box = canvas.state.clip { isBox = true }
                    #expect(isBox, "\(stack)")
                }
                Self.draw(on: canvas)
                canvas.flush()
                buffers.append(canvas.buffer)
            }
            let difference = try #require(ImageComparison.compare(buffers[0], buffers[1]))
            #expect(difference.maxChannel == 0, "\(stack) at \(scale)x on \(threads) threads: \(difference)")
        }
    }

    /// A canvas placed through a box (`Canvas.placeRows`: rows composited
    /// straight where the box covers fully, its edges blended with its
    /// coverage), on whole pixels and off them (drawn once per phase), gives
    /// what compositing it through the box's mask gives.
    @Test(arguments: [1, 2])
    func canvasesPlacedThroughABoxAreWhatItsMaskGives(threads: Int) throws {
        for stack in Stack.allCases {
            for place in [Rect(x: 3, y: 2, width: 60, height: 30), Rect(x: 3.3, y: 2.45, width: 60, height: 30)] {
                var buffers: [PixelBuffer] = []
                for masked in [false, true] {
                    let canvas = try Canvas(width: 90, height: 40, scale: 2, background: .white, parallelism: threads)
                    let layer = try canvas.makeLayer(width: 60, height: 30)
                    var body = Path()
                    body.addRoundedRect(Rect(x: 0.5, y: 0.5, width: 59, height: 29), radius: 6)
                    layer.setFillColor(Color(r: 0.2, g: 0.6, b: 0.9))
                    layer.fill(body)
                    layer.setFillColor(Color(r: 1, g: 0, b: 0, a: 0.5))
                    layer.fillRect(Rect(x: 10, y: 5, width: 20, height: 10))
                    Self.applyClips(canvas, stack, masked: masked)
                    canvas.draw(layer, in: place)
                    canvas.flush()
                    buffers.append(canvas.buffer)
                }
                let difference = try #require(ImageComparison.compare(buffers[0], buffers[1]))
                #expect(difference.maxChannel == 0, "\(stack) at \(place) on \(threads) threads: \(difference)")
            }
        }
    }

    /// Boxes cut from boxes form a chain at most `ClipBox.maxDepth` long:
    /// the next one is a mask (which replaces the chain), so a script
    /// nesting clips without end holds bounded memory and no deep recursion;
    /// the pixels are those of masks all along.
    @Test func nestedBoxesBecomeAMaskPastTheirDepth() throws {
        var buffers: [PixelBuffer] = []
        for masked in [false, true] {
            let canvas = try Canvas(width: 90, height: 40, scale: 2, background: .white)
            for i in 0..<(ClipBox.maxDepth + 3) {
                let inset = 0.37 * Double(i)
                Self.clip(canvas, Rect(x: 3.3 + inset, y: 2.15 + inset, width: 80 - 2 * inset, height: 34 - 2 * inset),
                          masked: masked)
                if !masked {
                    var kind = "rect"
                    switch canvas.state.clip {
                    case .box(let b): kind = "box"; #expect(b.depth == i + 1)
                    case .mask: kind = "mask"
                    case .rect: break
                    }
                    #expect(kind == (i < ClipBox.maxDepth ? "box" : "mask"), "clip \(i)")
                }
            }
            Self.draw(on: canvas)
            canvas.flush()
            buffers.append(canvas.buffer)
        }
        let difference = try #require(ImageComparison.compare(buffers[0], buffers[1]))
        #expect(difference.maxChannel == 0, "\(difference)")
        // Without end: no crash, no chain.
        let canvas = try Canvas(width: 20, height: 20, scale: 1)
        for i in 0..<20_000 { canvas.clipRect(Rect(x: 0.5 + 1e-6 * Double(i), y: 0.5, width: 10, height: 10)) }
        if case .box = canvas.state.clip { Issue.record("a clip nested 20,000 deep is still a chain of boxes") }
    }

    /// The clip's bounding box and the mask memory: a box holds none.
    @Test func aBoxHoldsNoMaskMemory() throws {
        let canvas = try Canvas(width: 90, height: 40, scale: 2)
        canvas.clipRect(Rect(x: 6.3, y: 4.15, width: 61.6, height: 30.45))
        #expect(canvas.clipMaskBytes == 0)
        let box = canvas.clipBoundingBox
        #expect(box.minX == 6 && box.minY == 4 && box.maxX == 68 && box.maxY == 35)
    }
}
