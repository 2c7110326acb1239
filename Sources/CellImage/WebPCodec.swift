import CWebP
import CellRaster

/// WebP output through libwebp (CWebP keeps its error codes as messages).
/// Pixels go in as straight RGBA (the premultiplied buffer divided by its
/// alpha, rounded to nearest, as PNG's are); alpha is kept in both modes.
public enum WebPCodec {
    /// The largest width or height a WebP holds (16383, libwebp's limit).
    public static let maxDimension = Int(CWEBP_MAX_DIMENSION)

    /// Encodes `buffer` as a still WebP: lossless when `quality` is nil (the
    /// default: exact pixels, usually smaller than PNG for interface
    /// screens), else lossy at `quality` (clamped to 1...100, libwebp's
    /// scale) with a lossless alpha channel.
    public static func encode(_ buffer: PixelBuffer, quality: Int? = nil) throws -> [UInt8] {
        try checkSize(buffer.width, buffer.height)
        let rgba = buffer.straightRGBA()
        var error = [CChar](repeating: 0, count: Int(CWEBP_ERROR_SIZE))
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rgba.withUnsafeBufferPointer {
            cwebp_encode_rgba($0.baseAddress, UInt32(buffer.width), UInt32(buffer.height), buffer.stride,
                              level(quality), &out, &size, &error)
        }
        defer { cwebp_free(out) }
        guard status == 0, let out else { throw ImageError.encode(cString(error)) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// CWebP's quality argument: -1 for lossless, else 1...100.
    static func level(_ quality: Int?) -> Int32 {
        quality.map { Int32(Swift.max(1, Swift.min(100, $0))) } ?? -1
    }

    /// Refuses sizes a WebP cannot hold, naming the limit.
    static func checkSize(_ width: Int, _ height: Int) throws {
        guard (1...maxDimension).contains(width), (1...maxDimension).contains(height) else {
            throw ImageError.encode("a WebP is 1 to \(maxDimension) pixels on a side, not \(width)x\(height)")
        }
    }
}

/// An animated WebP being built: frames go to libwebpmux's WebPAnimEncoder
/// one at a time (it keeps what it needs to find each frame's changes, not
/// every frame), which assembles the file at the end.
final class WebPAnimation {
    private var anim: OpaquePointer?

    init(width: Int, height: Int, quality: Int?) throws {
        try WebPCodec.checkSize(width, height)
        var error = [CChar](repeating: 0, count: Int(CWEBP_ERROR_SIZE))
        guard let anim = cwebp_anim_new(UInt32(width), UInt32(height), WebPCodec.level(quality), &error) else {
            throw ImageError.encode(cString(error))
        }
        self.anim = anim
    }

    deinit { cwebp_anim_free(anim) }

    /// Adds `frame` (the animation's size), shown from `milliseconds`.
    func append(_ frame: PixelBuffer, at milliseconds: Int) throws {
        let rgba = frame.straightRGBA()
        var error = [CChar](repeating: 0, count: Int(CWEBP_ERROR_SIZE))
        let status = rgba.withUnsafeBufferPointer {
            cwebp_anim_add(anim, $0.baseAddress, frame.stride, Int32(clamping: milliseconds), &error)
        }
        guard status == 0 else { throw ImageError.encode(cString(error)) }
    }

    /// The file, with the last frame ending at `milliseconds`.
    func finish(endingAt milliseconds: Int) throws -> [UInt8] {
        var error = [CChar](repeating: 0, count: Int(CWEBP_ERROR_SIZE))
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = cwebp_anim_finish(anim, Int32(clamping: milliseconds), &out, &size, &error)
        defer { cwebp_free(out) }
        guard status == 0, let out else { throw ImageError.encode(cString(error)) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
