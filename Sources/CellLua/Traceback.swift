import Foundation

/// Trims a Lua traceback for people: the frames of the host that started the
/// script (`[C]: in ?` at the bottom) say nothing about the script, and
/// neither do those of celllua's own Lua wrappers (chunk `[celllua]`, see
/// `LuaRuntime+Dependencies.swift`).
enum Traceback {
    static func trim(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces) == "[C]: in ?" {
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
