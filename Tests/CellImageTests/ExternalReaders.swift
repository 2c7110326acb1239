import CellRaster
import CellTestSupport
import Foundation
import Testing

/// Independent readers of the encoders' files: Debian's python3 with Pillow
/// (python3-pil), webpinfo (webp) and ffprobe (ffmpeg), all installed by
/// scripts/setup. A missing one fails the test naming the package, never
/// skips it.
enum ExternalReader {
    typealias Output = ExternalTool.Output

    /// Runs the program at `path` with `arguments` in `directory`.
    static func run(_ path: String, _ arguments: [String], in directory: String, package: String) throws -> Output {
        try ExternalTool.run(path, arguments, in: directory, package: package)
    }

    /// Runs `code` in Debian's /usr/bin/python3 with Pillow; its standard
    /// output, trimmed.
    static func python(_ code: String, in directory: String) throws -> String {
        let check = try run("/usr/bin/python3", ["-c", "import PIL"], in: directory, package: "python3-pil")
        guard check.status == 0 else {
            Issue.record("Pillow is missing from /usr/bin/python3: scripts/setup installs it (Debian package python3-pil)")
            throw CocoaError(.fileNoSuchFile)
        }
        let r = try run("/usr/bin/python3", ["-c", code], in: directory, package: "python3-pil")
        #expect(r.status == 0, "python3: \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Frame `index` of `file` as Pillow shows it (composited with the
    /// frames before, as a viewer would), as straight RGBA8.
    static func frame(_ file: String, _ index: Int, in directory: String) throws -> [UInt8] {
        let raw = directory + "/.frame-\(UUID().uuidString).rgba"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        _ = try python("""
            from PIL import Image
            im = Image.open('\(file)')
            im.seek(\(index))
            open('\(raw)', 'wb').write(im.convert('RGBA').tobytes())
            """, in: directory)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    }
}

/// A fresh folder for a test's files.
func scratchFolder() -> String {
    let path = NSTemporaryDirectory() + "celllua-codecs-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A premultiplied buffer of `width` x `height` from a function of (x, y)
/// giving straight RGBA.
func makeBuffer(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> PixelBuffer {
    let b = PixelBuffer(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let (r, g, bl, a) = pixel(x, y)
            let p = b.data + (y * width + x) * 4
            p[0] = PixelBuffer.premultiply(r, a)
            p[1] = PixelBuffer.premultiply(g, a)
            p[2] = PixelBuffer.premultiply(bl, a)
            p[3] = a
        }
    }
    return b
}

/// A frame of a test animation: a vertical gradient background (opaque),
/// a blue 20x20 square at x = 6i, y = 10, and a translucent green bar.
func movingFrame(_ i: Int, width: Int = 120, height: Int = 60) -> PixelBuffer {
    makeBuffer(width, height) { x, y in
        if x >= 6 * i && x < 6 * i + 20 && y >= 10 && y < 30 { return (20, 40, 230, 255) }
        if y >= 40 && y < 50 && x < 4 * i + 10 { return (30, 200, 60, 255) }
        return (UInt8(200 - y), UInt8(210 - y / 2), 240, 255)
    }
}
