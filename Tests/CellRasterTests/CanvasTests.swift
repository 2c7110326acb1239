import CellGeometry
import Testing
import CellRaster

@Suite struct CanvasTests {
    func canvas(_ w: Double = 4, _ h: Double = 4, scale: Double = 1) -> Canvas {
        try! Canvas(width: w, height: h, scale: scale)
    }

    /// `clipMaskBytes` counts each mask the states hold once: a clip in a
    /// saved state adds one, a second clip in the same state replaces it,
    /// restoring gives it back; rectangles on whole pixels hold none.
    @Test func clipMaskBytesFollowTheStateStack() throws {
        let canvas = try Canvas(width: 100, height: 100, scale: 1)
        var disc = Path()
        disc.addEllipse(in: Rect(x: 10, y: 10, width: 80, height: 80))
        canvas.clipRect(Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(canvas.clipMaskBytes == 0)
        canvas.save()
        canvas.clip(disc)
        let one = canvas.clipMaskBytes
        #expect(one >= 40 * 40)
        canvas.clip(disc)
        #expect(canvas.clipMaskBytes == one)
        canvas.save()
        canvas.clip(disc)
        #expect(canvas.clipMaskBytes == 2 * one)
        canvas.save()
        #expect(canvas.clipMaskBytes == 2 * one)
        try canvas.restore()
        try canvas.restore()
        #expect(canvas.clipMaskBytes == one)
        try canvas.restore()
        #expect(canvas.clipMaskBytes == 0)
    }

    @Test func sizeInPixelsRoundsUp() throws {
        let c = try Canvas(width: 320, height: 480, scale: 2)
        #expect(c.pixelWidth == 640 && c.pixelHeight == 960)
        let d = try Canvas(width: 10.25, height: 3, scale: 2)
        #expect(d.pixelWidth == 21)
    }

    @Test(arguments: [(0.0, 10.0), (-1, 10), (.nan, 10), (.infinity, 10), (10, 0)])
    func invalidSizesAreErrors(_ w: Double, _ h: Double) {
        #expect(throws: CanvasError.self) { try Canvas(width: w, height: h, scale: 1) }
    }

    @Test func hugeSizesAreErrors() {
        #expect(throws: CanvasError.self) { try Canvas(width: 40000, height: 10, scale: 1) }
        #expect(throws: CanvasError.self) { try Canvas(width: 20000, height: 20000, scale: 1) }
        #expect(throws: CanvasError.self) { try Canvas(width: 1e30, height: 1, scale: 1) }
        #expect(throws: CanvasError.self) { try Canvas(width: 10, height: 10, scale: 0) }
    }

    /// Pixel i covers [i, i+1]: a rect from x = 0.5 to 2.5 covers pixels 0 and
    /// 2 by half and pixel 1 fully; opaque black at half coverage is alpha 128.
    @Test func fillRectHasExactAreaCoverage() {
        let c = canvas()
        c.fillRect(Rect(x: 0.5, y: 0, width: 2, height: 1))
        #expect(c.buffer.premultiplied(x: 0, y: 0) == (0, 0, 0, 128))
        #expect(c.buffer.premultiplied(x: 1, y: 0) == (0, 0, 0, 255))
        #expect(c.buffer.premultiplied(x: 2, y: 0) == (0, 0, 0, 128))
        #expect(c.buffer.premultiplied(x: 3, y: 0) == (0, 0, 0, 0))
        #expect(c.buffer.premultiplied(x: 1, y: 1) == (0, 0, 0, 0))
    }

    @Test func cornerCoverageIsTheProduct() {
        let c = canvas()
        c.fillRect(Rect(x: 0.5, y: 0.75, width: 1, height: 1))
        // pixel (0,0): 0.5 * 0.25 of 255 = 31.875 -> 32
        #expect(c.buffer.premultiplied(x: 0, y: 0).a == 32)
        #expect(c.buffer.premultiplied(x: 0, y: 1).a == 96) // 0.5 * 0.75
    }

    @Test func scaleMapsPointsToPixels() {
        let c = canvas(4, 4, scale: 2)
        c.setFillColor(Color(r: 1, g: 0, b: 0))
        c.fillRect(Rect(x: 1, y: 1, width: 1, height: 1))
        #expect(c.buffer.straight(x: 2, y: 2) == (255, 0, 0, 255))
        #expect(c.buffer.straight(x: 3, y: 3) == (255, 0, 0, 255))
        #expect(c.buffer.straight(x: 1, y: 1) == (0, 0, 0, 0))
        #expect(c.buffer.straight(x: 4, y: 4) == (0, 0, 0, 0))
    }

    @Test func negativeSizesAreStandardized() {
        let c = canvas()
        c.fillRect(Rect(x: 3, y: 3, width: -2, height: -2))
        #expect(c.buffer.premultiplied(x: 1, y: 1).a == 255)
        #expect(c.buffer.premultiplied(x: 2, y: 2).a == 255)
        #expect(c.buffer.premultiplied(x: 3, y: 3).a == 0)
    }

    @Test func sourceOverBlendsTranslucentFills() {
        let c = canvas()
        c.fillAll(.white)
        c.setFillColor(Color(r: 0, g: 0, b: 1, a: 0.5))
        c.fillRect(Rect(x: 0, y: 0, width: 1, height: 1))
        // S = (0, 0, 128, 128); D*(1 - 128/255) = 255 * 127/255 = 127
        #expect(c.buffer.premultiplied(x: 0, y: 0) == (127, 127, 255, 255))
    }

    @Test func alphaScalesTheSource() {
        let c = canvas()
        c.setAlpha(0.5)
        c.fillRect(Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(c.buffer.premultiplied(x: 0, y: 0).a == 128)
    }

    @Test func clearRectKeepsTheUncoveredFraction() {
        let c = canvas()
        c.fillAll(.white)
        c.clearRect(Rect(x: 0, y: 0, width: 1.5, height: 1))
        #expect(c.buffer.premultiplied(x: 0, y: 0) == (0, 0, 0, 0))
        // coverage 0.5 quantises to 128/255; what stays is 255 * 127/255
        #expect(c.buffer.premultiplied(x: 1, y: 0) == (127, 127, 127, 127))
        #expect(c.buffer.premultiplied(x: 2, y: 0) == (255, 255, 255, 255))
    }

    @Test func fillsOutsideTheCanvasAreClippedAway() {
        let c = canvas()
        c.fillRect(Rect(x: -10, y: -10, width: 5, height: 5))
        c.fillRect(Rect(x: 100, y: 1, width: 5, height: 5))
        c.fillRect(Rect(x: 3.5, y: -1e9, width: 1e9, height: 2e9))
        #expect(c.buffer.premultiplied(x: 0, y: 0).a == 0)
        #expect(c.buffer.premultiplied(x: 3, y: 0).a == 128)
    }

    @Test func saveRestoreAndUnbalancedRestore() throws {
        let c = canvas()
        c.save()
        c.setFillColor(.white)
        try c.restore()
        #expect(c.state.fillPaint.solidColor == .black)
        #expect(throws: CanvasError.unbalancedRestore) { try c.restore() }
    }

    @Test func pixelOutsideIsAnError() {
        let c = canvas()
        #expect(throws: CanvasError.self) { try c.pixel(x: 4, y: 0) }
        #expect(throws: CanvasError.self) { try c.pixel(x: -1, y: 0) }
    }
}
