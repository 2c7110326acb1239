import CellLua
import CellRaster
import FoundationEssentials
import Glibc

/// One invocation: run `-e` code and the script in one runtime, write the
/// result canvas, then maybe enter the REPL — or, with `--watch`, hand the
/// render step to the watch loop.
struct Runner {
    let options: CommandLineOptions

    func run() -> Int32 {
        if options.output.contains("-") { Self.keepStandardOutputForTheImage() }
        let variants = options.variant != nil || options.allVariants
        if options.serve {
            return options.interactive ? REPLPreviewCommand(runner: self).run() : PreviewCommand(runner: self).run()
        }
        if options.watch {
            let render: () -> RenderOutcome = variants ? { renderVariants() } : { renderFresh() }
            return WatchLoop(render: render).run()
        }
        if options.listParams { return listParams() }
        if options.listVariants {
            return VariantRunner(runner: self).list(console: makeConsole())
        }
        if variants {
            return VariantRunner(runner: self).render(console: makeConsole()).status
        }
        return runThenExplore()
    }

    /// The plain run: the script (and `-e` code) rendered and written, then
    /// the REPL with `-i` (or alone, without a script). `gallery` is where
    /// the REPL shows canvases (the preview page), the script's result first.
    func runThenExplore(gallery: REPLGallery? = nil) -> Int32 {
        let console = makeConsole()
        let runtime = makeRuntime(console: console, scale: options.renderScales[0])
        let interactiveOnly = options.script == nil && options.execute.isEmpty
        if interactiveOnly {
            return REPL(runtime: runtime, script: nil, gallery: gallery).run()
        }
        let (status, _) = renderAtEachScale(first: runtime, console: console)
        // As `lua -i`: a script that failed still leaves its globals to explore.
        if options.interactive && status != 2 {
            if let gallery, let canvas = runtime.scriptResult ?? runtime.lastCanvas {
                gallery(canvas, PathName.lastComponent(options.script ?? "-e"))
            }
            return REPL(runtime: runtime, script: options.script, scriptArguments: options.scriptArguments,
                        gallery: gallery).run()
        }
        return status
    }

    /// `--list-params`: runs the `-e` code and the script once, writing
    /// nothing (what it prints goes to stderr), then prints what it declared
    /// of each parameter it read, in the order of first reads: a line each,
    /// or with `--json` a JSON array. The exit status.
    func listParams() -> Int32 {
        Self.keepStandardOutputForTheImage()
        let console = makeConsole()
        let runtime = makeRuntime(console: console, writesFiles: false)
        do {
            _ = try execute(in: runtime)
            warnAboutUnreadDefines(runtime, console: console)
        } catch {
            return Self.failure(error, console: console)
        }
        runtime.close()
        let declarations = runtime.paramDeclarations
        let text: String
        if options.json {
            text = "[" + declarations.map { "\n  " + $0.json }.joined(separator: ",") + (declarations.isEmpty ? "]\n" : "\n]\n")
        } else {
            text = declarations.map { $0.line + "\n" }.joined()
        }
        return Self.writeAll(Array(text.utf8), to: Self.imageOutput) ? 0 : 1
    }

    /// A console for this run: with `-o -` standard output carries the
    /// image, so written paths go to stderr.
    func makeConsole(buffered: Bool = false) -> Console {
        Console(buffered: buffered, pathsToStandardError: options.output.contains("-"))
    }

    /// One watch render: a fresh runtime, so nothing a script did last time
    /// (globals, `package.loaded`, the random state) leaks into this one.
    /// Variants plug in here: render each in its own runtime and merge the
    /// outcomes' files.
    private func renderFresh() -> RenderOutcome {
        let console = makeConsole(buffered: true)
        let first = makeRuntime(console: console, scale: options.renderScales[0])
        let (status, files) = renderAtEachScale(first: first, console: console)
        return RenderOutcome(status: status, files: files, console: console)
    }

    /// Renders at the first scale in `first`, then at each further one
    /// (`--scales`) in a fresh state, as each variant is; stops after a
    /// script that cannot be read. The worst status, and the files loaded.
    private func renderAtEachScale(first: LuaRuntime, console: Console) -> (status: Int32, files: Set<String>) {
        var status: Int32 = 0
        var files: Set<String> = []
        var book = Book(path: options.book)
        let scales = options.renderScales
        for (i, scale) in scales.enumerated() where status != 2 {
            let runtime = i == 0 ? first : makeRuntime(console: console, scale: scale)
            let (renderStatus, canvases) = render(in: runtime, console: console, scale: scale, warnings: i == 0)
            status = Swift.max(status, renderStatus)
            files.formUnion(runtime.loadedFiles)
            let title = PathName.deletingExtension(defaultOutputName) + (scales.count > 1 ? " @\(CommandLineOptions.scaleText(scale))x" : "")
            book.add(canvases, title: title, failed: renderStatus != 0)
        }
        if !book.write(console: console) { status = Swift.max(status, 1) }
        return (status, files)
    }

