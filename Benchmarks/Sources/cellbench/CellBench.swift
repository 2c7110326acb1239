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

    @Option(name: .long, help: "Rows of the reference scene, a multiple of 5 (default 20, the reference scene).")
    var rows: Int?

    @Option(name: .long, help: "Pixels per point of the reference scene (default 2).")
    var scale: Double?

    @Flag(name: .long, help: "Measure each side of each scene in a process of its own, and show each one's peak RSS.")
    var isolate = false

    @Flag(name: .long, help: "Time the reference scene at scale 1, 2, 3 (20 rows) and at 20, 200, 2000 rows (scale \(Scaling.rowsScale.shortText)), celllua against cairo, each in a process of its own.")
    var scaling = false

    @Flag(name: .long, help: "Time PNG writing alone: examples/badges.lua's image encoded by celllua and by cairo, in turn.")
    var png = false

    @Option(name: .long, help: "celllua's drawing threads in the fresh and reused measurements and the first in-turn column (default: every core, as a user's run gets).")
    var threads: Int?

    @Option(name: .long, help: "With --child fresh|cairo: write every timed frame's seconds to this file, one per line (to see the spread the median hides).")
    var samples: String?

    /// Set in the child processes of --isolate and --scaling: measure this
    /// one side of the one scene and print the result line.
    @Option(name: .long, help: .hidden)
    var child: Side?

    func validate() throws {
        let known = Set(Scene.all.map(\.name))
        for name in scene where !known.contains(name) {
            throw ValidationError("unknown scene '\(name)'; scenes: \(Scene.all.map(\.name).joined(separator: ", "))")
        }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        guard minTime >= 0, warmup >= 0 else { throw ValidationError("--min-time and --warmup must not be negative") }
        if check && out == nil { throw ValidationError("--check needs --out DIR") }
        if let rows, rows < 5 || rows % 5 != 0 { throw ValidationError("--rows must be a positive multiple of 5") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8]") }
        if child != nil && scene.count != 1 { throw ValidationError("--child needs exactly one --scene") }
    }

    var selectedScenes: [Scene] {
        let all = Scene.all.map { scene -> Scene in
            switch scene.name {
            case "reference": return Scene.reference(rows: rows ?? 20, scale: scale ?? 2)
            case "handdrawn": return Scene.handdrawn(rows: rows ?? 20, scale: scale ?? 2)
            default: return scene
            }
        }
        return (scene.isEmpty ? all : all.filter { scene.contains($0.name) }).map {
            var scene = $0
            if let threads { scene.drawingThreads = threads }
            return scene
        }
    }

    var plan: MeasurePlan {
        MeasurePlan(warmup: warmup, minFrames: frames, minSeconds: minTime, maxFrames: max(frames, 5000))
    }

    mutating func run() throws {
        let directory = scenesDir ?? Scene.defaultDirectory()
        if let child {
            try runChild(child, scene: selectedScenes[0], directory: directory)
            return
        }
        if check {
            try runCheck(directory: directory, out: out!)
            return
        }
        if scaling {
            try Scaling(bench: self, directory: directory).run()
            return
        }
        if png {
            try PNGEncoding(plan: plan).run()
            return
        }
        var rows: [Row] = []
        for scene in selectedScenes {
            rows.append(try measure(scene, directory: directory))
        }
        printTable(rows)
        if isolate {
            print(String(format: "MiB = peak RSS of the process that measured that side alone; a process that draws nothing peaks at %.1f MiB.",
                         try isolated(.idle, Scene.reference(), directory: directory).peakMiB ?? 0))
        } else {
            print(String(format: "peak RSS: %.1f MiB", peakRSSMiB()))
        }
    }

    // MARK: timing

    /// What one measurement times (see the table's columns).
    enum Side: String, ExpressibleByArgument, CaseIterable {
        case fresh, reused, cairo
        /// celllua (fresh, all threads), celllua on one thread and cairo in turn (`MeasurePlan.runPaired`).
        case pair
        /// Draws nothing: the peak RSS of a bare cellbench process.
        case idle
    }

    struct Row {
        var scene: Scene
        var fresh: Measured
        var reused: Measured?
        var cairo: Measured
        var paired: Paired
    }

    /// A side's timing and, when measured in a process of its own, that process' peak RSS.
    struct Measured {
        var timing: Timing
        var peakMiB: Double?
    }

    func measure(_ scene: Scene, directory: String) throws -> Row {
        let script = directory + "/" + scene.scriptName
        try verify(scene, script: script)
        let sides: [Side] = noReuse ? [.fresh, .cairo] : [.fresh, .reused, .cairo]
        var results: [Side: Measured] = [:]
        for side in sides {
            progress("\(scene.name): \(side.label)\(isolate ? " (own process)" : "")")
            results[side] = isolate ? try isolated(side, scene, directory: directory)
                                    : Measured(timing: try measureSide(side, scene, script: script), peakMiB: nil)
        }
        progress("\(scene.name): \(Side.pair.label)\(isolate ? " (own process)" : "")")
        let paired = isolate ? try isolatedPair(scene, directory: directory) : try measurePair(scene, script: script)
        return Row(scene: scene, fresh: results[.fresh]!, reused: results[.reused], cairo: results[.cairo]!,
                   paired: paired)
    }

    /// Times one side of `scene` in this process.
    func measureSide(_ side: Side, _ scene: Scene, script: String) throws -> Timing {
        if side == .idle { return Timing(frames: 0, median: 0, min: 0) }
        return try plan.run(try frame(side, scene, script: script))
    }

    /// One frame of `side` (not `.idle`), ready to be timed.
    func frame(_ side: Side, _ scene: Scene, script: String) throws -> () throws -> Void {
        let options = scene.luaOptions
        switch side {
        case .fresh:
            return {
                let runtime = LuaRuntime(options: options)
                runtime.fileWritten = { _ in }
                // The pixels are read, as a user's run writes them: drawing
                // a canvas records may otherwise never be done.
                (try runtime.run(scriptAt: script) ?? runtime.lastCanvas)?.flush()
            }
        case .reused:
            let runtime = LuaRuntime(options: options)
            runtime.fileWritten = { _ in }
            return {
                (try runtime.run(scriptAt: script) ?? runtime.lastCanvas)?.flush()
                try runtime.run(code: "collectgarbage()")
            }
        case .cairo:
            return { _ = cairoFrame(scene) }
        case .idle, .pair:
            return {}
        }
    }

    /// celllua (fresh runtime, default threads), celllua on one thread and
    /// cairo frames in turn, in this process.
    func measurePair(_ scene: Scene, script: String) throws -> Paired {
        var oneThread = scene
        oneThread.drawingThreads = 1
        return try plan.runPaired([try frame(.fresh, scene, script: script), try frame(.fresh, oneThread, script: script),
                                   try frame(.cairo, scene, script: script)])
    }

    /// The child's side of `isolated`: one line on stdout.
    func runChild(_ side: Side, scene: Scene, directory: String) throws {
        if side == .pair {
            let p = try measurePair(scene, script: directory + "/" + scene.scriptName)
            let t = p.timings
            print("cellbench-pair \(t[0].frames) \(t[0].median) \(t[1].median) \(t[2].median) \(p.ratios[0]) \(p.ratios[1])")
            return
        }
        let timing = try measureSide(side, scene, script: directory + "/" + scene.scriptName)
        if let samples {
            try timing.samples.map { String($0) }.joined(separator: "\n").appending("\n")
                .write(toFile: samples, atomically: true, encoding: .utf8)
        }
        print("cellbench-child \(timing.frames) \(timing.median) \(timing.min) \(peakRSSOfThisImageMiB() ?? peakRSSMiB())")
    }

    /// Measures one side of `scene` in a child cellbench (`--child`), so the
    /// peak RSS it reports is that side's alone (plus the process' own).
    func isolated(_ side: Side, _ scene: Scene, directory: String) throws -> Measured {
        let fields = try childOutput(side, scene, directory: directory, tag: "cellbench-child", fields: 5)
        guard let n = Int(fields[1]), let median = Double(fields[2]), let fastest = Double(fields[3]),
              let peak = Double(fields[4]) else {
            throw BenchError("the child measuring \(scene.name) (\(side.rawValue)) printed \(fields)")
        }
        return Measured(timing: Timing(frames: n, median: median, min: fastest), peakMiB: peak)
    }

    /// `measurePair` in a child cellbench of its own.
    func isolatedPair(_ scene: Scene, directory: String) throws -> Paired {
        let fields = try childOutput(.pair, scene, directory: directory, tag: "cellbench-pair", fields: 7)
        let numbers = fields.dropFirst().compactMap { Double($0) }
        guard numbers.count == 6 else {
            throw BenchError("the child measuring \(scene.name) (pair) printed \(fields)")
        }
        let n = Int(numbers[0])
        return Paired(timings: numbers[1...3].map { Timing(frames: n, median: $0, min: $0) },
                      ratios: [numbers[4], numbers[5], 1])
    }

    /// Runs `cellbench --child SIDE` for `scene` and returns the fields of
    /// its result line (which starts with `tag` and has `fields` fields).
    func childOutput(_ side: Side, _ scene: Scene, directory: String, tag: String, fields count: Int) throws -> [Substring] {
        var arguments = ["--child", side.rawValue, "--scene", scene.name, "--frames", String(frames),
                         "--min-time", String(minTime), "--warmup", String(warmup), "--scenes-dir", directory]
        if let rows = scene.rows {
            arguments += ["--rows", String(rows), "--scale", String(scene.scale)]
        }
        if let threads = scene.drawingThreads { arguments += ["--threads", String(threads)] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == count, fields[0] == tag else {
            throw BenchError("the child measuring \(scene.name) (\(side.rawValue)) failed (status \(process.terminationStatus)): \(output)")
        }
        return fields
    }

    /// One untimed run of each side: the script must give a canvas of the
    /// scene's pixel size and cairo must end without an error.
    func verify(_ scene: Scene, script: String) throws {
        let canvas = try renderCelllua(scene, script: script)
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

    func renderCelllua(_ scene: Scene, script: String) throws -> Canvas {
        let runtime = LuaRuntime(options: scene.luaOptions)
        runtime.fileWritten = { _ in }
        guard let canvas = try runtime.run(scriptAt: script) ?? runtime.lastCanvas else {
            throw BenchError("\(script) made no canvas")
        }
        return canvas
    }

    func printTable(_ rows: [Row]) {
        var header = ["scene", "pixels", "celllua ms", "reused ms", "cairo ms", "celllua/cairo", "reused/cairo",
                      "in turn: celllua ms", "1-thread ms", "cairo ms", "celllua/cairo", "1-thread/cairo"]
        if isolate { header += ["celllua MiB", "reused MiB", "cairo MiB"] }
        var table: [[String]] = [header + ["frames"]]
        for row in rows {
            let ms = { (m: Measured) in String(format: "%.2f", m.timing.median * 1000) }
            let ratio = { (m: Measured) in String(format: "%.2fx", m.timing.median / row.cairo.timing.median) }
            let mib = { (m: Measured) in m.peakMiB.map { String(format: "%.1f", $0) } ?? "-" }
            var line = [
                row.scene.name,
                "\(row.scene.pixelWidth)x\(row.scene.pixelHeight)",
                ms(row.fresh),
                row.reused.map(ms) ?? "-",
                ms(row.cairo),
                ratio(row.fresh),
                row.reused.map(ratio) ?? "-",
                String(format: "%.2f", row.paired.timings[0].median * 1000),
                String(format: "%.2f", row.paired.timings[1].median * 1000),
                String(format: "%.2f", row.paired.timings[2].median * 1000),
                String(format: "%.2fx", row.paired.ratios[0]),
                String(format: "%.2fx", row.paired.ratios[1]),
            ]
            if isolate { line += [mib(row.fresh), row.reused.map(mib) ?? "-", mib(row.cairo)] }
            line.append([row.fresh.timing.frames, row.reused?.timing.frames, row.cairo.timing.frames, row.paired.timings[0].frames]
                .compactMap { $0 }.map(String.init).joined(separator: "/"))
            table.append(line)
        }
        printColumns(table, left: 2)
        print("ms = median per frame after warm-up; celllua = fresh LuaRuntime per frame; reused = one runtime for every frame.")
        print("in turn = celllua (fresh runtime, \(Canvas.availableThreads) drawing threads), celllua on one thread and cairo timed one frame each per round, so all see the machine at the same speed; their ratios are medians over the rounds. Below 1x celllua is faster.")
    }

    func progress(_ message: String) {
        FileHandle.standardError.write(Data(("cellbench: " + message + "\n").utf8))
    }

    // MARK: --check

    func runCheck(directory: String, out: String) throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for scene in selectedScenes {
            let script = directory + "/" + scene.scriptName
            let canvas = try renderCelllua(scene, script: script)
            let cellPath = "\(out)/\(scene.name)-celllua.png"
            try AtomicFile.write(try PNGCodec.encode(canvas.buffer), to: cellPath)
            print(cellPath)
            guard canvas.pixelWidth == scene.pixelWidth, canvas.pixelHeight == scene.pixelHeight else {
                print("  sizes differ: celllua \(canvas.pixelWidth)x\(canvas.pixelHeight), cairo \(scene.pixelWidth)x\(scene.pixelHeight)")
                continue
            }
            try checkCairo(scene, against: canvas, out: out, suffix: "", what: "")
            if scene.drawsText {
                // The same with cairo's glyphs filled as outlines: what is
                // left is everything but cairo_show_glyphs' pixel-snapped origins.
                CairoText.fillOutlines = true
                defer { CairoText.fillOutlines = false }
                try checkCairo(scene, against: canvas, out: out, suffix: "-outlines",
                               what: ", cairo's glyphs as filled outlines (cairo_glyph_path, not timed)")
            }
        }
    }

    /// Renders `scene` with cairo, writes it and the difference image from
    /// `canvas` as `NAME-cairo<suffix>.png` and `NAME<suffix>-diff.png`, and
    /// prints the agreement figures.
    func checkCairo(_ scene: Scene, against canvas: Canvas, out: String, suffix: String, what: String) throws {
        let surface = cairoFrame(scene, keep: true)!
        defer { cairo_surface_destroy(surface) }
        let cairoPath = "\(out)/\(scene.name)-cairo\(suffix).png"
        let status = cairo_surface_write_to_png(surface, cairoPath)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw BenchError("cairo could not write \(cairoPath): \(String(cString: cairo_status_to_string(status)))")
        }
        print(cairoPath)
        let diff = compare(canvas.buffer, surface)
        let diffPath = "\(out)/\(scene.name)\(suffix)-diff.png"
        try AtomicFile.write(try PNGCodec.encode(diff.image), to: diffPath)
        print(diffPath)
        print(String(format: "  %@%@: mean |difference| %.3f of 255 (premultiplied RGBA), largest %d; %d pixels (%.3f%%) off by more than 8",
                     scene.name, what, diff.meanAbs, diff.max, diff.over8,
                     Double(diff.over8) * 100 / Double(canvas.pixelWidth * canvas.pixelHeight)))
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

/// Prints `table` (its first line the header) in aligned columns: the
/// first `left` columns left-aligned, the rest right-aligned.
func printColumns(_ table: [[String]], left: Int) {
    let widths = (0..<table[0].count).map { col in table.map { $0[col].count }.max()! }
    for (i, line) in table.enumerated() {
        let cells = line.enumerated().map { col, text in
            let pad = String(repeating: " ", count: widths[col] - text.count)
            return col < left ? text + pad : pad + text
        }
        print(cells.joined(separator: "  "))
        if i == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
    }
}

extension CellBench.Side {
    var label: String {
        switch self {
        case .fresh: return "celllua, fresh runtime per frame"
        case .reused: return "celllua, one runtime reused"
        case .cairo: return "cairo"
        case .pair: return "celllua, celllua on one thread and cairo in turn"
        case .idle: return "nothing (process baseline)"
        }
    }
}

extension Double {
    /// 2 -> "2", 0.25 -> "0.25".
    var shortText: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
