import CLua
import CellRaster

/// What a script's `animation` global asks for: `frames` frames at `fps`,
/// each drawn by calling its `draw(i, t)`.
public struct AnimationSpec: Sendable, Equatable {
    /// How many frames (1...`maxFrames`).
    public let frames: Int
    /// Frames per second (default 30; at most 240).
    public let fps: Double
    /// Whether every frame must be drawn in one Lua state, in order
    /// (`sequential = true`: the script keeps state from frame to frame);
    /// default false: frames are drawn in several states at once.
    public var sequential = false

    public static let maxFrames = 100_000
    public static let defaultFPS = 30.0

    /// Seconds from the start at frame `i` (from 1): `(i - 1) / fps`.
    public func time(ofFrame i: Int) -> Double { Double(i - 1) / fps }
}

extension LuaRuntime {
    /// The script's `animation` global read (raw) and checked, nil when it
    /// does not set one. Its mistakes are errors naming the field.
    public func animation() throws -> AnimationSpec? {
        let lua = Lua(L)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        pushRawGlobal("animation")
        let type = lua_type(L, -1)
        if type == LUA_TNIL { return nil }
        guard type == LUA_TTABLE else {
            throw ScriptError.runtime("animation must be a table { frames = N, fps = F, draw = function(i, t) ... end }, got a \(lua.typeName(-1))")
        }
        func field(_ name: String) -> Int32 {
            lua.push(name)
            return lua_rawget(L, base + 1)
        }
        var isNumber: Int32 = 0
        guard field("frames") == LUA_TNUMBER else {
            throw ScriptError.runtime("animation.frames must be a whole number from 1 to \(AnimationSpec.maxFrames), got \(lua.typeName(-1))")
        }
        let frames = cl_tonumber(L, -1, &isNumber)
        guard frames.isFinite, frames.rounded() == frames, frames >= 1, frames <= Double(AnimationSpec.maxFrames) else {
            throw ScriptError.runtime("animation.frames must be a whole number from 1 to \(AnimationSpec.maxFrames), got \(frames.shortText)")
        }
        var fps = AnimationSpec.defaultFPS
        switch field("fps") {
        case LUA_TNIL: break
        case LUA_TNUMBER:
            fps = cl_tonumber(L, -1, &isNumber)
            guard fps.isFinite, fps > 0, fps <= 240 else {
                throw ScriptError.runtime("animation.fps must be a number of frames per second in (0, 240], got \(fps.shortText)")
            }
        default:
            throw ScriptError.runtime("animation.fps must be a number of frames per second in (0, 240], got a \(lua.typeName(-1))")
        }
        guard field("draw") == LUA_TFUNCTION else {
            throw ScriptError.runtime("animation.draw must be a function(i, t) returning the frame's canvas, got a \(lua.typeName(-1))")
        }
        var spec = AnimationSpec(frames: Int(frames), fps: fps, sequential: false)
        switch field("sequential") {
        case LUA_TNIL: break
        case LUA_TBOOLEAN: spec.sequential = lua_toboolean(L, -1) != 0
        default:
            throw ScriptError.runtime("animation.sequential must be a boolean, got a \(lua.typeName(-1))")
        }
        return spec
    }

    /// Frame `i` (from 1) of `spec`: calls `animation.draw(i, t)` under the
    /// run's limits (the deadline is the script's: `--timeout` bounds the
    /// whole animation, not each frame) and returns the canvas it returns,
    /// else the canvas it created last.
    public func drawFrame(_ i: Int, of spec: AnimationSpec) throws -> Canvas {
        let lua = Lua(L)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        cl_pushmsghandler(L)
        pushRawGlobal("animation")
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw ScriptError.runtime("animation was changed while frames were drawn: it is no longer a table")
        }
        lua.push("draw")
        guard lua_rawget(L, -2) == LUA_TFUNCTION else {
            throw ScriptError.runtime("animation.draw was changed while frames were drawn: it is no longer a function")
        }
        cl_remove(L, -2)
        let before = lastCanvas
        lua.push(i)
        lua.push(spec.time(ofFrame: i))
        if let timeout = options.timeout {
            host.pointee.timeout = timeout
            host.pointee.deadline = closingDeadline ?? cl_now() + timeout
        }
        try callProtected(arguments: 2, handler: base + 1, name: "animation.draw")
        if lua_gettop(L) > base + 1, let canvas = lua.testObject(base + 2, type: CanvasBinding.tag, as: Canvas.self) {
            try checkNoOpenLayers(canvas)
            return canvas
        }
        guard let made = lastCanvas, made !== before else {
            throw ScriptError.runtime("animation.draw returned no canvas for frame \(i) (return the canvas it draws)")
        }
        try checkNoOpenLayers(made)
        return made
    }

    /// Lets the collector take the frames already handed on (a long
    /// animation would otherwise hold canvases until its heap doubled).
    public func collectGarbage() {
        cl_gc_collect(L)
    }
}
