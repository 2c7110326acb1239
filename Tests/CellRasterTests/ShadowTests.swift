import CellGeometry
@testable import CellRaster
import Foundation
import Testing

/// Shadow geometry (UIKit / CGContextSetShadowWithColor): offset in points
/// of the base space, y down, times the scale, whatever the CTM; Gaussian
/// blur with sigma = blur / 2 points (blur / 2 * scale pixels); default color
/// black at alpha 1/3; drawn through the clip. The shapes here are red and
/// their shadows blue (or black), so a pixel tells which one painted it.
@Suite struct ShadowTests {
    static let blue = Color(r: 0, g: 0, b: 1)

    func rgba(_ c: Canvas, _ x: Int, _ y: Int) -> [Int] {
        let p = c.buffer.premultiplied(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// The device alpha footprint of `draw` without a shadow.
    func footprint(width: Double, height: Double, scale: Double, _ draw: (Canvas) -> Void) throws -> Canvas {
        let c = try Canvas(width: width, height: height, scale: scale)
        draw(c)
        return c
    }

    /// With blur 0 the shadow is the shape's own coverage, moved by the
    /// offset in device pixels (points times scale), untouched by the CTM:
    /// under a rotation and a non-uniform scale it is not rotated or scaled.
    @Test(arguments: [false, true])
    func hardShadowIsTheShapeMovedByTheOffset(transformed: Bool) throws {
        let w = 60.0, h = 40.0, scale = 2.0, dx = 25.0, dy = -4.0
        func shape(_ c: Canvas) {
            if transformed {
                c.translate(14, 20)
                c.rotate(0.7)
                c.scaleBy(1.5, 0.8)
            }
            c.setFillColor(Color(r: 1, g: 0, b: 0))
            var p = Path()
            p.addEllipse(in: transformed ? Rect(x: -6, y: -9, width: 12, height: 18) : Rect(x: 4.3, y: 9.1, width: 15, height: 20))
            c.fill(p)
        }
        let plain = try footprint(width: w, height: h, scale: scale, shape)
        let shadowed = try footprint(width: w, height: h, scale: scale) { c in
            c.setShadow(try! Shadow(dx: dx, dy: dy, blur: 0, color: Self.blue))
            shape(c)
        }
        let ox = Int(dx * scale), oy = Int(dy * scale)
        var shadowPixels = 0
        for y in 0..<plain.pixelHeight {
            for x in 0..<plain.pixelWidth {
                let shapeHere = rgba(plain, x, y)
                let source = (x - ox, y - oy)
                let shadowAlpha = source.0 >= 0 && source.1 >= 0 && source.0 < plain.pixelWidth && source.1 < plain.pixelHeight
                    ? rgba(plain, source.0, source.1)[3] : 0
                guard shapeHere[3] == 0 else { continue } // the shape covers its shadow there
                #expect(rgba(shadowed, x, y) == [0, 0, shadowAlpha, shadowAlpha], "(\(x), \(y))")
                if shadowAlpha > 0 { shadowPixels += 1 }
            }
        }
        #expect(shadowPixels > 300)
    }

    /// Sigma is blur / 2 points: at scale 2 a blur of B points has sigma B
    /// pixels. The shadow of a large opaque rect, away from its corners, is
    /// the step at its edge blurred: alpha = 255 * Phi((x + 0.5 - edge) / sigma)
    /// across the edge (pixel centres).
    ///
    /// Tolerance: up to sigma 8 px the blur uses the sampled, normalised
    /// Gaussian kernel; at sigma 1 px its step response departs from the
    /// continuous CDF by up to 2 levels (measured 2.0; under 1 from sigma 2
    /// on), so with 8-bit rounding of the mask, 3 levels. Above sigma 8 three
    /// box blurs approximate the Gaussian (SVG's method; measured 2.3 levels
    /// at sigma 12 and 20): 4 levels. A wrong sigma (blur instead of blur / 2,
    /// or the scale left out) misses by tens of levels.
    @Test(arguments: [1.0, 2.0, 6.0, 12.0, 20.0])
    func blurredEdgeFollowsTheGaussianCDF(blur: Double) throws {
        let scale = 2.0
        let sigma = blur / 2 * scale
        let c = try Canvas(width: 240, height: 220, scale: scale)
        c.setShadow(try Shadow(dx: 110, dy: 60, blur: blur, color: .black))
        c.setFillColor(Color(r: 1, g: 0, b: 0))
        c.fillRect(Rect(x: 10, y: 10, width: 100, height: 80))
        // The shadow's rect: x 120..220 pt = 240..440 px, y 70..150 pt = 140..300 px.
        let tolerance = sigma > 8 ? 4.0 : 3.0
        func cdf(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        let reach = Int(4 * sigma) + 2
        for x in (240 - reach)...(240 + reach) { // left edge, at mid-height
            let want = 255 * cdf((Double(x) + 0.5 - 240) / sigma)
            let got = Double(rgba(c, x, 220)[3])
            #expect(abs(got - want) <= tolerance, "blur \(blur): x \(x) alpha \(got), Gaussian \(want)")
        }
        for y in (300 - reach)...(300 + reach) { // bottom edge, mid-width
            let want = 255 * cdf((300 - Double(y) - 0.5) / sigma)
            let got = Double(rgba(c, 340, y)[3])
            #expect(abs(got - want) <= tolerance, "blur \(blur): y \(y) alpha \(got), Gaussian \(want)")
        }
    }

    /// Default color: black at alpha 1/3 (85 of 255); it scales with the
    /// shape's alpha (paint alpha and global alpha).
    @Test func defaultColorAndAlpha() throws {
        let c = try Canvas(width: 40, height: 10, scale: 1)
        c.setShadow(try Shadow(dx: 5, dy: 0, blur: 0))
        c.fillRect(Rect(x: 0, y: 0, width: 5, height: 5))
        #expect(rgba(c, 7, 2) == [0, 0, 0, 85])
        c.setFillColor(Color(r: 1, g: 0, b: 0, a: 0.5))
        c.setShadow(try Shadow(dx: 5, dy: 0, blur: 0, color: Self.blue))
        c.fillRect(Rect(x: 15, y: 0, width: 5, height: 5))
        #expect(rgba(c, 22, 2) == [0, 0, 128, 128])
        c.setFillColor(Color(r: 1, g: 0, b: 0))
        c.setAlpha(0.5)
        c.fillRect(Rect(x: 28, y: 0, width: 5, height: 5))
        #expect(rgba(c, 35, 2) == [0, 0, 128, 128])
    }

    /// The shadow is clipped like the shape: a shape inside the clip whose
    /// shadow falls outside it casts nothing there; a shape outside the
    /// clip still casts its shadow into it.
    @Test func shadowGoesThroughTheClip() throws {
        let c = try Canvas(width: 40, height: 20, scale: 1)
        c.clipRect(Rect(x: 10, y: 0, width: 20, height: 20))
        c.setShadow(try Shadow(dx: 8, dy: 0, blur: 0, color: Self.blue))
        c.setFillColor(Color(r: 1, g: 0, b: 0))
        c.fillRect(Rect(x: 18, y: 2, width: 6, height: 4))  // shadow 26..32: cut at 30
        c.fillRect(Rect(x: 0, y: 10, width: 6, height: 4))  // invisible; shadow 8..14 shows from 10
        #expect(rgba(c, 27, 3) == [0, 0, 255, 255])
        #expect(rgba(c, 30, 3) == [0, 0, 0, 0] && rgba(c, 31, 3) == [0, 0, 0, 0])
        #expect(rgba(c, 2, 11) == [0, 0, 0, 0])
        #expect(rgba(c, 9, 11) == [0, 0, 0, 0])
        #expect(rgba(c, 10, 11) == [0, 0, 255, 255] && rgba(c, 13, 11) == [0, 0, 255, 255])
        #expect(rgba(c, 14, 11) == [0, 0, 0, 0])
    }

    /// A shape mostly outside the canvas still casts its whole shadow inside
    /// it, blurred or not.
    @Test(arguments: [0.0, 4.0])
    func shapeOutsideTheCanvasCastsItsShadowIn(blur: Double) throws {
        let c = try Canvas(width: 60, height: 30, scale: 2)
        c.setShadow(try Shadow(dx: 40, dy: 0, blur: blur, color: Self.blue))
        c.setFillColor(Color(r: 1, g: 0, b: 0))
        c.fillRect(Rect(x: -35, y: 5, width: 40, height: 20)) // shadow at 5..45 pt
        // Deep inside the shadow (far from its edges even blurred): full.
        for x in stride(from: 30, through: 70, by: 10) {
            #expect(rgba(c, x, 30) == [0, 0, 255, 255], "x \(x): \(rgba(c, x, 30))")
        }
        #expect(rgba(c, 4, 30) == [255, 0, 0, 255])
        #expect(rgba(c, 110, 30)[3] == 0)
    }

    @Test func invalidShadowsAreErrors() {
        #expect(throws: PaintError.self) { try Shadow(dx: 0, dy: 0, blur: -1) }
        #expect(throws: PaintError.self) { try Shadow(dx: .nan, dy: 0, blur: 1) }
        #expect(throws: PaintError.self) { try Shadow(dx: 0, dy: .infinity, blur: 1) }
        #expect(throws: PaintError.self) { try Shadow(dx: 0, dy: 0, blur: .nan) }
    }

    /// A huge blur is bounded in cost and reach and still renders (a faint
    /// spread, no crash, no hang). The cost is measured, not timed: the
    /// blur works on a scratch area (`shadowScratchBytes`, 9 bytes a pixel)
    /// at most the clip grown by `maxShadowReach` on every side, and above
    /// `boxThreshold` its passes cost a fixed number of samples per pixel
    /// whatever the sigma, so a blur of 1e6 or 1e300 costs what one at the
    /// reach cap costs. Before the cap, the area grew with the blur (3
    /// sigma each way: 1e6 pt here would be trillions of pixels).
    @Test func hugeBlurIsBounded() throws {
        let c = try Canvas(width: 100, height: 100, scale: 2)
        let reach = Canvas.maxShadowReach
        let cap = (200 + 2 * reach) * (200 + 2 * reach) * 9
        c.setShadow(try Shadow(dx: 0, dy: 0, blur: 1000, color: .black))
        let atTheCap = c.shadowScratchBytes
        #expect(atTheCap == cap)
        for blur in [1e6, 1e300] {
            c.setShadow(try Shadow(dx: 0, dy: 0, blur: blur, color: .black))
            #expect(c.shadowScratchBytes == atTheCap, "blur \(blur)")
        }
        // A small blur needs less: the measure follows the blur below the cap.
        c.setShadow(try Shadow(dx: 0, dy: 0, blur: 4, color: .black))
        #expect(c.shadowScratchBytes < atTheCap)
        c.setShadow(try Shadow(dx: 0, dy: 0, blur: 1e6, color: .black))
        c.setFillColor(Color(r: 1, g: 0, b: 0))
        c.fillRect(Rect(x: 40, y: 40, width: 20, height: 20))
        #expect(rgba(c, 100, 100) == [255, 0, 0, 255])
    }
}
