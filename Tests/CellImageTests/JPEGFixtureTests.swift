import CellImage
import Foundation
import Testing

/// JPEG input. The fixtures are 32x32 images of four solid 16x16 quadrants
/// written once by Pillow at quality 95: `color420.jpg` (YCbCr, 4:2:0),
/// `color444-progressive.jpg` (progressive, 4:4:4), `gray.jpg` (levels 0,
/// 85, 170, 255), `cmyk.jpg` (Adobe-inverted CMYK: cyan, magenta, yellow,
/// black ink) and `truncated.jpg` (the first 60% of color420.jpg).
///
/// Expectations come from what the files were made of, not from another
/// decoder: the middle of each quadrant, where neither the block edges'
/// ringing nor chroma subsampling reach, within 4 levels (quality 95's
/// quantization of a flat block).
@Suite struct JPEGFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    func load(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.directory)/\(name)")))
    }

    static let quadrants: [(String, [[Int]])] = [
        ("color420.jpg", [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]),
        ("color444-progressive.jpg", [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]),
        ("gray.jpg", [[0, 0, 0], [85, 85, 85], [170, 170, 170], [255, 255, 255]]),
        ("cmyk.jpg", [[0, 255, 255], [255, 0, 255], [255, 255, 0], [0, 0, 0]]),
    ]

    @Test(arguments: quadrants)
    func decodesEachQuadrant(_ name: String, _ colors: [[Int]]) throws {
        let bytes = try load(name)
        #expect(JPEGCodec.isJPEG(bytes))
        let image = try JPEGCodec.decodeStraight(bytes)
        #expect(image.width == 32 && image.height == 32)
        for (i, color) in colors.enumerated() {
            for (dx, dy) in [(4, 4), (8, 8), (11, 11), (5, 10)] {
                let x = (i % 2) * 16 + dx, y = (i / 2) * 16 + dy
                let o = (y * 32 + x) * 4
                let got = image.rgba[o..<o + 4].map(Int.init)
                let close = zip(got.prefix(3), color).allSatisfy { abs($0 - $1) <= 4 }
                #expect(close && got[3] == 255, "\(name) (\(x), \(y)): \(got), expected \(color)")
            }
        }
    }

    /// Through the sniffing decoder `cell.image` uses: PNG or JPEG by content.
    @Test func imageDecoderTellsFormatsApartByContent() throws {
        let jpeg = try ImageDecoder.decode(try load("color420.jpg"))
        #expect(jpeg.width == 32)
        let png = try ImageDecoder.decode(try load("rgb8.png"))
        #expect(png.width > 0)
        #expect(throws: ImageError.decode("not a PNG or JPEG file")) { try ImageDecoder.decode(Array("GIF89a".utf8)) }
    }

    /// Broken files are errors with a reason, never gray bands or crashes.
    @Test func badFilesAreClearErrors() throws {
        #expect(throws: ImageError.decode("truncated JPEG data")) { try JPEGCodec.decode(try load("truncated.jpg")) }
        #expect(throws: ImageError.decode("not a JPEG file")) { try JPEGCodec.decode([0x89, 0x50, 0x4E, 0x47]) }
        // A valid start, then garbage: libjpeg's own reason.
        let garbage: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x42, count: 64)
        #expect {
            try JPEGCodec.decode(garbage)
        } throws: { error in
            "\(error)".hasPrefix("bad JPEG data:") || "\(error)" == "truncated JPEG data"
        }
        // Every prefix of a good file fails cleanly or decodes.
        let good = try load("color444-progressive.jpg")
        for n in stride(from: 0, to: good.count, by: 7) {
            _ = try? JPEGCodec.decode(Array(good.prefix(n)))
        }
    }

    /// The size a file declares, read from its header without decoding (so
    /// that what decoding will allocate is counted first): every fixture's,
    /// and nothing from a prefix too short to hold it, or from other bytes.
    @Test func headerSizesAreReadWithoutDecoding() throws {
        for name in ["color420.jpg", "color444-progressive.jpg", "gray.jpg", "cmyk.jpg", "rgb8.png", "gray1.png"] {
            let bytes = try load(name)
            let decoded = try ImageDecoder.decode(bytes)
            let size = try #require(ImageDecoder.pixelSize(of: bytes), "\(name)")
            #expect(size.width == decoded.width && size.height == decoded.height, "\(name)")
        }
        #expect(ImageDecoder.pixelSize(of: Array(try load("rgb8.png").prefix(20))) == nil)
        #expect(ImageDecoder.pixelSize(of: Array("GIF89a".utf8)) == nil)
        #expect(ImageDecoder.pixelSize(of: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]) == nil, "a marker length below 2")
        // Every prefix of a JPEG: a size or nil, never a crash.
        let jpeg = try load("color420.jpg")
        for n in 0..<min(jpeg.count, 400) { _ = ImageDecoder.pixelSize(of: Array(jpeg.prefix(n))) }
    }
}
