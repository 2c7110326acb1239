import CellImage
import CellLua
import CellRaster
import FoundationEssentials
import Glibc

/// The REPL's own commands: a line that starts with `:` (but not `::`, which
/// begins a Lua label). Results go to stdout, complaints to stderr; none of
/// them ends the session except `:quit`.
struct REPLCommands {
    let runtime: LuaRuntime
    /// The script given with `-i`, for `:reload`; nil without one.
    let script: String?
    let scriptArguments: [String]
    let interrupts: InterruptRouter
    /// The last canvas created when the session began: while it still is,
    /// no canvas of the session's own exists.
    var lastCanvasOfScript: Canvas? = nil
    var environment: [String: String] = ProcessInfo.processInfo.environment
    /// The preview page, when the REPL runs with `--serve`: `:show` puts
    /// the canvas there.
    var gallery: REPLGallery? = nil

    /// Command names, for `:help` and completion.
    static let names = [":help", ":quit", ":reload", ":save", ":show"]

    static let help = """
        :show [expr]   show a canvas: expr's value, else the canvas the -i script
                       returned (until the session creates another), else the
                       last canvas created;
                       on the page with --serve, inline in kitty, iTerm2 and
                       WezTerm, else a preview PNG whose path is printed
        :save PATH [expr]  write a canvas to PATH (.png, .jpg, .webp, .gif, .ppm, .pam, .svg, .pdf, relative
                       to the current directory; folders are made): expr's value,
                       else as :show picks it; print the path
        :reload        run the script again (celllua -i script.lua) in this session
        :quit          leave (so does Ctrl-D on an empty line)
        :help          this list
        Lua lines run as typed: expressions print their values, an unfinished
        statement continues on a >> line. Tab completes names (cell.<Tab>,
        c:<Tab>); Up/Down and Ctrl-R search the history; Ctrl-C interrupts a
        running chunk, or drops the line being typed.
        """

    /// `failed`: the command complained (a piped session then exits 1).
    enum Outcome { case `continue`, failed, quit }

    /// True if `line` is a command rather than Lua.
    static func isCommand(_ line: String) -> Bool {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        return trimmed.hasPrefix(":") && !trimmed.hasPrefix("::")
    }

    func run(_ line: String) -> Outcome {
        complaints.count = 0
        let outcome = dispatch(line)
        return outcome == .continue && complaints.count > 0 ? .failed : outcome
    }

    /// Complaints made by the command running now.
    private let complaints = Counter()
    private final class Counter { var count = 0 }

    private func dispatch(_ line: String) -> Outcome {
        let trimmed = line.trimmingSpaces
        let name = String(trimmed.prefix(while: { !$0.isWhitespace }))
        let argument = String(trimmed.dropFirst(name.count)).trimmingSpaces
        switch name {
        case ":help", ":h", ":?":
            print(Self.help)
        case ":show":
            show(argument)
        case ":save":
            save(argument)
        case ":reload":
            reload()
        case ":quit", ":q", ":exit":
            return .quit
        default:
            complain("unknown command '\(name)' (:help lists the commands)")
        }
        fflush(nil)
        return .continue
    }

    // MARK: :show

    private func show(_ expression: String) {
        guard let canvas = canvas(for: expression, command: ":show") else { return }
        if let gallery {
            gallery(canvas, expression.isEmpty ? ":show" : ":show " + expression)
            return
        }
        let png: [UInt8]
        do {
            png = try PNGCodec.encode(canvas.buffer)
        } catch {
            complain("celllua: \(error)")
            return
        }
        switch ImageDisplay.choose(environment: environment, stdoutIsTerminal: isatty(STDOUT_FILENO) != 0) {
        case .kitty:
            print(InlineImage.kitty(png: png), terminator: "")
        case .iTerm:
            print(InlineImage.iTerm(png: png, name: "canvas.png"), terminator: "")
        case .previewFile:
            do {
                let path = try previewFolder.path(environment: environment) + "/preview.png"
                try AtomicFile.write(png, to: path)
                print(path)
            } catch {
                complain("celllua: \(error)")
            }
        }
    }

    /// Where `:show` writes its preview file (`preview.png`, replaced at each
    /// `:show`, so an image viewer that reloads on change follows along).
    let previewFolder = PreviewFolder()

    /// The canvas `expression` evaluates to, or the last one created when it
    /// is empty; reports why not and returns nil otherwise.
    private func canvas(for expression: String, command: String) -> Canvas? {
        if expression.isEmpty {
            // The script's result until the session makes a canvas of its own.
            if let result = runtime.scriptResult, runtime.lastCanvas === lastCanvasOfScript { return result }
            guard let canvas = runtime.lastCanvas else {
                complain("\(command): no canvas yet (create one with cell.canvas(width, height))")
                return nil
            }
            return canvas
        }
        switch interrupts.interruptible({ runtime.canvas(evaluating: expression) }) {
        case .canvas(let canvas):
            return canvas
        case .notACanvas(let type):
            complain("\(command): '\(expression)' is a \(type), not a Canvas")
        case .failed(let message):
            complain(message)
        }
        return nil
    }

    // MARK: :save

    private func save(_ argument: String) {
        guard !argument.isEmpty else {
            complain(":save needs a path, e.g. :save out.png [expr] (.png, .jpg, .webp, .gif, .ppm, .pam, .svg or .pdf)")
            return
        }
        let path = String(argument.prefix { !$0.isWhitespace })
        let expression = String(argument.dropFirst(path.count)).trimmingSpaces
        guard let canvas = canvas(for: expression, command: ":save") else { return }
        do {
            // Like -o: relative to the current directory, not the script's folder.
            try runtime.write(canvas, toCurrentDirectoryPath: path)
        } catch {
            complain("celllua: \(error)")
        }
    }

    // MARK: :reload

    private func reload() {
        guard let script else {
            complain(":reload: no script to run again (start with celllua -i script.lua)")
            return
        }
        do {
            try interrupts.interruptible {
                _ = try runtime.run(scriptAt: script, args: scriptArguments)
            }
            print("reloaded \(script)")
        } catch {
            complain("\(error)")
        }
    }

    private func complain(_ message: String) {
        complaints.count += 1
        fflush(nil)
        writeStandardError((message + "\n"))
    }
}
