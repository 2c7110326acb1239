import CellImage
import CellRaster
import Foundation

/// Compares rendered pixels with golden images and, on a mismatch, writes the
/// actual image and a diff image next to the test's failures folder, so a
/// person can look at what changed.
public enum ImageComparison {
    /// The result of comparing two premultiplied RGBA8 images of one size.
    public struct Difference: CustomStringConvertible {
        /// Largest per-channel difference (0...255).
        public var maxChannel: Int
        /// Pixels whose largest channel difference exceeds the tolerance.
        public var pixelsOver: Int
        /// Mean absolute per-channel difference over all channels.
        public var mean: Double
        public var description: String {
            "max channel difference \(maxChannel), \(pixelsOver) pixels over tolerance, mean \(String(format: "%.4f", mean))"
        }
    }

    /// Per-channel comparison; `tolerance` is the largest per-channel
    /// difference that still counts as equal.
    public static func compare(_ a: PixelBuffer, _ b: PixelBuffer, tolerance: Int = 0) -> Difference? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var maxChannel = 0, over = 0, total = 0
        for i in 0..<(a.width * a.height) {
            var worst = 0
            for c in 0..<4 {
                let d = abs(Int(a.data[i * 4 + c]) - Int(b.data[i * 4 + c]))
                total += d
                worst = max(worst, d)
            }
            maxChannel = max(maxChannel, worst)
            if worst > tolerance { over += 1 }
        }
        return Difference(maxChannel: maxChannel, pixelsOver: over,
                          mean: Double(total) / Double(a.width * a.height * 4))
    }

    /// A diff image: differing pixels in red, brighter for larger differences,
    /// over a faded copy of `expected`.
    public static func diffImage(_ actual: PixelBuffer, _ expected: PixelBuffer) -> PixelBuffer {
        let out = PixelBuffer(width: actual.width, height: actual.height)
        for i in 0..<(actual.width * actual.height) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(actual.data[i * 4 + c]) - Int(expected.data[i * 4 + c]))) }
            let p = out.data + i * 4
            if worst > 0 {
                p[0] = UInt8(min(255, 128 + worst * 2))
                p[1] = 0
                p[2] = 0
                p[3] = 255
            } else {
                let gray = UInt8(200 + Int(expected.data[i * 4 + 3]) * 55 / 255 / 4)
                p[0] = gray
                p[1] = gray
                p[2] = gray
                p[3] = 255
            }
        }
        return out
    }

    /// How far an image may be from its golden: pixels may differ by at
    /// most `maxChannel` levels in any channel, and at most `maxFraction` of
    /// all pixels may differ at all. `exact` allows nothing.
    public struct Tolerance: Sendable, CustomStringConvertible {
        public var maxChannel: Int
        public var maxFraction: Double
        public init(maxChannel: Int, maxFraction: Double) {
            self.maxChannel = maxChannel
            self.maxFraction = maxFraction
        }
        public static let exact = Tolerance(maxChannel: 0, maxFraction: 0)

        /// Whether `difference` (from `compare(_:_:tolerance: 0)`, so that
        /// `pixelsOver` counts every differing pixel) of an image of
        /// `pixels` pixels is within this tolerance.
        public func allows(_ difference: Difference, pixels: Int) -> Bool {
            difference.maxChannel <= maxChannel && Double(difference.pixelsOver) <= maxFraction * Double(pixels)
        }

        public var description: String {
            maxChannel == 0 ? "exact" : "at most \(maxChannel) levels on at most \(maxFraction * 100)% of the pixels"
        }
    }

    /// Checks `actual` against the golden PNG at `goldenPath`: within
    /// `allowed` (exact unless given), or, with the older `tolerance`, every
    /// pixel within that many levels. With CELLLUA_UPDATE_GOLDEN=1 in the
    /// environment the golden is (re)written instead. Returns nil when they
    /// match, else a message; on a mismatch writes
    /// `<failures>/<name>.actual.png` and `.diff.png`.
    public static func checkGolden(_ actual: PixelBuffer, goldenPath: String, failuresDirectory: String,
                                   tolerance: Int = 0, allowed: Tolerance = .exact) -> String? {
        let name = ((goldenPath as NSString).lastPathComponent as NSString).deletingPathExtension
        if ProcessInfo.processInfo.environment["CELLLUA_UPDATE_GOLDEN"] == "1" {
            do {
                try AtomicFile.write(try PNGCodec.encode(actual), to: goldenPath)
            } catch {
                return "cannot write golden \(goldenPath): \(error)"
            }
            return nil
        }
        guard let data = FileManager.default.contents(atPath: goldenPath) else {
            return "no golden image at \(goldenPath) (run with CELLLUA_UPDATE_GOLDEN=1 to create it, then look at it)"
        }
        let expected: PixelBuffer
        do {
            expected = try PNGCodec.decode([UInt8](data))
        } catch {
            return "golden \(goldenPath) unreadable: \(error)"
        }
        // PNG stores straight alpha: compare after the same round trip.
        let roundTripped: PixelBuffer
        do {
            roundTripped = try PNGCodec.decode(try PNGCodec.encode(actual))
        } catch {
            return "cannot round-trip the actual image: \(error)"
        }
        guard let diff = compare(roundTripped, expected, tolerance: tolerance) else {
            write(actual, name: name, suffix: "actual", directory: failuresDirectory)
            return "\(name): size \(actual.width)x\(actual.height) differs from golden \(expected.width)x\(expected.height)"
        }
        if diff.pixelsOver == 0 { return nil }
        if tolerance == 0, allowed.allows(diff, pixels: actual.width * actual.height) { return nil }
        write(actual, name: name, suffix: "actual", directory: failuresDirectory)
        write(diffImage(roundTripped, expected), name: name, suffix: "diff", directory: failuresDirectory)
        let within = tolerance == 0 ? " (allowed: \(allowed))" : ""
        return "\(name) differs from its golden image: \(diff)\(within); see \(failuresDirectory)/\(name).actual.png and .diff.png"
    }

    public static func write(_ buffer: PixelBuffer, name: String, suffix: String, directory: String) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? AtomicFile.write(try PNGCodec.encode(buffer), to: "\(directory)/\(name).\(suffix).png")
    }
}
