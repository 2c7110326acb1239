import CLua

/// A script's `variants` table: `variants = { light = { tint = "#8799BC" }, ... }`.
/// Each variant's values are what `cell.param` returns while it renders.
extension LuaRuntime {
    /// The global `variants` read after a run, as variant name → parameters,
    /// or nil when the script defines none. Raw access only (no metamethods).
    public func variants() throws -> [String: [String: ParamValue]]? {
        let lua = Lua(L)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        cl_pushglobaltable(L)
        lua.push("variants")
        lua_rawget(L, -2)
        if lua_type(L, -1) == LUA_TNIL { return nil }
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw ScriptError.runtime("variants must be a table of name = {param = value, ...}, got \(lua.typeName(-1))")
        }
        let table = lua_gettop(L)
        var result: [String: [String: ParamValue]] = [:]
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING, let nameC = cl_tostring(L, -2) else {
                throw ScriptError.runtime("variants: names must be strings, got \(lua.typeName(-2))")
            }
            let name = String(cString: nameC)
            guard lua_type(L, -1) == LUA_TTABLE else {
                throw ScriptError.runtime("variants.\(name) must be a table of param = value, got \(lua.typeName(-1))")
            }
            var values: [String: ParamValue] = [:]
            let entry = lua_gettop(L)
            lua_pushnil(L)
            while lua_next(L, entry) != 0 {
                guard lua_type(L, -2) == LUA_TSTRING, let keyC = cl_tostring(L, -2) else {
                    throw ScriptError.runtime("variants.\(name): parameter names must be strings")
                }
                let key = String(cString: keyC)
                do {
                    values[key] = try lua.paramValue(-1)
                } catch {
                    throw ScriptError.runtime("variants.\(name).\(key) must be a number, boolean, string or color, got \(lua.typeName(-1))")
                }
                cl_pop(L, 1)
            }
            result[name] = values
            cl_pop(L, 1)
        }
        return result
    }
}
