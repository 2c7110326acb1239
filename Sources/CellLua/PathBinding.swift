import CLua
import CellGeometry

/// A Path in Lua: a mutable box around the engine's value type.
final class PathBox: PathSink, MemoryCharged {
    var path: Path
    init(_ path: Path = Path()) { self.path = path }

    /// What `count(in:)` has charged against `--max-memory`.
    private(set) var chargedBytes = 0
    /// What a path holds besides its elements (the box, the Path value, the
    /// Lua userdata), counted so that a flood of small paths is bounded too.
    static let objectBytes = 128

    /// Charges the growth of the path's storage since the last call.
    func count(in runtime: LuaRuntime) throws {
        let now = Self.objectBytes + path.elements.capacity * MemoryLayout<Path.Element>.stride
        guard now > chargedBytes else { return }
        try runtime.charge(bytes: now - chargedBytes, of: "paths")
        chargedBytes = now
    }

    func move(to p: Point) { path.move(to: p) }
    func line(to p: Point) { path.line(to: p) }
    func quad(control c: Point, to p: Point) { path.quad(control: c, to: p) }
    func curve(control1 c1: Point, control2 c2: Point, to p: Point) { path.curve(control1: c1, control2: c2, to: p) }
    func addArc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool) {
        path.addArc(center: center, radius: radius, start: start, end: end, clockwise: clockwise)
    }
    func addArc(tangent1: Point, tangent2: Point, radius: Double) {
        path.addArc(tangent1: tangent1, tangent2: tangent2, radius: radius)
    }
    func closePath() { path.close() }
    func addRect(_ r: Rect) { path.addRect(r) }
    func addRoundedRect(_ r: Rect, radius: Double) { path.addRoundedRect(r, radius: radius) }
    func addEllipse(in r: Rect) { path.addEllipse(in: r) }
    func addPath(_ p: Path) { path.addPath(p) }
    var elementCount: Int { path.elements.count }
    var elementCapacity: Int { path.elements.capacity }
}

/// `cell.path()` and the Path methods of docs/reference.md.
enum PathBinding {
    static let typeName = "Path"
    static let tag = LuaClassTag(typeName)

    /// Paths beyond this many elements are refused: a runaway loop adding
    /// segments gets a clear error long before memory runs out.
    static let maxElements = 4_000_000

    static let luaClass = LuaClass(
        name: typeName,
        methods: PathConstruction.methods + [
            ("copy", copy), ("transform", transform), ("bounds", bounds),
            ("contains", contains), ("is_empty", isEmpty),
            ("union", union), ("intersection", intersection), ("difference", difference), ("xor", xor),
        ],
        index: index, tostring: tostring)

    static let new: HostFunction = { L in
        guarded(L) { lua in
            let box = PathBox()
            try box.count(in: LuaRuntime.current(lua.L))
            lua.pushObject(box, type: tag)
            return 1
        }
    }

    static let index: HostFunction = { L in
        guarded(L) { lua in
            return try lua.unknownField(of: typeName, fields: [])
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let p = try lua.path(1).path
            lua.push("Path(\(p.elements.count) elements)")
            return 1
        }
    }

    static let copy: HostFunction = { L in
        guarded(L) { lua in
            let box = PathBox(try lua.path(1).path)
            try box.count(in: LuaRuntime.current(lua.L))
            lua.pushObject(box, type: tag)
            return 1
        }
    }

    /// `p:transform(a, b, c, d, tx, ty)`: in place; returns the path.
    static let transform: HostFunction = { L in
        guarded(L) { lua in
            let box = try lua.path(1)
            box.path.transform(by: try lua.affineTransform(2))
            lua_settop(lua.L, 1)
            return 1
        }
    }

    /// `p:bounds()` → x, y, w, h of the curves (not their control points), or nil when empty.
    static let bounds: HostFunction = { L in
        guarded(L) { lua in
            guard let b = try lua.path(1).path.bounds else {
                lua.pushNil()
                return 1
            }
            lua.push(b.x)
            lua.push(b.y)
            lua.push(b.width)
            lua.push(b.height)
            return 4
        }
    }

    static let contains: HostFunction = { L in
        guarded(L) { lua in
            let p = try lua.path(1).path
            let point = try lua.point(2)
            lua.push(p.contains(point, rule: try lua.fillRule(4)))
            return 1
        }
    }

    /// `p:union(q [, rule [, q_rule]])` and `intersection`, `difference`,
    /// `xor`: a new Path of the combined areas, `p` filled by `rule` and `q`
    /// by `q_rule` ("nonzero" or "evenodd", default "nonzero"; `q_rule`
    /// defaults to `rule`); curves kept as curves (`Path.combined`). The
    /// work is counted against `--max-memory` while it runs.
    static let union: HostFunction = { L in boolean(L, .union) }
    static let intersection: HostFunction = { L in boolean(L, .intersection) }
    static let difference: HostFunction = { L in boolean(L, .difference) }
    static let xor: HostFunction = { L in boolean(L, .xor) }

    static func boolean(_ L: OpaquePointer?, _ operation: Path.BooleanOperation) -> Int32 {
            guarded(L) { lua in
                let a = try lua.path(1).path, b = try lua.path(2).path
                let rule = try lua.fillRule(3)
                let otherRule = lua.isNoneOrNil(4) ? rule : try lua.fillRule(4)
                let runtime = LuaRuntime.current(lua.L)
                var held = 0
                defer { runtime.release(bytes: held) }
                let result: Path
                do {
                    result = try a.combined(operation, with: b, rule: rule, otherRule: otherRule) { bytes in
                        try runtime.charge(bytes: bytes, of: "combining paths", nudging: false)
                        held = bytes
                    }
                } catch let error as Path.BooleanError {
                    throw LuaError.message("\(error)")
                }
                let box = PathBox(result)
                try box.count(in: runtime)
                lua.pushObject(box, type: tag)
                return 1
            }
    }

    static let isEmpty: HostFunction = { L in
        guarded(L) { lua in
            lua.push(try lua.path(1).path.isEmpty)
            return 1
        }
    }
}

extension Lua {
    func path(_ index: Int32) throws -> PathBox {
        try checkObject(index, type: PathBinding.tag, as: PathBox.self)
    }

    /// Six finite numbers a, b, c, d, tx, ty from `index` on.
    func affineTransform(_ index: Int32) throws -> AffineTransform {
        AffineTransform(a: try number(index), b: try number(index + 1), c: try number(index + 2),
                        d: try number(index + 3), tx: try number(index + 4), ty: try number(index + 5))
    }
}
