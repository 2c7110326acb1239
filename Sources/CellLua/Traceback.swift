import FoundationEssentials
import Glibc

/// Trims a Lua traceback for people: the frames of the host that started the
/// script (`[C]: in ?` at the bottom) say nothing about the script, and
/// neither do those of celllua's own Lua wrappers (chunk `[celllua]`, see
/// `LuaRuntime+Dependencies.swift`).
enum Traceback {
    static func trim(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = lines.last, last.trimmingSpaces == "[C]: in ?" {
            lines.removeLast()
        }
        if let header = lines.lastIndex(of: "stack traceback:") {
            let frames = lines[(header + 1)...].filter { !$0.hasPrefix("\t[celllua]:") }
            lines.replaceSubrange((header + 1)..., with: frames)
        }
        if lines.last == "stack traceback:" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (Unicode space
    /// separators included; line breaks are kept), as Foundation's
    /// `trimmingCharacters(in: .whitespaces)`.
    public var trimmingSpaces: String {
        func isSpace(_ c: Character) -> Bool {
            c == "\t" || c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
