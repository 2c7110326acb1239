import CLua
import CellGeometry
import CellImage
import CellRaster
import CellVector

/// The Canvas type in Lua: `cell.canvas(w, h [, {scale=, background=}])`.
enum CanvasBinding {
    static let typeName = "Canvas"
    static let tag = LuaClassTag(typeName)

    static let luaClass = LuaClass(
        name: typeName,
        methods: [
            ("save", save),
            ("restore", restore),
            ("with", with),
            ("pixel", pixel),
            ("png", png),
            ("jpeg", jpeg),
            ("webp", webp),
            ("svg", svg),
            ("pdf", pdf),
        ] + transformMethods + styleMethods + paintMethods + clipMethods + gradientMethods + layerMethods
          + imageMethods + textMethods + sliceMethods
          + PathConstruction.methods + [("begin_path", beginPath)],
        index: index, tostring: tostring)

    /// The keys of `cell.canvas`'s options table.
    static let optionNames = ["scale", "background"]

    /// `cell.canvas(w, h [, opts])`: transparent unless `background` is given;
    /// `scale` defaults to the command line's `--scale` (2).
    static let new: HostFunction = { L in
        guarded(L) { lua in
            let runtime = LuaRuntime.current(lua.L)
            let width = try lua.number(1), height = try lua.number(2)
            var scale = runtime.options.defaultScale
            var background: Color? = nil
            try lua.options(3, known: optionNames) { key in
                switch key {
                case "scale": scale = try lua.number(-1) * runtime.options.explicitScaleFactor
                default: background = try lua.color(-1)
                }
            }
            guard width > 0, height > 0 else {
                throw LuaError.message("canvas size must be positive (got \(width)x\(height))")
            }
            guard scale > 0 else { throw LuaError.message("canvas scale must be positive (got \(scale))") }
            let (pw, ph) = try CanvasLimits.pixelSize(width: width, height: height, scale: scale)
            try runtime.charge(bytes: pw * ph * 4 + CanvasBinding.objectBytes)
            let canvas = try Canvas(width: width, height: height, scale: scale, background: background,
                                    parallelism: runtime.canvasParallelism)
            runtime.canvasCreated(canvas)
            lua.pushObject(canvas, type: tag)
            return 1
        }
    }

