import CellLua
import CellRaster
import FoundationEssentials
import Glibc

/// The interactive loop (`celllua` alone, or `-i` after a script), like
/// `lua`'s own: expressions print their values, an incomplete chunk continues
/// on a `>>` line, errors go to stderr and the session goes on, Ctrl-C stops
/// the running chunk, Ctrl-D on an empty line leaves with status 0 (1 when
/// input was not a terminal and a chunk failed). Lines
/// starting with `:` are REPL commands (`REPLCommands`).
///
/// At a terminal lines come from the line editor (history, Tab completion);
/// when stdin is not a terminal they are read plainly and no prompt or banner
/// is printed, so piped output holds only what the code prints.
/// Shows a canvas with the text that gave it (the preview page's REPL gallery).
typealias REPLGallery = (Canvas, String) -> Void

struct REPL {
    let runtime: LuaRuntime
    /// The script given with `-i`, for `:reload`.
    var script: String? = nil
    var scriptArguments: [String] = []
    /// Where canvases go to be seen (`-i script.lua --serve`: the preview
    /// page), with the chunk or command that gave them; nil: nowhere but
    /// `:show`'s usual place.
    var gallery: REPLGallery? = nil

    func run() -> Int32 {
        let terminal = isatty(STDIN_FILENO) != 0
        let environment = ProcessInfo.processInfo.environment
        let interrupts = InterruptRouter(runtime: runtime, wholeSession: terminal)
        defer { interrupts.close() }
        let input = makeInput(terminal: terminal, environment: environment)
        defer { input.close() }
        let commands = REPLCommands(runtime: runtime, script: script, scriptArguments: scriptArguments,
                                    interrupts: interrupts, lastCanvasOfScript: runtime.lastCanvas,
                                    environment: environment, gallery: gallery)
        if terminal {
            print("celllua \(Version.string) -- the `cell` module is loaded; :help lists commands, Ctrl-D exits")
        }
        var pending = ""
        var failures = 0
        loop: while true {
            fflush(nil)
            switch input.read(prompt: pending.isEmpty ? "> " : ">> ", continuation: !pending.isEmpty) {
            case .end:
                // An unfinished chunk at the end of input is a syntax error,
                // as it is for lua.
                if !pending.isEmpty, case .failed(let message) = runtime.evaluate(pending, atEnd: true) {
                    failures += 1
                    writeStandardError(message + "\n")
                }
                break loop
            case .interrupted:
                pending = ""
            case .line(let line):
                input.remember(line)
                if pending.isEmpty, REPLCommands.isCommand(line) {
                    switch commands.run(line) {
                    case .quit: break loop
                    case .failed: failures += 1
                    case .continue: break
                    }
                    continue
                }
                pending = pending.isEmpty ? line : pending + "\n" + line
                let outcome = interrupts.interruptible { runtime.evaluate(pending) }
                switch outcome {
                case .incomplete:
                    continue
                case .done:
                    for canvas in runtime.evaluatedCanvases { gallery?(canvas, pending) }
                case .failed(let message):
                    failures += 1
                    fflush(nil)
                    writeStandardError((message + "\n"))
                }
                pending = ""
            }
        }
        fflush(nil)
        // Fed from a pipe or a file, a failed chunk or command fails the run,
        // so that scripts and CI notice; at a terminal the session goes on.
        return !terminal && failures > 0 ? 1 : 0
    }

    private func makeInput(terminal: Bool, environment: [String: String]) -> LineSource {
        guard terminal else { return PlainLines(showsPrompts: false) }
        let editor = LineEditor(completer: Completer(runtime: runtime),
                                historyPath: LineEditor.historyPath(environment: environment))
        return editor ?? PlainLines(showsPrompts: true)
    }
}
