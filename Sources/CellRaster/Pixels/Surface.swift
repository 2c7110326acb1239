/// A bitmap placed in device space: its pixel (0, 0) is device pixel
/// (x0, y0). The canvas is a surface at the origin; a transparency layer is
/// a surface covering only the clip it was begun in.
struct Surface {
    let buffer: PixelBuffer
    let x0: Int
    let y0: Int

    var bounds: IntRect { IntRect(x0: x0, y0: y0, x1: x0 + buffer.width, y1: y0 + buffer.height) }

    /// The bytes of device pixel (x, y), which must lie within `bounds`.
    @inline(__always)
    func pointer(x: Int, y: Int) -> UnsafeMutablePointer<UInt8> {
        buffer.data + ((y - y0) * buffer.width + (x - x0)) * 4
    }
}
