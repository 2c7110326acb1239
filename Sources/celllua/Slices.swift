import CellImage
import CellLua
import CellRaster

/// `--slices DIR`: each region marked with `c:slice` on the result's
/// canvases, cut from the render's pixels and written as
/// `DIR/<name>[-<variant>][@<scale>x].png`.
enum Slices {
    /// Writes the slices of `canvases` (rendered at `scale`); returns the
    /// paths written and any warnings (nothing when `--slices` was not
    /// given). A slice that cannot be written is an error.
    static func write(_ canvases: [Canvas], runtime: LuaRuntime, options: CommandLineOptions, scale: Double,
                      variant: String?) throws -> (written: [String], warnings: [String]) {
        guard let folder = options.slices else { return ([], []) }
        var seen: Set<String> = []
        var written: [String] = [], warnings: [String] = []
        for canvas in canvases {
            for mark in runtime.slices(of: canvas) {
                guard seen.insert(mark.name).inserted else {
                    warnings.append("celllua: warning: slice '\(mark.name)' is marked on two canvases; the first is written")
                    continue
                }
                let name = mark.name + (variant.map { "-" + $0 } ?? "")
                let path = options.scaledPath(folder + (folder.hasSuffix("/") ? "" : "/") + name + ".png", scale: scale)
                guard let b = mark.pixelBounds(scale: canvas.scale, pixelWidth: canvas.pixelWidth,
                                               pixelHeight: canvas.pixelHeight) else { continue }
                do {
                    try AtomicFile.write(try PNGCodec.encode(crop(canvas.buffer, b)), to: path)
                } catch {
                    throw ScriptError.runtime("slice '\(mark.name)': \(error)")
                }
                written.append(path)
            }
        }
        if seen.isEmpty {
            warnings.append("celllua: warning: --slices \(folder): the script marked no slices (c:slice(name, x, y, w, h))")
        }
        return (written, warnings)
    }

    /// The pixels of `buffer` inside `b`, as a buffer of their own.
    static func crop(_ buffer: PixelBuffer, _ b: (x: Int, y: Int, width: Int, height: Int)) -> PixelBuffer {
        let out = PixelBuffer(width: b.width, height: b.height)
        for row in 0..<b.height {
            (out.data + row * out.stride).update(from: buffer.data + (b.y + row) * buffer.stride + b.x * 4,
                                                 count: b.width * 4)
        }
        return out
    }
}
