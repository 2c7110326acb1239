import CLua
import CellGeometry
import CellRaster

/// Painting and clipping: with a Path argument the current path is left
/// alone; without one the current path is used and consumed. A path whose
/// visible part would flatten to too many points is an error before anything
/// is painted (`Canvas.checkComplexity`; strokes check as they go).
extension CanvasBinding {
    static let paintMethods: [(String, HostFunction)] = [
        ("fill", fill), ("eofill", eofill), ("stroke", stroke), ("fill_stroke", fillStroke),
        ("fill_rect", fillRect), ("stroke_rect", strokeRect), ("clear_rect", clearRect),
    ]

    static let clipMethods: [(String, HostFunction)] = [
        ("clip", clip), ("eoclip", eoclip), ("clip_rect", clipRect),
    ]

    static let beginPath: HostFunction = { L in
        guarded(L) { lua in
            try lua.canvas(1).beginPath()
            return 0
        }
    }

    /// `fill([path] [, rule])`
    static let fill: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let (path, rule) = try lua.pathAndRule(2)
            try canvas.checkComplexity(of: path)
            canvas.fill(path, rule: rule)
        }
    }

    /// `eofill([path])`
    static let eofill: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let path = try lua.optionalPath(2)
            try canvas.checkComplexity(of: path)
            canvas.fill(path, rule: .evenodd)
        }
    }

    static let stroke: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            try stroking { try canvas.stroke(try lua.optionalPath(2)) }
        }
    }

    /// `fill_stroke([path] [, rule])`
    static let fillStroke: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let (path, rule) = try lua.pathAndRule(2)
            try canvas.checkComplexity(of: path)
            try stroking { try canvas.fillStroke(path, rule: rule) }
        }
    }

    static let fillRect: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.fillRect(try lua.rect(2))
        }
    }

    static let strokeRect: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let r = try lua.rect(2)
            try stroking { try canvas.strokeRect(r) }
        }
    }

    static let clearRect: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.clearRect(try lua.rect(2))
        }
    }

    /// `clip([path] [, rule])`
    static let clip: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let (path, rule) = try lua.pathAndRule(2)
            try canvas.checkComplexity(of: path)
            canvas.clip(path, rule: rule)
            try LuaRuntime.current(lua.L).countHeldMemory(of: canvas)
        }
    }

    static let eoclip: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let path = try lua.optionalPath(2)
            try canvas.checkComplexity(of: path)
            canvas.clip(path, rule: .evenodd)
            try LuaRuntime.current(lua.L).countHeldMemory(of: canvas)
        }
    }

    static let clipRect: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.clipRect(try lua.rect(2))
            try LuaRuntime.current(lua.L).countHeldMemory(of: canvas)
        }
    }

    /// Stroker failures (a dash pattern too fine for its path) as Lua errors.
    private static func stroking(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as StrokeError {
            throw LuaError.message(error.description)
        }
    }
}

extension Lua {
    /// An optional Path at `index`.
    func optionalPath(_ index: Int32) throws -> Path? {
        isNoneOrNil(index) ? nil : try path(index).path
    }

    /// `[path] [, rule]` from `index`: the path may be left out, so a string
    /// in its place is the rule.
    func pathAndRule(_ index: Int32) throws -> (Path?, FillRule) {
        if type(index) == LUA_TSTRING { return (nil, try fillRule(index)) }
        return (try optionalPath(index), try fillRule(index + 1))
    }
}
