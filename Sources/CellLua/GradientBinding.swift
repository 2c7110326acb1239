import CLua
import CellGeometry
import CellRaster

/// `cell.gradient(stops)`: a Gradient, shared by paints and gradient draws.
enum GradientBinding {
    static let typeName = "Gradient"
    static let tag = LuaClassTag(typeName)

    /// More stops than anyone draws with; a bigger table is a mistake.
    static let maxStops = 4096

    static let luaClass = LuaClass(name: typeName, methods: [], index: index, tostring: tostring)

    /// `cell.gradient({ {0, "#FFFFFF"}, {1, "#DDDDDD"} })`: stops in any order,
    /// locations 0..1, any color spec.
    static let new: HostFunction = { L in
        guarded(L) { lua in
            try lua.checkTable(1)
            let n = Int(lua_rawlen(lua.L, 1))
            guard n > 0 else { throw LuaError.argument(1, "a gradient needs at least one stop, e.g. { {0, \"#FFFFFF\"}, {1, \"#DDDDDD\"} }") }
            guard n <= maxStops else { throw LuaError.argument(1, "too many stops (\(n), at most \(maxStops))") }
            var stops: [Gradient.Stop] = []
            for i in 1...n {
                lua_rawgeti(lua.L, 1, lua_Integer(i))
                defer { cl_pop(lua.L, 1) }
                stops.append(try lua.gradientStop(at: -1, number: i))
            }
            do {
                lua.pushObject(try Gradient(stops: stops), type: tag)
            } catch {
                throw LuaError.argument(1, "\(error)")
            }
            return 1
        }
    }

    static let index: HostFunction = { L in
        guarded(L) { lua in
            let g = try lua.gradient(1)
            switch lua.indexKey {
            case "count": lua.push(g.stops.count)
            default: return try lua.unknownField(of: typeName, fields: ["count"])
            }
            return 1
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let g = try lua.gradient(1)
            lua.push("Gradient(\(g.stops.count) stop\(g.stops.count == 1 ? "" : "s"))")
            return 1
        }
    }
}

extension Lua {
    func gradient(_ index: Int32) throws -> Gradient {
        try checkObject(index, type: GradientBinding.tag, as: Gradient.self)
    }

    /// One `{location, color}` entry of a stops table (on the stack at `index`).
    fileprivate func gradientStop(at index: Int32, number i: Int) throws -> Gradient.Stop {
        let entry = lua_absindex(L, index)
        guard lua_type(L, entry) == LUA_TTABLE, lua_rawlen(L, entry) == 2 else {
            let n = lua_type(L, entry) == LUA_TTABLE ? Int(lua_rawlen(L, entry)) : -1
            let got = n < 0 ? typeName(entry) : "a table of \(n) entr\(n == 1 ? "y" : "ies")"
            throw LuaError.argument(1, "stop \(i) must be a {location, color} pair, got \(got)")
        }
        lua_rawgeti(L, entry, 1)
        defer { cl_pop(L, 1) }
        var ok: Int32 = 0
        let location = lua_tonumberx(L, -1, &ok)
        guard ok != 0 else {
            throw LuaError.argument(1, "stop \(i): location must be a number, got \(typeName(-1))")
        }
        guard location >= 0, location <= 1 else {
            throw LuaError.argument(1, "stop \(i): location \(location.shortText) is outside 0..1")
        }
        lua_rawgeti(L, entry, 2)
        defer { cl_pop(L, 1) }
        let color: Color
        do {
            color = try self.color(-1)
        } catch LuaError.argument(_, let message) {
            throw LuaError.argument(1, "stop \(i): \(message)")
        }
        return Gradient.Stop(location: location, color: color)
    }
}
