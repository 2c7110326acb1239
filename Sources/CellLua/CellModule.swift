import CLua

/// The `cell` table: the global `cell`, also what `require "cell"` returns.
public enum CellModule {
    static let functions: [(String, HostFunction)] = [
        ("canvas", CanvasBinding.new),
        ("path", PathBinding.new),
        ("rgb", ColorBinding.rgb),
        ("color", ColorBinding.color),
        ("font", FontBinding.new),
        ("param", ParamBinding.param),
        ("gradient", GradientBinding.new),
        ("linear", PaintBinding.linear),
        ("radial", PaintBinding.radial),
        ("image", ImageBinding.new),
    ]

    /// A class' slot is its index here (each binding's `tag` finds it once).
    static let classes: [LuaClass] = [
        CanvasBinding.luaClass,
        FontBinding.luaClass,
        PathBinding.luaClass,
        ColorBinding.luaClass,
        GradientBinding.luaClass,
        PaintBinding.luaClass,
        ImageBinding.luaClass,
        TableBinding.luaClass,
        ScreenBinding.luaClass,
    ]

    /// The class names in `classes`' order: a class' slot is its index.
    private static let classNames = classes.map(\.name)

    /// The slot `install` registered the class `name` in (nil: no such class).
    static func classSlot(named name: String) -> Int32? {
        classNames.firstIndex(of: name).map { Int32($0) }
    }

    /// celllua's version, defined here only: scripts read it as
    /// `cell.version`, the command line shows it with `--version` and the
    /// REPL in its banner. CHANGELOG.md says what each version added.
    public static let version = "0.8.11"

    /// Registers class `tag`'s metatable in this state unless it is there
    /// already. Classes are registered when their first object is pushed
    /// (`pushObject`), not when the runtime starts: most scripts use two or
    /// three of the eight, and a fresh runtime made each metatable and its
    /// method table for nothing (about 100k instructions a text frame).
    static func registerClass(_ tag: LuaClassTag, _ lua: Lua) {
        if cl_getclass(lua.L, tag.slot) == LUA_TNIL {
            classes[Int(tag.slot)].register(lua, slot: tag.slot)
        }
        cl_pop(lua.L, 1)
    }

    /// Builds `cell`, sets it as a global and as `package.loaded.cell`
    /// (the classes' metatables come with their first objects).
    static func install(_ lua: Lua) {
        let L = lua.L
        precondition(classes.count <= Int(CL_CLASSES), "more classes than cl_Host has slots for")
        // Tables made at their final size: each would otherwise be rehashed
        // as it grows, in every runtime.
        lua_createtable(L, 0, Int32(functions.count + 2)) // + version, ui
        lua.setFunctions(functions, onTableAt: -1)
        lua.push(version)
        lua_setfield(L, -2, "version")
        lua_createtable(L, 0, Int32(UIBinding.functions.count + 1)) // + themes, on first read
        lua.setFunctions(UIBinding.functions, onTableAt: -1)
        setIndex(named: "cell.ui", onTableAt: -1, lua)
        lua_setfield(L, -2, "ui")
        setIndex(named: "cell", onTableAt: -1, lua)
        lua_pushvalue(L, -1)
        lua_setglobal(L, "cell")
        lua_getfield(L, cl_registryindex(), LUA_LOADED_TABLE)
        lua_pushvalue(L, -2)
        lua_setfield(L, -2, "cell")
        cl_pop(L, 2)
    }

    /// Gives the table at `index` the metatable `{ __name = name, __index =
    /// CellModule.index }`.
    private static func setIndex(named name: String, onTableAt index: Int32, _ lua: Lua) {
        let L = lua.L
        let table = lua_absindex(L, index)
        lua_createtable(L, 0, 2)
        lua.push(name)
        lua_setfield(L, -2, "__name")
        lua.push(Self.index)
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, table)
    }

    /// `__index` of `cell` and `cell.ui`: `cell.ui.themes` is made and kept
    /// on its first read (building the built-in themes' tables was about a
    /// fifth of making a runtime, and most scripts never read them); a misspelt name is an error naming the close
    /// match (`cell has no field 'canvs' (did you mean 'canvas'?)`) rather
    /// than a nil called later; any other name is nil, so that `if cell.foo
    /// then` still reads as Lua would.
    static let index: HostFunction = { L in
        guarded(L) { lua in
            let L = lua.L
            guard lua_type(L, 1) == LUA_TTABLE, let key = lua.indexKey else {
                lua_pushnil(L)
                return 1
            }
            var name = "cell"
            if lua_getmetatable(L, 1) != 0 {
                if lua_getfield(L, -1, "__name") == LUA_TSTRING { name = String(cString: cl_tostring(L, -1)) }
                cl_pop(L, 2)
            }
            var known: [String] = []
            if name == "cell.ui" {
                if key == "themes" {
                    ThemeBinding.pushThemes(inUITableAt: 1, lua)
                    return 1
                }
                known.append("themes")
            }
            lua_pushnil(L)
            while lua_next(L, 1) != 0 {
                if lua_type(L, -2) == LUA_TSTRING { known.append(String(cString: cl_tostring(L, -2))) }
                cl_pop(L, 1)
            }
            if let match = NameSuggestion.closest(to: key, in: known) {
                throw LuaError.message("\(name) has no field '\(key)' (did you mean '\(match)'?)")
            }
            lua_pushnil(L)
            return 1
        }
    }
}
