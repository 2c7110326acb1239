import CellImage
import CellRaster
import Foundation
import Testing

/// GIF through libimagequant and giflib, read back by Pillow: frame count,
/// times, loop, the changed box of later frames, transparency, and pixels
/// within the palette's and dithering's tolerance.
@Suite struct GIFEncoderTests {
    /// Pixels of `a` and `b` (straight RGBA) compared on color where `b` is
    /// opaque: the mean and largest channel difference.
    func difference(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, worst: Int) {
        var total = 0, worst = 0, count = 0
        for i in stride(from: 0, to: min(a.count, b.count), by: 4) where b[i + 3] == 255 {
            for c in 0..<3 {
                let d = abs(Int(a[i + c]) - Int(b[i + c]))
                total += d
                worst = max(worst, d)
                count += 1
            }
        }
        return (count == 0 ? 0 : Double(total) / Double(count), worst)
    }

    @Test func stillIsOneFrameCloseToTheImage() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Far more than 256 colors: the palette and dithering approximate.
        let b = makeBuffer(160, 100) { x, y in (UInt8(x + 40), UInt8(y * 2), UInt8((x + y) & 255), 255) }
        let bytes = try ImageFormat.forPath("s.gif").encode(b)
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/s.gif"))
        #expect(try ExternalReader.python("""
            from PIL import Image
            im = Image.open('s.gif'); print(im.n_frames, im.size, 'loop' in im.info)
            """, in: dir) == "1 (160, 100) False")
        // Tolerance for 256 dithered colors: 6 levels on average, 64 at most.
        let d = difference(try ExternalReader.frame("s.gif", 0, in: dir), b.straightRGBA())
        #expect(d.mean < 6 && d.worst <= 64, "\(d)")
        // Few colors: exact.
        let flat = makeBuffer(30, 20) { x, _ in x < 15 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        try Data(try GIFEncoder.still(flat)).write(to: URL(fileURLWithPath: dir + "/f.gif"))
        #expect(try ExternalReader.frame("f.gif", 0, in: dir) == flat.straightRGBA())
    }

    @Test func animationFramesTimesAndChangedBoxes() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = (0..<10).map { movingFrame($0) }
        let encoder = try AnimationEncoder(format: .gif, path: dir + "/m.gif", width: 120, height: 60, fps: 30, quality: nil)
        for f in frames { try encoder.append(f) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/m.gif"))
        try encoder.finish()
        let summary = try ExternalReader.python("""
            from PIL import Image
            im = Image.open('m.gif')
            print(im.n_frames, im.info.get('loop'))
            durations = []
            for i in range(im.n_frames):
                im.seek(i); durations.append(im.info['duration'])
                if i == 1: print(im.tile[0][1])
            print(durations)
            """, in: dir)
        let lines = summary.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(summary)")
        #expect(lines.first == "10 0")
        // Frame 2 stores only what changed: the square moved from x 0-19 to
        // 6-25 (rows 10-29), the bar grew from x 0-9 to 0-13 (rows 40-49).
        #expect(lines.dropFirst().first == "(0, 10, 26, 50)", "\(summary)")
        // Frame i starts at i/30 s rounded to 1/100: 3, 4, 3 hundredths..., 0.33 s in all.
        #expect(lines.last == "[30, 40, 30, 30, 40, 30, 30, 40, 30, 30]", "\(summary)")
        // Each frame, composited as a viewer shows it, close to what was drawn.
        for i in [0, 1, 5, 9] {
            let d = difference(try ExternalReader.frame("m.gif", i, in: dir), frames[i].straightRGBA())
            #expect(d.mean < 3 && d.worst <= 64, "frame \(i): \(d)")
        }
        // The square itself (few colors) is exact in every frame shown.
        let last = try ExternalReader.frame("m.gif", 9, in: dir)
        let o = (20 * 120 + 6 * 9 + 10) * 4
        #expect(Array(last[o..<(o + 4)]) == [20, 40, 230, 255])
    }

    /// 60 frames at 30 fps last exactly 2 s: rounding does not add up.
    @Test func delaysAccumulate() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let encoder = try AnimationEncoder(format: .gif, path: dir + "/t.gif", width: 8, height: 8, fps: 30, quality: nil)
        for i in 0..<60 { try encoder.append(makeBuffer(8, 8) { _, _ in (UInt8(i * 4), 0, 0, 255) }) }
        try encoder.finish()
        #expect(try ExternalReader.python("""
            from PIL import Image
            im = Image.open('t.gif'); total = 0
            for i in range(im.n_frames):
                im.seek(i); total += im.info['duration']
            print(im.n_frames, total)
            """, in: dir) == "60 2000")
    }

    /// Transparent pixels stay transparent, and pixels that turn
    /// transparent are cleared, also ones the frame before did not draw.
    @Test func transparencyAndClearing() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func square(_ x0: Int, _ y0: Int) -> (Int, Int) -> Bool { { x, y in x >= x0 && x < x0 + 8 && y >= y0 && y < y0 + 8 } }
        let a = square(2, 2), b = square(30, 2), b2 = square(30, 12)
        let frames = [
            makeBuffer(40, 24) { x, y in a(x, y) ? (255, 0, 0, 255) : b(x, y) ? (0, 0, 255, 255) : (0, 0, 0, 0) },
            // b moves down: the frame's box is around b only.
            makeBuffer(40, 24) { x, y in a(x, y) ? (255, 0, 0, 255) : b2(x, y) ? (0, 0, 255, 255) : (0, 0, 0, 0) },
            // a goes: it lies outside the frame before's box.
            makeBuffer(40, 24) { x, y in b2(x, y) ? (0, 0, 255, 255) : (0, 0, 0, 0) },
            // Translucent pixels: alpha 100 is transparent, 200 opaque.
            makeBuffer(40, 24) { x, y in b2(x, y) ? (0, 0, 255, x < 34 ? 100 : 200) : (0, 0, 0, 0) },
        ]
        let encoder = try AnimationEncoder(format: .gif, path: dir + "/c.gif", width: 40, height: 24, fps: 10, quality: nil)
        for f in frames { try encoder.append(f) }
        try encoder.finish()
        for (i, f) in frames.enumerated() {
            let back = try ExternalReader.frame("c.gif", i, in: dir)
            let want = f.straightRGBA()
            for p in stride(from: 0, to: want.count, by: 4) {
                let shown = want[p + 3] >= 128
                if shown {
                    #expect(Array(back[p..<(p + 3)]) == Array(want[p..<(p + 3)]) && back[p + 3] == 255, "frame \(i) pixel \(p / 4)")
                } else {
                    #expect(back[p + 3] == 0, "frame \(i) pixel \(p / 4 % 40), \(p / 4 / 40) is shown")
                }
            }
        }
    }

    @Test func oversizedIsRefused() throws {
        #expect(throws: ImageError.encode("a GIF is 1 to 65535 pixels on a side, not 65536x1")) {
            try AnimationEncoder(format: .gif, path: "/nonexistent/x.gif", width: 65536, height: 1, fps: 10, quality: nil)
        }
        #expect(throws: ImageError.encode("a GIF is 1 to 65535 pixels on a side, not 1x70000")) {
            try GIFEncoder.still(PixelBuffer(width: 1, height: 70000))
        }
    }
}
