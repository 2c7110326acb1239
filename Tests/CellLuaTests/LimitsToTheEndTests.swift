import CLua
@testable import CellLua
import Foundation
import Testing

/// `--timeout` and `--max-memory` hold until the state is closed, and a
/// run that returns past its deadline fails.
@Suite struct LimitsToTheEndTests {
    /// A C function (no hook runs inside one) that takes 0.3 s.
    static let slowCFunction: lua_CFunction = { _ in
        usleep(300_000)
        return 0
    }

    /// Before: a script whose last call was a long C function (`table.sort`
    /// of 2e7 numbers) returned past its deadline, exited 0 and was written.
    @Test func aRunThatReturnsLateFails() throws {
        var options = LuaRuntime.Options()
        options.timeout = 0.1
        let runtime = LuaRuntime(options: options)
        lua_pushcclosure(runtime.L, Self.slowCFunction, 0)
        lua_setglobal(runtime.L, "slow")
        do {
            try runtime.run(code: "return slow()", chunkName: "@late.lua")
            Issue.record("a run past its deadline succeeded")
        } catch ScriptError.runtime(let message) {
            #expect(message == "late.lua: script timed out after 0.1 seconds")
        }
    }

    /// Before: closing the state lifted the memory limit, and a finalizer
    /// allocating grew the process to 3.8 GB before it aborted. Now its
    /// allocations fail at the limit (the finalizer ends with an error that
    /// Lua turns into a warning) and closing finishes.
    @Test func finalizersKeepTheMemoryLimit() throws {
        var options = LuaRuntime.Options()
        options.maxMemory = 16 << 20
        let runtime = LuaRuntime(options: options)
        // 2e6 strings of about 70 bytes: some 200 MB, far past the limit.
        try runtime.run(code: """
            setmetatable({}, { __gc = function()
              local t = {}
              for i = 1, 2e6 do t[i] = ('x'):rep(64) .. i end
              cell.param("finished", 0)
            end })
            return cell.canvas(2, 2)
            """)
        runtime.close()
        #expect(runtime.isClosed)
        #expect(!runtime.paramsRead.contains("finished"), "the finalizer allocated past the limit")
    }
}
