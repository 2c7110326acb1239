import CJPEG
import CellRaster

/// JPEG input through libjpeg-turbo (the C side keeps libjpeg's longjmp
/// errors out of Swift). JPEGs are opaque: every pixel decodes with alpha 255.
public enum JPEGCodec {
    /// Whether `bytes` start like a JPEG file (the start-of-image marker).
    public static func isJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { cjpeg_is_jpeg($0.baseAddress, $0.count) != 0 }
    }

    /// Decodes JPEG bytes (baseline or progressive; gray, YCbCr, RGB, CMYK)
    /// into RGBA8 with alpha 255. A file cut short is an error, not a gray
    /// band; images past `PNGCodec.maxPixels` are refused.
    public static func decodeStraight(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        try PNGCodec.decodeThroughC(bytes, errorSize: Int(CJPEG_ERROR_SIZE), free: cjpeg_free) {
            cjpeg_decode_rgba($0, $1, PNGCodec.maxPixels, $2, $3, $4, $5)
        }
    }

    /// Decodes JPEG bytes into a pixel buffer (opaque, so premultiplied
    /// values equal the straight ones).
    public static func decode(_ bytes: [UInt8]) throws -> PixelBuffer {
        let (w, h, rgba) = try decodeStraight(bytes)
        let buffer = PixelBuffer(width: w, height: h)
        rgba.withUnsafeBufferPointer { buffer.data.update(from: $0.baseAddress!, count: w * h * 4) }
        return buffer
    }
}

/// Image files in: PNG or JPEG, told apart by their first bytes.
public enum ImageDecoder {
    /// Decodes a PNG or JPEG file's bytes into a premultiplied buffer.
    public static func decode(_ bytes: [UInt8]) throws -> PixelBuffer {
        if JPEGCodec.isJPEG(bytes) { return try JPEGCodec.decode(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGCodec.decode(bytes) }
        throw ImageError.decode("not a PNG or JPEG file")
    }
}
