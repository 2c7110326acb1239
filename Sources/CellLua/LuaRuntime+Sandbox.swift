import CLua

/// `--sandbox`: what a script from someone else may use. It keeps the pure
/// libraries (string, table, math, utf8, coroutine), `print`, `require` of
/// Lua source modules, and `cell` (which reads images and fonts but writes
/// only the result, through `-o`). It removes `io`; every `os` function but
/// clock, time, date and difftime; `debug` but traceback (its hooks and
/// registry access could undo the limits); `package.loadlib`, `package.cpath`
/// and the C module searchers; and binary chunks: `load`, `loadfile`,
/// `dofile` and `require` read text only (`dofile` and `loadfile` are the C
/// shim's, which see the registry flag `CL_TEXTONLY_KEY`, so they add no
/// stack level and keep an omitted `env` omitted). `c:save(path)` is refused.
extension LuaRuntime {
    static let sandboxPrelude = """
        local load, loadfile, error, searchpath, select = load, loadfile, error, package.searchpath, select
        -- An env given (even nil) is passed on; none given keeps the globals.
        _G.load = function(chunk, name, mode, ...)
          if select("#", ...) > 0 then return load(chunk, name, "t", ...) end
          return load(chunk, name, "t")
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
        local path = package
        package.searchers[2] = function(name)
          local file, err = searchpath(name, path.path)
          if not file then return "\\n\\t" .. err end
          local fn, lerr = loadfile(file, "t")
          if not fn then error(("error loading module '%s' from file '%s':\\n\\t%s"):format(name, file, lerr), 2) end
          return fn, file
        end
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
