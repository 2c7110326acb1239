import CellImage
import CellRaster
import Foundation
import Testing

/// APNG: libpng's frames re-wrapped as fcTL/IDAT/fdAT chunks, read back by
/// Pillow (which composites frames as a viewer does): every frame exact,
/// times, the loop, only the changed box stored after the first frame.
@Suite struct APNGEncoderTests {
    @Test func framesAreExact() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Translucent frames over a transparent background, and opaque ones.
        let frames = (0..<6).map { i in
            i < 3 ? makeBuffer(50, 30) { x, y in
                x >= 5 * i && x < 5 * i + 10 && y < 20 ? (UInt8(40 * i), 100, 200, UInt8(60 + 60 * i)) : (0, 0, 0, 0)
            } : movingFrame(i, width: 50, height: 30)
        }
        let encoder = try AnimationEncoder(format: .png, path: dir + "/a.png", width: 50, height: 30, fps: 24, quality: nil)
        for f in frames { try encoder.append(f) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.png"))
        try encoder.finish()
        let summary = try ExternalReader.python("""
            from PIL import Image
            im = Image.open('a.png')
            print(im.format, im.is_animated, im.n_frames, im.info.get('loop'))
            durations = []
            for i in range(im.n_frames):
                im.seek(i); durations.append(round(im.info['duration'], 3))
            print(durations)
            """, in: dir)
        #expect(summary == "PNG True 6 0\n[41.667, 41.667, 41.667, 41.667, 41.667, 41.667]", "\(summary)")
        for (i, f) in frames.enumerated() {
            #expect(try ExternalReader.frame("a.png", i, in: dir) == f.straightRGBA(), "frame \(i)")
        }
        // libpng itself reads the file as a PNG: the first frame.
        let still = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png"))))
        #expect(still.straightRGBA() == frames[0].straightRGBA())
    }

    /// fcTL chunks, parsed independently: sequence numbers in order across
    /// fcTL and fdAT, and a later frame only as large as its change.
    @Test func laterFramesHoldTheirChangedBox() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let encoder = try AnimationEncoder(format: .png, path: dir + "/b.png", width: 120, height: 60, fps: 30, quality: nil)
        for i in 0..<3 { try encoder.append(movingFrame(i)) }
        try encoder.append(movingFrame(2)) // unchanged: a one-pixel frame
        try encoder.finish()
        let chunks = try ExternalReader.python("""
            import struct, zlib
            d = open('b.png', 'rb').read(); i = 8; seq = []
            while i < len(d):
                n, t = struct.unpack('>I4s', d[i:i+8]); body = d[i+8:i+8+n]
                assert struct.unpack('>I', d[i+8+n:i+12+n])[0] == zlib.crc32(d[i+4:i+8+n]), t
                if t == b'acTL': print('acTL', struct.unpack('>II', body))
                if t == b'fcTL':
                    s, w, h, x, y, dn, dd, dop, bop = struct.unpack('>IIIIIHHBB', body); seq.append(s)
                    print('fcTL', w, h, x, y, dn, dd, dop, bop)
                if t == b'fdAT': seq.append(struct.unpack('>I', body[:4])[0])
                i += 12 + n
            print(seq == list(range(len(seq))))
            """, in: dir)
        #expect(chunks == """
            acTL (4, 0)
            fcTL 120 60 0 0 1 30 0 0
            fcTL 26 40 0 10 1 30 0 0
            fcTL 26 40 6 10 1 30 0 0
            fcTL 1 1 0 0 1 30 0 0
            True
            """, "\(chunks)")
    }

    @Test func oneFrameIsAPlainPNG() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frame = movingFrame(3)
        let encoder = try AnimationEncoder(format: .png, path: dir + "/one.png", width: 120, height: 60, fps: 12.5, quality: nil)
        try encoder.append(frame)
        try encoder.finish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/one.png")))
        #expect(bytes == (try PNGCodec.encode(frame)))
    }

    /// Fractional fps: each frame's delay in milliseconds, summing exactly.
    @Test func fractionalRate() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let encoder = try AnimationEncoder(format: .png, path: dir + "/r.png", width: 8, height: 8, fps: 29.97, quality: nil)
        for i in 0..<30 { try encoder.append(makeBuffer(8, 8) { _, _ in (UInt8(i * 8), 0, 0, 255) }) }
        try encoder.finish()
        #expect(try ExternalReader.python("""
            from PIL import Image
            im = Image.open('r.png'); total = 0
            for i in range(im.n_frames):
                im.seek(i); total += im.info['duration']
            print(im.n_frames, round(total))
            """, in: dir) == "30 1001")
    }
}
