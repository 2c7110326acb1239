import Foundation
import Testing

/// Inside celllua, Lua behaves as the stand-alone `lua` 5.4 does: warnings,
/// `load` under --sandbox, `dofile`'s stack levels, a byte order mark, and
/// start-up under a tiny --max-memory. Each case failed before its fix.
@Suite struct LuaAsLuaTests {
    func run(_ code: String, _ arguments: [String] = [], bytes: [UInt8]? = nil,
             files: [String: String] = [:]) throws -> Celllua.Result {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if let bytes {
            FileManager.default.createFile(atPath: dir + "/s.lua", contents: Data(bytes))
        } else {
            write(code, to: dir + "/s.lua")
        }
        for (name, text) in files { write(text, to: dir + "/" + name) }
        return try Celllua.run(arguments + ["s.lua", "-o", "out.png"], in: dir)
    }

    @Test func warningsPrintAsLuaPrintsThem() throws {
        let r = try run("""
            warn("not shown: warnings start off")
            warn("@on")
            warn("hello")
            warn("in ", "pieces")
            warn("@off")
            warn("hidden")
            return cell.canvas(2, 2)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "Lua warning: hello\nLua warning: in pieces\n")
    }

    @Test func sandboxedLoadKeepsTheGlobals() throws {
        let r = try run("""
            x = 1
            assert(load("return x")() == 1, "load without env")
            assert(load("return x", "c", "t", { x = 2 })() == 2, "load with env")
            assert(loadfile("m.lua")() == 1, "loadfile without env")
            assert(loadfile("m.lua", "t", { x = 3 })() == 3, "loadfile with env")
            return cell.canvas(2, 2)
            """, ["--sandbox"], files: ["m.lua": "return x"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// `dofile` adds no stack level: in the file run, level 2 is dofile
    /// itself and level 3 the line that called it, as in lua (with the old
    /// Lua wrapper, level 3 was the wrapper: `[celllua]:4:`); with and
    /// without --sandbox.
    @Test func dofileAddsNoStackLevel() throws {
        for arguments in [[], ["--sandbox"]] {
            let r = try run("""
                local function caller()
                  dofile("m.lua")
                end
                caller()
                """, arguments, files: ["m.lua": "error('blame the line that called dofile', 3)"])
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("celllua: s.lua:2: blame the line that called dofile"), "\(arguments): \(r.stderr)")
        }
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let r = try run("", bytes: [0xEF, 0xBB, 0xBF] + Array("local c = cell.canvas(2, 2)\nerror('line two')".utf8))
        #expect(r.stderr.hasPrefix("celllua: s.lua:2: line two"), "\(r.stderr)")
        let shebang = try run("", bytes: [0xEF, 0xBB, 0xBF] + Array("#!/usr/bin/env celllua\nreturn cell.canvas(2, 2)".utf8))
        #expect(shebang.status == 0, "\(shebang.stderr)")
    }

    /// A --max-memory too small for the sandbox's set-up fails closed: the
    /// script cannot run, and celllua says so instead of aborting.
    @Test func aTinyMemoryLimitUnderTheSandboxIsAnError() throws {
        let r = try Celllua.run(["--sandbox", "--max-memory", "0.01", "-e", "print(1)"], in: NSTemporaryDirectory())
        #expect(r.status == 1, "status \(r.status): \(r.stderr)")
        #expect(!r.stderr.isEmpty)
    }

    /// A script's debug.sethook sits beside --timeout's hook instead of
    /// replacing it (before: `debug.sethook()` then a busy loop ran on past
    /// the deadline); the script's own hook still sees its events, and
    /// gethook returns it.
    ///
    /// What shows the hook stopped the loop is the message, not the time
    /// taken: the hook names the line (`s.lua:1:`), while the watchdog that
    /// would end a loop no hook sees names only the chunk (`s.lua:`). A
    /// loop nothing stops is killed by the harness' timeout (a hang guard).
    @Test func debugSethookKeepsTheTimeout() throws {
        for code in ["debug.sethook() while true do end", "debug.sethook(function() end, 'l') while true do end",
                     "debug.sethook(function() end, '', 1) while true do end"] {
            let r = try run(code, ["--timeout", "0.5"])
            #expect(r.status == 1, "\(code)")
            #expect(r.stderr.hasPrefix("celllua: s.lua:1: script timed out after 0.5 seconds"), "\(code): \(r.stderr)")
        }
        let hooked = try run("""
            local lines = 0
            debug.sethook(function(event, line) if event == "line" then lines = lines + 1 end end, "l")
            local f, mask, count = debug.gethook()
            assert(type(f) == "function" and mask == "l" and count == 0, "gethook")
            local x = 1
            x = x + 1
            debug.sethook()
            assert(lines >= 3, "line events: " .. lines)
            assert(debug.gethook() == nil, "no hook after sethook()")
            return cell.canvas(2, 2)
            """, ["--timeout", "5"])
        #expect(hooked.status == 0, "\(hooked.stderr)")
    }

    /// The hook bookkeeping is the debug library's own, as code that
    /// inspects it (Lua's test suite does) expects: the registry's
    /// `_HOOKKEY` table with weak keys maps each thread to its hook, the
    /// mask comes back in c-r-l order, a hook with no event is no hook,
    /// and a tail call is a call event. Before, `_HOOKKEY` was missing, the
    /// mask came back as given and `sethook(f, "")` kept a hook.
    @Test func hookBookkeepingIsTheDebugLibrarys() throws {
        let r = try run("""
            local function f() end
            debug.sethook(f, "lrc")
            local _, mask, count = debug.gethook()
            assert(mask == "crl" and count == 0, "mask " .. tostring(mask))
            debug.sethook(f, "")
            assert(debug.gethook() == nil, "a hook with no event is no hook")
            debug.sethook(f, "l")
            local hooks = debug.getregistry()._HOOKKEY
            assert(getmetatable(hooks).__mode == "k" and hooks[coroutine.running()] == f, "_HOOKKEY")
            local tails = 0
            local function g(...) return ... end
            debug.sethook(function(event) if event == "tail call" then tails = tails + 1 end end, "c")
            local function h() return g(1) end
            h()
            debug.sethook()
            assert(tails == 1, "tail calls " .. tails)
            return cell.canvas(2, 2)
            """, ["--timeout", "5"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// A C module built as Debian builds them (not linked to liblua: its
    /// lua_* calls bind to the host's) loads with `require`: the
    /// executable exports only `main`, and Lua's API comes from liblua.
    @Test func aCModuleLoadsWithRequire() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            #include <lua.h>
            #include <lauxlib.h>
            static int twice(lua_State *L) { lua_pushnumber(L, 2 * luaL_checknumber(L, 1)); return 1; }
            int luaopen_twice(lua_State *L) { lua_pushcfunction(L, twice); return 1; }
            """, to: dir + "/twice.c")
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["clang", "-shared", "-fPIC", "-I/usr/include/lua5.4", "-o", dir + "/twice.so", dir + "/twice.c"]
        try compiler.run()
        compiler.waitUntilExit()
        try #require(compiler.terminationStatus == 0, "clang could not build the module")
        write("""
            package.cpath = "./?.so"
            print(require("twice")(21))
            return false
            """, to: dir + "/s.lua")
        let r = try Celllua.run(["s.lua"], in: dir)
        #expect(r.status == 0 && r.stdout == "42.0\n", "\(r.stdout) \(r.stderr)")
    }
}
