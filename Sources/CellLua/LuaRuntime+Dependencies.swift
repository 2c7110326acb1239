import CLua
import FoundationEssentials
import Glibc

/// Which files a run read, so that `--watch` knows what to watch: the script,
/// the Lua files `require` found through `package.path`, the targets of
/// `dofile` and `loadfile`, and whatever a binding reports through
/// `recordDependency(_:)` (images read by `cell.image`).
///
/// Recording never changes what a load does or says: `require`'s Lua-file
/// searcher is replaced by a host function that records and delegates to the
/// original in a protected call, and `dofile`/`loadfile` by C versions of
/// Lua's own that report the file first. So a
/// failing load raises exactly what Lua would (`module 'x' not found: ...`,
/// `cannot open x`), and no Lua error ever crosses a Swift frame. A file is
/// recorded before it is loaded, so a module with a syntax error is watched
/// too, and fixing it triggers the next render.
extension LuaRuntime {
    /// Records `path` as read by this run. A relative `path` is taken from the
    /// process' current directory, as Lua's own file functions open it (pass
    /// `resolve(_:)`'s result for paths that are relative to the script); it
    /// is stored absolute, with `.` and `..` components folded.
    public func recordDependency(_ path: String) {
        guard !path.isEmpty else { return }
        loadedFiles.insert(Self.absolutePath(path))
    }

    /// `path` made absolute against the current directory, with empty, `.`
    /// and `..` components folded lexically (symbolic links are left alone:
    /// the watcher resolves them when it picks directories to watch).
    public static func absolutePath(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `require`'s Lua-file searcher (`package.searchers[2]`) is replaced in
    /// place by `searchAndRecord`, a host function, so that the searchers keep
    /// their order and count, and so that messages raised by the original
    /// (`error loading module 'm' from file ...`) carry no position of a Lua
    /// wrapper: they read exactly as in plain Lua.
    ///
    /// `dofile` and `loadfile` are replaced by C versions of Lua's own
    /// (`cl_dofile`, `cl_loadfile` in the C shim) that report each file name
    /// to the host before loading it: they add no stack level, so errors
    /// and `debug.getinfo` read as in plain Lua.
    /// Registry keys for what `searchAndRecord` delegates to.
    private static let originalSearcherKey = "celllua.searcher.lua"
    private static let packageKey = "celllua.package"
    private static let searchpathKey = "celllua.searchpath"

    /// Installs the searcher and runs the prelude; called once from `init`,
    /// before any script code.
    func installDependencyTracking() {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        // registry[...] = package, package.searchpath, package.searchers[2];
        // then package.searchers[2] = searchAndRecord.
        guard lua_getglobal(L, "package") == LUA_TTABLE else { return }
        lua_pushvalue(L, -1)
        lua_setfield(L, cl_registryindex(), Self.packageKey)
        lua_pushstring(L, "searchpath")
        lua_rawget(L, -2)
        lua_setfield(L, cl_registryindex(), Self.searchpathKey)
        lua_pushstring(L, "searchers")
        guard lua_rawget(L, -2) == LUA_TTABLE, lua_rawgeti(L, -1, 2) == LUA_TFUNCTION else { return }
        lua_setfield(L, cl_registryindex(), Self.originalSearcherKey)
        Lua(L).push(Self.searchAndRecord)
        lua_rawseti(L, -2, 2)
        lua_settop(L, base)

        host.pointee.record = { L, path in
            guard let L, let path else { return }
            LuaRuntime.current(L).recordDependency(String(cString: path))
        }
        cl_pushglobaltable(L)
        cl_pushdofile(L)
        lua_setfield(L, -2, "dofile")
        cl_pushloadfile(L)
        lua_setfield(L, -2, "loadfile")
    }

    /// `package.searchers[2]`: records the file `package.searchpath(name,
    /// package.path)` finds, then returns what Lua's own searcher returns. Both
    /// run in protected calls; an error from the original (a module that does
    /// not compile) is handed to the trampoline unchanged, which raises it.
    static let searchAndRecord: HostFunction = { L in
        guard let L else { return 0 }
        if lua_type(L, 1) == LUA_TSTRING {
            lua_getfield(L, cl_registryindex(), searchpathKey)
            lua_pushvalue(L, 1)
            lua_getfield(L, cl_registryindex(), packageKey)
            if lua_type(L, -1) == LUA_TTABLE {
                lua_pushstring(L, "path")
                lua_rawget(L, -2)
                cl_remove(L, -2)
            }
            if lua_type(L, -1) == LUA_TSTRING, cl_pcall(L, 2, 1, 0) == LUA_OK,
               lua_type(L, -1) == LUA_TSTRING, let file = cl_tostring(L, -1) {
                LuaRuntime.current(L).recordDependency(String(cString: file))
            }
            lua_settop(L, 1)
        }
        let base = lua_gettop(L)
        lua_getfield(L, cl_registryindex(), originalSearcherKey)
        lua_pushvalue(L, 1)
        guard cl_pcall(L, 1, 2, 0) == LUA_OK else { return hostError }
        return lua_gettop(L) - base
    }
}
