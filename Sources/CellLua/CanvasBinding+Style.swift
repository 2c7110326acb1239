import CLua
import CellGeometry
import CellRaster

/// Colors, line style, alpha and antialiasing.
extension CanvasBinding {
    static let styleMethods: [(String, HostFunction)] = [
        ("set_fill", setFill), ("set_stroke", setStroke), ("set_alpha", setAlpha),
        ("set_line_width", setLineWidth), ("set_line_cap", setLineCap), ("set_line_join", setLineJoin),
        ("set_miter_limit", setMiterLimit), ("set_dash", setDash), ("set_antialias", setAntialias),
    ]

    /// Longest dash pattern accepted.
    static let maxDashEntries = 1024

    static let setFill: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.setFillColor(try lua.color(2))
        }
    }

    static let setStroke: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.setStrokeColor(try lua.color(2))
        }
    }

    static let setAlpha: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.setAlpha(try lua.unitComponent(2))
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
