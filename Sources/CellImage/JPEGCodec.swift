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

    /// libjpeg's quality when none is given (its scale 1...100): 90 keeps
    /// text edges clean. Flat interface screens compress better as PNG
    /// (the Mail screen at scale 2: PNG 106 KB, JPEG 115 KB at 90, 57 KB at
    /// 50); JPEG pays for photographs.
    public static let defaultQuality = 90

    /// Encodes `buffer` as a baseline JPEG at `quality` (clamped to 1...100).
    /// JPEG has no alpha: the pixels are composited over white, as PPM's are.
    public static func encode(_ buffer: PixelBuffer, quality: Int = defaultQuality) throws -> [UInt8] {
        let n = buffer.width * buffer.height
        var rgb = [UInt8](repeating: 0, count: n * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            for i in 0..<n {
                let p = buffer.data + i * 4
                let white = 255 - p[3]
                out[i * 3] = p[0] &+ white
                out[i * 3 + 1] = p[1] &+ white
                out[i * 3 + 2] = p[2] &+ white
            }
        }
        var error = [CChar](repeating: 0, count: Int(CJPEG_ERROR_SIZE))
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rgb.withUnsafeBufferPointer {
            cjpeg_encode_rgb($0.baseAddress, UInt32(clamping: buffer.width), UInt32(clamping: buffer.height),
                             Int32(Swift.max(1, Swift.min(100, quality))), &out, &size, &error)
        }
        defer { cjpeg_free(out) }
        guard status == 0, let out else {
            throw ImageError.encode(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}

/// Image files in: PNG or JPEG, told apart by their first bytes.
public enum ImageDecoder {
    /// The pixel size a PNG or JPEG file declares in its header, read
    /// without decoding (nil when the header is missing or damaged): what
    /// decoding it will allocate can be counted before it is.
    public static func pixelSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            // Signature, then the IHDR chunk: length, type, width, height.
            guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
            return (u32(16), u32(20))
        }
        guard JPEGCodec.isJPEG(bytes) else { return nil }
        // Markers after the start of image, each FF xx with a 16-bit length,
        // until a start of frame (C0-CF but C4, C8 and CC): precision,
        // height, width.
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue } // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = u16(i + 2)
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard i + 9 <= bytes.count else { return nil }
                return (u16(i + 7), u16(i + 5))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    /// Decodes a PNG or JPEG file's bytes into a premultiplied buffer.
    public static func decode(_ bytes: [UInt8]) throws -> PixelBuffer {
        if JPEGCodec.isJPEG(bytes) { return try JPEGCodec.decode(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGCodec.decode(bytes) }
        throw ImageError.decode("not a PNG or JPEG file")
    }
}
