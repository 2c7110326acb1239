import CLua
import Glibc

/// `--sandbox`: what a script from someone else may use. It keeps the pure
/// libraries (string, table, math, utf8, coroutine), `print`, `require` of
/// Lua source modules, and `cell` (which reads images and fonts but writes
/// only the result, through `-o`). It removes `io`; every `os` function but
/// clock, time, date and difftime; `debug` but traceback (its hooks and
/// registry access could undo the limits); `package.loadlib`, `package.cpath`
/// and the C module searchers; and binary chunks: `load`, `loadfile`,
/// `dofile` and `require` read text only (`dofile`, `loadfile` and the Lua
/// searcher are the C shim's, which see the registry flag `CL_TEXTONLY_KEY`,
/// so they add no stack level and keep an omitted `env` omitted).
/// `c:save(path)` is refused, and so are `__gc` finalizers (`setmetatable`
/// with a metatable that has one): Lua runs finalizers with debug hooks off,
/// so neither `--timeout` nor Ctrl-C could stop one that loops.
extension LuaRuntime {
    static let sandboxPrelude = """
        local load, select, setmetatable, rawget, type, error = load, select, setmetatable, rawget, type, error
        -- An env given (even nil) is passed on; none given keeps the globals.
        _G.load = function(chunk, name, mode, ...)
          if select("#", ...) > 0 then return load(chunk, name, "t", ...) end
          return load(chunk, name, "t")
        end
        -- Lua runs __gc finalizers with hooks off: no --timeout could stop one.
        _G.setmetatable = function(t, mt)
          if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
            error("__gc finalizers are not available under --sandbox (Lua runs them where no time limit can stop them)", 2)
          end
          return setmetatable(t, mt)
        end
        io = nil
        package.loaded.io = nil
        local os = os
        _G.os = { clock = os.clock, time = os.time, date = os.date, difftime = os.difftime }
        package.loaded.os = _G.os
        _G.debug = { traceback = debug.traceback }
        package.loaded.debug = _G.debug
        package.loadlib = nil
        package.cpath = ""
        package.searchers[3] = nil
        package.searchers[4] = nil
        """

    /// Runs the prelude; called once from `init`, after dependency tracking
    /// (so the text-only loaders still record what they load for --watch).
    /// If it cannot run (a --max-memory too small for it), the sandbox fails
    /// closed: the globals table is replaced by an empty one, so the script
    /// can do nothing at all.
    func installSandbox() {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        // dofile and loadfile (the C shim's) load text only from now on.
        lua_pushboolean(L, 1)
        lua_setfield(L, cl_registryindex(), CL_TEXTONLY_KEY)
        if load(Array(Self.sandboxPrelude.utf8), chunkName: "=[sandbox]") == LUA_OK,
           cl_pcall(L, 0, 0, 0) == LUA_OK {
            return
        }
        cl_newtable(L)
        lua_rawseti(L, cl_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    }
}

/// What a script may read: the rule every file a script names goes through
/// (`dofile`, `loadfile`, `require`, `cell.image`, font files).
///
/// - Only regular files (or links to them): a FIFO, `/dev/stdin` or a device
///   would block the run or never end (`/dev/zero`).
/// - Under `--sandbox`, only files inside the script's folder or below it
///   (links resolved first, so a link inside pointing out is refused), and
///   not standard input. Fonts named by family come from the installed fonts
///   and are not files the script names.
extension LuaRuntime {
    /// Why the script may not read `path` (nil: standard input), or nil when
    /// it may. A file that does not exist is left to the reader to report.
    func refusalToRead(_ path: String?) -> String? {
        guard let path else {
            return options.sandbox ? "cannot read standard input under --sandbox" : nil
        }
        var info = stat()
        if stat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind != S_IFREG && kind != S_IFDIR { return "cannot read \(path): not a regular file" }
        }
        guard options.sandbox else { return nil }
        let root = readRoot
        let real = Self.realPath(path) ?? Self.absolutePath(path)
        guard real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else {
            return "cannot read \(path): --sandbox reads only files inside the script's folder (\(root))"
        }
        return nil
    }

    /// `refusalToRead` as an error a binding throws.
    func checkReadable(_ path: String) throws {
        if let refusal = refusalToRead(path) { throw LuaError.message(refusal) }
    }

    /// `path` with every link, `.` and `..` resolved (nil if it does not exist).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Installs `refusalToRead` as the C loaders' `mayread`.
    func installReadCheck() {
        host.pointee.mayread = { L, path in
            guard let L else { return 1 }
            let runtime = LuaRuntime.current(L)
            guard let refusal = runtime.refusalToRead(path.map { String(cString: $0) }) else { return 1 }
            Lua(L).push(refusal)
            return 0
        }
    }
}
