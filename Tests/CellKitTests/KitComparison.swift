import CellRaster
import CellTestSupport
import Foundation
import Testing

/// How far a kit rendering may be from cairo's, in two numbers: the largest
/// channel difference anywhere, and how many pixels differ by more than
/// `edgeLevels` (the anti-aliasing difference one edge can make).
struct Tolerance: CustomStringConvertible {
    var maxChannel: Int
    var edgeLevels = 17
    var maxPixelsOverEdgeLevels: Int
    /// Beyond edges, how far the two may differ (gradient quantisation,
    /// rounding in compositing); checked as the mean difference.
    var maxMean: Double

    var description: String {
        "max channel \(maxChannel), at most \(maxPixelsOverEdgeLevels) pixels over \(edgeLevels) levels, mean <= \(maxMean)"
    }
}

enum KitComparison {
    static let failures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("failures").path

    /// Compares and, past the tolerance, writes `<name>.celllua.png`,
    /// `.cairo.png` and `.diff.png` to Tests/CellKitTests/failures/.
    static func check(_ name: String, _ ours: PixelBuffer, _ theirs: PixelBuffer, _ t: Tolerance,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        guard let d = ImageComparison.compare(ours, theirs, tolerance: t.edgeLevels) else {
            Issue.record("\(name): sizes differ", sourceLocation: sourceLocation)
            return
        }
        let ok = d.maxChannel <= t.maxChannel && d.pixelsOver <= t.maxPixelsOverEdgeLevels && d.mean <= t.maxMean
        if !ok || ProcessInfo.processInfo.environment["CELLLUA_KIT_WRITE"] == "1" {
            ImageComparison.write(ours, name: name, suffix: "celllua", directory: failures)
            ImageComparison.write(theirs, name: name, suffix: "cairo", directory: failures)
            ImageComparison.write(ImageComparison.diffImage(ours, theirs), name: name, suffix: "diff", directory: failures)
        }
        if ProcessInfo.processInfo.environment["CELLLUA_KIT_REPORT"] == "1" { print("\(name): \(d)") }
        #expect(ok, "\(name): \(d); allowed \(t)", sourceLocation: sourceLocation)
    }
}
