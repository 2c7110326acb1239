import CellRaster

/// The output formats, picked by file extension.
public enum ImageFormat: String, CaseIterable, Sendable {
    /// 8-bit RGBA PNG, straight alpha.
    case png
    /// Netpbm P6: RGB composited over white (PPM has no alpha).
    case ppm
    /// Netpbm P7 with TUPLTYPE RGB_ALPHA, straight alpha.
    case pam
    /// Baseline JPEG (`.jpg` or `.jpeg`) through libjpeg, over white (JPEG
    /// has no alpha), at a quality of 1...100 (default 90).
    case jpeg
    /// SVG 1.1 (with CSS blend modes): the drawing as vectors (CellVector).
    case svg
    /// PDF 1.4: the drawing as vectors (CellVector).
    case pdf
    /// WebP through libwebp: lossless without a quality, else lossy at
    /// 1...100, alpha kept either way; animated through WebPAnimEncoder.
    case webp
    /// GIF89a through libimagequant (a dithered palette of at most 256
    /// colors per frame) and giflib; alpha below 128 is transparent, the
    /// rest opaque.
    case gif
    /// H.264 video in an MP4 through the system's ffmpeg, over white: for
    /// animations only (a script with an `animation` global).
    case mp4

    /// Whether the format holds the drawing rather than its pixels (made
    /// from a recording canvas, `ImageFormat.encode(_:Canvas)` in CellVector).
    public var isVector: Bool { self == .svg || self == .pdf }

    /// Whether `AnimationEncoder` writes every frame into one file of this
    /// format (GIF, WebP, APNG, MP4); other formats take a file per frame.
    public var supportsAnimation: Bool { self == .gif || self == .webp || self == .png || self == .mp4 }

    /// The format for `path`'s extension (case-insensitive), or an error that
    /// lists the valid ones.
    public static func forPath(_ path: String) throws -> ImageFormat {
        if path.hasSuffix("/") {
            throw ImageError.unknownFormat("'\(path)' names a folder; give a file name such as \(path)out.png")
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw ImageError.unknownFormat("'\(path)' has no extension; use \(Self.extensions)")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let format = ext == "jpg" ? .jpeg : ImageFormat(rawValue: ext) else {
            throw ImageError.unknownFormat("unknown image format '.\(ext)' for '\(path)'; use \(Self.extensions)")
        }
        return format
    }

    /// The extensions `forPath` knows, as its messages list them.
    public static let extensions = ".png, .jpg, .webp, .gif, .ppm, .pam, .svg, .pdf or .mp4"

    /// Encodes `buffer` in this format (a raster one, one image); `quality`
    /// (1...100) is JPEG's (nil: 90) and WebP's (nil: lossless), ignored by
    /// the others. A GIF is one frame; an MP4 is refused (it is for
    /// animations, written by `AnimationEncoder`).
    public func encode(_ buffer: PixelBuffer, quality: Int? = nil) throws -> [UInt8] {
        switch self {
        case .png: return try PNGCodec.encode(buffer)
        case .jpeg: return try JPEGCodec.encode(buffer, quality: quality ?? JPEGCodec.defaultQuality)
        case .webp: return try WebPCodec.encode(buffer, quality: quality)
        case .gif: return try GIFEncoder.still(buffer)
        case .ppm: return Netpbm.ppm(buffer)
        case .pam: return Netpbm.pam(buffer)
        case .svg, .pdf: throw ImageError.encode(".\(rawValue) is written from a canvas' drawing, not from pixels")
        case .mp4:
            throw ImageError.encode(".mp4 is for animations: a script that sets the `animation` global writes one; a single image can be .png, .jpg, .webp or .gif")
        }
    }
}

public enum ImageError: Error, CustomStringConvertible, Equatable {
    case unknownFormat(String)
    case encode(String)
    case decode(String)
    case io(String)

    public var description: String {
        switch self {
        case .unknownFormat(let s), .encode(let s), .decode(let s), .io(let s): return s
        }
    }
}
