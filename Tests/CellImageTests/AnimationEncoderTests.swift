import CellImage
import CellRaster
import Foundation
import Testing

/// What every animated format shares: the formats and extensions, frames of
/// one size, nothing written before `finish` or after a failure.
@Suite struct AnimationEncoderTests {
    @Test func formats() throws {
        #expect(try ImageFormat.forPath("a/b.WebP") == .webp)
        #expect(try ImageFormat.forPath("b.gif") == .gif)
        #expect(try ImageFormat.forPath("b.mp4") == .mp4)
        #expect(ImageFormat.allCases.filter(\.supportsAnimation) == [.png, .webp, .gif, .mp4])
        #expect(throws: ImageError.unknownFormat("unknown image format '.bmp' for 'x.bmp'; use .png, .jpg, .webp, .gif, .ppm, .pam, .svg, .pdf or .mp4")) {
            try ImageFormat.forPath("x.bmp")
        }
        #expect(throws: ImageError.encode(".jpeg holds one image, not an animation; use .gif, .webp, .png (APNG) or .mp4")) {
            try AnimationEncoder(format: .jpeg, path: "/nonexistent/a.jpg", width: 4, height: 4, fps: 10, quality: nil)
        }
        #expect(throws: ImageError.encode("an animation's frames per second must be a positive number, got 0.0")) {
            try AnimationEncoder(format: .gif, path: "/nonexistent/a.gif", width: 4, height: 4, fps: 0, quality: nil)
        }
    }

    @Test(arguments: [ImageFormat.gif, .webp, .png, .mp4])
    func framesOfAnotherSizeAreRefused(_ format: ImageFormat) throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a." + format.rawValue
        let encoder = try AnimationEncoder(format: format, path: path, width: 20, height: 10, fps: 10, quality: nil)
        try encoder.append(movingFrame(0, width: 20, height: 10))
        #expect(throws: ImageError.encode("an animation's frames must all be 20x10 pixels; frame 2 is 10x20")) {
            try encoder.append(PixelBuffer(width: 10, height: 20))
        }
        try encoder.append(movingFrame(1, width: 20, height: 10))
        #expect(encoder.frameCount == 2)
        encoder.cancel()
        #expect((try FileManager.default.contentsOfDirectory(atPath: dir)).isEmpty)
        #expect(throws: ImageError.encode("the animation '\(path)' is already finished or cancelled")) { try encoder.finish() }
    }

    @Test(arguments: [ImageFormat.gif, .webp, .png, .mp4])
    func noFramesWritesNothing(_ format: ImageFormat) throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/e." + format.rawValue
        let encoder = try AnimationEncoder(format: format, path: path, width: 20, height: 10, fps: 10, quality: nil)
        #expect(throws: ImageError.encode("the animation '\(path)' has no frames")) { try encoder.finish() }
        #expect((try FileManager.default.contentsOfDirectory(atPath: dir)).isEmpty)
    }

    /// A finished animation replaces the file at its path whole, keeping
    /// its permissions (as every writer through AtomicFile does).
    @Test(arguments: [ImageFormat.gif, .webp, .png, .mp4])
    func replacesAnExistingFile(_ format: ImageFormat) throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/r." + format.rawValue
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let encoder = try AnimationEncoder(format: format, path: path, width: 20, height: 10, fps: 10, quality: nil)
        for i in 0..<3 { try encoder.append(movingFrame(i, width: 20, height: 10)) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("old".utf8))
        try encoder.finish()
        #expect((try Data(contentsOf: URL(fileURLWithPath: path))).count > 40)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["r." + format.rawValue])
    }
}
