import CLua
import CellGeometry
import CellRaster

/// Paints, line style, alpha, blend mode, shadow and antialiasing.
extension CanvasBinding {
    static let styleMethods: [(String, HostFunction)] = [
        ("set_fill", setFill), ("set_stroke", setStroke), ("set_alpha", setAlpha),
        ("set_line_width", setLineWidth), ("set_line_cap", setLineCap), ("set_line_join", setLineJoin),
        ("set_miter_limit", setMiterLimit), ("set_dash", setDash), ("set_antialias", setAntialias),
        ("set_blend", setBlend), ("set_shadow", setShadow),
    ]

    /// Longest dash pattern accepted.
    static let maxDashEntries = 1024

    /// `set_fill(paint)`: a color spec, a Color, or a `cell.linear` / `cell.radial` paint.
    static let setFill: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.setFill(try lua.paint(2))
        }
    }

    static let setStroke: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.setStroke(try lua.paint(2))
        }
    }

    /// `set_blend(mode)`: one of the 28 Core Graphics modes by name.
    static let setBlend: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.setBlendMode(try lua.option(2, as: BlendMode.self))
        }
    }

    /// `set_shadow(dx, dy, blur [, color])` or `set_shadow(nil)`: offset and
    /// blur in points, y down, not transformed (UIKit); color black at 1/3.
    static let setShadow: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            if lua.isNoneOrNil(2) && lua.top <= 2 {
                canvas.setShadow(nil)
                return
            }
            let dx = try lua.number(2), dy = try lua.number(3)
            let blur = try lua.nonNegative(4, "shadow blur")
            let color = lua.isNoneOrNil(5) ? Shadow.defaultColor : try lua.color(5)
            canvas.setShadow(try Shadow(dx: dx, dy: dy, blur: blur, color: color))
        }
    }

    static let setAlpha: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.setAlpha(try lua.unitInterval(2, "alpha"))
        }
    }

    /// Width in user units; 0 is the thinnest line the device shows (1 px).
    static let setLineWidth: HostFunction = { L in
        strokeStyleCall(L) { lua, style in
            style.width = try lua.nonNegative(2, "line width")
        }
    }

    static let setLineCap: HostFunction = { L in
        strokeStyleCall(L) { lua, style in
            style.cap = try lua.option(2, as: LineCap.self)
        }
    }

    static let setLineJoin: HostFunction = { L in
        strokeStyleCall(L) { lua, style in
            style.join = try lua.option(2, as: LineJoin.self)
        }
    }

    static let setMiterLimit: HostFunction = { L in
        strokeStyleCall(L) { lua, style in
            style.miterLimit = try lua.nonNegative(2, "miter limit")
        }
    }

    /// `set_dash(lengths_or_nil [, phase])`: alternating on/off lengths in
    /// user units. nil or `{}` is a solid line; so is a pattern of zeros (it
    /// would draw nothing but dots otherwise, which no one means).
    static let setDash: HostFunction = { L in
        strokeStyleCall(L) { lua, style in
            var lengths: [Double] = []
            if !lua.isNoneOrNil(2) {
                try lua.checkTable(2)
                let n = Int(lua_rawlen(lua.L, 2))
                guard n <= maxDashEntries else {
                    throw LuaError.argument(2, "dash pattern too long (\(n) entries, at most \(maxDashEntries))")
                }
                for i in 0..<n {
                    lua_rawgeti(lua.L, 2, lua_Integer(i + 1))
                    defer { cl_pop(lua.L, 1) }
                    var ok: Int32 = 0
                    let v = lua_tonumberx(lua.L, -1, &ok)
                    guard ok != 0, v.isFinite, v >= 0 else {
                        throw LuaError.argument(2, "dash lengths must be finite numbers >= 0 (entry \(i + 1) is \(ok != 0 ? String(v) : lua.typeName(-1)))")
                    }
                    lengths.append(v)
                }
            }
            if lengths.allSatisfy({ $0 == 0 }) { lengths = [] }
            style.dashes = lengths
            style.dashPhase = try lua.optionalNumber(3, default: 0)
        }
    }

    static let setAntialias: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.setAntialias(try lua.boolean(2))
        }
    }
}
