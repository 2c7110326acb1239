import CellRaster

/// Pixels in cairo's ARGB32 layout (premultiplied, one native-endian word
/// per pixel, `stride` bytes per row) as a premultiplied RGBA8 buffer, for
/// comparing cairo's renderings with ours.
public enum ARGB32 {
    public static func pixelBuffer(data: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int) -> PixelBuffer {
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
}
