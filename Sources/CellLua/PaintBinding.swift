import CLua
import CellGeometry
import CellRaster

/// A gradient paint for `set_fill` / `set_stroke`: `cell.linear(g, x0, y0, x1, y1)`
/// or `cell.radial(g, x0, y0, r0, x1, y1, r1)`. Its coordinates are read in
/// the user space in force when a shape is painted; it extends its end
/// colors past its ends.
final class PaintBox {
    let paint: Paint
    init(_ paint: Paint) { self.paint = paint }
}

enum PaintBinding {
    static let typeName = "Paint"
    static let tag = LuaClassTag(typeName)

    static let luaClass = LuaClass(name: typeName, methods: [], index: index, tostring: tostring)

    static let linear: HostFunction = { L in
        guarded(L) { lua in
            let g = try lua.gradient(1)
            let p0 = Point(try lua.number(2), try lua.number(3))
            let p1 = Point(try lua.number(4), try lua.number(5))
            lua.pushObject(PaintBox(.linear(LinearGradient(gradient: g, start: p0, end: p1))), type: tag)
            return 1
        }
    }

    static let radial: HostFunction = { L in
        guarded(L) { lua in
            let g = try lua.gradient(1)
            let c0 = Point(try lua.number(2), try lua.number(3))
            let r0 = try lua.nonNegative(4, "radius")
            let c1 = Point(try lua.number(5), try lua.number(6))
            let r1 = try lua.nonNegative(7, "radius")
            lua.pushObject(PaintBox(.radial(RadialGradient(gradient: g, start: c0, startRadius: r0, end: c1, endRadius: r1))),
                           type: tag)
            return 1
        }
    }

    static let index: HostFunction = { L in
        guarded(L) { lua in
            let p = try lua.checkObject(1, type: tag, as: PaintBox.self).paint
            switch (lua.indexKey, p) {
            case ("kind", .linear): lua.push("linear")
            case ("kind", .radial): lua.push("radial")
            case ("kind", .solid): lua.push("solid")
            default: return try lua.unknownField(of: typeName, fields: ["kind"])
            }
            return 1
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let p = try lua.checkObject(1, type: tag, as: PaintBox.self).paint
            switch p {
            case .linear(let g):
                lua.push("Paint(linear \(g.start.x.shortText),\(g.start.y.shortText) -> \(g.end.x.shortText),\(g.end.y.shortText))")
            case .radial(let g):
                lua.push("Paint(radial \(g.start.x.shortText),\(g.start.y.shortText) r\(g.startRadius.shortText) -> \(g.end.x.shortText),\(g.end.y.shortText) r\(g.endRadius.shortText))")
            case .solid:
                lua.push("Paint(solid)")
            }
            return 1
        }
    }
}

extension Lua {
    /// A color spec, a Color or a gradient Paint.
    func paint(_ index: Int32) throws -> Paint {
        switch type(index) {
        case LUA_TSTRING, LUA_TTABLE: return .solid(try color(index))
        default:
            if let box = testObject(index, type: PaintBinding.tag, as: PaintBox.self) { return box.paint }
            if let box = testObject(index, type: ColorBinding.tag, as: ColorBox.self) { return .solid(box.color) }
            throw typeError(index, expected: "color or paint")
        }
    }
}
