import Foundation

/// Trims a Lua traceback for people: the frames of the host that started the
/// script (`[C]: in ?` at the bottom) say nothing about the script.
enum Traceback {
    static func trim(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces) == "[C]: in ?" {
            lines.removeLast()
        }
        if lines.last == "stack traceback:" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
