import CGIF
import CellRaster

/// GIF output (CGIF: libimagequant for each frame's palette, dithered;
/// giflib for the file). GIF has no partial transparency: pixels with alpha
/// below 128 are transparent, the rest opaque at their straight color.
/// After the first frame only the box of changed pixels is stored (cgif.h).
/// The file is built in memory and handed out whole by `finish`.
public final class GIFEncoder {
    /// The largest width or height a GIF holds (its fields are 16 bits).
    public static let maxDimension = Int(CGIF_MAX_DIMENSION)

    public let width: Int
    public let height: Int
    private var encoder: OpaquePointer?

    /// Starts a GIF of `width` x `height`; `looping` (an animation) repeats
    /// it forever (the NETSCAPE2.0 extension).
    public init(width: Int, height: Int, looping: Bool) throws {
        guard (1...Self.maxDimension).contains(width), (1...Self.maxDimension).contains(height) else {
            throw ImageError.encode("a GIF is 1 to \(Self.maxDimension) pixels on a side, not \(width)x\(height)")
        }
        var error = [CChar](repeating: 0, count: Int(CGIF_ERROR_SIZE))
        guard let encoder = cgif_new(UInt32(width), UInt32(height), looping ? 1 : 0, &error) else {
            throw ImageError.encode(cString(error))
        }
        self.width = width
        self.height = height
        self.encoder = encoder
    }

    deinit { cgif_free(encoder) }

    /// Adds `frame` (this GIF's size), shown for `centiseconds` (0...65535).
    public func append(_ frame: PixelBuffer, centiseconds: Int) throws {
        guard frame.width == width, frame.height == height else {
            throw ImageError.encode("a GIF's frames are all \(width)x\(height); this one is \(frame.width)x\(frame.height)")
        }
        let rgba = frame.straightRGBA()
        var error = [CChar](repeating: 0, count: Int(CGIF_ERROR_SIZE))
        let status = rgba.withUnsafeBufferPointer {
            cgif_add(encoder, $0.baseAddress, Int32(Swift.max(0, Swift.min(65535, centiseconds))), &error)
        }
        guard status == 0 else { throw ImageError.encode(cString(error)) }
    }

    /// The finished file.
    public func finish() throws -> [UInt8] {
        var error = [CChar](repeating: 0, count: Int(CGIF_ERROR_SIZE))
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = cgif_finish(encoder, &out, &size, &error)
        defer { cgif_free_buffer(out) }
        guard status == 0, let out else { throw ImageError.encode(cString(error)) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// `buffer` as a one-frame GIF (no loop extension, no delay).
    public static func still(_ buffer: PixelBuffer) throws -> [UInt8] {
        let gif = try GIFEncoder(width: buffer.width, height: buffer.height, looping: false)
        try gif.append(buffer, centiseconds: 0)
        return try gif.finish()
    }
}
