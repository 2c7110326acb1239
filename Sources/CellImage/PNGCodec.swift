import CPNG
import CellRaster

/// PNG through libpng (see CPNG): premultiplied buffers are converted to
/// straight alpha with rounding to nearest on the way out, and back on the way in.
public enum PNGCodec {
    /// zlib level for written files, unfiltered (cpng.c): much faster to
    /// write than libpng's defaults (level 6, adaptive filters) for a file
    /// a few percent larger (docs/architecture.md has the measurements):
    /// designers re-render many times a minute, and PNG writing is part of
    /// every run.
    public static let compressionLevel: Int32 = 2

    /// Encodes `buffer` as an 8-bit RGBA PNG, or RGB when every pixel is
    /// opaque (most mockups: a quarter less to compress and store), with no
    /// time chunk: the same pixels give the same bytes on every run.
    public static func encode(_ buffer: PixelBuffer) throws -> [UInt8] {
        var out = cpng_buffer()
        var message = [CChar](repeating: 0, count: Int(CPNG_ERROR_SIZE))
        // Rows are converted a few at a time as they are compressed (cpng.c):
        // opaque pixels are the same straight, the rest are divided by
        // their alpha there.
        let form = buffer.isOpaque ? Int32(CPNG_OPAQUE) : Int32(CPNG_PREMULTIPLIED)
        let status = cpng_encode_rgba(buffer.data, UInt32(buffer.width), UInt32(buffer.height),
                                      buffer.stride, compressionLevel, form, &out, &message)
        defer { cpng_buffer_free(&out) }
        guard status == 0 else { throw ImageError.encode("PNG encoding failed: \(cString(message))") }
        return Array(UnsafeBufferPointer(start: out.data, count: out.size))
    }

    /// Largest image `decode` accepts, in pixels (same cap as canvases).
    public static let maxPixels = UInt64(CanvasLimits.maxPixels)

    /// Decodes PNG bytes of any color type and bit depth into straight RGBA8.
    public static func decodeStraight(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        try decodeThroughC(bytes, errorSize: Int(CPNG_ERROR_SIZE), free: cpng_free) {
            cpng_decode_rgba($0, $1, maxPixels, $2, $3, $4, $5)
        }
    }

    /// A C decoder's call (data, size, &pixels, &width, &height, error
    /// buffer; 0 on success, RGBA8 rows in a buffer `free` releases) as
    /// straight RGBA8 or its error.
    static func decodeThroughC(
        _ bytes: [UInt8], errorSize: Int, free: (UnsafeMutableRawPointer?) -> Void,
        _ call: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                 UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<CChar>) -> Int32
    ) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: errorSize)
        let status = bytes.withUnsafeBufferPointer { data in
            call(data.baseAddress, data.count, &pixels, &width, &height, &message)
        }
        guard status == 0, let pixels else { throw ImageError.decode(cString(message)) }
        defer { free(pixels) }
        let count = Int(width) * Int(height) * 4
        return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// Decodes PNG bytes into a premultiplied buffer.
    public static func decode(_ bytes: [UInt8]) throws -> PixelBuffer {
        let (w, h, rgba) = try decodeStraight(bytes)
        let buffer = PixelBuffer(width: w, height: h)
        for i in 0..<(w * h) {
            let o = i * 4
            let a = rgba[o + 3]
            buffer.data[o] = PixelBuffer.premultiply(rgba[o], a)
            buffer.data[o + 1] = PixelBuffer.premultiply(rgba[o + 1], a)
            buffer.data[o + 2] = PixelBuffer.premultiply(rgba[o + 2], a)
            buffer.data[o + 3] = a
        }
        return buffer
    }
}

/// The text of a NUL-terminated C buffer.
func cString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
