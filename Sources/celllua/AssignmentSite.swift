import CellLua
import FoundationEssentials

/// Where a script assigns a global the command line reads after the run
/// (`variants`, `animation`): a mistake in its value is found only then,
/// with no Lua position, so its message gets `script.lua:LINE:` of the
/// first line that starts with `name =`.
enum AssignmentSite {
    /// Runs `body`; a runtime error it throws gets the assignment's place.
    static func located<T>(_ name: String, in script: String?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch ScriptError.runtime(let message) {
            guard let script, script != "-",
                  let text = FileManager.default.contents(atPath: script).map({ String(decoding: $0, as: UTF8.self) }) else {
                throw ScriptError.runtime(message)
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = lines.firstIndex { l in
                let t = l.drop { $0 == " " || $0 == "\t" }
                guard t.hasPrefix(name) else { return false }
                return t.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }.first == "="
            }
            throw ScriptError.runtime(line.map { "\(script):\($0 + 1): \(message)" } ?? "\(script): \(message)")
        }
    }
}
