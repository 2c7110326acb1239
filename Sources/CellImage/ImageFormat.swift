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

    /// Whether the format holds the drawing rather than its pixels (made
    /// from a recording canvas, `ImageFormat.encode(_:Canvas)` in CellVector).
    public var isVector: Bool { self == .svg || self == .pdf }

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
    public static let extensions = ".png, .jpg, .ppm, .pam, .svg or .pdf"

    /// Encodes `buffer` in this format (a raster one); `quality` (1...100)
    /// is JPEG's, ignored by the others (nil: the format's default).
    public func encode(_ buffer: PixelBuffer, quality: Int? = nil) throws -> [UInt8] {
        switch self {
        case .png: return try PNGCodec.encode(buffer)
        case .jpeg: return try JPEGCodec.encode(buffer, quality: quality ?? JPEGCodec.defaultQuality)
        case .ppm: return Netpbm.ppm(buffer)
        case .pam: return Netpbm.pam(buffer)
        case .svg, .pdf: throw ImageError.encode(".\(rawValue) is written from a canvas' drawing, not from pixels")
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
