import CLua
import CellRaster

/// `cell.param(name, default [, opts])`: the `-D name=value` or variant value
/// for `name`, converted to the type of `default` (number, boolean, color or
/// string); else `default`. A value that does not convert, or lies outside
/// `opts`' `min`/`max` or `choices`, is an error naming the parameter, where
/// it came from and what was expected. The first read of a name declares it
/// (`LuaRuntime.paramDeclarations`) for `--list-params` and the preview.
enum ParamBinding {
    static let optionNames = ["min", "max", "step", "choices", "label", "doc"]

    static let param: HostFunction = { L in
        guarded(L) { lua in
            let name = try lua.string(1)
            let runtime = LuaRuntime.current(lua.L)
            let declaration = try declare(name, lua)
            runtime.paramRead(name, declaration)
            guard let given = runtime.params[name] else {
                lua_settop(lua.L, 2)
                return 1
            }
            let value = given.value
            // Values given as text (-D, the preview's controls) read as they were typed.
            let shown = given.source == "-D" || given.source == Param.controlSource
                ? "\(given.source) \(name)=\(value.asText ?? "")" : "\(given.source): \(name) = \(value.display)"
            func mismatch(_ expected: String) -> LuaError {
                LuaError.message("\(shown): expected \(expected) (the type of cell.param's default)")
            }
            func refuse(_ why: String?) throws {
                if let why { throw LuaError.message("\(shown): \(why)") }
            }
            switch lua.type(2) {
            case LUA_TNUMBER:
                guard let n = value.asNumber else { throw mismatch("a number") }
                try refuse(declaration.refusal(number: n))
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
                if declaration.type == "color", ColorSpec.parse(s) == nil {
                    throw mismatch("a color (#RRGGBB, #RGB, rgb(...), hsl(...) or a color name)")
                }
                try refuse(declaration.refusal(text: s))
                lua.push(s)
            case LUA_TNONE, LUA_TNIL:
                // No default: the value as given.
                lua.push(value)
            default:
                guard let c = value.asColor else { throw mismatch("a color (#RRGGBB, a name, ...)") }
                lua.pushObject(ColorBox(c), type: ColorBinding.tag)
            }
            return 1
        }
    }

    /// The declaration of `name` from the default (argument 2) and the
    /// options (argument 3), checked: `min`/`max`/`step` go with a number
    /// default that lies within them, `choices` with a string default among
    /// them.
    static func declare(_ name: String, _ lua: Lua) throws -> ParamDeclaration {
        var d = ParamDeclaration(name: name, type: "any")
        switch lua.type(2) {
        case LUA_TNUMBER:
            let n = try lua.number(2)
            (d.type, d.defaultText) = ("number", n.shortText)
        case LUA_TBOOLEAN:
            (d.type, d.defaultText) = ("boolean", lua_toboolean(lua.L, 2) != 0 ? "true" : "false")
        case LUA_TSTRING:
            let text = try lua.string(2)
            (d.type, d.defaultText) = (Self.isColorNotation(text) ? "color" : "string", text)
        case LUA_TNONE, LUA_TNIL:
            break
        default:
            guard lua.testObject(2, type: ColorBinding.tag, as: ColorBox.self) != nil || lua.type(2) == LUA_TTABLE else {
                throw lua.typeError(2, expected: "number, boolean, string or color default")
            }
            (d.type, d.defaultText) = ("color", try lua.color(2).hexString)
        }
        try lua.options(3, known: optionNames) { key in
            switch key {
            case "min": d.min = try lua.number(-1)
            case "max": d.max = try lua.number(-1)
            case "step":
                let step = try lua.number(-1)
                guard step > 0 else { throw LuaError.argument(-1, "a step greater than 0 expected, got \(step.shortText)") }
                d.step = step
            case "choices": d.choices = try lua.choices(-1)
            case "label": d.label = try lua.string(-1)
            default: d.doc = try lua.string(-1)
            }
        }
        if d.min != nil || d.max != nil || d.step != nil {
            guard d.type == "number" else {
                throw LuaError.argument(3, "min, max and step go with a number default (parameter '\(name)' has \(d.type == "any" ? "none" : "a \(d.type)"))")
            }
            if let lo = d.min, let hi = d.max, lo > hi {
                throw LuaError.argument(3, "min \(lo.shortText) is above max \(hi.shortText)")
            }
            if let n = d.defaultText.flatMap(Double.init), let why = d.refusal(number: n) {
                throw LuaError.argument(2, "the default \(n.shortText) is \(why)")
            }
        }
        if let choices = d.choices {
            guard d.type == "string" else {
                throw LuaError.argument(3, "choices go with a string default (parameter '\(name)' has \(d.type == "any" ? "none" : "a \(d.type)"))")
            }
            if let text = d.defaultText, !choices.contains(text) {
                throw LuaError.argument(2, "the default '\(text)' is not one of the choices: \(choices.joined(separator: ", "))")
            }
        }
        return d
    }
}

extension Lua {
    /// A non-empty list of distinct strings (a parameter's `choices`).
    func choices(_ index: Int32) throws -> [String] {
        try checkTable(index)
        let table = lua_absindex(L, index)
        let n = Int(lua_rawlen(L, table))
        guard n > 0 else { throw LuaError.argument(index, "a non-empty list of strings expected") }
        var out: [String] = []
        for i in 1...n {
            lua_rawgeti(L, table, lua_Integer(i))
            defer { cl_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TSTRING else {
                throw LuaError.argument(index, "choice \(i) is not a string")
            }
            let s = try string(-1)
            guard !out.contains(s) else { throw LuaError.argument(index, "choice '\(s)' is given twice") }
            out.append(s)
        }
        return out
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
        case .color(let c): pushObject(ColorBox(c), type: ColorBinding.tag)
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
