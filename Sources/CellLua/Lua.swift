import CLua

/// A thin view of a `lua_State` for host functions: pushing values and checking
/// arguments with luaL's wording, but throwing instead of raising.
///
/// Only API calls that cannot raise Lua errors are used here (raw table access,
/// no metamethods); allocation cannot fail while host code runs (see shim.h).
public struct Lua {
    public let L: OpaquePointer

    public init(_ L: OpaquePointer) {
        self.L = L
    }

    public var top: Int32 { lua_gettop(L) }

    // MARK: types

    public func type(_ index: Int32) -> Int32 { lua_type(L, index) }

    public func isNoneOrNil(_ index: Int32) -> Bool { cl_isnoneornil(L, index) != 0 }

    /// The type name luaL_typeerror would use: a `__name` metafield if the value
    /// has one, "light userdata", or the basic type name.
    public func typeName(_ index: Int32) -> String {
        if lua_getmetatable(L, index) != 0 {
            lua_pushstring(L, "__name")
            lua_rawget(L, -2)
            defer { cl_pop(L, 2) }
            if lua_type(L, -1) == LUA_TSTRING, let s = cl_tostring(L, -1) {
                return String(cString: s)
            }
        }
        let t = lua_type(L, index)
        if t == LUA_TLIGHTUSERDATA { return "light userdata" }
        if t == LUA_TNONE { return "no value" }
        if t == LUA_TNUMBER, lua_isinteger(L, index) == 0, lua_tonumberx(L, index, nil).isNaN { return "nan" }
        return String(cString: lua_typename(L, t))
    }

    public func typeError(_ index: Int32, expected: String) -> LuaError {
        let got = typeName(index)
        // One of celllua's objects whose `__gc` already ran (a finalizer
        // that kept it, or `__gc` called by hand): say so, not "got Canvas".
        if lua_type(L, index) == LUA_TUSERDATA, CellModule.classSlot(named: got) != nil,
           let block = lua_touserdata(L, index), block.load(as: UnsafeMutableRawPointer?.self) == nil {
            return .argument(index, "\(expected) expected, got a garbage-collected \(got)")
        }
        return .argument(index, "\(expected) expected, got \(got)")
    }

    // MARK: checking arguments

