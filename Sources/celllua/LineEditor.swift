import CEdit
import FoundationEssentials
import Glibc

/// One read from the user.
enum LineInput: Equatable {
    case line(String)
    /// Ctrl-C at the prompt: drop what was typed, including earlier `>>` lines.
    case interrupted
    /// End of input: Ctrl-D on an empty line, or the end of a pipe.
    case end
}

/// Where the REPL's lines come from.
protocol LineSource: AnyObject {
    /// Reads one line, showing `prompt` if this source shows prompts.
    /// `continuation` is true on `>>` lines (no REPL commands there).
    func read(prompt: String, continuation: Bool) -> LineInput
    /// Keeps `line` in the history, if this source has one.
    func remember(_ line: String)
    /// Saves the history. The source is not used afterwards.
    func close()
}

/// Plain line reading: for piped input (no prompts, so output stays clean),
/// or a terminal where the line editor could not start (prompts, no editing).
final class PlainLines: LineSource {
    private let showsPrompts: Bool

    init(showsPrompts: Bool) {
        self.showsPrompts = showsPrompts
    }

    func read(prompt: String, continuation: Bool) -> LineInput {
        if showsPrompts {
            print(prompt, terminator: "")
            fflush(nil)
        }
        guard let line = readLine(strippingNewline: true) else {
            if showsPrompts { print("") }
            return .end
        }
        return .line(line)
    }

    func remember(_ line: String) {}
    func close() {}
}

/// Line editing at a terminal, through libedit (CEdit): emacs-style keys
/// (`~/.editrc` may change them), history on Up/Down, Ctrl-P/N and Ctrl-R,
/// Tab completion of Lua names (`Completer`), and Ctrl-C dropping the line.
///
/// The history is loaded from `historyPath` at start and this session's lines
/// are merged into that file when the REPL ends (so two sessions at once both
/// keep theirs); it holds at most `historyLimit` entries.
final class LineEditor: LineSource {
    /// Entries kept in the history, in memory and in the file.
    static let historyLimit: Int32 = 1000

    private var editor: OpaquePointer?
    private let historyPath: String?
    private let completer: Completer
    private var sessionLines: [String] = []
    private var continuation = false

    /// nil if libedit cannot run on this terminal.
    init?(completer: Completer, historyPath: String?) {
        guard let editor = ce_open("celllua", Self.historyLimit) else { return nil }
        self.editor = editor
        self.historyPath = historyPath
        self.completer = completer
        if let historyPath, FileManager.default.fileExists(atPath: historyPath) {
            _ = ce_history_load(editor, historyPath)
        }
        ce_set_completer(editor, completeFromC, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        ce_close(editor)
    }

    /// `$CELLLUA_HISTORY` if set (empty: keep no history file), else
    /// `~/.celllua_history`; nil when there is no home directory either.
    static func historyPath(environment: [String: String]) -> String? {
        if let path = environment["CELLLUA_HISTORY"] { return path.isEmpty ? nil : path }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return PathName.appending(home, ".celllua_history")
    }

    func read(prompt: String, continuation: Bool) -> LineInput {
        guard let editor else { return .end }
        self.continuation = continuation
        var text: UnsafePointer<CChar>? = nil
        var length: Int32 = 0
        switch ce_read(editor, prompt, &text, &length) {
        case CE_LINE:
            guard let text else { return .line("") }
            return .line(String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self))
        case CE_INTERRUPTED:
            ce_write(editor, "^C\n") // the terminal is cooked again: "\n" starts a new line
            return .interrupted
        default:
            ce_write(editor, "\n") // leave the shell's prompt on a line of its own
            return .end
        }
    }

    func remember(_ line: String) {
        guard let editor, line.contains(where: { !$0.isWhitespace }) else { return }
        ce_history_add(editor, line)
        sessionLines.append(line)
        if sessionLines.count > Int(Self.historyLimit) { sessionLines.removeFirst() }
    }

    func close() {
        defer {
            ce_close(editor)
            editor = nil
        }
        guard let historyPath, !sessionLines.isEmpty else { return }
        let copies = sessionLines.map { UnsafePointer(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        if ce_history_append(historyPath, copies, Int32(copies.count), Self.historyLimit) != 0 {
            let reason = String(cString: strerror(errno))
            writeStandardError("celllua: cannot save the history to \(historyPath): \(reason)\n")
        }
    }

    /// Tab: insert what all candidates share; if that adds nothing, list them.
    /// On a blank line it indents instead.
    fileprivate func complete(_ before: String) -> Int32 {
        guard let editor else { return CE_BEEP }
        if before.allSatisfy({ $0 == " " || $0 == "\t" }) {
            return ce_insert(editor, "  ") == 0 ? CE_REFRESH : CE_BEEP
        }
        let result = completer.complete(before, continuation: continuation)
        guard !result.candidates.isEmpty else { return CE_BEEP }
        let common = Completer.commonPrefix(result.candidates)
        if common.count > result.fragment.count {
            return ce_insert(editor, String(common.dropFirst(result.fragment.count))) == 0 ? CE_REFRESH : CE_BEEP
        }
        if result.candidates.count == 1 { return CE_KEEP }
        ce_write(editor, "\n" + Completer.listing(result.candidates, width: Int(ce_columns(editor))))
        return CE_REDISPLAY
    }
}

/// The C callback for Tab; `context` is the LineEditor, which outlives its editor.
private let completeFromC: ce_CompleteFn = { _, before, context in
    guard let before, let context else { return CE_BEEP }
    let lineEditor = Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue()
    return lineEditor.complete(String(cString: before))
}
