import CLua
import CellImage
import CellRaster
import FoundationEssentials
import Glibc

/// `cell.image(path)`: an Image read from a PNG file (any color type and bit
/// depth libpng reads; straight alpha premultiplied on load). Its size in
/// points is its size in pixels. Paths are relative to the script's folder.
final class ImageBox: MemoryCharged {
    let buffer: PixelBuffer
    let path: String
    init(_ buffer: PixelBuffer, path: String) {
        self.buffer = buffer
        self.path = path
    }

    var chargedBytes: Int { buffer.byteCount }
}

enum ImageBinding {
    static let typeName = "Image"

    static let luaClass = LuaClass(name: typeName, methods: [], index: index, tostring: tostring)

    static let new: HostFunction = { L in
        guarded(L) { lua in
            let name = try lua.name(1, what: "path")
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
            } catch {
                throw LuaError.message("cannot read image '\(name)': \(error)")
            }
            let image = ImageBox(buffer, path: name)
            try runtime.charge(bytes: image.chargedBytes)
            lua.pushObject(image, type: typeName)
            return 1
        }
    }

    static let index: HostFunction = { L in
        guarded(L) { lua in
            let image = try lua.image(1)
            switch lua.indexKey {
            case "width": lua.push(image.buffer.width)
            case "height": lua.push(image.buffer.height)
            default: return try lua.unknownField(of: typeName, fields: ["height", "width"])
            }
            return 1
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let image = try lua.image(1)
            lua.push("Image(\(image.buffer.width)x\(image.buffer.height) '\(image.path)')")
            return 1
        }
    }
}

extension Lua {
    func image(_ index: Int32) throws -> ImageBox {
        try checkObject(index, type: ImageBinding.typeName, as: ImageBox.self)
    }
}
