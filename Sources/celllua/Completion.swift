import CellLua

/// Tab completion for the REPL: what word the cursor is on, and what it could
/// become. Names come from the live Lua state at the moment TAB is pressed
/// (`LuaRuntime.completionNames`, raw reads only), so globals a script or an
/// earlier line defined complete too.
///
/// - `ce<TAB>`: globals and Lua keywords (`cell`, `collectgarbage`, ...).
/// - `cell.can<TAB>`, `cell.ui.<TAB>`: keys of tables along a dotted path.
/// - `c:fi<TAB>`: methods of the value's type (`fill`, `fill_rect`, ...), from
///   the `__methods` table of its metatable (Canvas, Path, Color) or its
///   `__index` table (strings).
/// - `:sh<TAB>` at the start of a chunk: the REPL's commands.
struct Completer {
    let runtime: LuaRuntime

    /// The word before the cursor and the full words it could complete to.
    struct Result: Equatable {
        /// The part of the last name already typed (`can` in `cell.can`).
        var fragment: String
        /// Whole names starting with `fragment`, sorted (`canvas`).
        var candidates: [String]
    }

    /// Completes the end of `text` (the line up to the cursor). `continuation`
    /// is true on a `>>` line, where REPL commands cannot start.
    func complete(_ text: String, continuation: Bool) -> Result {
        if !continuation, let command = commandWord(text) {
            return Result(fragment: command,
                          candidates: REPLCommands.names.filter { $0.hasPrefix(command) })
        }
        let word = trailingWord(text)
        guard let first = word.first, !first.isNumber else {
            return word.isEmpty ? bare(fragment: "") : Result(fragment: "", candidates: [])
        }
        guard let separator = word.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            return bare(fragment: word)
        }
        let fragment = String(word[word.index(after: separator)...])
        let path = word[..<separator].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // `a:b.c`, `.x`, `a..b`: not a path we can follow without running code.
        guard !path.isEmpty, path.allSatisfy(LuaRuntime.isName) else {
            return Result(fragment: fragment, candidates: [])
        }
        let names = runtime.completionNames(after: path, methodsOnly: word[separator] == ":")
        return Result(fragment: fragment, candidates: names.filter { $0.hasPrefix(fragment) })
    }

    /// Globals and keywords starting with `fragment`.
    private func bare(fragment: String) -> Result {
        var names = Set(runtime.completionNames(after: [], methodsOnly: false))
        names.formUnion(LuaRuntime.keywords)
        return Result(fragment: fragment, candidates: names.filter { $0.hasPrefix(fragment) }.sorted())
    }

    /// `:sh` when the whole line so far is a command name being typed.
    private func commandWord(_ text: String) -> String? {
        let trimmed = text.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.first == ":", !trimmed.hasPrefix("::"),
              trimmed.dropFirst().allSatisfy({ $0.isLetter }) else { return nil }
        return String(trimmed)
    }

    /// The run of name characters, dots and colons that ends `text`.
    private func trailingWord(_ text: String) -> String {
        let isWordCharacter: (Character) -> Bool = {
            $0 == "_" || $0 == "." || $0 == ":" || ($0.isASCII && ($0.isLetter || $0.isNumber))
        }
        var start = text.endIndex
        while start > text.startIndex, isWordCharacter(text[text.index(before: start)]) {
            start = text.index(before: start)
        }
        return String(text[start...])
    }

    /// The longest common prefix of `words` (which are ASCII names).
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// `words` in columns for a terminal `width` wide, ordered down the
    /// columns as `ls` does. At most `limit` words are shown. Lines end with
    /// "\n": while editing, libedit keeps the terminal's output processing
    /// (OPOST, ONLCR) on.
    static func listing(_ words: [String], width: Int, limit: Int = 300) -> String {
        let shown = Array(words.prefix(limit))
        let columnWidth = (shown.map(\.count).max() ?? 0) + 2
        let columns = max(1, min(shown.count, width / max(columnWidth, 1)))
        let rows = (shown.count + columns - 1) / columns
        var out = ""
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                let i = column * rows + row
                guard i < shown.count else { break }
                let word = shown[i]
                let isLast = column == columns - 1 || (column + 1) * rows + row >= shown.count
                line += isLast ? word : word + String(repeating: " ", count: columnWidth - word.count)
            }
            out += line + "\n"
        }
        if words.count > shown.count { out += "... and \(words.count - shown.count) more\n" }
        return out
    }
}
