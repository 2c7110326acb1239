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
        let out = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let word = UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self)
                let o = out.data + (y * width + x) * 4
                o[0] = UInt8((word >> 16) & 0xFF)
                o[1] = UInt8((word >> 8) & 0xFF)
                o[2] = UInt8(word & 0xFF)
                o[3] = UInt8(word >> 24)
            }
        }
        return out
    }

    static func setSource(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
    }
}
