import CellGeometry
import CellRaster
import Testing

/// draw_image: placement, bilinear scaling, coverage-antialiased edges
/// without dark fringes, transforms, alpha, blend modes, and a canvas drawn
/// onto itself. Images are premultiplied PixelBuffers.
@Suite struct ImageDrawTests {
    func rgba(_ c: Canvas, _ x: Int, _ y: Int) -> [Int] {
        let p = c.buffer.premultiplied(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    func straight(_ c: Canvas, _ x: Int, _ y: Int) -> [Int] {
        let p = c.buffer.straight(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 1) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// A w x h image of distinct premultiplied pixels, some translucent.
    func pattern(_ w: Int, _ h: Int) -> PixelBuffer {
        let image = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = (x + y) % 3 == 0 ? 255 : 90 + 40 * ((x * 7 + y) % 4)
                let p = image.data + (y * w + x) * 4
                p[0] = UInt8((x * 53 + y * 31) % 256 * a / 255)
                p[1] = UInt8((x * 17 + y * 97 + 40) % 256 * a / 255)
                p[2] = UInt8((x * 5 + y * 7 + 200) % 256 * a / 255)
                p[3] = UInt8(a)
            }
        }
        return image
    }

    func pixel(_ image: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let p = image.premultiplied(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    func solid(_ w: Int, _ h: Int, _ bytes: [UInt8]) -> PixelBuffer {
        let image = PixelBuffer(width: w, height: h)
        for i in 0..<(w * h) { for ch in 0..<4 { image.data[i * 4 + ch] = bytes[ch] } }
        return image
    }

    /// One image pixel per device pixel at a whole-pixel position: an exact
    /// copy (with `copy`, whatever was there; onto transparent, the same).
    @Test(arguments: [1.0, 2.0])
    func identityPlacementCopiesPixels(scale: Double) throws {
        let image = pattern(5, 4)
        for mode in [BlendMode.normal, .copy] {
            let c = try Canvas(width: 12, height: 10, scale: scale)
            if mode == .copy { c.fillAll(Color(r: 0.2, g: 0.9, b: 0.4)) }
            c.setBlendMode(mode)
            c.drawImage(image, in: Rect(x: 3 / scale, y: 2 / scale, width: 5 / scale, height: 4 / scale))
            for y in 0..<4 {
                for x in 0..<5 {
                    #expect(rgba(c, x + 3, y + 2) == pixel(image, x, y), "\(mode.rawValue) scale \(scale): (\(x), \(y))")
                }
            }
            let outside = mode == .copy ? [51, 230, 102, 255] : [0, 0, 0, 0]
            #expect(rgba(c, 2, 2) == outside && rgba(c, 8, 5) == outside && rgba(c, 3, 6) == outside)
        }
    }

    /// Bilinear filtering: a black and a white pixel scaled 2x give the two
    /// in-between values (sample centres at image x = 0.25 and 0.75 between
    /// the pixel centres 0.5 and 1.5), and the outer samples clamp to the
    /// edge pixels.
    @Test func scalingTwiceInterpolatesBilinearly() throws {
        let image = PixelBuffer(width: 2, height: 1)
        for ch in 0..<4 { image.data[4 + ch] = 255 }
        image.data[3] = 255
        let c = try Canvas(width: 4, height: 2, scale: 1)
        c.drawImage(image, in: Rect(x: 0, y: 0, width: 4, height: 2))
        let row = (0..<4).map { rgba(c, $0, 0)[0] }
        #expect(near(row, [0, 64, 191, 255]), "\(row)")
        #expect((0..<4).allSatisfy { rgba(c, $0, 1)[0] == row[$0] && rgba(c, $0, 1)[3] == 255 })
    }

    /// An opaque single-color image at a fractional position, scaled, or
    /// rotated: edge pixels have the image's color with partial alpha (the
    /// rectangle's coverage), never a darker color, because samples past the
    /// edge repeat the edge pixels instead of fetching transparent black.
    @Test(arguments: [(1.5, 1.25, 4.0, 4.0, 0.0), (0.3, 2.7, 7.4, 3.1, 0.0), (4.0, 1.0, 5.0, 4.0, 0.6)])
    func edgesAreCoverageWithoutDarkFringes(x: Double, y: Double, w: Double, h: Double, angle: Double) throws {
        let color: [UInt8] = [230, 120, 30, 255]
        let c = try Canvas(width: 12, height: 10, scale: 1)
        c.translate(x, y)
        c.rotate(angle)
        c.drawImage(solid(3, 2, color), in: Rect(x: 0, y: 0, width: w, height: h))
        var partial = 0
        for py in 0..<10 {
            for px in 0..<12 {
                let s = straight(c, px, py)
                if s[3] == 0 { continue }
                if s[3] < 255 { partial += 1 }
                // Unpremultiplying a low alpha amplifies rounding: allow 255 / (2a) + 1.
                let slack = 1 + 255 / (2 * s[3])
                #expect(near(Array(s[0..<3]), [230, 120, 30], slack), "(\(px), \(py)) straight \(s)")
            }
        }
        #expect(partial > 6, "the placement leaves partly covered edge pixels")
        if angle == 0 {
            // The coverage is the rectangle's area in each pixel.
            let left = (x.rounded(.up) - x), top = (y.rounded(.up) - y)
            let cornerAlpha = Int((left * top * 255).rounded())
            #expect(abs(rgba(c, Int(x), Int(y))[3] - cornerAlpha) <= 1)
        }
    }

    /// A 90-degree rotation maps pixel centres to pixel centres: an exact,
    /// rotated copy (image pixel (i, j) lands on device (5 - j, 1 + i)).
    @Test func quarterTurnIsAnExactPermutation() throws {
        let image = pattern(3, 2)
        let c = try Canvas(width: 10, height: 10, scale: 1)
        c.translate(6, 1)
        c.rotate(.pi / 2)
        c.drawImage(image, in: Rect(x: 0, y: 0, width: 3, height: 2))
        var painted = 0
        for y in 0..<10 {
            for x in 0..<10 where rgba(c, x, y)[3] != 0 { painted += 1 }
        }
        #expect(painted == 6)
        for j in 0..<2 {
            for i in 0..<3 {
                #expect(near(rgba(c, 5 - j, 1 + i), pixel(image, i, j)), "image (\(i), \(j))")
            }
        }
    }

    @Test func alphaScalesTheImage() throws {
        let image = pattern(4, 3)
        let c = try Canvas(width: 6, height: 5, scale: 1)
        c.setAlpha(0.5)
        c.drawImage(image, in: Rect(x: 1, y: 1, width: 4, height: 3))
        for y in 0..<3 {
            for x in 0..<4 {
                let want = pixel(image, x, y).map { Int((Double($0) * 128 / 255).rounded()) }
                #expect(near(rgba(c, x + 1, y + 1), want), "(\(x), \(y))")
            }
        }
    }

    /// Blend modes apply to images per pixel: opaque image pixels multiply
    /// onto gray, both opaque, so each channel is the product.
    @Test func blendModesApplyToImages() throws {
        let image = solid(2, 2, [200, 100, 50, 255])
        let c = try Canvas(width: 4, height: 4, scale: 1)
        c.fillAll(Color(white: 0.5))
        c.setBlendMode(.multiply)
        c.drawImage(image, in: Rect(x: 1, y: 1, width: 2, height: 2))
        let want = [200, 100, 50].map { Int((Double($0) * 128 / 255).rounded()) } + [255]
        #expect(near(rgba(c, 1, 1), want) && near(rgba(c, 2, 2), want), "\(rgba(c, 1, 1)) vs \(want)")
        #expect(rgba(c, 0, 0) == [128, 128, 128, 255] && rgba(c, 3, 3) == [128, 128, 128, 255])
    }

    /// A canvas drawn onto itself reads the pixels as they were before the
    /// draw (the same as drawing an independent copy), not half-updated ones.
    @Test func canvasOntoItself() throws {
        func scene() throws -> Canvas {
            let c = try Canvas(width: 20, height: 12, scale: 1)
            c.setFillColor(Color(r: 0.9, g: 0.2, b: 0.1))
            c.fillRect(Rect(x: 1, y: 1, width: 6, height: 4))
            c.setFillColor(Color(r: 0.1, g: 0.3, b: 0.9, a: 0.6))
            c.fillRect(Rect(x: 4, y: 3, width: 5, height: 6))
            return c
        }
        let a = try scene(), b = try scene()
        a.drawImage(a.buffer, in: Rect(x: 3, y: 2, width: 20, height: 12))
        b.drawImage(b.buffer.copy(), in: Rect(x: 3, y: 2, width: 20, height: 12))
        for y in 0..<12 {
            for x in 0..<20 {
                #expect(rgba(a, x, y) == rgba(b, x, y), "(\(x), \(y))")
            }
        }
        // And it did move: the red corner now appears at (4, 3) under the copy.
        #expect(rgba(a, 4, 3) != rgba(try scene(), 4, 3))
    }
}
