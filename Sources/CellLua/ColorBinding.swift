import CLua
import CellRaster

/// A Color value in Lua: immutable, with fields `r g b a` (0..1, straight).
final class ColorBox {
    let color: Color
    init(_ color: Color) { self.color = color }
}

enum ColorBinding {
    static let typeName = "Color"
    static let tag = LuaClassTag(typeName)

    static let luaClass = LuaClass(
        name: typeName, methods: [], index: index, tostring: tostring,
        metamethods: [("__eq", equal)])

    static let index: HostFunction = { L in
        guarded(L) { lua in
            let color = try lua.checkObject(1, type: tag, as: ColorBox.self).color
            switch lua.indexKey {
            case "r": lua.push(color.r)
            case "g": lua.push(color.g)
            case "b": lua.push(color.b)
            case "a": lua.push(color.a)
            default: return try lua.unknownField(of: typeName, fields: ["a", "b", "g", "r"])
            }
            return 1
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let c = try lua.checkObject(1, type: tag, as: ColorBox.self).color
            lua.push("Color(\(short(c.r)), \(short(c.g)), \(short(c.b)), \(short(c.a)))")
            return 1
        }
    }

    static let equal: HostFunction = { L in
        guarded(L) { lua in
            let a = lua.testObject(1, type: tag, as: ColorBox.self)?.color
            let b = lua.testObject(2, type: tag, as: ColorBox.self)?.color
            lua.push(a != nil && a == b)
            return 1
        }
    }

    /// `cell.rgb(r, g, b [, a])`: components in 0..1.
    static let rgb: HostFunction = { L in
        guarded(L) { lua in
            let r = try lua.unitComponent(1), g = try lua.unitComponent(2), b = try lua.unitComponent(3)
            let a = lua.isNoneOrNil(4) ? 1 : try lua.unitComponent(4)
            lua.pushObject(ColorBox(Color(r: r, g: g, b: b, a: a)), type: tag)
            return 1
        }
    }

    /// `cell.color(spec)`: any color spec to a Color value.
    static let color: HostFunction = { L in
        guarded(L) { lua in
            lua.pushObject(ColorBox(try lua.color(1)), type: tag)
            return 1
        }
    }

    private static func short(_ v: Double) -> String {
        let rounded = (v * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension Lua {
    /// A number in 0...1 (a color component or alpha).
    func unitComponent(_ index: Int32) throws -> Double {
        let v = try number(index)
        guard v >= 0, v <= 1 else {
            throw LuaError.argument(index, "color components are 0..1, got \(v)")
        }
        return v
    }

    /// A color spec: "#RGB", "#RRGGBB", "#RRGGBBAA", a name, a table
    /// `{r, g, b [, a]}` with components 0..1, or a Color value.
    func color(_ index: Int32) throws -> Color {
        switch type(index) {
        case LUA_TSTRING:
            // "#RRGGBB" as written (the usual case) from Lua's bytes, with no `String` made.
            var length = 0
            if let p = lua_tolstring(L, index, &length), let c = Color(hexBytes: UnsafeRawBufferPointer(start: p, count: length)) {
                return c
            }
            let spec = try string(index)
            if let c = ColorSpec.parse(spec) { return c }
            let names = Color.named.map(\.name).joined(separator: ", ")
            throw LuaError.argument(index, "invalid color '\(spec)'; expected #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla(), a CSS color name or one of UIKit's: \(names)")
        case LUA_TTABLE:
            let table = lua_absindex(L, index)
            let n = lua_rawlen(L, table)
            guard n == 3 || n == 4 else {
                throw LuaError.argument(index, "color table must be {r, g, b [, a]} with components 0..1, got \(n) entries")
            }
            var c = SIMD4<Double>(0, 0, 0, 1) // a fixed vector: no array to allocate per color
            for i in 1...Int(n) {
                lua_rawgeti(L, table, lua_Integer(i))
                defer { cl_pop(L, 1) }
                var ok: Int32 = 0
                let v = lua_tonumberx(L, -1, &ok)
                guard ok != 0, v.isFinite, v >= 0, v <= 1 else {
                    throw LuaError.argument(index, "color table entry \(i) must be a number in 0..1, got \(ok != 0 ? String(v) : typeName(-1))")
                }
                c[i - 1] = v
            }
            return Color(r: c[0], g: c[1], b: c[2], a: c[3])
        default:
            if let box = testObject(index, type: ColorBinding.tag, as: ColorBox.self) { return box.color }
            throw typeError(index, expected: "color")
        }
    }
}
