import CellGeometry
@testable import CellRaster
import Testing

/// A layer placed off the pixel grid by a translation is drawn once per
/// sub-pixel phase and kept (`Canvas.placePhased`): each place must get what
/// drawing the layer's operations there gives, the places of one phase the
/// same pixels, also under a clip mask, and a changed layer or too many
/// phases must fall back to drawing again.
@Suite struct PhaseDrawingTests {
    let base = DrawLayerTests()

    /// The plain way (what drawing the layer's operations again gives).
    func drawPlain(_ c: Canvas, at frame: Rect) throws { try DrawLayerTests.drawPlain(c, at: frame) }

    func phases(_ layer: Canvas) -> Int {
        layer.drawnAsLayer.phases.withLock { $0?.drawings.count ?? 0 }
    }

    /// The pixels a 60 x 40 pt layer at scale 2 touches from (x, y).
    func block(_ c: Canvas, x: Int, y: Int, _ w: Int = 122, _ h: Int = 81) -> [UInt8] {
        base.bytes(c, IntRect(x0: x, y0: y, x1: x + w, y1: y + h))
    }

    @Test func eachPlaceIsTheDrawingThere() throws {
        // Scale 2: a point offset of 0.125 is a phase of a quarter pixel.
        let origins = [Point(10.25, 10), Point(110.25, 10.375), Point(10.125, 80.25), Point(120.25, 90.375)]
        let placed = try base.canvas(), plain = try base.canvas()
        let layer = try DrawLayerTests.layer(for: placed)
        for origin in origins {
            let frame = Rect(x: origin.x, y: origin.y, width: 60, height: 40)
            placed.draw(layer, in: frame)
            try drawPlain(plain, at: frame)
        }
        #expect(phases(layer) == 3)
        #expect(base.maxDifference(placed, plain) <= 1)
        #expect(base.maxDifference(placed, try base.canvas()) > 0)
    }

    @Test func onePhaseIsDrawnOnceAndGivesTheSamePixelsAtEachPlace() throws {
        // A clear canvas: every place's pixels are the layer's drawing alone.
        let c = try Canvas(width: 200, height: 150, scale: 2)
        let layer = try DrawLayerTests.layer(for: c)
        for origin in [Point(10.25, 10.5), Point(80.25, 60.5), Point(130.25, 105.5)] {
            c.draw(layer, in: Rect(x: origin.x, y: origin.y, width: 60, height: 40))
        }
        #expect(phases(layer) == 1)
        let first = block(c, x: 20, y: 21)
        #expect(first == block(c, x: 160, y: 121))
        #expect(first == block(c, x: 260, y: 211))
        #expect(first.contains { $0 != 0 })
        let plain = try Canvas(width: 200, height: 150, scale: 2)
        try drawPlain(plain, at: Rect(x: 10.25, y: 10.5, width: 60, height: 40))
        #expect(first == block(plain, x: 20, y: 21))
    }

    @Test func pastTheMostPhasesTheRestAreDrawnAgain() throws {
        let placed = try base.canvas(), plain = try base.canvas()
        let layer = try DrawLayerTests.layer(for: placed)
        for k in 0..<(Canvas.maxPhases + 3) {
            let frame = Rect(x: 5 + Double(k) * 20.0625, y: 5 + Double(k) * 12.125, width: 60, height: 40)
            placed.draw(layer, in: frame)
            try drawPlain(plain, at: frame)
        }
        #expect(phases(layer) == Canvas.maxPhases)
        #expect(base.maxDifference(placed, plain) <= 1)
    }

    @Test func aChangedLayerIsDrawnAsItIsNow() throws {
        let placed = try base.canvas(), plain = try base.canvas()
        let layer = try DrawLayerTests.layer(for: placed)
        let frame = Rect(x: 30.25, y: 20.25, width: 60, height: 40)
        placed.draw(layer, in: frame)
        layer.setFillColor(Color(r: 0, g: 0.6, b: 0, a: 0.7))
        layer.fill(Path.rect(Rect(x: 10, y: 5, width: 20, height: 10)))
        let later = Rect(x: frame.x + 70, y: frame.y + 50, width: 60, height: 40)
        placed.draw(layer, in: later)
        try drawPlain(plain, at: frame)
        // The layer's canvas is still clipped to its view's outline: so is the fill.
        plain.save()
        plain.clip(Path.rect(later))
        plain.beginLayer()
        plain.translate(later.x, later.y)
        try DrawLayerTests.drawView(plain, 60, 40)
        plain.setFillColor(Color(r: 0, g: 0.6, b: 0, a: 0.7))
        plain.fill(Path.rect(Rect(x: 10, y: 5, width: 20, height: 10)))
        try plain.endLayer()
        try plain.restore()
        #expect(base.maxDifference(placed, plain) <= 1)
    }

    /// A clip mask applies once, at the composite, as to a transparency
    /// layer: the kept drawing serves under it too.
    @Test func underAMaskingClipEachPlaceIsTheDrawingThere() throws {
        let placed = try base.canvas(), plain = try base.canvas()
        var oval = Path()
        oval.addEllipse(in: Rect(x: 20, y: 15, width: 150, height: 110))
        for c in [placed, plain] { c.clip(oval) }
        let layer = try DrawLayerTests.layer(for: placed)
        for origin in [Point(10.25, 10), Point(100.25, 70)] {
            let frame = Rect(x: origin.x, y: origin.y, width: 60, height: 40)
            placed.draw(layer, in: frame)
            try drawPlain(plain, at: frame)
        }
        #expect(phases(layer) == 1)
        #expect(base.maxDifference(placed, plain) <= 1)
    }

    /// The drawings all canvases keep stay within their budget: a layer
    /// whose second phase would pass it is drawn again at that phase.
    @Test func theDrawingsStayWithinTheirBudget() throws {
        // 9.2 MB a phase: the first fits the 16 MiB, a second does not.
        let c = try Canvas(width: 1600, height: 1600, scale: 1)
        let layer = try c.makeLayer(width: 1500, height: 1500)
        layer.setFillColor(Color(r: 0.2, g: 0.4, b: 0.6, a: 0.8))
        layer.fill(Path.rect(Rect(x: 10, y: 10, width: 1480, height: 1480)))
        c.draw(layer, in: Rect(x: 10.5, y: 10, width: 1500, height: 1500))
        c.draw(layer, in: Rect(x: 20.25, y: 30, width: 1500, height: 1500))
        #expect(phases(layer) == 1)
        #expect(DrawnAsLayer.phaseBytes.load(ordering: .relaxed) <= DrawnAsLayer.phaseBudget)
        // The second place was drawn all the same.
        let pixel = UnsafeRawPointer(c.buffer.data + (1510 * 1600 + 1505) * 4).load(as: UInt32.self)
        #expect(pixel != 0)
    }
}