    static let index: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            switch lua.indexKey {
            case "width": lua.push(canvas.width)
            case "height": lua.push(canvas.height)
            case "scale_factor": lua.push(canvas.scale)
            case "pixel_width": lua.push(canvas.pixelWidth)
            case "pixel_height": lua.push(canvas.pixelHeight)
            default: return try lua.unknownField(of: typeName, fields: ["height", "pixel_height", "pixel_width", "scale_factor", "width"])
            }
            return 1
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let c = try lua.canvas(1)
            lua.push("Canvas(\(c.width.shortText)x\(c.height.shortText) pt @\(c.scale.shortText)x)")
            return 1
        }
    }

    /// `c:save()` pushes the graphics state; `c:save(path)` writes the image
    /// (format by extension) atomically and returns the path written.
    static let save: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            // No argument: the graphics state. Any argument, nil included
            // (a path variable that was never set): a file name.
            if lua.type(2) == LUA_TNONE {
                // The saved states count against --max-memory (a loop of
                // saves reached 1.5 GB uncounted): a save that grows the
                // stack is charged for the new one before it is made, while
                // the old one is still held, then the count is brought up
                // to date.
                let growth = canvas.nextSaveBytes
                if growth == 0 {
                    canvas.save()
                    return 0
                }
                let runtime = LuaRuntime.current(lua.L)
                try runtime.charge(bytes: growth, of: "saved states", nudging: false)
                canvas.save()
                runtime.release(bytes: growth)
                try runtime.countHeldMemory(of: canvas)
                return 0
            }
            guard lua.type(2) == LUA_TSTRING else {
                throw LuaError.argument(2, "file name expected, got \(lua.typeName(2)) (c:save() with no argument saves the graphics state)")
            }
            let path = try lua.name(2, what: "path")
            let runtime = LuaRuntime.current(lua.L)
            if runtime.options.sandbox {
                throw LuaError.message("c:save(path) is not allowed with --sandbox: the result is written through -o")
            }
            let written = try runtime.write(canvas, to: path)
            lua.push(written)
            return 1
        }
    }

    static let restore: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            // Fails with "restore without a matching save", or when the
            // restore would cross a begin_layer (end_layer first).
            try canvas.restore()
            try LuaRuntime.current(lua.L).countHeldMemory(of: canvas)
        }
    }

    /// `c:with(fn)`: save, call `fn(c)`, restore, also when `fn` raises (the
    /// error then continues to propagate).
    static let with: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            guard lua.type(2) == LUA_TFUNCTION else { throw lua.typeError(2, expected: "function") }
            let mark = canvas.stateMark
            canvas.save()
            // The handler keeps the traceback of where fn failed, so the
            // re-raised error still points into fn, not at this call.
            cl_pushkeeptraceback(lua.L)
            let handler = lua.top
            lua_pushvalue(lua.L, 2)
            lua_pushvalue(lua.L, 1)
            let status = cl_pcall(lua.L, 1, cl_multret(), handler)
            // Whatever fn left open (layers, then saves) closes with it.
            try unwind(lua, canvas, to: mark)
            if status != LUA_OK { return hostError } // the error value is on top
            return lua.top - handler
        }
    }

    /// `c:pixel(px, py)` → r, g, b, a (0..255, straight alpha).
    static let pixel: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let x = try lua.integer(2), y = try lua.integer(3)
            let p = try canvas.pixel(x: x, y: y)
            lua.push(Int(p.r))
            lua.push(Int(p.g))
            lua.push(Int(p.b))
            lua.push(Int(p.a))
            return 4
        }
    }

    /// `c:jpeg([quality])` → a JPEG file's bytes as a string, over white, at
    /// `quality` 1...100 (default: `--quality`, else 90).
    static let jpeg: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let runtime = LuaRuntime.current(lua.L)
            let quality = try lua.quality(2) ?? runtime.options.quality ?? JPEGCodec.defaultQuality
            try runtime.checkNoOpenLayers(canvas)
            lua.push(bytes: try JPEGCodec.encode(canvas.buffer, quality: quality))
            return 1
        }
    }

    /// `c:webp([quality])` → a WebP file's bytes as a string, alpha kept:
    /// lossy at `quality` 1...100, else lossy at `--quality` when it is
    /// given, else lossless (exact pixels).
    static let webp: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let runtime = LuaRuntime.current(lua.L)
            let quality = try lua.quality(2) ?? runtime.options.quality
            try runtime.checkNoOpenLayers(canvas)
            lua.push(bytes: try WebPCodec.encode(canvas.buffer, quality: quality))
            return 1
        }
    }

    /// `c:png()` → the PNG file's bytes as a string.
    static let png: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            try LuaRuntime.current(lua.L).checkNoOpenLayers(canvas)
            lua.push(bytes: try PNGCodec.encode(canvas.buffer))
            return 1
        }
    }

    /// Options of `c:svg`: `text`, `"outline"` (glyph outlines) or
    /// `"text"` (`<text>` naming the font); default `--svg-text`, else outline.
    static let svgOptionNames = ["text"]

    /// `c:svg([opts])` → the drawing as an SVG document (a string).
    static let svg: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let runtime = LuaRuntime.current(lua.L)
            var mode = runtime.options.svgText
            try lua.options(2, known: svgOptionNames) { _ in mode = try lua.option(-1, as: SVGTextMode.self) }
            try lua.noExtraArguments(after: 2)
            try runtime.checkNoOpenLayers(canvas)
            lua.push(bytes: try SVGWriter.svg(of: canvas, text: mode))
            return 1
        }
    }

    /// `c:pdf()` → the drawing as a one-page PDF (a string).
    static let pdf: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            lua.push(bytes: try LuaRuntime.current(lua.L).encoded(canvas, as: .pdf))
            return 1
        }
    }

}

extension CanvasBinding {
    /// What a canvas holds besides its pixels (graphics state, buffers'
    /// headers, the Lua userdata), counted so that a flood of tiny canvases
    /// is bounded too (about 230 bytes each, measured with 3 million).
    static let objectBytes = 512
}

