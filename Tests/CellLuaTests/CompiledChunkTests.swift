import Foundation
import Testing
@testable import CellLua

/// Scripts compiled once per process (`CompiledChunks`): a fresh runtime
/// running a script this process compiled before loads the kept bytecode,
/// and nothing a script can see tells the two apart: its results, its error
/// messages with their lines, its tracebacks. Changed text is compiled
/// again; text that does not compile is never kept.
@Suite struct CompiledChunkTests {
    /// A script in a folder of its own (paths are chunk names: no other
    /// test's script shares one).
    func script(_ text: String) throws -> (path: String, bytes: [UInt8]) {
        let path = temporaryDirectory() + "/script.lua"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, Array(text.utf8))
    }

    /// The script's error message, or nil when it runs.
    func failure(_ path: String, args: [String] = []) -> String? {
        do {
            try makeRuntime().run(scriptAt: path, args: args)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aScriptRunAgainGivesTheSameResults() throws {
        let (path, bytes) = try script("""
            local n = select("#", ...)
            local function fib(k) if k < 2 then return k end return fib(k - 1) + fib(k - 2) end
            local t = {}
            for i = 1, 12 do t[#t + 1] = fib(i) end
            result = table.concat(t, ",") .. " " .. n .. " " .. debug.getinfo(1, "S").source
              .. ":" .. debug.getinfo(1, "l").currentline
            return cell.canvas(2, 2)
            """)
        var results: [[String]] = []
        for _ in 0..<3 {
            let runtime = makeRuntime()
            #expect(try runtime.run(scriptAt: path, args: ["a", "b"]) != nil)
            results.append(try runtime.strings("return result"))
            #expect(CompiledChunks.shared.bytecode(of: bytes, chunkName: "@" + path) != nil)
        }
        #expect(results[0] == ["1,1,2,3,5,8,13,21,34,55,89,144 2 @\(path):6"])
        #expect(results[1] == results[0] && results[2] == results[0])
    }

    /// The bytecode keeps the lines and the chunk's name: a run from it
    /// reports an error exactly as the run that compiled the text.
    @Test func errorsNameTheSameLines() throws {
        let (path, _) = try script("""
            local what = ...
            local function inner()
              if what == "boom" then
                error("boom at four")
              end
            end
            inner()
            return cell.canvas(2, 2)
            """)
        let first = try #require(failure(path, args: ["boom"]))
        let again = try #require(failure(path, args: ["boom"]))
        #expect(first.contains("script.lua:4: boom at four"))
        #expect(first.contains("script.lua:7:"), "the traceback names the caller's line: \(first)")
        #expect(again == first)
        #expect(failure(path) == nil)
    }

    @Test func changedTextIsCompiledAgain() throws {
        let (path, _) = try script("result = 'old' return cell.canvas(2, 2)")
        var runtime = makeRuntime()
        try runtime.run(scriptAt: path)
        #expect(try runtime.strings("return result") == ["old"])
        let changed = "result = 'new' return cell.canvas(2, 2)"
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        runtime = makeRuntime()
        try runtime.run(scriptAt: path)
        #expect(try runtime.strings("return result") == ["new"])
        #expect(CompiledChunks.shared.bytecode(of: Array(changed.utf8), chunkName: "@" + path) != nil)
    }

    @Test func textThatDoesNotCompileIsNotKept() throws {
        let (path, bytes) = try script("local x = \nreturn cell.canvas(2, 2)\nend")
        let first = try #require(failure(path))
        #expect(first.contains("script.lua:"))
        #expect(CompiledChunks.shared.bytecode(of: bytes, chunkName: "@" + path) == nil)
        #expect(failure(path) == first)
    }
}
