import CellGeometry
import CellRaster
import Foundation
import Testing
import CellImage

@Suite struct CodecTests {
    /// A buffer holding every alpha value with varied colors.
    func gradientBuffer() -> PixelBuffer {
        let b = PixelBuffer(width: 256, height: 3)
        for x in 0..<256 {
            for y in 0..<3 {
                let a = UInt8(x)
                let p = b.data + (y * 256 + x) * 4
                p[0] = PixelBuffer.premultiply(UInt8((x * 7 + y * 50) & 255), a)
                p[1] = PixelBuffer.premultiply(UInt8((x * 3) & 255), a)
                p[2] = PixelBuffer.premultiply(UInt8(255 - x), a)
                p[3] = a
            }
        }
        return b
    }

    @Test func pngRoundTripsPixelForPixel() throws {
        let b = gradientBuffer()
        let png = try PNGCodec.encode(b)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let (w, h, rgba) = try PNGCodec.decodeStraight(png)
        #expect(w == 256 && h == 3)
        #expect(rgba == b.straightRGBA())
        let back = try PNGCodec.decode(png)
        #expect(memcmp(back.data, b.data, b.byteCount) == 0)
    }

    /// Images of 256 KiB of data or more are compressed in two row bands on
    /// two threads and joined into one zlib stream: every size around that
    /// line (odd heights, one row, opaque and not) decodes to its pixels,
    /// and libpng's reader checks the stream's Adler-32 and each chunk's CRC.
    /// Rows are filtered and compressed 64 KiB at a time: a tall image
    /// crosses many such steps, a row wider than one takes a step each.
    @Test(arguments: [(300, 217), (256, 257), (1024, 1), (700, 3), (641, 333), (1, 2), (6, 3), (7, 2), (40, 5000), (20000, 9)])
    func pngInTwoBandsRoundTrips(width: Int, height: Int) throws {
        for opaque in [true, false] {
            let b = PixelBuffer(width: width, height: height)
            var seed: UInt32 = 12345
            for i in 0..<(width * height) {
                seed = seed &* 1664525 &+ 1013904223
                let a: UInt8 = opaque ? 255 : UInt8(truncatingIfNeeded: seed >> 24)
                // Runs of equal pixels and noise, as rendered UI has.
                let v = (i / 37) % 3 == 0 ? UInt8(truncatingIfNeeded: seed >> 8) : UInt8(i / 91 % 256)
                b.data[i * 4] = PixelBuffer.premultiply(v, a)
                b.data[i * 4 + 1] = PixelBuffer.premultiply(v &+ 40, a)
                b.data[i * 4 + 2] = PixelBuffer.premultiply(255 &- v, a)
                b.data[i * 4 + 3] = a
            }
            let png = try PNGCodec.encode(b)
            let (w, h, rgba) = try PNGCodec.decodeStraight(png)
            #expect(w == width && h == height)
            #expect(rgba == b.straightRGBA(), "\(width)x\(height) opaque \(opaque)")
        }
    }

    @Test func pngBytesAreDeterministicAndHaveNoTimeChunk() throws {
        let b = gradientBuffer()
        let one = try PNGCodec.encode(b), two = try PNGCodec.encode(b)
        #expect(one == two)
        let text = String(decoding: one, as: UTF8.self)
        #expect(!text.contains("tIME"))
        #expect(!text.contains("tEXt"))
    }

    @Test func ppmIsCompositedOverWhite() {
        let b = PixelBuffer(width: 2, height: 1)
        // pixel 0: transparent -> white; pixel 1: red at alpha 128 (premultiplied 128,0,0)
        b.data[4] = 128
        b.data[7] = 128
        let ppm = Netpbm.ppm(b)
        let header = Array("P6\n2 1\n255\n".utf8)
        #expect(Array(ppm.prefix(header.count)) == header)
        #expect(Array(ppm.dropFirst(header.count)) == [255, 255, 255, 255, 127, 127])
    }

    @Test func pamHasAlphaAndStraightValues() {
        let b = PixelBuffer(width: 1, height: 1)
        b.data[0] = 64
        b.data[3] = 128
        let pam = Netpbm.pam(b)
        let header = Array("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        #expect(Array(pam.prefix(header.count)) == header)
        #expect(Array(pam.dropFirst(header.count)) == [128, 0, 0, 128])
    }

    @Test func formatsByExtension() throws {
        #expect(try ImageFormat.forPath("a/b/out.PNG") == .png)
        #expect(try ImageFormat.forPath("x.ppm") == .ppm)
        #expect(try ImageFormat.forPath("x.pam") == .pam)
        #expect(try ImageFormat.forPath("x.jpg") == .jpeg)
        #expect(throws: ImageError.self) { try ImageFormat.forPath("x.tiff") }
        #expect(throws: ImageError.self) { try ImageFormat.forPath("dir.d/noext") }
        #expect(throws: ImageError.self) { try ImageFormat.forPath(".png") }
    }

    @Test func truncatedAndBogusPNGsAreErrors() throws {
        let png = try PNGCodec.encode(gradientBuffer())
        #expect(throws: ImageError.self) { try PNGCodec.decode(Array(png.prefix(png.count / 2))) }
        #expect(throws: ImageError.self) { try PNGCodec.decode(Array("not a png at all".utf8)) }
        #expect(throws: ImageError.self) { try PNGCodec.decode([]) }
    }
}

/// JPEG out through libjpeg: our own decoder (libjpeg too) reads it back at
/// its size, over white, within JPEG's loss; a higher quality is closer and
/// bigger; every format the extension names is known.
@Suite struct JPEGEncodeTests {
    func buffer() -> PixelBuffer {
        let b = PixelBuffer(width: 64, height: 48, filledWith: .clear)
        for y in 0..<48 {
            for x in 0..<64 {
                let p = b.data + (y * 64 + x) * 4
                if x < 32 { (p[0], p[1], p[2], p[3]) = (200, 40, 40, 255) } // opaque red
                else if y < 24 { (p[0], p[1], p[2], p[3]) = (0, 0, 0, 0) } // transparent: white in JPEG
                else { (p[0], p[1], p[2], p[3]) = (0, 0, 128, 128) } // half-transparent blue, premultiplied
            }
        }
        return b
    }

    @Test func aJPEGReadsBackOverWhite() throws {
        let bytes = try JPEGCodec.encode(buffer(), quality: 95)
        #expect(JPEGCodec.isJPEG(bytes))
        let back = try JPEGCodec.decode(bytes)
        #expect(back.width == 64 && back.height == 48)
        func px(_ x: Int, _ y: Int) -> [Int] { let p = back.data + (y * 64 + x) * 4; return [Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3])] }
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 8 } }
        #expect(near(px(10, 10), [200, 40, 40, 255]), "\(px(10, 10))")
        #expect(near(px(50, 10), [255, 255, 255, 255]), "\(px(50, 10))")
        #expect(near(px(50, 40), [127, 127, 255, 255]), "\(px(50, 40))") // blue at 50% over white
        let low = try JPEGCodec.encode(buffer(), quality: 10)
        #expect(low.count < bytes.count)
        #expect(try ImageFormat.forPath("a.JPG") == .jpeg && ImageFormat.forPath("b.jpeg") == .jpeg)
        #expect(throws: ImageError.self) { try JPEGCodec.encode(PixelBuffer(width: 70_000, height: 1, filledWith: .clear)) }
    }
}
