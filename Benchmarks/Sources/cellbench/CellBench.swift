import ArgumentParser
import CCairo
import CellImage
import CellLua
import CellRaster
import Foundation

@main
struct CellBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellbench",
        abstract: "Per-frame time of each scene in-process: celllua against cairo drawing the same scene.",
        discussion: """
            celllua: each frame runs the scene's Lua script in a fresh LuaRuntime, \
            as a user's run does ("fresh"); "reused" runs it again in one runtime \
            (plus a full collectgarbage, so each frame pays for its garbage). \
            cairo: each frame creates an ARGB32 image surface of the same pixel \
            size and draws the same scene through cairo's C API. Times are the \
            median after warm-up.
            """)

    @Option(name: .long, help: "Timed frames per side, at least (it also runs for --min-time).")
    var frames = 20

    @Option(name: .long, help: "Seconds per side, at least.")
    var minTime = 2.0

    @Option(name: .long, help: "Untimed warm-up frames per side.")
    var warmup = 3

    @Option(name: .long, help: "Only this scene (repeatable): \(Scene.all.map(\.name).joined(separator: ", ")).")
    var scene: [String] = []

    @Option(name: .long, help: "Folder of the scene scripts (default: Benchmarks/scenes).")
    var scenesDir: String?

    @Flag(name: .long, help: "Skip the reused-runtime celllua measurement.")
    var noReuse = false

    @Flag(name: .long, help: "Render each scene once with both and write PNGs (and a difference image) into --out; no timing.")
    var check = false

    @Option(name: .long, help: "Folder for --check's images (created if missing).")
    var out: String?

    func validate() throws {
        let known = Set(Scene.all.map(\.name))
        for name in scene where !known.contains(name) {
            throw ValidationError("unknown scene '\(name)'; scenes: \(Scene.all.map(\.name).joined(separator: ", "))")
        }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        guard minTime >= 0, warmup >= 0 else { throw ValidationError("--min-time and --warmup must not be negative") }
        if check && out == nil { throw ValidationError("--check needs --out DIR") }
    }

    var selectedScenes: [Scene] {
        scene.isEmpty ? Scene.all : Scene.all.filter { scene.contains($0.name) }
    }

    mutating func run() throws {
        let directory = scenesDir ?? Scene.defaultDirectory()
        if check {
            try runCheck(directory: directory, out: out!)
            return
        }
        let plan = MeasurePlan(warmup: warmup, minFrames: frames, minSeconds: minTime,
                               maxFrames: max(frames, 5000))
        var rows: [Row] = []
        for scene in selectedScenes {
            rows.append(try measure(scene, directory: directory, plan: plan))
        }
        printTable(rows)
        print(String(format: "peak RSS: %.1f MiB", peakRSSMiB()))
    }

    // MARK: timing

    struct Row {
        var scene: Scene
        var fresh: Timing
        var reused: Timing?
        var cairo: Timing
    }

    func measure(_ scene: Scene, directory: String, plan: MeasurePlan) throws -> Row {
        let script = directory + "/" + scene.scriptName
        try verify(scene, script: script)
        let options = LuaRuntime.Options()

        progress("\(scene.name): celllua, fresh runtime per frame")
        let fresh = try plan.run {
            let runtime = LuaRuntime(options: options)
            runtime.fileWritten = { _ in }
            _ = try runtime.run(scriptAt: script)
        }

        var reused: Timing? = nil
        if !noReuse {
            progress("\(scene.name): celllua, one runtime reused")
            let runtime = LuaRuntime(options: options)
            runtime.fileWritten = { _ in }
            reused = try plan.run {
                _ = try runtime.run(scriptAt: script)
                try runtime.run(code: "collectgarbage()")
            }
        }

        progress("\(scene.name): cairo")
        let cairo = plan.run { _ = cairoFrame(scene) }
        return Row(scene: scene, fresh: fresh, reused: reused, cairo: cairo)
    }

    /// One untimed run of each side: the script must give a canvas of the
    /// scene's pixel size and cairo must end without an error.
    func verify(_ scene: Scene, script: String) throws {
        let canvas = try renderCelllua(script: script)
        guard canvas.pixelWidth == scene.pixelWidth, canvas.pixelHeight == scene.pixelHeight else {
            throw BenchError("\(script) renders \(canvas.pixelWidth)x\(canvas.pixelHeight) px; the cairo side draws \(scene.pixelWidth)x\(scene.pixelHeight)")
        }
        let surface = cairoFrame(scene, keep: true)!
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw BenchError("cairo failed on \(scene.name): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    func renderCelllua(script: String) throws -> Canvas {
        let runtime = LuaRuntime(options: LuaRuntime.Options())
        runtime.fileWritten = { _ in }
        guard let canvas = try runtime.run(scriptAt: script) ?? runtime.lastCanvas else {
            throw BenchError("\(script) made no canvas")
        }
        return canvas
    }

    func printTable(_ rows: [Row]) {
        var table: [[String]] = [["scene", "pixels", "celllua ms", "reused ms", "cairo ms",
                                  "celllua/cairo", "reused/cairo", "frames"]]
        for row in rows {
            let ms = { (t: Timing) in String(format: "%.2f", t.median * 1000) }
            let ratio = { (t: Timing) in String(format: "%.2fx", t.median / row.cairo.median) }
            table.append([
                row.scene.name,
                "\(row.scene.pixelWidth)x\(row.scene.pixelHeight)",
                ms(row.fresh),
                row.reused.map(ms) ?? "-",
                ms(row.cairo),
                ratio(row.fresh),
                row.reused.map(ratio) ?? "-",
                [row.fresh.frames, row.reused?.frames, row.cairo.frames]
                    .compactMap { $0 }.map(String.init).joined(separator: "/"),
            ])
        }
        let widths = (0..<table[0].count).map { col in table.map { $0[col].count }.max()! }
        for (i, line) in table.enumerated() {
            let cells = line.enumerated().map { col, text in
                let pad = String(repeating: " ", count: widths[col] - text.count)
                return col < 2 ? text + pad : pad + text
            }
            print(cells.joined(separator: "  "))
            if i == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        print("ms = median per frame after warm-up; celllua = fresh LuaRuntime per frame; reused = one runtime for every frame.")
    }

    func progress(_ message: String) {
        FileHandle.standardError.write(Data(("cellbench: " + message + "\n").utf8))
    }

    // MARK: --check

    func runCheck(directory: String, out: String) throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for scene in selectedScenes {
            let script = directory + "/" + scene.scriptName
            let canvas = try renderCelllua(script: script)
            let cellPath = "\(out)/\(scene.name)-celllua.png"
            try AtomicFile.write(try PNGCodec.encode(canvas.buffer), to: cellPath)
            print(cellPath)

            let surface = cairoFrame(scene, keep: true)!
            defer { cairo_surface_destroy(surface) }
            let cairoPath = "\(out)/\(scene.name)-cairo.png"
            let status = cairo_surface_write_to_png(surface, cairoPath)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw BenchError("cairo could not write \(cairoPath): \(String(cString: cairo_status_to_string(status)))")
            }
            print(cairoPath)

            guard canvas.pixelWidth == scene.pixelWidth, canvas.pixelHeight == scene.pixelHeight else {
                print("  sizes differ: celllua \(canvas.pixelWidth)x\(canvas.pixelHeight), cairo \(scene.pixelWidth)x\(scene.pixelHeight)")
                continue
            }
            let diff = compare(canvas.buffer, surface)
            let diffPath = "\(out)/\(scene.name)-diff.png"
            try AtomicFile.write(try PNGCodec.encode(diff.image), to: diffPath)
            print(diffPath)
            print(String(format: "  %@: mean |difference| %.3f of 255 (premultiplied RGBA), largest %d; %d pixels (%.3f%%) off by more than 8",
                         scene.name, diff.meanAbs, diff.max, diff.over8, Double(diff.over8) * 100 / Double(canvas.pixelWidth * canvas.pixelHeight)))
        }
    }

    struct Difference {
        var meanAbs: Double
        var max: Int
        /// Pixels whose largest channel difference exceeds 8.
        var over8: Int
        /// White where equal, darker the larger the largest channel difference (x4).
        var image: PixelBuffer
    }

    /// Compares celllua's premultiplied RGBA with cairo's premultiplied ARGB32
    /// (native-endian 32-bit words).
    func compare(_ buffer: PixelBuffer, _ surface: OpaquePointer) -> Difference {
        let w = buffer.width, h = buffer.height
        let stride = Int(cairo_image_surface_get_stride(surface))
        let base = cairo_image_surface_get_data(surface)!
        let image = PixelBuffer(width: w, height: h)
        var total = 0, worst = 0, over = 0
        for y in 0..<h {
            let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let word = row[x]
                let theirs = [Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF), Int(word >> 24)]
                let o = y * buffer.stride + x * 4
                var pixelWorst = 0
                for ch in 0..<4 {
                    let d = abs(Int(buffer.data[o + ch]) - theirs[ch])
                    total += d
                    pixelWorst = Swift.max(pixelWorst, d)
                }
                worst = Swift.max(worst, pixelWorst)
                if pixelWorst > 8 { over += 1 }
                let shade = UInt8(255 - Swift.min(255, pixelWorst * 4))
                image.data[o] = shade
                image.data[o + 1] = shade
                image.data[o + 2] = shade
                image.data[o + 3] = 255
            }
        }
        return Difference(meanAbs: Double(total) / Double(w * h * 4), max: worst,
                          over8: over, image: image)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
