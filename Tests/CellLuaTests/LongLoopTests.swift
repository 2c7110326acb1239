import CLua
@testable import CellLua
import Testing

/// Loops that run inside C functions, where Lua's hook never fires, watch
/// the deadline themselves: pattern matching, sorting, text layout.
///
/// Each script starts with `big(n)`, a plain C function (no deadline check
/// of its own, no hook inside it) that returns a long string or table, so
/// that the call under test starts already past a 1 ms deadline on any
/// machine, with no Lua instruction in between for the hook to stop at.
/// Had the call not looked at the clock, it would have run to its end (or
/// for good) and the run would fail without a line ("loops.lua: script
/// timed out"), or hang.
@Suite struct LongLoopTests {
    /// `big(n)`: a string of n "a"; `big(n, true)`: a table of n integers.
    static let big: lua_CFunction = { L in
        let n = Int(luaL_checkinteger(L, 1))
        if lua_toboolean(L, 2) != 0 {
            lua_createtable(L, Int32(n), 0)
            for i in 1...n {
                lua_pushinteger(L, lua_Integer((i * 7919) % 1_000_003))
                lua_rawseti(L, -2, lua_Integer(i))
            }
        } else {
            let bytes = [CChar](repeating: 0x61, count: n)
            bytes.withUnsafeBufferPointer { _ = lua_pushlstring(L, $0.baseAddress, n) }
        }
        return 1
    }

    /// The error of running `code` with a 1 ms deadline.
    func timeout(_ code: String) -> String? {
        var options = LuaRuntime.Options()
        options.timeout = 0.001
        let runtime = makeRuntime(options)
        lua_pushcclosure(runtime.L, Self.big, 0)
        lua_setglobal(runtime.L, "big")
        do {
            try runtime.run(code: code, chunkName: "@loops.lua")
            return nil
        } catch {
            return "\(error)".split(separator: "\n").first.map(String.init)
        }
    }

    static let expected = "loops.lua:2: script timed out after 0.001 seconds"

    /// Before: `("a"):rep(1e5):find(".-.-.-.-b")` never stopped.
    @Test(arguments: [
        "local n = big(1e5):find('.-.-.-.-b')",
        "local n = big(1e5):match('(.-)(.-)(.-)b')",
        "local n = big(1e5):gsub('.-.-.-b', 'x')",
        "for w in big(1e5):gmatch('.-.-.-b') do end",
        "local n = big(1e6):find(big(3000) .. 'b', 1, true)",
    ])
    func patternsStopAtTheDeadline(_ line: String) {
        #expect(timeout("local x = 1\n" + line) == Self.expected)
    }

    /// Before: a sort of 2e7 numbers ran 12.7 s past a 1 s deadline.
    @Test(arguments: [
        "table.sort(big(3e6, true))",
        "local t = big(3e6, true); t[1] = 0.5; table.sort(t)",
        "table.sort(setmetatable(big(3e6, true), {}))",
    ])
    func sortingStopsAtTheDeadline(_ line: String) {
        #expect(timeout("local x = 1\n" + line) == Self.expected)
    }

    /// The kit's text (a table's wrapped and measured labels, a bar's
    /// title) watches it too. Before, it ran to its end: 10 MB of a row's
    /// detail ran past a 1 s deadline until the watchdog ended the run
    /// without a line, at 490 MB under --max-memory 256.
    @Test(arguments: [
        "local t = cell.ui.table { sections = { { rows = { { text = big(2e6), lines = 0 } } } } }",
        "cell.ui.navigation_bar(cell.canvas(320, 44), 0, 0, 320, { title = big(2e6) })",
        "cell.ui.table { sections = { { rows = { { text = big(2e6), detail = 'x', style = 'value1' } } } } }:render(cell.canvas(320, 100))",
    ])
    func kitTextStopsAtTheDeadline(_ line: String) {
        #expect(timeout("local x = 1\n" + line) == Self.expected)
    }

