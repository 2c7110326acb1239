import CellGeometry
import CellImage
import CellLua
import CellRaster
import Dispatch
import FoundationEssentials

/// Renders the script for the live preview: every variant at every scale a
/// page asked for, each in a fresh state with the command line's options
/// (`-D`, `--sandbox`, `--timeout`, `--max-memory`), one render at a time
/// on a queue of its own, so the server never waits for a script. The
/// page's controls set parameter values over the command line's `-D`
/// (`setValues`); every render uses the latest ones.
final class PreviewRenderer: @unchecked Sendable {
    let runner: Runner
    let state: PreviewState
    private let queue = DispatchQueue(label: "celllua.preview.render")
    /// The variants table of the last render (nil: the script has none).
    private var table: [String: [String: ParamValue]]?
    /// The page's values the render running (or the last one) used, and the
    /// parameters the last render read (render queue only).
    private var values: [String: String] = [:]
    private var declared: [ParamDeclaration] = []
    /// The values pages sent last, and whether a render for them is queued.
    private let requested = Locked<(values: [String: String], queued: Bool)>(([:], false))

    init(runner: Runner, state: PreviewState) {
        self.runner = runner
        self.state = state
    }

    /// The watch loop's render step (on the main thread): the whole script,
    /// on the render queue.
    func renderAll() -> RenderOutcome {
        queue.sync { renderAllNow() }
    }

    /// A frame for `variant` at `scale`, drawn now if this render has none
    /// (a scale just chosen on a page); `done` runs on the render queue.
    func frame(variant: String, scale: Double, _ done: @escaping @Sendable (PreviewState.Frame?) -> Void) {
        let key = PreviewState.Key(variant: variant, scale: scale)
        if let f = state.use(key) {
            done(f)
            return
        }
        queue.async {
            if let f = self.state.frame(key) { return done(f) }
            guard self.state.withLock({ self.state.variants.contains(variant) }) else { return done(nil) }
            let outcome = self.render(variant: variant, scale: scale, generation: self.state.generation)
            if let f = outcome.frame { self.state.add(f, for: key) }
            done(outcome.frame)
        }
    }

    /// Sets the values of the page's controls (every one: a name left out
    /// goes back to its `-D` value or its default) and renders with them,
    /// unless they are the values rendered already. Requests that come while
    /// a render runs make one render after it, with the latest values: a
    /// dragged slider costs a render at a time, never a queue of them.
    func setValues(_ new: [String: String]) {
        let schedule = requested.withLock { r -> Bool in
            r.values = new
            defer { r.queued = true }
            return !r.queued
        }
        guard schedule else { return }
        queue.async {
            let latest = self.requested.withLock { r -> [String: String] in
                r.queued = false
                return r.values
            }
            guard latest != self.values else { return }
            self.renderAllNow().console.flush()
        }
    }

    /// What a render gives the script: `-D`, under the page's values.
    private var params: [String: Param] {
        var p = runner.defines
        for (k, v) in values { p[k] = Param(.text(v), source: Param.controlSource) }
        return p
    }

    private struct Outcome {
        var frame: PreviewState.Frame?
        var error: String?
        var status: Int32
        var loaded: Set<String>
        var declared: [ParamDeclaration] = []
    }

