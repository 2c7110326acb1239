import CLua
import CellImage
import CellRaster
import FoundationEssentials
import Glibc

/// `cell.image(path [, {scale = N}])`: an Image read from a PNG or JPEG file
/// (any color type and bit depth the decoders read; straight alpha
/// premultiplied on load). Like UIImage, it has a scale: from `opts.scale`,
/// else from an `@2x` or `@3x` before the extension (`icon@2x.png`), else 1;
/// its size in points (`width`, `height`, what `draw_image` and a row's
/// image slot use) is its pixels over its scale. Paths are relative to the
/// script's folder.
final class ImageBox: MemoryCharged {
    let buffer: PixelBuffer
    let path: String
    /// Pixels per point (default 1).
    let scale: Double
    init(_ buffer: PixelBuffer, path: String, scale: Double = 1) {
        self.buffer = buffer
        self.path = path
        self.scale = scale
    }

    /// The pixels and the JPEG file kept beside them.
    var chargedBytes: Int { buffer.byteCount + (buffer.originalJPEG?.count ?? 0) }
    /// The size in points.
    var width: Double { Double(buffer.width) / scale }
    var height: Double { Double(buffer.height) / scale }

    /// The scale a file name says, as UIImage reads it: `name@2x.png` is 2,
    /// `name@3x~iphone.png` 3; 1 without such a suffix.
    static func scale(inName path: String) -> Double {
        var stem = Substring(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if let dot = stem.lastIndex(of: ".") { stem = stem[..<dot] }
        if let tilde = stem.lastIndex(of: "~") { stem = stem[..<tilde] }
        for (suffix, scale) in [("@2x", 2.0), ("@3x", 3.0)] where stem.hasSuffix(suffix) { return scale }
        return 1
    }
}

enum ImageBinding {
    static let typeName = "Image"
    static let tag = LuaClassTag(typeName)

    static let luaClass = LuaClass(name: typeName, methods: [], index: index, tostring: tostring)
    static let optionNames = ["scale"]

    static let new: HostFunction = { L in
        guarded(L) { lua in
            let name = try lua.name(1, what: "path")
            var scale = ImageBox.scale(inName: name)
            try lua.options(2, known: optionNames) { _ in
                scale = try lua.number(-1)
                guard scale >= 0.01, scale <= 100 else {
                    throw LuaError.argument(2, "must be between 0.01 and 100, got \(scale.shortText)")
                }
            }
            let runtime = LuaRuntime.current(lua.L)
            let path = runtime.resolve(name)
            // --watch re-renders when the image changes (or appears).
            runtime.recordDependency(path)
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LuaError.message("cannot read image '\(name)': no such file")
            }
            guard !isDirectory else { throw LuaError.message("cannot read image '\(name)': it is a directory") }
            try runtime.checkReadable(path)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw LuaError.message("cannot read image '\(name)': permission denied or unreadable")
            }
            let bytes = [UInt8](data)
            // What decoding allocates (the decoded rows and the premultiplied
            // image: 8 bytes a pixel) is counted from the header before it
            // is allocated: a small file can declare a huge image. (A file
            // whose header this cannot read is left to the decoder, whose
            // message says what is wrong with it.)
            var decoding = 0
            if let (w, h) = ImageDecoder.pixelSize(of: bytes) {
                decoding = Swift.min(Swift.min(w, 1 << 30) * Swift.min(h, 1 << 30), CanvasLimits.maxPixels + 1) * 8
                try runtime.charge(bytes: decoding, of: "a decoded image (\(w)x\(h) pixels)", nudging: false)
            }
            let buffer: PixelBuffer
            do {
                defer { runtime.release(bytes: decoding) }
                buffer = try ImageDecoder.decode(bytes)
                buffer.isImmutable = true
                // A JPEG keeps its bytes: SVG and PDF embed them as they are.
                if JPEGCodec.isJPEG(bytes) { buffer.originalJPEG = bytes }
            } catch {
                throw LuaError.message("cannot read image '\(name)': \(error)")
            }
            let image = ImageBox(buffer, path: name, scale: scale)
            try runtime.charge(bytes: image.chargedBytes)
            lua.pushObject(image, type: tag)
            return 1
        }
    }

    static let index: HostFunction = { L in
        guarded(L) { lua in
            let image = try lua.image(1)
            switch lua.indexKey {
            case "width": lua.push(image.width)
            case "height": lua.push(image.height)
            case "scale": lua.push(image.scale)
            case "pixel_width": lua.push(image.buffer.width)
            case "pixel_height": lua.push(image.buffer.height)
            default: return try lua.unknownField(of: typeName, fields: ["height", "pixel_height", "pixel_width", "scale", "width"])
            }
            return 1
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let image = try lua.image(1)
            let scale = image.scale == 1 ? "" : " @\(image.scale.shortText)x"
            lua.push("Image(\(image.buffer.width)x\(image.buffer.height)\(scale) '\(image.path)')")
            return 1
        }
    }
}

extension Lua {
    func image(_ index: Int32) throws -> ImageBox {
        try checkObject(index, type: ImageBinding.tag, as: ImageBox.self)
    }
}
