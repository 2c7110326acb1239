import CairoOracle
import CellRaster
import CellTestSupport
import Foundation
import Testing

/// cairo as an oracle: render a scene with cairo into a PixelBuffer, and
/// compare it with celllua's, writing both and a diff image into
/// `Tests/CellRasterTests/failures` when they disagree.
enum CairoRender {
    /// Renders with cairo into premultiplied RGBA8 (cairo stores native-endian ARGB words).
    static func render(width: Int, height: Int, _ draw: (OpaquePointer) -> Void) -> PixelBuffer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cr = cairo_create(surface)!
        draw(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let out = ARGB32.pixelBuffer(data: data, stride: stride, width: width, height: height)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return out
    }

    /// Expects the largest channel difference to be at most `maxChannel` and
    /// at most `maxPixelsOver` pixels to differ by more than `tolerance`.
    static func check(_ name: String, _ ours: PixelBuffer, _ theirs: PixelBuffer, tolerance: Int,
                      maxChannel: Int, maxPixelsOver: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let d = ImageComparison.compare(ours, theirs, tolerance: tolerance) else {
            Issue.record("\(name): sizes differ", sourceLocation: sourceLocation)
            return
        }
        let failures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("failures").path
        if d.maxChannel > maxChannel || d.pixelsOver > maxPixelsOver {
            ImageComparison.write(ours, name: name, suffix: "celllua", directory: failures)
            ImageComparison.write(theirs, name: name, suffix: "cairo", directory: failures)
            ImageComparison.write(ImageComparison.diffImage(ours, theirs), name: name, suffix: "diff", directory: failures)
        }
        #expect(d.maxChannel <= maxChannel, "\(name): \(d)", sourceLocation: sourceLocation)
        #expect(d.pixelsOver <= maxPixelsOver, "\(name): \(d)", sourceLocation: sourceLocation)
    }
}
