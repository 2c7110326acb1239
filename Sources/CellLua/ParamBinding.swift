import CLua
import CellRaster

/// `cell.param(name, default)`: the `-D name=value` or variant value for
/// `name`, converted to the type of `default` (number, boolean, color or
/// string); else `default`. A value that does not convert is an error naming
/// the parameter, where it came from and the type expected.
enum ParamBinding {
    static let param: HostFunction = { L in
        guarded(L) { lua in
            let name = try lua.string(1)
            let runtime = LuaRuntime.current(lua.L)
            runtime.paramRead(name)
            guard let given = runtime.params[name] else {
                lua_settop(lua.L, 2)
                return 1
            }
            let value = given.value
            func mismatch(_ expected: String) -> LuaError {
                let shown = given.source == "-D" ? "-D \(name)=\(value.asText ?? "")" : "\(given.source): \(name) = \(value.display)"
                return LuaError.message("\(shown): expected \(expected) (the type of cell.param's default)")
            }
            switch lua.type(2) {
            case LUA_TNUMBER:
                guard let n = value.asNumber else { throw mismatch("a number") }
                lua.push(n)
            case LUA_TBOOLEAN:
                guard let b = value.asBoolean else { throw mismatch("a boolean (true/false, yes/no, on/off, 1/0)") }
                lua.push(b)
            case LUA_TSTRING:
                guard let s = value.asText else { throw mismatch("a string") }
                // A default written as a color ("#8799BC", "rgb(...)") asks
                // for a color: a value that is none is refused, not drawn
                // as black later. (Color names alone could be text, a title
                // "Red": they are not checked.)
                if Self.isColorNotation(try lua.string(2)), ColorSpec.parse(s) == nil {
                    throw mismatch("a color (#RRGGBB, #RGB, rgb(...), hsl(...) or a color name)")
                }
                lua.push(s)
            case LUA_TNONE, LUA_TNIL:
                // No default: the value as given.
                lua.push(value)
            default:
                if lua.testObject(2, type: ColorBinding.typeName, as: ColorBox.self) != nil || lua.type(2) == LUA_TTABLE {
                    guard let c = value.asColor else { throw mismatch("a color (#RRGGBB, a name, ...)") }
                    lua.pushObject(ColorBox(c), type: ColorBinding.typeName)
                } else {
                    throw lua.typeError(2, expected: "number, boolean, string or color default")
                }
            }
            return 1
        }
    }
}

extension ParamBinding {
    /// Whether a string default is written in a color notation: `#` hex or a
    /// CSS function (`rgb(`, `rgba(`, `hsl(`, `hsla(`), and parses as one.
    static func isColorNotation(_ text: String) -> Bool {
        let t = text.lowercased()
        let looks = t.hasPrefix("#") || ["rgb(", "rgba(", "hsl(", "hsla("].contains { t.hasPrefix($0) }
        return looks && ColorSpec.parse(text) != nil
    }
}

extension Lua {
    /// Pushes a parameter value as the natural Lua value.
    func push(_ value: ParamValue) {
        switch value {
        case .text(let s): push(s)
        case .number(let n): push(n)
        case .boolean(let b): push(b)
        case .color(let c): pushObject(ColorBox(c), type: ColorBinding.typeName)
        }
    }

    /// A variant entry's value: number, boolean, string, or a color (a Color
    /// value or a `{r, g, b [, a]}` table).
    func paramValue(_ index: Int32) throws -> ParamValue {
        switch type(index) {
        case LUA_TNUMBER: return .number(try number(index))
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TSTRING: return .text(try string(index))
        default: return .color(try color(index))
        }
    }
}
