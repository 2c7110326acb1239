import CLua

/// A script's `variants` table: `variants = { light = { tint = "#8799BC" }, ... }`,
/// or, to give them an order, a list of pairs:
/// `variants = { {"light", { tint = "#8799BC" }}, {"dark", {...}} }`.
/// Each variant's values are what `cell.param` returns while it renders.
/// A map's order can be given apart: `variant_order = { "light", "dark" }`.
extension LuaRuntime {
    /// The global `variants` read after a run, as variant name → parameters,
    /// or nil when the script defines none. Raw access only (no metamethods).
    public func variants() throws -> [String: [String: ParamValue]]? {
        try variantEntries().map { Dictionary($0.entries, uniquingKeysWith: { a, _ in a }) }
    }

    /// The order the script gives its variants: the list of pairs' order,
    /// else `variant_order` (every name once, each a variant); nil when it
    /// gives none (a map without `variant_order`).
    public func variantOrder() throws -> [String]? {
        guard let read = try variantEntries() else { return nil }
        if read.listed { return read.entries.map(\.0) }
        let lua = Lua(L)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        pushRawGlobal("variant_order")
        if lua_type(L, -1) == LUA_TNIL { return nil }
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw ScriptError.runtime("variant_order must be a list of variant names, got \(lua.typeName(-1))")
        }
        let list = lua_gettop(L)
        let known = Set(read.entries.map(\.0))
        var order: [String] = []
        for i in 1...max(1, Int(lua_rawlen(L, list))) {
            lua_rawgeti(L, list, lua_Integer(i))
            defer { cl_pop(L, 1) }
            if lua_type(L, -1) == LUA_TNIL && i == 1 { break }
            guard lua_type(L, -1) == LUA_TSTRING, let c = cl_tostring(L, -1) else {
                throw ScriptError.runtime("variant_order[\(i)] must be a variant's name, got \(lua.typeName(-1))")
            }
            let name = String(cString: c)
            guard known.contains(name) else {
                let hint = NameSuggestion.closest(to: name, in: known.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
                throw ScriptError.runtime("variant_order[\(i)]: '\(name)' is not a variant\(hint)")
            }
            guard !order.contains(name) else { throw ScriptError.runtime("variant_order names '\(name)' twice") }
            order.append(name)
        }
        let missing = known.subtracting(order).sorted()
        guard missing.isEmpty else {
            throw ScriptError.runtime("variant_order leaves out \(missing.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return order
    }

    /// The entries in the order written when `variants` is a list of pairs
    /// (`listed`), else in the table's own (unspecified) order.
    private func variantEntries() throws -> (entries: [(String, [String: ParamValue])], listed: Bool)? {
        let lua = Lua(L)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        pushRawGlobal("variants")
        if lua_type(L, -1) == LUA_TNIL { return nil }
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw ScriptError.runtime("variants must be a table of name = {param = value, ...}, got \(lua.typeName(-1))")
        }
        let table = lua_gettop(L)
        var entries: [(String, [String: ParamValue])] = []
        // A list of pairs: {{"light", {...}}, ...}.
        if lua_rawlen(L, table) > 0 {
            let count = Int(lua_rawlen(L, table))
            for i in 1...count {
                lua_rawgeti(L, table, lua_Integer(i))
                guard lua_type(L, -1) == LUA_TTABLE else {
                    throw ScriptError.runtime("variants[\(i)] must be a pair {name, {param = value, ...}}, got \(lua.typeName(-1))")
                }
                let pair = lua_gettop(L)
                lua_rawgeti(L, pair, 1)
                guard lua_type(L, -1) == LUA_TSTRING, let nameC = cl_tostring(L, -1) else {
                    throw ScriptError.runtime("variants[\(i)][1] must be the variant's name, got \(lua.typeName(-1))")
                }
                let name = String(cString: nameC)
                cl_pop(L, 1)
                guard !entries.contains(where: { $0.0 == name }) else {
                    throw ScriptError.runtime("variants: '\(name)' is listed twice")
                }
                lua_rawgeti(L, pair, 2)
                entries.append((name, try values(of: name, at: lua_gettop(L))))
                lua_settop(L, table)
            }
            // Names beside the list would be silently dropped: refuse them.
            lua_pushnil(L)
            while lua_next(L, table) != 0 {
                cl_pop(L, 1)
                if lua_type(L, -1) != LUA_TNUMBER {
                    throw ScriptError.runtime("variants mixes a list of pairs with named entries: use one form")
                }
            }
            return (entries, true)
        }
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING, let nameC = cl_tostring(L, -2) else {
                throw ScriptError.runtime("variants: names must be strings, got \(lua.typeName(-2))")
            }
            let name = String(cString: nameC)
            entries.append((name, try values(of: name, at: lua_gettop(L))))
            cl_pop(L, 1)
        }
        return (entries, false)
    }

    /// A variant's `{param = value, ...}` at stack index `entry`.
    private func values(of name: String, at entry: Int32) throws -> [String: ParamValue] {
        let lua = Lua(L)
        guard lua_type(L, entry) == LUA_TTABLE else {
            throw ScriptError.runtime("variants.\(name) must be a table of param = value, got \(lua.typeName(entry))")
        }
        var values: [String: ParamValue] = [:]
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
        return values
    }
}
