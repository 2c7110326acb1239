import CLua

/// Names for the REPL's tab completion, read from the live state.
///
/// This runs from a key press while no Lua code is executing, so it must never
/// run Lua or raise: it reads tables only with raw access (`lua_rawget`,
/// `lua_next`, `lua_getmetatable`), never calls `__index` functions, and
/// allocation cannot fail while the host has control (see shim.h).
extension LuaRuntime {
    /// The names that can follow `path` (e.g. `["cell", "ui"]`; empty for
    /// globals): string keys spelled like Lua names, sorted. For a table they
    /// are its keys; for any value also what its metatable offers: the
    /// `__methods` of celllua's userdata (Canvas, Path, Color) and the chain of
    /// `__index` tables (so strings offer the `string` functions). With
    /// `methodsOnly` (completing after `:`) only functions are listed.
    /// Unknown paths give no names.
    public func completionNames(after path: [String], methodsOnly: Bool) -> [String] {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        guard lua_checkstack(L, 48) != 0 else { return [] }
        makeLazyFields()
        cl_pushglobaltable(L)
        for name in path {
            guard replaceTopWithField(name) else { return [] }
        }
        var names = Set<String>()
        let value = lua_gettop(L)
        _ = forEachLookupTable(of: value) { table in
            lua_pushnil(L)
            while lua_next(L, table) != 0 {
                if lua_type(L, -2) == LUA_TSTRING,
                   !methodsOnly || lua_type(L, -1) == LUA_TFUNCTION,
                   let key = rawString(at: -2), Self.isName(key) {
                    names.insert(key)
                }
                cl_pop(L, 1)
            }
            return false
        }
        return names.sorted()
    }

    /// Makes the fields `cell` builds on first read (`cell.ui.themes`), so
    /// completion, which reads tables raw, offers them before the script
    /// has read them. Raw reads and writes only.
    private func makeLazyFields() {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        cl_pushglobaltable(L)
        lua_pushstring(L, "cell")
        guard lua_rawget(L, -2) == LUA_TTABLE else { return }
        lua_pushstring(L, "ui")
        guard lua_rawget(L, -2) == LUA_TTABLE else { return }
        ThemeBinding.pushThemes(inUITableAt: -1, Lua(L))
    }

    /// Lua's reserved words: never a field name after `.` or `:`.
    public static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
        "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// True for a Lua name: a letter or `_`, then letters, digits and `_`; not a keyword.
    public static func isName(_ s: String) -> Bool {
        guard let first = s.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return s.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (48...57).contains($0) }
            && !keywords.contains(s)
    }

    private static func isLetter(_ c: UInt8) -> Bool {
        (65...90).contains(c) || (97...122).contains(c)
    }

    /// The string at `index`, which must be a string (so nothing converts).
    private func rawString(at index: Int32) -> String? {
        var length = 0
        guard let p = lua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self)
    }

    /// Replaces the value on top with its field `name`, looked up raw along
    /// the same tables as `forEachLookupTable`; false (top unchanged) if absent.
    private func replaceTopWithField(_ name: String) -> Bool {
        let value = lua_gettop(L)
        lua_pushnil(L)
        let slot = lua_gettop(L)
        let found = forEachLookupTable(of: value) { table in
            Lua(L).push(name)
            lua_rawget(L, table)
            if lua_type(L, -1) != LUA_TNIL {
                lua_copy(L, -1, slot)
                return true
            }
            cl_pop(L, 1)
            return false
        }
        if found {
            cl_replace(L, value)
        } else {
            lua_settop(L, value)
        }
        return found
    }

    /// Calls `body` with the stack index of each table that a field lookup on
    /// the value at `index` would consult, until `body` returns true: the value
    /// itself if it is a table, its metatable's `__methods`, then the `__index`
    /// tables (at most 8 deep, so a cycle cannot hang). Leaves the stack as it was.
    private func forEachLookupTable(of index: Int32, _ body: (Int32) -> Bool) -> Bool {
        let value = lua_absindex(L, index)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if lua_type(L, value) == LUA_TTABLE, body(value) { return true }
        var current = value
        for _ in 0..<8 {
            guard lua_getmetatable(L, current) != 0 else { return false }
            let meta = lua_gettop(L)
            if current == value {
                lua_pushstring(L, "__methods")
                lua_rawget(L, meta)
                if lua_type(L, -1) == LUA_TTABLE, body(lua_gettop(L)) { return true }
            }
            lua_pushstring(L, "__index")
            lua_rawget(L, meta)
            guard lua_type(L, -1) == LUA_TTABLE else { return false }
            current = lua_gettop(L)
            if body(current) { return true }
        }
        return false
    }
}
