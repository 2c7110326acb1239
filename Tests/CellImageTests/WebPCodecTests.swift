import CellImage
import CellRaster
import Foundation
import Testing

/// WebP through libwebp, read back by Pillow (libwebp's own decoder, but a
/// separate program) and webpinfo: lossless exact, lossy close and smaller,
/// alpha kept, animations with their frames, times and loop.
@Suite struct WebPCodecTests {
    /// Every alpha value, colors varying along both axes.
    static func translucent() -> PixelBuffer { makeBuffer(256, 12) { x, y in
        (UInt8((x * 7 + y * 20) & 255), UInt8(x), UInt8(255 - x), UInt8(x))
    } }

    @Test func losslessIsExact() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let b = Self.translucent()
        let bytes = try ImageFormat.forPath("x.WEBP").encode(b)
        #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/a.webp"))
        #expect(try ExternalReader.python("""
            from PIL import Image
            im = Image.open('a.webp'); print(im.format, im.mode, im.size)
            """, in: dir) == "WEBP RGBA (256, 12)")
        #expect(try ExternalReader.frame("a.webp", 0, in: dir) == b.straightRGBA())
    }

    @Test func lossyIsCloseSmallerAndKeepsAlpha() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A photograph-like picture (gradients with fine texture) with a
        // translucent band: lossy's kind of image.
        let b = makeBuffer(200, 120) { x, y in
            let grain = (x &* 2654435761 ^ y &* 40503) >> 7 & 15
            return (UInt8(x + grain / 2), UInt8(y * 2), UInt8((x + y) / 2 + grain), y >= 100 ? 128 : 255)
        }
        let lossless = try WebPCodec.encode(b)
        let q90 = try WebPCodec.encode(b, quality: 90)
        let q20 = try WebPCodec.encode(b, quality: 20)
        #expect(q20.count < q90.count && q90.count < lossless.count, "\(q20.count) \(q90.count) \(lossless.count)")
        try Data(q90).write(to: URL(fileURLWithPath: dir + "/q.webp"))
        let back = try ExternalReader.frame("q.webp", 0, in: dir)
        let want = b.straightRGBA()
        #expect(back.count == want.count)
        // Alpha is lossless; color within 12 levels on average over the
        // opaque part, every channel within 48.
        var total = 0, worst = 0, count = 0
        for i in stride(from: 0, to: want.count, by: 4) {
            #expect(back[i + 3] == want[i + 3])
            guard want[i + 3] == 255 else { continue }
            for c in 0..<3 {
                let d = abs(Int(back[i + c]) - Int(want[i + c]))
                total += d
                worst = max(worst, d)
                count += 1
            }
        }
        #expect(Double(total) / Double(count) < 3 && worst <= 48, "mean \(Double(total) / Double(count)) worst \(worst)")
    }

    @Test func oversizedIsRefused() throws {
        let wide = PixelBuffer(width: 16384, height: 1)
        #expect(throws: ImageError.encode("a WebP is 1 to 16383 pixels on a side, not 16384x1")) {
            try WebPCodec.encode(wide)
        }
        #expect(throws: ImageError.encode("a WebP is 1 to 16383 pixels on a side, not 1x20000")) {
            try AnimationEncoder(format: .webp, path: "/nonexistent/x.webp", width: 1, height: 20000, fps: 10, quality: nil)
        }
    }

    @Test func animationHasItsFramesTimesAndLoop() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = (0..<12).map { movingFrame($0) }
        let encoder = try AnimationEncoder(format: .webp, path: dir + "/m.webp", width: 120, height: 60, fps: 30, quality: nil)
        for f in frames { try encoder.append(f) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/m.webp"))
        try encoder.finish()
        // webpinfo: a valid animated file, 12 frames, looping forever, lossless.
        let info = try ExternalReader.run("/usr/bin/webpinfo", ["m.webp"], in: dir, package: "webp")
        #expect(info.status == 0 && info.stdout.contains("No error detected."), "\(info.stdout)\(info.stderr)")
        #expect(info.stdout.contains("Animation: 1") && info.stdout.contains("Canvas size 120 x 60"))
        #expect(info.stdout.contains("Loop count      : 0"))
        #expect(info.stdout.components(separatedBy: "Chunk ANMF").count - 1 == 12)
        #expect(!info.stdout.contains("Lossy"))
        // Durations: 33 or 34 ms, 400 in all (12 frames at 30 fps).
        let durations = info.stdout.split(separator: "\n").filter { $0.contains("Duration:") }
            .compactMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
        #expect(durations.count == 12 && durations.reduce(0, +) == 400 && durations.allSatisfy { $0 == 33 || $0 == 34 }, "\(durations)")
        #expect(try ExternalReader.python("""
            from PIL import Image
            im = Image.open('m.webp'); print(im.n_frames, im.info.get('loop'))
            """, in: dir) == "12 0")
        // Lossless: every frame as drawn.
        for i in [0, 1, 7, 11] {
            #expect(try ExternalReader.frame("m.webp", i, in: dir) == frames[i].straightRGBA(), "frame \(i)")
        }
    }

    @Test func lossyAnimation() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let encoder = try AnimationEncoder(format: .webp, path: dir + "/l.webp", width: 120, height: 60, fps: 10, quality: 70)
        for i in 0..<5 { try encoder.append(movingFrame(i)) }
        try encoder.finish()
        let info = try ExternalReader.run("/usr/bin/webpinfo", ["l.webp"], in: dir, package: "webp")
        #expect(info.status == 0 && info.stdout.contains("Lossy"), "\(info.stdout)")
        #expect(try ExternalReader.python("""
            from PIL import Image
            im = Image.open('l.webp'); print(im.n_frames, im.size)
            """, in: dir) == "5 (120, 60)")
    }
}