    /// One watch render of the chosen variants, each in its own fresh runtime.
    private func renderVariants() -> RenderOutcome {
        let console = makeConsole(buffered: true)
        let (status, files) = VariantRunner(runner: self).render(console: console)
        return RenderOutcome(status: status, files: files, console: console)
    }

    /// Runs the `-e` code and the script in `runtime`, then writes the result.
    /// Returns the exit status of docs/reference.md: 0, 1 (the script failed or its result
    /// could not be written) or 2 (the script could not be read).
    /// `scale`: the one this run renders at (its output is named for it
    /// with `--scales`); `warnings`: whether to warn about unread `-D`s
    /// (once per invocation, not per scale).
    private func render(in runtime: LuaRuntime, console: Console, scale: Double,
                        warnings: Bool) -> (status: Int32, canvases: [Canvas]) {
        var result: Canvas? = nil
        var animation: AnimationSpec? = nil
        do {
            result = try execute(in: runtime)
            if warnings { warnAboutUnreadDefines(runtime, console: console) }
            if !runtime.returnedFalse {
                animation = try AssignmentSite.located("animation", in: options.script) { try runtime.animation() }
            }
        } catch {
            return (Self.failure(error, console: console), [])
        }
        if let animation {
            let status = writeAnimation(animation, runtime: runtime, params: defines, scale: scale, console: console)
            return (status, [])
        }
        // The finalizers run before anything is written (`LuaRuntime.close`);
        // `-i` keeps the state for the REPL.
        if !options.interactive { runtime.close() }
        let canvas = result ?? runtime.lastCanvas
        let status = writeResult(canvas, runtime: runtime, console: console, scale: scale)
        guard status == 0, !runtime.returnedFalse, let canvas else { return (status, []) }
        let canvases = runtime.resultPages ?? [canvas]
        do {
            let (written, warnings) = try Slices.write(canvases, runtime: runtime, options: options, scale: scale,
                                                       variant: nil)
            written.forEach(console.written)
            warnings.forEach(console.diagnostic)
        } catch {
            console.diagnostic("celllua: \(error)")
            return (1, canvases)
        }
        return (status, canvases)
    }

    /// Draws `spec`'s frames (in `runtime`, which ran the script, and in
    /// fresh runtimes with `params` beside it) and writes the animation;
    /// the exit status.
    func writeAnimation(_ spec: AnimationSpec, runtime: LuaRuntime, params: [String: Param], scale: Double,
                        variant: String? = nil, console: Console, drawingThreads: Int? = nil) -> Int32 {
        let plan = OutputPlan(options: options, defaultName: defaultOutputName)
        let export = AnimationExport(spec: spec, targets: plan.targets(scale: scale, variant: variant),
                                     quality: options.quality,
                                     showsProgress: spec.frames >= 30 && isatty(STDERR_FILENO) != 0 && variant == nil)
        // Variants side by side already keep every core busy: one worker each.
        let workers = variant == nil ? Canvas.processorCount : 1
        let runner = self
        do {
            try export.run(first: runtime, closeFirst: !options.interactive, workers: workers, makeWorker: {
                let worker = runner.makeRuntime(params: params, writesFiles: false,
                                                drawingThreads: drawingThreads ?? (workers > 1 ? 1 : nil), scale: scale)
                // The script runs again only to define its frames: its
                // prints were seen once already.
                try worker.run(code: "print = function() end", chunkName: "=(animation)")
                _ = try runner.execute(in: worker)
                return worker
            }, written: console.written)
        } catch {
            console.diagnostic("celllua: \(error)")
            return 1
        }
        return 0
    }

    /// Reports a failed run and returns its exit status: 2 when the script
    /// could not be read, else 1.
    static func failure(_ error: Error, console: Console) -> Int32 {
        console.diagnostic("\(error)")
        if let error = error as? ScriptError, case .unreadable = error { return 2 }
        return 1
    }

    /// Runs the `-e` code, then the script, in `runtime`; returns the canvas
    /// returned last (the result unless nil, then the last one created).
    func execute(in runtime: LuaRuntime) throws -> Canvas? {
        var result: Canvas? = nil
        for code in options.execute {
            if let c = try runtime.run(code: code) { result = c }
        }
        if options.script == "-" {
            // `celllua -`: the script is standard input, as with `lua -`.
            result = try runtime.run(script: Self.standardInput, chunkName: "=stdin", arg0: "-", directory: ".",
                                     args: options.scriptArguments)
        } else if let script = options.script {
            result = try runtime.run(scriptAt: script, args: options.scriptArguments)
        }
        return result
    }

    /// The `-D` definitions as parameters.
    var defines: [String: Param] {
        var out: [String: Param] = [:]
        for d in options.define {
            if let (name, param) = Param.define(d) { out[name] = param }
        }
        return out
    }

    /// A `-D` that no `cell.param` call read is usually a typo: say so.
    func warnAboutUnreadDefines(_ runtime: LuaRuntime, console: Console) {
        for name in defines.keys.sorted() where !runtime.paramsRead.contains(name) {
            console.diagnostic("celllua: warning: -D \(name) was not read by any cell.param call")
        }
    }