    /// Pattern results as the Lua 5.4 manual specifies them (the cases
    /// where a matcher is easiest to get wrong), with the standard library's
    /// error messages.
    @Test func patternsMatchAsLuaDoes() throws {
        let cases: [(String, String)] = [
            ("string.find('hello world', 'o w')", "5 7"),
            ("string.find('hello', 'l+')", "3 4"),
            ("string.find('hello', '')", "1 0"),
            ("string.find('hello', '', 10)", "nil"),
            ("string.find('hello', '', 6)", "6 5"),
            ("string.find('a.b', '.', 1, true)", "2 2"),
            ("string.find('abc', 'b', -1)", "nil"),
            ("string.find('abc', 'b', -10)", "2 2"),
            ("string.find('  x', '^%s*()')", "1 2 3"),
            ("string.match('key = value', '(%w+)%s*=%s*(%w+)')", "key value"),
            ("string.match('[[x]]', '%b[]')", "[[x]]"),
            ("string.match('THE (quick) fox', '%f[%a]%a+%f[%A]')", "THE"),
            ("string.match('aaab', 'a-b')", "aaab"),
            ("string.match('aaa', '^a-$')", "aaa"),
            ("string.match([[say \"hi\" now]], '([\"\\'])(.-)%1')", "\" hi"),
            ("string.match('abc', '()b()')", "2 3"),
            ("string.match('a$b', 'a$b')", "a$b"),
            ("string.match(']', '[]]')", "]"),
            ("string.match('-', '[a-]')", "-"),
            ("string.find('a\\0b', '%z')", "2 2"),
            ("string.gsub('hello world', 'o', '0')", "hell0 w0rld 2"),
            ("string.gsub('hello', '', '-')", "-h-e-l-l-o- 6"),
            ("string.gsub('abc', '%w', '%0%0')", "aabbcc 3"),
            ("string.gsub('abc', '(%w)', '%1%%')", "a%b%c% 3"),
            ("string.gsub('a b', '%w', {a = 1})", "1 b 2"),
            ("string.gsub('a b', '%w', function(x) if x == 'b' then return false end return x:upper() end)", "A b 2"),
            ("string.gsub('aaa', 'a', 'b', 2)", "bba 2"),
            ("string.gsub('abc', '^.', 'x')", "xbc 1"),
            ("select('#', string.gsub('x', 'y', 'z'))", "2"),
            ("(function() local t = {} for k, v in string.gmatch('a=1, b=2', '(%w+)=(%w+)') do t[#t + 1] = k .. v end return table.concat(t, ',') end)()", "a1,b2"),
            ("(function() local n = 0 for w in string.gmatch('one two', '%a*') do n = n + 1 end return n end)()", "2"),
            ("(function() local t = {} for w in string.gmatch('abc', '.', 2) do t[#t + 1] = w end return table.concat(t) end)()", "bc"),
            ("(function() local t = {} for w in string.gmatch('^a^b', '^.') do t[#t + 1] = w end return table.concat(t, ',') end)()", "^a,^b"),
        ]
        for (code, expected) in cases {
            let got = try makeRuntime().strings("return " + code).map { $0 == "nil" ? "nil" : $0 }
            #expect(got.joined(separator: " ") == expected, "\(code)")
        }
        let errors: [(String, String)] = [
            ("string.find('a', '%')", "malformed pattern (ends with '%')"),
            ("string.find('a', '[a')", "malformed pattern (missing ']')"),
            ("string.find('a', '%b')", "malformed pattern (missing arguments to '%b')"),
            ("string.find('a', '%f')", "missing '[' after '%f' in pattern"),
            ("string.find('a', '(a')", "unfinished capture"),
            ("string.match('a', 'a)')", "invalid pattern capture"),
            ("string.find('a', '%1')", "invalid capture index %1"),
            ("string.gsub('a', 'a', '%2')", "invalid capture index %2"),
            ("string.gsub('a', 'a', '%x')", "invalid use of '%' in replacement string"),
            ("string.gsub('a', 'a', {a = {}})", "invalid replacement value (a table)"),
            ("string.gsub('a', 'a', true)", "bad argument #3 to 'gsub' (string/function/table expected, got boolean)"),
            ("string.find('a', string.rep('(', 40))", "too many captures"),
            ("string.match(string.rep('a', 300), string.rep('a?', 300))", "pattern too complex"),
        ]
        for (code, expected) in errors {
            let message = try #require(errorMessage("return " + code))
            #expect(message.hasPrefix("test.lua:1: " + expected), "\(code): \(message)")
        }
    }

    /// Sorting as Lua does: numbers through their own path, anything else
    /// (strings, mixed numbers, __lt, an order function) through Lua's
    /// comparisons, and the standard messages.
    @Test func sortingSortsAsLuaDoes() throws {
        let cases: [(String, String)] = [
            ("{5, 3, 9, 1, 3, -2}", "-2 1 3 3 5 9"),
            ("{2.5, -0.5, 1e300, -math.huge, 0.25}", "-inf -0.5 0.25 2.5 1e+300"),
            ("{3, 2.5, 1, math.maxinteger, math.mininteger}",
             "\(Int64.min) 1 2.5 3 \(Int64.max)"),
            ("{math.maxinteger, 2^53, 1, 2^63}", "1 9.007199254741e+15 \(Int64.max) 9.2233720368548e+18"),
            ("{'pear', 'apple', 'fig'}", "apple fig pear"),
        ]
        for (table, expected) in cases {
            let got = try makeRuntime().strings("local t = \(table) table.sort(t) return table.unpack(t)")
            #expect(got.joined(separator: " ") == expected, "\(table)")
        }
        // 20,000 pseudo-random integers, sorted by the numbers' path, are in order.
        #expect(try values("""
            local t = {} for i = 1, 20000 do t[i] = (i * 7919) % 10007 - 5000 end
            table.sort(t)
            for i = 2, #t do if t[i - 1] > t[i] then return 'out of order at ' .. i end end
            return #t
            """) == ["20000"])
        #expect(try values("local t = {3, 1, 2} table.sort(t, function(a, b) return a > b end) return table.concat(t, ',')")
                == ["3,2,1"])
        let lt = "local mt = {__lt = function(a, b) return a.v < b.v end} local function o(v) return setmetatable({v = v}, mt) end"
        #expect(try values(lt + " local t = {o(2), o(3), o(1)} table.sort(t) return t[1].v .. t[2].v .. t[3].v") == ["123"])
        let invalid = try #require(errorMessage("table.sort({1, 2, 3, 4, 5}, function() return true end)"))
        #expect(invalid.hasPrefix("test.lua:1: invalid order function for sorting"), "\(invalid)")
        let mixed = try #require(errorMessage("table.sort({1, 'x', 2})"))
        // (Lua names no line here: the comparison fails inside a C function.)
        #expect(mixed.hasPrefix("attempt to compare string with number"), "\(mixed)")
        let notTable = try #require(errorMessage("table.sort(5)"))
        #expect(notTable.hasPrefix("test.lua:1: bad argument #1 to 'sort' (table expected, got number)"), "\(notTable)")
        let nan = errorMessage("table.sort({1, 0/0, 2, 0/0, 3, 0/0, 4}, nil)") ?? "sorted"
        #expect(nan.contains("invalid order function") || nan == "sorted")
    }
}
