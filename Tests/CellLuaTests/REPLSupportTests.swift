import CellLua
import CellRaster
import Testing

/// What the REPL asks of a runtime besides evaluation: names for completion
/// (read raw, never running Lua), canvases by expression, interrupts.
@Suite struct REPLSupportTests {
    @Test func namesOfTheCellModule() throws {
        let runtime = LuaRuntime()
        let names = runtime.completionNames(after: ["cell"], methodsOnly: false)
        for name in ["canvas", "path", "rgb", "color", "ui", "version"] {
            #expect(names.contains(name), "\(name) missing from \(names)")
        }
        #expect(names == names.sorted())
        #expect(runtime.completionNames(after: ["cell", "canvas"], methodsOnly: false).isEmpty)
        #expect(runtime.completionNames(after: ["nothing", "here"], methodsOnly: false).isEmpty)
        let globals = runtime.completionNames(after: [], methodsOnly: false)
        #expect(globals.contains("cell") && globals.contains("print") && globals.contains("string"))
    }

    /// `cell.ui.themes` is made on first read; completion offers it, and
    /// the themes' names, before any script has read it.
    @Test func lazyThemesAreOffered() throws {
        let runtime = LuaRuntime()
        #expect(runtime.completionNames(after: ["cell", "ui"], methodsOnly: false).contains("themes"))
        #expect(runtime.completionNames(after: ["cell", "ui", "themes"], methodsOnly: false) == ["dark", "ios6"])
        let fresh = LuaRuntime()
        #expect(fresh.completionNames(after: ["cell", "ui", "themes", "ios6"], methodsOnly: false).contains("background"))
    }

    @Test func methodsOfUserdataAndStrings() throws {
        let runtime = LuaRuntime()
        try runtime.run(code: "c = cell.canvas(2, 2) p = cell.path() k = cell.rgb(1, 0, 0) s = 'text'")
        let canvas = runtime.completionNames(after: ["c"], methodsOnly: true)
        for name in ["fill", "fill_rect", "stroke", "save", "pixel", "set_fill"] {
            #expect(canvas.contains(name), "\(name) missing from \(canvas)")
        }
        #expect(runtime.completionNames(after: ["p"], methodsOnly: true).contains("move_to"))
        #expect(runtime.completionNames(after: ["s"], methodsOnly: true).contains("upper"))
        _ = runtime.completionNames(after: ["k"], methodsOnly: true) // Color has no methods; must not fail
    }

    @Test func methodsOnlyKeepsFunctions() throws {
        let runtime = LuaRuntime()
        try runtime.run(code: "obj = { count = 1, step = function() end, ['not a name'] = 2, [1] = 3, ['end'] = 4 }")
        #expect(runtime.completionNames(after: ["obj"], methodsOnly: false) == ["count", "step"])
        #expect(runtime.completionNames(after: ["obj"], methodsOnly: true) == ["step"])
    }

    /// Completion reads raw: an `__index` function is never called, a cycle
    /// of `__index` tables ends, and the stack is left as it was.
    @Test func readingNamesRunsNoLua() throws {
        let runtime = LuaRuntime()
        try runtime.run(code: """
            calls = 0
            trap = setmetatable({ own = 1 }, { __index = function() calls = calls + 1 error('ran') end })
            a = setmetatable({ x = 1 }, {}) b = setmetatable({ y = 2 }, { __index = a })
            getmetatable(a).__index = b
            proto = { greet = function() end }
            obj = setmetatable({}, { __index = proto })
            """)
        #expect(runtime.completionNames(after: ["trap"], methodsOnly: false) == ["own"])
        #expect(runtime.completionNames(after: ["trap", "missing"], methodsOnly: false).isEmpty)
        #expect(runtime.completionNames(after: ["b"], methodsOnly: false) == ["x", "y"])
        #expect(runtime.completionNames(after: ["obj"], methodsOnly: true) == ["greet"])
        #expect(try runtime.strings("return calls") == ["0"])
    }

    @Test func canvasByExpression() throws {
        let runtime = LuaRuntime()
        try runtime.run(code: "c = cell.canvas(3, 3)")
        guard case .canvas(let canvas) = runtime.canvas(evaluating: "c") else {
            Issue.record("c is a canvas")
            return
        }
        #expect(canvas.width == 3)
        guard case .notACanvas(let type) = runtime.canvas(evaluating: "{}") else {
            Issue.record("a table is not a canvas")
            return
        }
        #expect(type == "table")
        guard case .failed(let message) = runtime.canvas(evaluating: "error('no')") else {
            Issue.record("an error is reported")
            return
        }
        #expect(message.hasPrefix("stdin:1: no"))
    }

    /// An interrupt that arrives after its chunk finished must not fail the next one.
    @Test func staleInterruptsAreForgotten() throws {
        let runtime = LuaRuntime()
        runtime.interrupt()
        guard case .failed(let message) = runtime.evaluate("1 + 1") else {
            Issue.record("a pending interrupt stops the next chunk")
            return
        }
        #expect(message.contains("interrupted!"))
        runtime.interrupt()
        runtime.clearInterrupt()
        #expect(runtime.evaluate("x = 1 + 1") == .done)
        #expect(try runtime.strings("return x") == ["2"])
    }
}
