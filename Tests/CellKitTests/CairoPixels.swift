import CellTestSupport
import CairoOracle
import CellGeometry
import CellRaster

/// cairo as the independent renderer for the kit's seed comparisons: the
/// seeds' drawing steps are written against cairo in these tests (through
/// CGContextOnCairo), rendered at the kit canvas' pixel size, and compared
/// pixel by pixel.
enum CairoPixels {
    /// An ARGB32 surface's pixels as premultiplied RGBA8.
    static func pixels(of surface: OpaquePointer, width: Int, height: Int) -> PixelBuffer {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let out = ARGB32.pixelBuffer(data: data, stride: stride, width: width, height: height)
        return out
    }

    static func setSource(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
    }
}