    private func renderAllNow() -> RenderOutcome {
        let console = runner.makeConsole(buffered: true)
        values = requested.withLock { $0.values }
        let scales = state.activeScales
        let generation = state.generation + 1
        var files: Set<String> = []
        var frames: [PreviewState.Key: PreviewState.Frame] = [:]
        var firstError: String?
        var status: Int32 = 0
        // The script as it is, at the first scale: its canvas, or its variants table.
        let first = runner.makeRuntime(params: params, console: console, writesFiles: false, scale: scales[0])
        var names = [""]
        var read = [ParamDeclaration]()
        // The order the script gives its variants (a list of pairs,
        // `variant_order`), read before the state is closed; else by name.
        var order: [String]?
        do {
            let result = try runner.execute(in: first)
            table = try first.variants()
            order = try? first.variantOrder()
            first.close() // finalizers before the frame (LuaRuntime.close)
            if table == nil {
                let frame = try makeFrame(result ?? first.lastCanvas, runtime: first, generation: generation)
                frames[PreviewState.Key(variant: "", scale: scales[0])] = frame
            }
        } catch {
            table = try? first.variants()
            order = try? first.variantOrder()
            if table == nil {
                files.formUnion(first.loadedFiles)
                status = Runner.failure(error, console: console)
                // The last good images stay, under the error; so do the
                // controls of parameters the failed run did not reach.
                Self.merge(first.paramDeclarations, into: &declared)
                state.finishRender(variants: state.variants, error: "\(error)", frames: [:], controls: controls())
                return RenderOutcome(status: status, files: files, console: console)
            }
        }
        read = first.paramDeclarations
        files.formUnion(first.loadedFiles)
        if let table { names = (order ?? table.keys.sorted()).filter(VariantRunner.isSafeName) }
        for name in names {
            for scale in scales where frames[PreviewState.Key(variant: name, scale: scale)] == nil {
                let outcome = render(variant: name, scale: scale, generation: generation)
                files.formUnion(outcome.loaded)
                if let f = outcome.frame { frames[PreviewState.Key(variant: name, scale: scale)] = f }
                Self.merge(outcome.declared, into: &read)
                if let e = outcome.error, firstError == nil {
                    let message = name.isEmpty ? e : "variant '\(name)': \(e)"
                    firstError = message
                    console.diagnostic(message)
                    status = outcome.status
                }
            }
        }
        if firstError != nil { Self.merge(read, into: &declared) } else { declared = read }
        state.finishRender(variants: names, error: firstError, frames: frames, controls: controls())
        return RenderOutcome(status: status, files: files, console: console)
    }

    /// Appends the declarations of names `list` does not have yet.
    private static func merge(_ new: [ParamDeclaration], into list: inout [ParamDeclaration]) {
        for d in new where !list.contains(where: { $0.name == d.name }) { list.append(d) }
    }

    /// The page's controls as JSON objects: each parameter read, as
    /// `--list-params --json` gives it, with `value` (what the render used:
    /// the page's value, else `-D`'s, else the default), `from` ("page",
    /// "-D" or "default") and, for colors, `hex` (`#RRGGBB[AA]`).
    private func controls() -> [String] {
        declared.map { d in
            let given = values[d.name] ?? runner.defines[d.name]?.value.asText
            let value = given ?? d.defaultText
            let from = values[d.name] != nil ? "page" : given != nil ? "-D" : "default"
            var extra = ", \"value\": " + (value.map { "\"\(ParamDeclaration.jsonEscaped($0))\"" } ?? "null")
            extra += ", \"from\": \"\(from)\""
            if d.type == "color", let v = value, let hex = ParamDeclaration.hexColor(v) { extra += ", \"hex\": \"\(hex)\"" }
            return String(d.json.dropLast()) + extra + "}"
        }
    }

    /// One variant at one scale in a fresh state.
    private func render(variant: String, scale: Double, generation: Int) -> Outcome {
        var params = self.params
        if let values = table?[variant] {
            for (k, v) in values where params[k] == nil { params[k] = Param(v, source: "variant '\(variant)'") }
        }
        let runtime = runner.makeRuntime(params: params, console: Console(buffered: true), writesFiles: false,
                                         scale: scale)
        do {
            var result = try runner.execute(in: runtime)
            // An animation previews as its first frame.
            if let spec = try AssignmentSite.located("animation", in: runner.options.script, { try runtime.animation() }) {
                result = try runtime.drawFrame(1, of: spec)
            }
            runtime.close()
            let frame = try makeFrame(result ?? runtime.lastCanvas, runtime: runtime, generation: generation)
            return Outcome(frame: frame, error: nil, status: 0, loaded: runtime.loadedFiles,
                           declared: runtime.paramDeclarations)
        } catch {
            let status: Int32 = (error as? ScriptError).map { if case .unreadable = $0 { return 2 } else { return 1 } } ?? 1
            return Outcome(frame: nil, error: "\(error)", status: status, loaded: runtime.loadedFiles,
                           declared: runtime.paramDeclarations)
        }
    }

    private func makeFrame(_ canvas: Canvas?, runtime: LuaRuntime, generation: Int) throws -> PreviewState.Frame {
        guard let canvas else { throw ScriptError.runtime("the script created no canvas: nothing to preview") }
        let png = try runtime.encoded(canvas, as: .png)
        return PreviewState.Frame(png: png, canvas: canvas, generation: generation)
    }
}
