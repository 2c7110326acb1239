import CLua
import CellRaster

/// What the REPL needs from a runtime: compile a chunk the way `lua`'s own REPL
/// does (first as an expression, then as statements), tell an incomplete chunk
/// from a wrong one, run it and print its values.
extension LuaRuntime {
    public enum Evaluation: Equatable {
        /// Ran; any values were printed.
        case done
        /// Needs more lines (the chunk ended early).
        case incomplete
        /// Did not compile or raised; the message (with traceback).
        case failed(String)
    }

    /// Evaluates one REPL chunk. Values of an expression are printed with the
    /// global `print`, as `lua` does. `atEnd`: no more input will come, so
    /// a chunk that ends early is a syntax error (`unexpected <eof>`), not
    /// incomplete.
    public func evaluate(_ chunk: String, atEnd: Bool = false) -> Evaluation {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        cl_pushmsghandler(L)
        var status = load("return " + chunk)
        if status != LUA_OK {
            cl_pop(L, 1)
            status = load(chunk)
            if !atEnd, status == LUA_ERRSYNTAX, let s = cl_tostring(L, -1), String(cString: s).hasSuffix("<eof>") {
                return .incomplete
            }
            if status != LUA_OK { return .failed(String(cString: cl_tostring(L, -1))) }
        }
        let result = cl_pcall(L, 0, cl_multret(), base + 1)
        guard result == LUA_OK else {
            let message = cl_tostring(L, -1).map { String(cString: $0) } ?? "(error object is not a string)"
            return .failed(Traceback.trim(message))
        }
        let count = lua_gettop(L) - (base + 1)
        let lua = Lua(L)
        evaluatedCanvases = count > 0 ? (base + 2...base + 1 + count).compactMap {
            lua.testObject($0, type: CanvasBinding.tag, as: Canvas.self)
        } : []
        if count > 0 {
            pushRawGlobal("print")
            cl_insert(L, base + 2)
            if cl_pcall(L, count, 0, base + 1) != LUA_OK {
                return .failed(String(cString: cl_tostring(L, -1)))
            }
        }
        return .done
    }

    private func load(_ code: String) -> Int32 {
        load(Array(code.utf8), chunkName: "=stdin")
    }

    /// Asks the running chunk to stop at its next hook check (Ctrl-C in the REPL).
    public func interrupt() {
        cl_interrupt(L)
    }

    /// What a SIGINT handler calls to interrupt this runtime: a C function and
    /// its argument (the Lua state). Calling it is async-signal-safe: it sets a
    /// flag and installs the hook, and the chunk raises "interrupted!" at its
    /// next instruction. Valid while the runtime lives.
    public var interruptHandler: (function: @convention(c) (UnsafeMutableRawPointer?) -> Void,
                                  context: UnsafeMutableRawPointer) {
        (cl_interrupt_context, UnsafeMutableRawPointer(L))
    }

    /// Forgets an interrupt that arrived after its chunk had already finished,
    /// so the next chunk does not fail at once. Call it between chunks.
    public func clearInterrupt() {
        cl_clearinterrupt(L)
    }

    /// The result of looking a canvas up by expression (`:show expr`).
    public enum CanvasLookup {
        case canvas(Canvas)
        /// The expression ran but its value is something else (its type name).
        case notACanvas(String)
        /// It did not compile or raised (the message, with traceback).
        case failed(String)
    }

    /// Evaluates `expression` and returns its value if it is a Canvas.
    public func canvas(evaluating expression: String) -> CanvasLookup {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        cl_pushmsghandler(L)
        guard load("return " + expression) == LUA_OK else {
            return .failed(cl_tostring(L, -1).map { String(cString: $0) } ?? "syntax error")
        }
        guard cl_pcall(L, 0, 1, base + 1) == LUA_OK else {
            let message = cl_tostring(L, -1).map { String(cString: $0) } ?? "(error object is not a string)"
            return .failed(Traceback.trim(message))
        }
        let lua = Lua(L)
        if let canvas = lua.testObject(-1, type: CanvasBinding.tag, as: Canvas.self) {
            return .canvas(canvas)
        }
        return .notACanvas(lua.typeName(-1))
    }
}

extension LuaRuntime {
    /// Runs `code` and returns its results converted with the global
    /// `tostring`: for tests and tools that inspect a script's values.
    public func strings(_ code: String, chunkName: String = "=(strings)") throws -> [String] {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        cl_pushmsghandler(L)
        let status = load(Array(code.utf8), chunkName: chunkName)
        guard status == LUA_OK else { throw ScriptError.syntax(String(cString: cl_tostring(L, -1))) }
        guard cl_pcall(L, 0, cl_multret(), base + 1) == LUA_OK else {
            throw ScriptError.runtime(Traceback.trim(String(cString: cl_tostring(L, -1))))
        }
        var out: [String] = []
        let count = lua_gettop(L) - (base + 1)
        for i in 0..<count {
            pushRawGlobal("tostring")
            lua_pushvalue(L, base + 2 + i)
            guard cl_pcall(L, 1, 1, base + 1) == LUA_OK, let s = cl_tostring(L, -1) else {
                throw ScriptError.runtime("tostring failed on result \(i + 1)")
            }
            out.append(String(cString: s))
            cl_pop(L, 1)
        }
        return out
    }
}
