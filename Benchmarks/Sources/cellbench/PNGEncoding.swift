import CCairo
import CellImage
import CellLua
import CellRaster
import Foundation

/// `cellbench --png`: the PNG writing of a whole run, measured on its own:
/// one image (examples/badges.lua's render, 640x800 pixels) encoded by
/// celllua's PNG codec and by cairo (cairo_surface_write_to_png_stream on
/// the same pixels), in turn, with the files' sizes.
struct PNGEncoding {
    let plan: MeasurePlan

    func run() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/badges.lua").path
        let runtime = LuaRuntime(options: LuaRuntime.Options())
        guard let canvas = try runtime.run(scriptAt: script) ?? runtime.lastCanvas else {
            throw BenchError("\(script) made no canvas")
        }
        let buffer = canvas.buffer
        // The same premultiplied pixels in cairo's ARGB32 (native-endian words).
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(buffer.width), Int32(buffer.height))!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<buffer.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<buffer.width {
                let p = buffer.premultiplied(x: x, y: y)
                row[x] = UInt32(p.a) << 24 | UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
            }
        }
        cairo_surface_mark_dirty(surface)
        var ours = 0, theirs = 0
        let paired = try plan.runPaired([
            { ours = try PNGCodec.encode(buffer).count },
            { theirs = Self.cairoPNG(surface) },
        ])
        print("PNG writing of one image (examples/badges.lua, \(buffer.width)x\(buffer.height) pixels), in turn:")
        print(String(format: "  celllua PNGCodec.encode        %7.2f ms  %8d bytes", paired.timings[0].median * 1000, ours))
        print(String(format: "  cairo_surface_write_to_png     %7.2f ms  %8d bytes", paired.timings[1].median * 1000, theirs))
        print(String(format: "  ratio celllua / cairo          %7.2fx", paired.ratios[0]))
    }

    /// Encodes `surface` as cairo writes a PNG file, into memory; the byte count.
    static func cairoPNG(_ surface: OpaquePointer) -> Int {
        var count = 0
        let status = withUnsafeMutablePointer(to: &count) { counter in
            cairo_surface_write_to_png_stream(surface, { closure, _, length in
                closure!.assumingMemoryBound(to: Int.self).pointee += Int(length)
                return CAIRO_STATUS_SUCCESS
            }, counter)
        }
        precondition(status == CAIRO_STATUS_SUCCESS)
        return count
    }
}