    /// A finite number (numeric strings convert, as in luaL_checknumber).
    public func number(_ index: Int32) throws -> Double {
        var ok: Int32 = 0
        let v = lua_tonumberx(L, index, &ok)
        guard ok != 0 else { throw typeError(index, expected: "number") }
        guard v.isFinite else {
            throw LuaError.argument(index, "finite number expected, got \(v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf"))")
        }
        return v
    }

    public func optionalNumber(_ index: Int32, default value: Double) throws -> Double {
        isNoneOrNil(index) ? value : try number(index)
    }

    /// An integer (a float with an exact integer value is accepted).
    public func integer(_ index: Int32) throws -> Int {
        var ok: Int32 = 0
        let v = lua_tointegerx(L, index, &ok)
        if ok != 0 { return Int(v) }
        if lua_isnumber(L, index) != 0 {
            throw LuaError.argument(index, "number has no integer representation")
        }
        throw typeError(index, expected: "number")
    }

    /// A string (numbers convert, as in luaL_checklstring).
    public func string(_ index: Int32) throws -> String {
        let t = lua_type(L, index)
        guard t == LUA_TSTRING || t == LUA_TNUMBER else { throw typeError(index, expected: "string") }
        var length = 0
        let p = lua_tolstring(L, index, &length)!
        return String(decoding: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self)
    }

    /// A string that names a file or a font: C libraries read such names up
    /// to the first NUL byte, so a name holding one would reach another
    /// file than the one checked (`"a.txt\0.png"` passes a `.png` check).
    /// `what` names it in the message ("path", "name").
    public func name(_ index: Int32, what: String = "name") throws -> String {
        let s = try string(index)
        guard !s.utf8.contains(0) else { throw LuaError.argument(index, "\(what) contains a NUL byte") }
        return s
    }

    /// The raw bytes of a string argument.
    public func bytes(_ index: Int32) throws -> [UInt8] {
        guard lua_type(L, index) == LUA_TSTRING else { throw typeError(index, expected: "string") }
        var length = 0
        let p = lua_tolstring(L, index, &length)!
        return Array(UnsafeRawBufferPointer(start: p, count: length))
    }

    public func boolean(_ index: Int32) throws -> Bool {
        guard lua_type(L, index) == LUA_TBOOLEAN else { throw typeError(index, expected: "boolean") }
        return lua_toboolean(L, index) != 0
    }

    /// One of `options`; a wrong value lists the valid ones.
    public func option(_ index: Int32, _ options: [String]) throws -> String {
        let value = try string(index)
        guard options.contains(value) else {
            throw LuaError.argument(index, "invalid option '\(value)' (expected one of: \(options.joined(separator: ", ")))")
        }
        return value
    }

    /// A string naming one case of `E`; a wrong one lists them all.
    public func option<E: RawRepresentable & CaseIterable>(_ index: Int32, as _: E.Type) throws -> E
    where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        let value = try option(index, names)
        guard let e = E(rawValue: value) else { throw LuaError.argument(index, "invalid option '\(value)'") }
        return e
    }

    public func checkTable(_ index: Int32) throws {
        guard lua_type(L, index) == LUA_TTABLE else { throw typeError(index, expected: "table") }
    }

    /// Raises for arguments beyond `count` that are not nil, catching calls
    /// like `fill_rect(x, y, w, h, extra)` that usually mean a mistake.
    public func noExtraArguments(after count: Int32) throws {
        if top > count {
            for i in (count + 1)...top where !isNoneOrNil(i) {
                throw LuaError.argument(i, "no value expected, got \(typeName(i))")
            }
        }
    }

    // MARK: options tables

    /// Reads an options table at `index` (nil or absent means no options):
    /// calls `read` with each known key whose value is not nil, the value on
    /// top of the stack; unknown keys are an error naming the known ones.
    public func options(_ index: Int32, known: [String], _ read: (String) throws -> Void) throws {
        if isNoneOrNil(index) { return }
        try checkTable(index)
        precondition(known.count <= 64, "an options table names at most 64 keys")
        let table = lua_absindex(L, index)
        // One pass over the table notes which known keys it has, matching
        // the key's bytes in place (no String made for a key that is known);
        // then only those are read, in the order of `known`.
        var present: UInt64 = 0
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            // key at -2, value at -1
            var length = 0
            guard lua_type(L, -2) == LUA_TSTRING, let k = lua_tolstring(L, -2, &length) else {
                cl_pop(L, 2)
                throw LuaError.argument(index, "options table keys must be strings")
            }
            let bytes = UnsafeRawBufferPointer(start: k, count: length)
            guard let i = known.firstIndex(where: { Self.equal($0, bytes) }) else {
                let key = String(decoding: bytes, as: UTF8.self)
                cl_pop(L, 2)
                throw LuaError.argument(index, "unknown option '\(key)' (expected \(known.joined(separator: ", ")))")
            }
            present |= 1 << UInt64(i)
            cl_pop(L, 1)
        }
        for (i, key) in known.enumerated() where present & (1 << UInt64(i)) != 0 {
            // withCString: a short key is copied on the stack, where passing
            // the String made a heap copy of its bytes each time.
            _ = key.withCString { lua_pushstring(L, $0) }
            lua_rawget(L, table)
            defer { cl_pop(L, 1) }
            if lua_type(L, -1) != LUA_TNIL {
                do {
                    try read(key)
                } catch LuaError.argument(_, let message) {
                    throw LuaError.argument(index, "option '\(key)': \(message)")
                }
            }
        }
    }

    /// True when `key`'s UTF-8 is exactly `bytes`.
    static func equal(_ key: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        // The key's bytes in place (a known key is a literal, already
        // contiguous), compared at once: the generic `elementsEqual` walks
        // both a byte at a time through the collection protocols.
        var key = key
        return key.withUTF8 { k in
            k.count == bytes.count && (k.isEmpty || memcmp(k.baseAddress!, bytes.baseAddress!, k.count) == 0)
        }
    }

    // MARK: pushing

    /// Pushes a number; whole values within 2^53 go as integers, so that
    /// `print(c.width)` shows `320`, not `320.0`.
    public func push(_ v: Double) {
        if v == v.rounded(), abs(v) < 9.007_199_254_740_992e15 {
            lua_pushinteger(L, lua_Integer(v))
        } else {
            lua_pushnumber(L, v)
        }
    }
    public func push(_ v: Int) { lua_pushinteger(L, lua_Integer(v)) }
    public func push(_ v: Bool) { lua_pushboolean(L, v ? 1 : 0) }
    public func push(_ s: String) {
        var s = s
        s.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }
    public func push(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }
    public func pushNil() { lua_pushnil(L) }
}