extension Canvas: MemoryCharged {
    var chargedBytes: Int { pixelByteCount + layerBytes + CanvasBinding.objectBytes }
}

extension Lua {
    /// The Canvas at `index`. A method called with `.` instead of `:`
    /// (`c.fill_rect(0, 0, 1, 1)`) gets a number where the canvas should be:
    /// the message says how to call it.
    func canvas(_ index: Int32) throws -> Canvas {
        do {
            return try checkObject(index, type: CanvasBinding.tag, as: Canvas.self)
        } catch LuaError.argument(1, let message) where index == 1 && type(1) != LUA_TUSERDATA {
            guard let name = cl_currentname(L).map({ String(cString: $0) }), isCanvasMethod(name) else {
                throw LuaError.argument(1, message)
            }
            throw LuaError.argument(1, "\(message); call it with a colon: c:\(name)(...)")
        }
    }

    /// Whether `name` is a Canvas method.
    func isCanvasMethod(_ name: String) -> Bool {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        CellModule.registerClass(CanvasBinding.tag, self)
        guard cl_getclass(L, CanvasBinding.tag.slot) == LUA_TTABLE else { return false }
        lua_pushstring(L, "__methods")
        guard lua_rawget(L, -2) == LUA_TTABLE else { return false }
        lua_pushstring(L, name)
        return lua_rawget(L, -2) == LUA_TFUNCTION
    }

    /// Four finite numbers from `index` on: x, y, w, h.
    func rect(_ index: Int32) throws -> Rect {
        Rect(x: try number(index), y: try number(index + 1),
             width: try number(index + 2), height: try number(index + 3))
    }
}

extension CanvasBinding {
    /// A Canvas method with no results: checks `self`, runs `body`.
    static func canvasCall(_ L: OpaquePointer?, _ body: (Lua, Canvas) throws -> Void) -> Int32 {
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let recorded = canvas.displayListBytes
            try chargingShadow(lua, canvas) { try body(lua, canvas) }
            try countRecording(lua, canvas, since: recorded)
            return 0
        }
    }

    /// Runs `body` (a drawing call) with the scratch its shadow may take
    /// (`Canvas.shadowScratchBytes`) counted against the memory limit.
    static func chargingShadow<T>(_ lua: Lua, _ canvas: Canvas, _ body: () throws -> T) throws -> T {
        guard canvas.state.shadow != nil else { return try body() }
        let runtime = LuaRuntime.current(lua.L)
        let scratch = canvas.shadowScratchBytes
        try runtime.charge(bytes: scratch, of: "a shadow's blur", nudging: false)
        defer { runtime.release(bytes: scratch) }
        return try body()
    }

    /// A canvas lists what it draws: charged against the memory
    /// limit each 64 KB it grows (`LuaRuntime.countHeldMemory`), for calls
    /// that change nothing else it holds (clip masks, the current path).
    static func countRecording(_ lua: Lua, _ canvas: Canvas, since recorded: Int) throws {
        if canvas.displayListBytes >> 16 != recorded >> 16 { try LuaRuntime.current(lua.L).countHeldMemory(of: canvas) }
    }

    /// A line-style setter: `body` changes a copy of the stroke style, which
    /// becomes the canvas' style if it raised nothing.
    static func strokeStyleCall(_ L: OpaquePointer?, _ body: (Lua, inout StrokeStyle) throws -> Void) -> Int32 {
        canvasCall(L) { lua, canvas in
            var style = canvas.state.strokeStyle
            try body(lua, &style)
            canvas.setStrokeStyle(style)
        }
    }
}

extension Lua {
    /// An optional quality argument of the lossy encoders: nil when absent,
    /// else a whole number from 1 to 100.
    func quality(_ index: Int32) throws -> Int? {
        guard !isNoneOrNil(index) else { return nil }
        let q = try number(index)
        guard q >= 1, q <= 100, q == q.rounded() else {
            throw LuaError.argument(index, "quality must be a whole number from 1 to 100, got \(q.shortText)")
        }
        return Int(q)
    }
}
