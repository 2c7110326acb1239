import CellGeometry
import CellImage
import CellLua
import CellRaster
import Dispatch
import FoundationEssentials
import Glibc

/// `--variant NAME` and `--all-variants`: the script runs once to read its
/// `variants` table (writing nothing; an error after the table is defined
/// does not matter there), then each chosen variant renders in a
/// fresh Lua state with its values as `cell.param` sees them (a `-D` on the
/// command line wins over a variant's value). All variants render in
/// parallel, one per core; each is written to `<stem>-<variant>.<ext>`.
struct VariantRunner {
    let runner: Runner
    var options: CommandLineOptions { runner.options }

    /// Variant names become file names: keep them to safe characters.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { c in
            (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 95 || c == 46
        } && !name.hasPrefix(".")
    }

    /// Renders the chosen variants; messages go to `console`. Returns the
    /// exit status and every file the renders loaded (for `--watch`).
    func render(console: Console) -> (status: Int32, files: Set<String>) {
        var files: Set<String> = []
        let status = render(console: console, files: &files)
        return (status, files)
    }

    /// `--list-variants`: the names, sorted (only the shard's with
    /// `--shard`), one per line on stdout. Returns the exit status.
    func list(console: Console) -> Int32 {
        var files: Set<String> = []
        switch readTable(console: console, files: &files) {
        case .failure(let status):
            return status
        case .success(let table, _):
            for name in shard(table.keys.sorted()) { print(name) }
            return 0
        }
    }

    /// The names `--shard K/N` keeps: those at sorted positions i with
    /// i % N == K - 1 (all of them without `--shard`).
    func shard(_ sorted: [String]) -> [String] {
        guard let text = options.shard, let (k, n) = CommandLineOptions.parseShard(text) else { return sorted }
        return sorted.enumerated().filter { $0.offset % n == k - 1 }.map(\.element)
    }

    private enum TableRead {
        case success([String: [String: ParamValue]], order: [String]?)
        case failure(Int32)
    }

    /// The script's variants table, its names checked; failures reported.
    private func readTable(console: Console, files: inout Set<String>) -> TableRead {
        guard options.script != nil || !options.execute.isEmpty else {
            console.diagnostic("celllua: --variant, --all-variants and --list-variants need a script")
            return .failure(2)
        }
        let table: [String: [String: ParamValue]]
        let order: [String]?
        do {
            guard let found = try variantsAndOrder(files: &files) else {
                console.diagnostic("celllua: \(scriptName) defines no variants table")
                return .failure(2)
            }
            (table, order) = found
        } catch {
            return .failure(Runner.failure(error, console: console))
        }
        for name in table.keys where !Self.isSafeName(name) {
            console.diagnostic("celllua: variant name '\(name)' cannot be part of a file name (use letters, digits, - _ .)")
            return .failure(1)
        }
        return .success(table, order: order)
    }

    private func render(console: Console, files: inout Set<String>) -> Int32 {
        // 1. Read the variants table.
        let table: [String: [String: ParamValue]]
        var order: [String]?
        switch readTable(console: console, files: &files) {
        case .failure(let status): return status
        case .success(let found, let given): (table, order) = (found, given)
        }
        if options.sheetOrder == "variants" && order == nil {
            console.diagnostic("celllua: --sheet-order variants: \(scriptName) gives its variants no order "
                               + "(write variants as a list of pairs, {{\"light\", {...}}, ...}, or add variant_order = {...})")
            return 1
        }
        if options.sheetOrder != "variants" { order = nil }
        let names: [String]
        if let wanted = options.variant {
            guard table[wanted] != nil else {
                let known = table.keys.sorted().joined(separator: ", ")
                console.diagnostic("celllua: no variant '\(wanted)' in \(scriptName) (it has: \(known.isEmpty ? "none" : known))")
                return 2
            }
            names = [wanted]
        } else {
            names = shard(table.keys.sorted())
        }
        // 2. Render each (at each scale) in a fresh state, in parallel.
        let scales = options.renderScales
        let (results, paramsRead) = renderAll(names, table, scales: scales)
        // A -D no variant read is usually a typo, as in a plain run.
        for name in runner.defines.keys.sorted() where !paramsRead.contains(name) {
            console.diagnostic("celllua: warning: -D \(name) was not read by any cell.param call")
        }
        var status: Int32 = 0
        var book = Book(path: options.book)
        // One contact sheet per scale.
        var tiles: [[ContactSheet.Tile]] = Array(repeating: [], count: scales.count)
        for (index, result) in results.enumerated() {
            let name = names[index / scales.count], scaleIndex = index % scales.count
            let label = scales.count > 1 ? "variant '\(name)' at scale \(CommandLineOptions.scaleText(scales[scaleIndex]))" : "variant '\(name)'"
            let bookTitle = scales.count > 1 ? "\(name) @\(CommandLineOptions.scaleText(scales[scaleIndex]))x" : name
            switch result {
            case .written(let paths, let loaded, let image, let canvases):
                paths.forEach(console.written)
                files.formUnion(loaded)
                tiles[scaleIndex].append(ContactSheet.Tile(name: name, image: image?.buffer, scale: image?.scale ?? 2))
                book.add(canvases.canvases, title: bookTitle, failed: false)
            case .failed(let message, let loaded):
                console.diagnostic("\(label): \(message)")
                files.formUnion(loaded)
                book.add([], title: bookTitle, failed: true)
                tiles[scaleIndex].append(ContactSheet.Tile(name: name, image: nil, scale: scales[scaleIndex],
                                                           error: message))
                status = 1
            }
        }
        // 3. The contact sheets, from the images in memory.
        let rank = Dictionary(uniqueKeysWithValues: (order ?? []).enumerated().map { ($1, $0) })
        for (scaleIndex, scaleTiles) in tiles.enumerated() where options.sheet && !scaleTiles.isEmpty {
            let path = options.scaledPath(sheetPath, scale: scales[scaleIndex])
            // By name (as rendered), or in the order the script gives (--sheet-order variants).
            let ordered = order == nil ? scaleTiles : scaleTiles.sorted { rank[$0.name, default: 0] < rank[$1.name, default: 0] }
            do {
                let sheet = try ContactSheet(tiles: ordered).render()
                try AtomicFile.write(try PNGCodec.encode(sheet.buffer), to: path)
                console.written(path)
            } catch {
                console.diagnostic("celllua: cannot write the contact sheet \(path): \(error)")
                status = 1
            }
        }
        if !book.write(console: console) { status = 1 }
        return status
    }

    /// `<stem>-sheet.png`, the stem from `-o` or the default output name.
    var sheetPath: String { outputPath(for: "sheet", extension: "png") }

    private var scriptName: String { options.script ?? "the -e code" }

    /// Runs the script again just to read `variants` (no files written).
    func variantsTable(files: inout Set<String>) throws -> [String: [String: ParamValue]]? {
        try variantsAndOrder(files: &files)?.table
    }

    /// The table and the order the script gives it (`LuaRuntime.variantOrder`).
    func variantsAndOrder(files: inout Set<String>) throws -> (table: [String: [String: ParamValue]], order: [String]?)? {
        let runtime = runner.makeRuntime(writesFiles: false)
        defer { files.formUnion(runtime.loadedFiles) }
        // This run only reads the table: keep its prints out of the output.
        try runtime.run(code: "print = function() end", chunkName: "=(variants)")
        do {
            _ = try runner.execute(in: runtime)
        } catch let error as ScriptError {
            // The defaults may not render (a parameter only variants set);
            // what matters here is whether the table was defined first.
            if case .unreadable = error { throw error }
            if let table = try located({ try runtime.variants() }) { return (table, try order(runtime)) }
            throw error
        }
        guard let table = try located({ try runtime.variants() }) else { return nil }
        return (table, try order(runtime))
    }

    /// The script's order for its variants; a bad `variant_order` is
    /// reported at the line that assigns it.
    private func order(_ runtime: LuaRuntime) throws -> [String]? {
        try AssignmentSite.located("variant_order", in: options.script) { try runtime.variantOrder() }
    }

    /// A bad `variants` table's error, with `script.lua:LINE:` of the line
    /// that assigns it (`AssignmentSite`).
    private func located<T>(_ body: () throws -> T) throws -> T {
        try AssignmentSite.located("variants", in: options.script, body)
    }

    enum Outcome: Sendable {
        /// The files written (any the script saved itself, then the variant's
        /// output), the files the render loaded, and the image (for --sheet).
        case written([String], loaded: Set<String>, image: Rendered?, canvases: Canvases)
        case failed(String, loaded: Set<String>)
    }

    /// A finished variant's canvases (for --book), handed from its worker
    /// once the worker is done with them.
    struct Canvases: @unchecked Sendable {
        var canvases: [Canvas] = []
    }

    /// A finished variant's pixels, handed from its worker to the sheet once
    /// the worker is done with them.
    struct Rendered: @unchecked Sendable {
        let buffer: PixelBuffer
        let scale: Double
    }

    /// The output path for `name`: `<stem>-<name>.<ext>`, the stem and
    /// extension from `-o` or the script's default output name.
    /// `extension` replaces the output's own (the sheet is always PNG).
    func outputPath(for name: String, extension replacement: String? = nil) -> String {
        let base = options.output.first { $0 != "-" } ?? runner.defaultOutputName
        let ext = replacement ?? PathName.pathExtension(base)
        return "\(PathName.deletingExtension(base))-\(name)" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// The outcomes, and every parameter name a variant's script read.
    /// The outcomes (variant-major, then scale), and every parameter name a
    /// variant's script read.
    private func renderAll(_ names: [String], _ table: [String: [String: ParamValue]],
                           scales: [Double]) -> ([Outcome], Set<String>) {
        let count = names.count * scales.count
        let results = OutcomeBox(count: count)
        let reads = Locked<Set<String>>([])
        let progress = Progress("rendering variants", total: count, enabled: count >= 4 && isatty(STDERR_FILENO) != 0)
        let runner = self.runner
        let keepImages = options.sheet
        let plan = OutputPlan(options: options, defaultName: runner.defaultOutputName)
        let work: [(String, [String: Param], [String], Double)] = names.flatMap { name in
            var params: [String: Param] = [:]
            for (k, v) in table[name] ?? [:] { params[k] = Param(v, source: "variant '\(name)'") }
            for (k, v) in runner.defines { params[k] = v } // -D wins
            // One variant asked for by name goes exactly where -o says.
            return scales.map { (name, params, plan.targets(scale: $0, variant: name), $0) }
        }
        let queue = WorkQueue(count: work.count)
        let workers = max(1, min(options.jobs ?? Canvas.processorCount, work.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = queue.next() {
                // Variants side by side already use every core: each draws on one.
                results.set(i, Self.renderOne(runner, variant: work[i].0, params: work[i].1, to: work[i].2,
                                              scale: work[i].3, keepImage: keepImages,
                                              drawingThreads: workers > 1 ? 1 : nil, reads: reads))
                progress.step()
            }
        }
        progress.finish()
        return (results.all, reads.withLock { $0 })
    }
}

extension VariantRunner {
    /// Renders one variant in a fresh state and writes it to `targets`
    /// (its animation, if the script sets one), then its slices.
    static func renderOne(_ runner: Runner, variant: String, params: [String: Param], to targets: [String],
                          scale: Double, keepImage: Bool = false, drawingThreads: Int? = nil,
                          reads: Locked<Set<String>>? = nil) -> Outcome {
        let runtime = runner.makeRuntime(params: params, drawingThreads: drawingThreads, scale: scale)
        defer { reads?.withLock { $0.formUnion(runtime.paramsRead) } }
        // Paths are printed together, in variant order, once all are done.
        var written: [String] = []
        runtime.fileWritten = { written.append($0) }
        do {
            let result = try runner.execute(in: runtime)
            if !runtime.returnedFalse,
               let spec = try AssignmentSite.located("animation", in: runner.options.script, { try runtime.animation() }) {
                let export = AnimationExport(spec: spec, targets: targets, quality: runner.options.quality,
                                             showsProgress: false)
                try export.run(first: runtime, closeFirst: true, workers: 1, makeWorker: { throw ScriptError.runtime("one worker only") },
                               written: { written.append($0) })
                return .written(written, loaded: runtime.loadedFiles, image: nil, canvases: Canvases())
            }
            runtime.close() // finalizers before the output (LuaRuntime.close)
            if runtime.returnedFalse {
                return .written(written, loaded: runtime.loadedFiles, image: nil, canvases: Canvases())
            }
            guard let canvas = result ?? runtime.lastCanvas else {
                return .failed("the script created no canvas", loaded: runtime.loadedFiles)
            }
            try OutputPlan.writeStill(canvas, pages: runtime.resultPages, runtime: runtime, to: targets)
            let canvases = runtime.resultPages ?? [canvas]
            // A variant without slices is no news when others have some.
            let (sliceWritten, _) = try Slices.write(canvases, runtime: runtime, options: runner.options,
                                                     scale: scale, variant: variant)
            let image = keepImage ? Rendered(buffer: canvas.buffer, scale: canvas.scale) : nil
            let kept = runner.options.book != nil ? canvases : []
            return .written(written + sliceWritten, loaded: runtime.loadedFiles, image: image,
                            canvases: Canvases(canvases: kept))
        } catch {
            return .failed("\(error)", loaded: runtime.loadedFiles)
        }
    }
}

/// Hands out work indexes to the worker threads, each once.
private final class WorkQueue: @unchecked Sendable {
    private var nextIndex = 0
    private let count: Int
    private let lock = Lock()

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }
}

/// Results written from the worker threads, one slot each.
private final class OutcomeBox: @unchecked Sendable {
    private var slots: [VariantRunner.Outcome?]
    private let lock = Lock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ outcome: VariantRunner.Outcome) {
        lock.lock()
        slots[i] = outcome
        lock.unlock()
    }

    var all: [VariantRunner.Outcome] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0 ?? .failed("not rendered", loaded: []) }
    }
}
