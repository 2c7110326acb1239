import CLua
import CellRaster

/// Transparency layers: `begin_layer([opts])`, `end_layer()`, `layer(fn [, opts])`.
/// A layer's pixels count against `--max-memory` while it is open.
/// And layers to draw once and place many times (CGLayer): `make_layer(w, h)`.
extension CanvasBinding {
    static let layerMethods: [(String, HostFunction)] = [
        ("begin_layer", beginLayer), ("end_layer", endLayer), ("layer", layer), ("make_layer", makeLayer),
    ]

    /// `make_layer(w, h)`: a transparent Canvas of `w` x `h` points in this
    /// canvas' device pixels (`Canvas.makeLayer`), to draw once and place
    /// with `draw_image` (copied pixel for pixel where it lands on whole
    /// pixels). Not a result of the script, as `cell.canvas` is.
    static let makeLayer: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let width = try lua.number(2), height = try lua.number(3)
            guard width > 0, height > 0 else {
                throw LuaError.message("layer size must be positive (got \(width)x\(height))")
            }
            let runtime = LuaRuntime.current(lua.L)
            let (sx, sy) = canvas.state.ctm.axisScales
            let (pw, ph) = try CanvasLimits.pixelSize(width: width * sx, height: height * sy, scale: 1)
            try runtime.charge(bytes: pw * ph * 4 + CanvasBinding.objectBytes)
            lua.pushObject(try canvas.makeLayer(width: width, height: height), type: tag)
            return 1
        }
    }

    /// The keys of `begin_layer`'s and `layer`'s options table.
    static let layerOptionNames = ["alpha", "blend", "name"]

    /// `begin_layer([{alpha=, blend=, name=}])`: `name` names the layer's
    /// group in vector output (an SVG `id`).
    static let beginLayer: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let (alpha, blend, name) = try lua.layerOptions(2)
            try begin(lua, canvas, alpha: alpha, blend: blend, name: name)
        }
    }

    static let endLayer: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let before = canvas.layerBytes
            try canvas.endLayer()
            LuaRuntime.current(lua.L).release(bytes: before - canvas.layerBytes)
            LuaRuntime.current(lua.L).layersEnded(on: canvas)
            try LuaRuntime.current(lua.L).countHeldMemory(of: canvas)
        }
    }

    /// `layer(fn [, opts])`: begin, call `fn(c)`, end, also when `fn` raises
    /// (the error then continues to propagate, with `fn`'s traceback).
    /// Layers and saves `fn` left open are closed with it.
    static let layer: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            guard lua.type(2) == LUA_TFUNCTION else { throw lua.typeError(2, expected: "function") }
            let (alpha, blend, name) = try lua.layerOptions(3)
            let mark = canvas.stateMark
            try begin(lua, canvas, alpha: alpha, blend: blend, name: name)
            cl_pushkeeptraceback(lua.L)
            let handler = lua.top
            lua_pushvalue(lua.L, 2)
            lua_pushvalue(lua.L, 1)
            let status = cl_pcall(lua.L, 1, cl_multret(), handler)
            // Like `with`: whatever fn left open inside (layers, saves) is
            // closed with it.
            try unwind(lua, canvas, to: mark)
            if status != LUA_OK { return hostError } // the error value is on top
            return lua.top - handler
        }
    }

    private static func begin(_ lua: Lua, _ canvas: Canvas, alpha: Double, blend: BlendMode?, name: String?) throws {
        let runtime = LuaRuntime.current(lua.L)
        // Given back at end_layer: counted, but no reason to nudge the collector.
        try runtime.charge(bytes: canvas.nextLayerBytes, nudging: false)
        canvas.beginLayer(alpha: alpha, blendMode: blend, name: name)
        runtime.layerBegun(on: canvas)
    }

    /// `Canvas.unwind`, the memory of each layer it ends given back to
    /// `--max-memory`'s count.
    static func unwind(_ lua: Lua, _ canvas: Canvas, to mark: Canvas.StateMark) throws {
        let runtime = LuaRuntime.current(lua.L)
        defer { runtime.layersEnded(on: canvas) }
        try canvas.unwind(to: mark) { runtime.release(bytes: $0) }
        try runtime.countHeldMemory(of: canvas)
    }
}

extension Lua {
    /// `{alpha=, blend=, name=}` for layers: alpha 0..1 (default 1), blend a
    /// mode name (default: the one in force), name a string (default none).
    fileprivate func layerOptions(_ index: Int32) throws -> (Double, BlendMode?, String?) {
        var alpha = 1.0
        var blend: BlendMode? = nil
        var name: String? = nil
        try options(index, known: CanvasBinding.layerOptionNames) { key in
            switch key {
            case "alpha": alpha = try unitInterval(-1, "alpha")
            case "blend": blend = try option(-1, as: BlendMode.self)
            default:
                guard type(-1) == LUA_TSTRING else { throw typeError(-1, expected: "string") }
                name = try string(-1)
            }
        }
        return (alpha, blend, name)
    }
}