    /// `CELLLUA_THREADS=N` (a whole number from 1): the threads each canvas
    /// draws on, instead of all the cores the process may use.
    static let threadsFromEnvironment: Int? = {
        guard let text = getenv("CELLLUA_THREADS").map({ String(cString: $0) }), let n = Int(text), n >= 1 else {
            return nil
        }
        return Swift.min(n, Canvas.availableThreads)
    }()

    /// A fresh runtime with the command line's settings and `params`
    /// (the `-D` definitions by default); written paths go to `console`
    /// (printed at once when nil).
    /// `drawingThreads`: threads each canvas may draw on (nil: all cores);
    /// 1 when variants already keep every core busy.
    /// `scale`: the canvases' default scale (`--scale` when nil); with
    /// `--scales`, canvases that set their own scale get it times
    /// `scale / --scale`.
    func makeRuntime(params: [String: Param]? = nil, console: Console? = nil, writesFiles: Bool = true,
                     drawingThreads: Int? = nil, scale: Double? = nil) -> LuaRuntime {
        var settings = LuaRuntime.Options()
        settings.drawingThreads = drawingThreads ?? options.threads.map { Swift.min($0, Canvas.availableThreads) }
            ?? Self.threadsFromEnvironment
        settings.defaultScale = scale ?? options.scale
        settings.explicitScaleFactor = (scale ?? options.scale) / options.scale
        settings.timeout = options.timeout
        settings.params = params ?? defines
        settings.writesFiles = writesFiles
        settings.sandbox = options.sandbox
        settings.quality = options.quality
        settings.svgText = .init(rawValue: options.svgText) ?? .outline
        settings.maxMemory = Int((options.maxMemory ?? CommandLineOptions.defaultMaxMemory) * 1_048_576)
        let runtime = LuaRuntime(options: settings)
        let console = console ?? makeConsole()
        runtime.fileWritten = { path in console.written(path) }
        return runtime
    }

    /// Writes the result canvas; returns the exit status (0 when there was
    /// nothing to write and no `-o` asked for it).
    private func writeResult(_ canvas: Canvas?, runtime: LuaRuntime, console: Console, scale: Double) -> Int32 {
        let given = options.output.joined(separator: ", ")
        // `-i` explores: the result is written only where -o asks for it
        // (the REPL's :save writes any canvas later).
        if options.interactive && options.output.isEmpty { return 0 }
        if runtime.returnedFalse {
            // The script wrote what it wanted itself.
            if !options.output.isEmpty {
                console.diagnostic("celllua: warning: the script returned false, so nothing was written to \(given)")
            }
            return 0
        }
        guard let canvas else {
            if !options.output.isEmpty {
                console.diagnostic("celllua: the script created no canvas, so nothing was written to \(given)")
                return 1
            }
            console.diagnostic("celllua: the script created no canvas, so nothing was written (return false to say that is meant)")
            return 0
        }
        let targets = OutputPlan(options: options, defaultName: defaultOutputName).targets(scale: scale)
        do {
            try OutputPlan.writeStill(canvas, pages: runtime.resultPages, runtime: runtime, to: targets)
        } catch {
            console.diagnostic("celllua: \(error)")
            return 1
        }
        return 0
    }

    /// Writes the result: to `path` (relative to the current directory, not
    /// the script's folder), or for `-o -` as PNG to standard output.
    static func writeOutput(_ canvas: Canvas, runtime: LuaRuntime, to path: String) throws {
        guard path == "-" else {
            try runtime.write(canvas, toCurrentDirectoryPath: path)
            return
        }
        guard writeAll(try runtime.encoded(canvas, as: .png), to: imageOutput) else {
            throw ScriptError.runtime("cannot write the image to standard output: \(String(cString: strerror(errno)))")
        }
    }

    /// Writes all of `bytes` to descriptor `fd` (again after an interrupted
    /// write); false when a write fails (`errno` says why).
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Where `-o -` writes the image: standard output as the process got it
    /// (`keepStandardOutputForTheImage`).
    nonisolated(unsafe) static var imageOutput = STDOUT_FILENO

    /// With `-o -` standard output carries the image alone: the image gets a
    /// descriptor of its own for it, and descriptor 1 becomes standard error,
    /// so what the script prints (`print`, `io.write`) goes there instead of
    /// into the PNG.
    static func keepStandardOutputForTheImage() {
        let kept = dup(STDOUT_FILENO)
        guard kept >= 0 else { return }
        _ = fcntl(kept, F_SETFD, FD_CLOEXEC)
        guard dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            close(kept)
            return
        }
        imageOutput = kept
    }

    /// Standard input, read once (each variant runs the script again).
    static let standardInput: [UInt8] = {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(STDIN_FILENO, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }()

    /// `<script stem>.png` in the current directory; `out.png` for `-e` code
    /// and for a script read from stdin (`-`).
    var defaultOutputName: String {
        guard let script = options.script, script != "-" else { return "out.png" }
        let name = PathName.lastComponent(script)
        let stem = PathName.deletingExtension(name)
        return (stem.isEmpty ? name : stem) + ".png"
    }

}
