import CellGeometry
import Testing
@testable import CellRaster

/// An image at a whole-pixel offset (a layer placed back, a 1:1 image) is
/// shaded as row copies with the ends clamped to the edge columns, and its
/// alpha applied four pixels at a time: every run, inside the image or
/// reaching past either side, gets what sampling each pixel gives.
@Suite struct ImageShaderTests {
    @Test func offsetImagesAreRowCopiesOfTheClampedSamples() {
        var random = SeededRandom(5)
        let image = PixelBuffer(width: 7, height: 5)
        let words = UnsafeMutableRawPointer(image.data).assumingMemoryBound(to: UInt32.self)
        for i in 0..<(7 * 5) { words[i] = random.premultipliedPixel() }
        var checked = 0
        for alpha in [1.0, 0.8, 0.3] {
            for (dx, dy) in [(0, 0), (3, -2), (-4, 1)] {
                let shader = ImageShader(source: image, deviceToImage: .translation(Double(dx), Double(dy)), alpha: alpha)
                #expect(shader.offset != nil)
                let a = UInt32((alpha * 255).rounded())
                for y in -3..<8 {
                    for x in -12..<10 {
                        for count in 1...20 {
                            var out = [UInt32](repeating: 0, count: count)
                            out.withUnsafeMutableBufferPointer { shader.shade(x: x, y: y, count: count, into: $0.baseAddress!) }
                            let row = Swift.min(Swift.max(y + dy, 0), 4)
                            let expected = (0..<count).map { n -> UInt32 in
                                let word = words[row * 7 + Swift.min(Swift.max(x + n + dx, 0), 6)]
                                return a == 255 ? word : Composite.scale(word, a)
                            }
                            if out != expected { Issue.record("x \(x) y \(y) count \(count) offset \(dx),\(dy) alpha \(alpha)") }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 3 * 3 * 11 * 22 * 20)
    }
}
