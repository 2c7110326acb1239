import CellLua
import Foundation
import Synchronization

/// A fresh runtime that records written files instead of printing them.
func makeRuntime(_ options: LuaRuntime.Options = .init()) -> LuaRuntime {
    let runtime = LuaRuntime(options: options)
    runtime.fileWritten = { _ in }
    return runtime
}

/// Runs `code` in a fresh runtime (chunk name `test.lua`) and returns the
/// error message, or nil when it succeeds.
func errorMessage(_ code: String, options: LuaRuntime.Options = .init()) -> String? {
    do {
        try makeRuntime(options).run(code: code, chunkName: "@test.lua")
        return nil
    } catch {
        return "\(error)"
    }
}

/// The first line of `code`'s error message (without the traceback).
func firstLine(_ code: String) -> String? {
    errorMessage(code)?.split(separator: "\n").first.map(String.init)
}

/// The results of `code`, through `tostring`.
func values(_ code: String) throws -> [String] {
    try makeRuntime().strings(code)
}

/// A new folder under the system's temporary one, removed when the test
/// process exits (some tests hand its paths to helpers that outlive them).
func temporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "celllua-lua-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    TemporaryDirectories.made.withLock { made in
        if made.isEmpty { atexit { TemporaryDirectories.removeAll() } }
        made.append(path)
    }
    return path
}

/// The folders `temporaryDirectory` made, for removal at exit.
enum TemporaryDirectories {
    static let made = Mutex<[String]>([])

    static func removeAll() {
        for path in made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
