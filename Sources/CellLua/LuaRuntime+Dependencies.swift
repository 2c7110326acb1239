import CLua
import FoundationEssentials
import Glibc

/// Which files a run read, so that `--watch` knows what to watch: the script,
/// the Lua files `require` found through `package.path`, the targets of
/// `dofile` and `loadfile`, and whatever a binding reports through
/// `recordDependency(_:)` (images read by `cell.image`).
///
/// Recording never changes what a load does or says: `require`'s Lua-file
/// searcher, `dofile` and `loadfile` are C versions of Lua's own that report
/// the file first. So a failing load raises exactly what Lua would (`module 'x' not found: ...`,
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

    /// `require`'s Lua-file searcher (`package.searchers[2]`) and
    /// `package.searchpath` are replaced in place by the C shim's versions of
    /// Lua's own (`cl_installsearcher`), which report each module file to the
    /// host before loading it and never open a FIFO or a device (opening one
    /// waits for a writer). `dofile` and `loadfile` are replaced by C
    /// versions of Lua's own (`cl_dofile`, `cl_loadfile`) that report each
    /// file name to the host before loading it. Being C, none adds a stack
    /// level or a Swift frame: errors and `debug.getinfo` read as in plain
    /// Lua.
    ///
    /// Installs them; called once from `init`, before any script code.
    func installDependencyTracking() {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        host.pointee.record = { L, path in
            guard let L, let path else { return }
            LuaRuntime.current(L).recordDependency(String(cString: path))
        }
        if lua_getglobal(L, "package") == LUA_TTABLE { cl_installsearcher(L) }
        lua_settop(L, base)
        cl_pushglobaltable(L)
        cl_pushdofile(L)
        lua_setfield(L, -2, "dofile")
        cl_pushloadfile(L)
        lua_setfield(L, -2, "loadfile")
    }
}
