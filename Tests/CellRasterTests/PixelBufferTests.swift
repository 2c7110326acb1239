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
}
