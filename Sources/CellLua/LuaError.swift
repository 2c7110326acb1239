import CLua

/// An error a host function reports to Lua. Host functions throw these; the
/// guard in `HostFunction.swift` pushes the message and the C trampoline raises
/// it, so no longjmp ever crosses a Swift frame.
public enum LuaError: Error, CustomStringConvertible {
    /// `bad argument #N to 'name' (message)`, numbered as luaL_argerror does.
    case argument(Int32, String)
    /// `script.lua:LINE: message`, positioned at the calling Lua line.
    case message(String)
    /// As `argument`, positioned at `line` of the calling chunk (a spec
    /// field's own line; `SpecSite`).
    case argumentAt(Int32, String, line: Int)

    public var description: String {
        switch self {
        case .argument(let n, let s), .argumentAt(let n, let s, _): return "bad argument #\(n) (\(s))"
        case .message(let s): return s
        }
    }

    /// Pushes the full message (with position) onto the Lua stack.
    func push(_ L: OpaquePointer) {
        switch self {
        case .argument(let n, let s): cl_pushargerror(L, n, s)
        case .message(let s): cl_pusherror(L, s)
        case .argumentAt(let n, let s, let line): cl_pushargerror_at(L, n, s, Int32(line))
        }
    }
}

/// Failures of a whole script run, as the command line reports them.
public enum ScriptError: Error, CustomStringConvertible {
    /// The script raised an error (message includes `file:line:` and a traceback).
    case runtime(String)
    /// The script did not compile.
    case syntax(String)
    /// The script file could not be read (bad usage, exit status 2).
    case unreadable(String)

    public var description: String {
        switch self {
        case .runtime(let s), .syntax(let s), .unreadable(let s): return s
        }
    }
}
