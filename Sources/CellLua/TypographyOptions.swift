import CLua
import CellText

/// The typographic options of the text calls (`c:text`, `c:text_in_rect`,
/// `font:measure`, `font:path`): `tracking`, `line_height`, `features`,
/// `variations`. Read with the options table's other keys (`Lua.options`,
/// which names the option in any error), then applied to the call's font.
struct Typography {
    var tracking: Double?
    var lineHeight: LineHeight?
    var features: [FontFeature]?
    var variations: [FontVariation]?

    static let optionNames = ["tracking", "line_height", "features", "variations"]

    /// Reads option `key` (one of `optionNames`) from the value on top of
    /// the stack; false for another key.
    mutating func read(_ lua: Lua, key: String) throws -> Bool {
        switch key {
        case "tracking": tracking = try lua.number(-1)
        case "line_height": lineHeight = try lua.lineHeight(-1)
        case "features": features = try lua.features(-1)
        case "variations": variations = try lua.variations(-1)
        default: return false
        }
        return true
    }

    /// `font` with the tracking, features and variations; an error names
    /// the option (argument `index`, the options table).
    func apply(to font: Font, index: Int32) throws -> Font {
        guard tracking != nil || features != nil || variations != nil else { return font }
        do {
            return try font.styled(tracking: tracking ?? 0, features: features ?? [], variations: variations ?? [])
        } catch let error as TypographyError {
            let option: String
            switch error {
            case .badTracking: option = "tracking"
            case .duplicateFeature, .badTag(_, what: "feature"): option = "features"
            default: option = "variations"
            }
            throw LuaError.argument(index, "option '\(option)': \(error.description)")
        }
    }

    /// The distance between baselines in points for `font` (nil: the font's).
    func lineHeight(for font: Font) -> Double? {
        lineHeight?.points(for: font)
    }
}

extension Lua {
    /// A line height: a number of points, or a string "<n>x", a multiple
    /// of the font's line height; either finite and greater than 0.
    func lineHeight(_ index: Int32) throws -> LineHeight {
        if type(index) == LUA_TSTRING {
            let s = try string(index)
            if s.hasSuffix("x") || s.hasSuffix("X"), let m = Double(s.dropLast()) {
                guard m.isFinite, m > 0 else {
                    throw LuaError.argument(index, "multiple greater than 0 expected, got '\(s)'")
                }
                return .multiple(m)
            }
            throw LuaError.argument(index, "number or \"<n>x\" expected, got '\(s)'")
        }
        guard type(index) == LUA_TNUMBER else { throw typeError(index, expected: "number or \"<n>x\"") }
        let points = try number(index)
        guard points > 0 else { throw LuaError.argument(index, "number greater than 0 expected, got \(points.shortText)") }
        return .points(points)
    }

    /// `{ "tnum", kern = false, salt = 2 }`: list entries switch a feature
    /// on; keyed entries set it on or off (a boolean) or to a value (an
    /// integer 0...65535). Tags are 4 characters of printable ASCII.
    func features(_ index: Int32) throws -> [FontFeature] {
        try checkTable(index)
        let table = lua_absindex(L, index)
        var out: [FontFeature] = []
        var tags = Set<String>()
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            defer { cl_pop(L, 1) }
            let tag: String, value: UInt32
            if lua_type(L, -2) == LUA_TNUMBER {
                // A list entry: the tag is the value.
                guard lua_type(L, -1) == LUA_TSTRING else {
                    throw LuaError.argument(index, "feature tag (string) expected at [\(typeKey(-2))], got \(typeName(-1))")
                }
                tag = try string(-1)
                value = 1
            } else if lua_type(L, -2) == LUA_TSTRING {
                tag = try string(-2)
                switch lua_type(L, -1) {
                case LUA_TBOOLEAN:
                    value = lua_toboolean(L, -1) != 0 ? 1 : 0
                case LUA_TNUMBER:
                    var ok: Int32 = 0
                    let v = lua_tointegerx(L, -1, &ok)
                    guard ok != 0, v >= 0, v <= lua_Integer(FontFeature.maxValue) else {
                        throw LuaError.argument(index, "feature '\(tag)': integer 0...\(FontFeature.maxValue) expected, got \(numberText(-1))")
                    }
                    value = UInt32(v)
                default:
                    throw LuaError.argument(index, "feature '\(tag)': boolean or integer expected, got \(typeName(-1))")
                }
            } else {
                throw LuaError.argument(index, "feature keys must be strings or list positions, got \(typeName(-2))")
            }
            do {
                out.append(try FontFeature(tag, value))
            } catch let error as TypographyError {
                throw LuaError.argument(index, error.description)
            }
            guard tags.insert(tag).inserted else { throw LuaError.argument(index, "feature '\(tag)' given twice") }
        }
        return out
    }

    /// `{ wght = 700, wdth = 87.5 }`: axis tags (4 characters) to finite numbers.
    func variations(_ index: Int32) throws -> [FontVariation] {
        try checkTable(index)
        let table = lua_absindex(L, index)
        var out: [FontVariation] = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            defer { cl_pop(L, 1) }
            guard lua_type(L, -2) == LUA_TSTRING else {
                throw LuaError.argument(index, "axis tags (string keys) expected, got \(typeName(-2)) key")
            }
            let tag = try string(-2)
            var ok: Int32 = 0
            let v = lua_tonumberx(L, -1, &ok)
            guard lua_type(L, -1) == LUA_TNUMBER, ok != 0 else {
                throw LuaError.argument(index, "axis '\(tag)': number expected, got \(typeName(-1))")
            }
            do {
                out.append(try FontVariation(tag, v))
            } catch let error as TypographyError {
                throw LuaError.argument(index, error.description)
            }
        }
        return out.sorted { $0.tag < $1.tag }
    }

    /// A list position, for messages.
    private func typeKey(_ index: Int32) -> String { numberText(index) }

    /// A number on the stack as Lua prints it (integers without ".0").
    private func numberText(_ index: Int32) -> String {
        if lua_isinteger(L, index) != 0 { return String(lua_tointegerx(L, index, nil)) }
        let v = lua_tonumberx(L, index, nil)
        return v.isNaN ? "nan" : v.isInfinite ? (v > 0 ? "inf" : "-inf") : String(v)
    }
}
