import CLua
import CellKit
import CellRaster
import CellText

/// Reads a nested spec table (the `ui.table` spec) field by field, so every
/// error names the field it is about: `sections[2].rows[1].text: string
/// expected, got number`. Reports errors against argument `argument`.
struct SpecReader {
    let lua: Lua
    /// Absolute stack index of the table being read.
    let table: Int32
    /// The path of that table, e.g. `sections[2]` (`.root` for the spec itself).
    let path: SpecPath
    let argument: Int32

    var L: OpaquePointer { lua.L }

    func fieldPath(_ key: String) -> SpecField { SpecField(table: path, key: key) }

    /// An error about `field` (a `SpecField` or a table's `SpecPath`).
    func fail(_ field: some CustomStringConvertible, _ message: String) -> LuaError {
        .argument(argument, "\(field): \(message)")
    }

    /// Unknown keys are errors that list the known ones, with the closest
    /// first (a typo such as `heigth` would otherwise be silently ignored).
    func checkKeys(_ known: [String]) throws {
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            defer { cl_pop(L, 1) }
            var length = 0
            guard lua_type(L, -2) == LUA_TSTRING, let k = lua_tolstring(L, -2, &length) else {
                cl_pop(L, 1)
                throw LuaError.argument(argument, "\(path.isRoot ? "spec" : path.description): keys must be names")
            }
            // Matched in place, as `Lua.options` matches: no String made for
            // a key that is known.
            let bytes = UnsafeRawBufferPointer(start: k, count: length)
            if !known.contains(where: { Lua.equal($0, bytes) }) {
                let key = String(decoding: bytes, as: UTF8.self)
                cl_pop(L, 1)
                let hint = NameSuggestion.closest(to: key, in: known).map { "did you mean '\($0)'? " } ?? ""
                throw fail(fieldPath(key), "unknown field (\(hint)expected one of: \(known.joined(separator: ", ")))")
            }
        }
    }

    /// Calls `read` with the value of `key` on top of the stack, unless it is nil.
    /// (The key goes to Lua through `withCString`, which copies a short
    /// name to the stack: passing the `String` itself would make a C string
    /// on the heap for every field asked for, present or not.)
    func field<T>(_ key: String, _ read: (SpecField) throws -> T) throws -> T? {
        key.withCString { _ = lua_pushstring(L, $0) }
        lua_rawget(L, table)
        defer { cl_pop(L, 1) }
        if lua_type(L, -1) == LUA_TNIL { return nil }
        let p = fieldPath(key)
        do {
            return try read(p)
        } catch LuaError.argument(let index, let message) {
            // A message about a field inside this one names it already.
            if message.hasPrefix(p.description) { throw LuaError.argument(index, message) }
            throw fail(p, message)
        }
    }

    func number(_ key: String) throws -> Double? {
        try field(key) { p in
            guard lua_type(L, -1) == LUA_TNUMBER else { throw fail(p, "number expected, got \(lua.typeName(-1))") }
            let v = lua_tonumberx(L, -1, nil)
            // Worded as Lua.number words it (Swift would print 0/0 as "-nan").
            guard v.isFinite else { throw fail(p, "finite number expected, got \(v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf"))") }
            return v
        }
    }

    /// A number >= 0 (sizes, radii, spacing).
    func size(_ key: String, max: Double = 1e7) throws -> Double? {
        guard let v = try number(key) else { return nil }
        guard v >= 0 else { throw fail(fieldPath(key), "must not be negative, got \(v.shortText)") }
        guard v <= max else { throw fail(fieldPath(key), "too large (\(v.shortText), at most \(max.shortText))") }
        return v
    }

    func string(_ key: String) throws -> String? {
        try field(key) { p in
            guard lua_type(L, -1) == LUA_TSTRING else { throw fail(p, "string expected, got \(lua.typeName(-1))") }
            return String(cString: cl_tostring(L, -1))
        }
    }

    /// A string, or a number shown as Lua shows it (badges: `badge = 3`).
    func label(_ key: String) throws -> String? {
        try field(key) { p in
            switch lua_type(L, -1) {
            case LUA_TSTRING: return String(cString: cl_tostring(L, -1))
            case LUA_TNUMBER: return lua_tonumberx(L, -1, nil).shortText
            default: throw fail(p, "string or number expected, got \(lua.typeName(-1))")
            }
        }
    }

    func boolean(_ key: String) throws -> Bool? {
        try field(key) { p in
            guard lua_type(L, -1) == LUA_TBOOLEAN else { throw fail(p, "boolean expected, got \(lua.typeName(-1))") }
            return lua_toboolean(L, -1) != 0
        }
    }

    func color(_ key: String) throws -> Color? {
        try field(key) { _ in try lua.color(-1) }
    }

    func colorPair(_ key: String) throws -> (Color, Color)? {
        try field(key) { _ in try lua.colorPair(-1) }
    }

    /// A font: a Font object (`cell.font`) or "Name size" (the form
    /// `cell.ui.themes` uses), as the kit names fonts.
    func kitFont(_ key: String) throws -> KitFont? {
        try field(key) { p in
            if lua_type(L, -1) == LUA_TSTRING {
                let text = String(cString: cl_tostring(L, -1))
                guard let space = text.lastIndex(of: " "), let size = Double(text[text.index(after: space)...]),
                      size > 0, size <= 1000, space > text.startIndex else {
                    throw fail(p, "font expected (a Font or \"Name size\"), got '\(text)'")
                }
                return KitFont(String(text[..<space]), size)
            }
            guard let font = lua.testObject(-1, type: FontBinding.tag, as: FontBox.self)?.font else {
                throw fail(p, "Font or \"Name size\" expected, got \(lua.typeName(-1))")
            }
            return lua.kitFont(font)
        }
    }

    func option<E: RawRepresentable & CaseIterable>(_ key: String, as e: E.Type) throws -> E? where E.RawValue == String {
        try field(key) { _ in try lua.option(-1, as: e) }
    }

    /// A nested table, read by `body` with a reader for it.
    func table<T>(_ key: String, _ body: (SpecReader) throws -> T) throws -> T? {
        try field(key) { p in
            guard lua_type(L, -1) == LUA_TTABLE else { throw fail(p, "table expected, got \(lua.typeName(-1))") }
            return try body(SpecReader(lua: lua, table: lua_absindex(L, -1), path: p.path, argument: argument))
        }
    }

    /// An array of tables, each read by `body(index, reader)`; at most `limit` entries.
    func array<T>(_ key: String, limit: Int, _ body: (Int, SpecReader) throws -> T) throws -> [T]? {
        try field(key) { p in
            guard lua_type(L, -1) == LUA_TTABLE else { throw fail(p, "table expected, got \(lua.typeName(-1))") }
            let t = lua_absindex(L, -1)
            let n = Int(lua_rawlen(L, t))
            guard n <= limit else { throw fail(p, "too many entries (\(n), at most \(limit))") }
            var out: [T] = []
            out.reserveCapacity(n)
            let list = p.path
            for i in 0..<n {
                lua_rawgeti(L, t, lua_Integer(i + 1))
                defer { cl_pop(L, 1) }
                let ep = list.index(i + 1)
                guard lua_type(L, -1) == LUA_TTABLE else { throw fail(ep, "table expected, got \(lua.typeName(-1))") }
                out.append(try body(i, SpecReader(lua: lua, table: lua_absindex(L, -1), path: ep, argument: argument)))
            }
            return out
        }
    }

    /// A function, stored in the table at `store` (absolute index) under the
    /// next integer key, which is returned.
    func function(_ key: String, storeIn store: Int32) throws -> lua_Integer? {
        try field(key) { p in
            guard lua_type(L, -1) == LUA_TFUNCTION else { throw fail(p, "function expected, got \(lua.typeName(-1))") }
            let slot = lua_Integer(lua_rawlen(L, store)) + 1
            lua_pushvalue(L, -1)
            lua_rawseti(L, store, slot)
            return slot
        }
    }
}
