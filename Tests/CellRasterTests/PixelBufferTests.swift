import Testing
import CellRaster

@Suite struct PixelBufferTests {
    /// Straight -> premultiplied -> straight loses at most what 8 bits must:
    /// re-premultiplying the unpremultiplied value gives the stored value back.
    @Test func premultiplyRoundTripIsStable() {
        for a in 0...255 {
            for v in 0...a {
                let s = PixelBuffer.unpremultiply(UInt8(v), UInt8(a))
                #expect(PixelBuffer.premultiply(s, UInt8(a)) == UInt8(a == 0 ? 0 : v),
                        "v=\(v) a=\(a) straight=\(s)")
            }
        }
    }

    @Test func premultiplyRoundsToNearest() {
        for a in 0...255 {
            for v in 0...255 {
                let exact = Double(v) * Double(a) / 255
                let got = Double(PixelBuffer.premultiply(UInt8(v), UInt8(a)))
                #expect(abs(got - exact) <= 0.5, "v=\(v) a=\(a)")
            }
        }
    }

    @Test func unpremultiplyRoundsToNearest() {
        for a in 1...255 {
            for v in 0...a {
                let exact = Double(v) * 255 / Double(a)
                let got = Double(PixelBuffer.unpremultiply(UInt8(v), UInt8(a)))
                #expect(abs(got - exact) <= 0.5 + 1e-9, "v=\(v) a=\(a)")
            }
        }
    }

    @Test func startsTransparent() {
        let b = PixelBuffer(width: 3, height: 2)
        for i in 0..<b.byteCount { #expect(b.data[i] == 0) }
    }

    /// `isOpaque` (the PNG writer's RGB test) sees a translucent pixel
    /// anywhere: in a 64-pixel block, in the pairs after the blocks, or as
    /// the odd last pixel.
    @Test func opacityFindsAnyTranslucentPixel() {
        for (w, h) in [(1, 1), (3, 1), (7, 5), (64, 2), (65, 3), (129, 1), (640, 3)] {
            let b = PixelBuffer(width: w, height: h, filledWith: PremultipliedColor(r: 10, g: 20, b: 30, a: 255))
            #expect(b.isOpaque, "\(w)x\(h)")
            for i in Set([0, 1, w * h / 2, w * h - 2, w * h - 1].filter { $0 >= 0 && $0 < w * h }) {
                b.data[i * 4 + 3] = 254
                #expect(!b.isOpaque, "\(w)x\(h), pixel \(i)")
                b.data[i * 4 + 3] = 255
            }
        }
    }
}
