import CellGeometry
@testable import CellRaster
import Testing

/// Images drawn smaller than their pixels are area-averaged
/// (`ImageMinification`), not sampled: each device pixel is the mean of the
/// image area it covers, checked against that mean computed here; a
/// one-pixel checkerboard shrunk comes out even gray (bilinear sampling
/// would pick black or white pixels); resampled images are cached by size
/// and phase, wherever they land.
@Suite struct ImageMinificationTests {
    func checkerboard(_ w: Int, _ h: Int) -> PixelBuffer {
        let image = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                let p = image.data + (y * w + x) * 4
                (p[0], p[1], p[2], p[3]) = (v, v, v, 255)
            }
        }
        return image
    }

    /// Distinct colors, some translucent (premultiplied).
    func pattern(_ w: Int, _ h: Int) -> PixelBuffer {
        let image = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = (x * 3 + y) % 5 == 0 ? 255 : 60 + 30 * ((x + 2 * y) % 6)
                let p = image.data + (y * w + x) * 4
                p[0] = UInt8((x * 53 + y * 31) % 256 * a / 255)
                p[1] = UInt8((x * 17 + y * 97 + 40) % 256 * a / 255)
                p[2] = UInt8((x * 5 + y * 7 + 200) % 256 * a / 255)
                p[3] = UInt8(a)
            }
        }
        return image
    }

    @Test func aShrunkCheckerboardIsEvenGray() throws {
        let image = checkerboard(64, 64)
        // 64 pixels into 16 at a whole-pixel place, and into 13.5 off the grid.
        for (x, size) in [(4.0, 16.0), (4.3, 13.5)] {
            let c = try Canvas(width: 40, height: 40, scale: 1)
            c.drawImage(image, in: Rect(x: x, y: 4, width: size, height: size))
            // Pixels wholly inside the image: the mean of a checkerboard.
            for py in 6..<(4 + Int(size) - 2) {
                for px in 6..<(4 + Int(size) - 2) {
                    let p = c.buffer.premultiplied(x: px, y: py)
                    #expect(abs(Int(p.r) - 128) <= 4 && p.a == 255, "\(x) \(size) at \(px),\(py): \(p)")
                }
            }
        }
    }

    /// Shrunk by 4 onto whole pixels: each device pixel is its 4 x 4 block's
    /// mean (premultiplied), to rounding.
    @Test func eachPixelIsTheMeanOfTheAreaItCovers() throws {
        let image = pattern(48, 32)
        image.isImmutable = true
        let c = try Canvas(width: 20, height: 12, scale: 2)
        // 48 x 32 image pixels into 12 x 8 device pixels at device (4, 2).
        c.drawImage(image, in: Rect(x: 2, y: 1, width: 6, height: 4))
        for oy in 0..<8 {
            for ox in 0..<12 {
                var sum = [0, 0, 0, 0]
                for y in (oy * 4)..<(oy * 4 + 4) {
                    for x in (ox * 4)..<(ox * 4 + 4) {
                        let p = image.premultiplied(x: x, y: y)
                        sum[0] += Int(p.r); sum[1] += Int(p.g); sum[2] += Int(p.b); sum[3] += Int(p.a)
                    }
                }
                let mean = sum.map { Double($0) / 16 }
                let p = c.buffer.premultiplied(x: 4 + ox, y: 2 + oy)
                let got = [Double(p.r), Double(p.g), Double(p.b), Double(p.a)]
                #expect(zip(got, mean).allSatisfy { abs($0 - $1) <= 1 }, "(\(ox), \(oy)): \(got) vs \(mean)")
            }
        }
    }

    /// Turned, the image is shrunk first, then sampled: still no aliasing.
    @Test func aTurnedShrunkCheckerboardIsGrayToo() throws {
        let image = checkerboard(64, 64)
        let c = try Canvas(width: 40, height: 40, scale: 1)
        c.translate(20, 20)
        c.rotate(0.5)
        c.drawImage(image, in: Rect(x: -8, y: -8, width: 16, height: 16))
        for py in 16..<25 {
            for px in 16..<25 {
                let p = c.buffer.premultiplied(x: px, y: py)
                #expect(abs(Int(p.r) - 128) <= 12 && p.a == 255, "at \(px),\(py): \(p)")
            }
        }
    }

    /// The same unchanging image at the same size and phase, anywhere:
    /// resampled once (one cache key), the same pixels moved.
    @Test func resampledImagesAreCachedWhereverTheyLand() throws {
        let image = pattern(90, 70)
        image.isImmutable = true
        let key = { (x: Double) -> MinifiedImageCache.Key in
            let t = AffineTransform(a: 3, b: 0, c: 0, d: 3, tx: -3 * x, ty: -9)
            return MinifiedImageCache.Key(source: ObjectIdentifier(image),
                                          x: ImageMinification.axis(scale: t.a, offset: t.tx, size: 90)!,
                                          y: ImageMinification.axis(scale: t.d, offset: t.ty, size: 70)!)
        }
        #expect(key(3.25) == key(14.25))
        #expect(key(3.25) != key(3.5))
        let a = try Canvas(width: 60, height: 40, scale: 1), b = try Canvas(width: 60, height: 40, scale: 1)
        a.drawImage(image, in: Rect(x: 3.25, y: 3, width: 30, height: 23.333))
        b.drawImage(image, in: Rect(x: 14.25, y: 3, width: 30, height: 23.333))
        for y in 0..<40 {
            for x in 0..<40 {
                let p = a.buffer.premultiplied(x: x, y: y), q = b.buffer.premultiplied(x: x + 11, y: y)
                #expect(p == q, "at \(x),\(y)")
            }
        }
    }
}
