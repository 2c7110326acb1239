import CLua
import CellGeometry
import CellRaster

/// What both a Path and a Canvas (its current path) accept: the path
/// construction calls of docs/reference.md, shared so the two behave identically.
protocol PathSink: AnyObject {
    func move(to p: Point)
    func line(to p: Point)
    func quad(control c: Point, to p: Point)
    func curve(control1 c1: Point, control2 c2: Point, to p: Point)
    func addArc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool)
    func addArc(tangent1: Point, tangent2: Point, radius: Double)
    func closePath()
    func addRect(_ r: Rect)
    func addRoundedRect(_ r: Rect, radius: Double)
    func addEllipse(in r: Rect)
    func addPath(_ p: Path)
    /// How many elements the path holds (for the size guard).
    var elementCount: Int { get }
    /// How many it has room for before its storage grows.
    var elementCapacity: Int { get }
}

extension Canvas: PathSink {
    var elementCount: Int { currentPath.elements.count }
    var elementCapacity: Int { currentPath.elements.capacity }
}

/// The construction methods, registered on both types. Each returns its
/// receiver so calls chain: `p:move_to(0, 0):line_to(10, 0):close()`.
enum PathConstruction {
    static let methods: [(String, HostFunction)] = [
        ("move_to", moveTo), ("line_to", lineTo), ("quad_to", quadTo), ("curve_to", curveTo),
        ("arc", arc), ("arc_to", arcTo), ("close", close), ("rect", rect),
        ("rounded_rect", roundedRect), ("ellipse", ellipse), ("add_path", addPath),
    ]

    static let moveTo: HostFunction = { L in
        build(L) { lua, sink in sink.move(to: try lua.point(2)) }
    }
    static let lineTo: HostFunction = { L in
        build(L) { lua, sink in sink.line(to: try lua.point(2)) }
    }
    static let quadTo: HostFunction = { L in
        build(L) { lua, sink in sink.quad(control: try lua.point(2), to: try lua.point(4)) }
    }
    static let curveTo: HostFunction = { L in
        build(L) { lua, sink in
            sink.curve(control1: try lua.point(2), control2: try lua.point(4), to: try lua.point(6))
        }
    }
    /// `arc(cx, cy, r, a0, a1 [, clockwise])`, CGPathAddArc's meaning.
    static let arc: HostFunction = { L in
        build(L) { lua, sink in
            let center = try lua.point(2)
            let r = try lua.nonNegative(4, "radius")
            let a0 = try lua.number(5), a1 = try lua.number(6)
            let clockwise = lua.isNoneOrNil(7) ? false : try lua.boolean(7)
            sink.addArc(center: center, radius: r, start: a0, end: a1, clockwise: clockwise)
        }
    }
    /// `arc_to(x1, y1, x2, y2, r)`: CGPathAddArcToPoint.
    static let arcTo: HostFunction = { L in
        build(L) { lua, sink in
            let p1 = try lua.point(2), p2 = try lua.point(4)
            sink.addArc(tangent1: p1, tangent2: p2, radius: try lua.nonNegative(6, "radius"))
        }
    }
    static let close: HostFunction = { L in
        build(L) { _, sink in sink.closePath() }
    }
    static let rect: HostFunction = { L in
        build(L) { lua, sink in sink.addRect(try lua.rect(2)) }
    }
    static let roundedRect: HostFunction = { L in
        build(L) { lua, sink in
            let r = try lua.rect(2)
            sink.addRoundedRect(r, radius: try lua.nonNegative(6, "radius"))
        }
    }
    static let ellipse: HostFunction = { L in
        build(L) { lua, sink in sink.addEllipse(in: try lua.rect(2)) }
    }
    static let addPath: HostFunction = { L in
        build(L) { lua, sink in sink.addPath(try lua.path(2).path) }
    }

    /// Runs one construction call on the receiver (a Path or a Canvas) and
    /// returns the receiver.
    private static func build(_ L: OpaquePointer?, _ body: (Lua, PathSink) throws -> Void) -> Int32 {
        guarded(L) { lua in
            // The receiver's class is known here, so the memory checks below
            // need no cast back from `PathSink`.
            let box = lua.testObject(1, type: PathBinding.tag, as: PathBox.self)
            let canvas = box == nil ? lua.testObject(1, type: CanvasBinding.tag, as: Canvas.self) : nil
            guard let sink: PathSink = box ?? canvas else { throw lua.typeError(1, expected: "Path or Canvas") }
            // A long path's storage doubles when it fills up, and the old
            // copy is held while the new one is filled: near that point the
            // new storage is charged before it is made (a loop of line_to
            // otherwise peaked at half as much again as the limit).
            let runtime = LuaRuntime.current(lua.L)
            let room = sink.elementCapacity - sink.elementCount
            let growth = sink.elementCount > 256 && room < 64
                ? 2 * sink.elementCapacity * MemoryLayout<Path.Element>.stride : 0
            if growth > 0 { try runtime.charge(bytes: growth, of: "paths", nudging: false) }
            defer { if growth > 0 { runtime.release(bytes: growth) } }
            try body(lua, sink)
            guard sink.elementCount <= PathBinding.maxElements else {
                throw LuaError.message("path too large: more than \(PathBinding.maxElements) elements")
            }
            // Growth counts against --max-memory (a canvas' current path only
            // once it is long: it is consumed by each fill and stroke).
            if let box {
                try box.count(in: runtime)
            } else if let canvas, sink.elementCount > 256 {
                try runtime.countHeldMemory(of: canvas)
            }
            lua_settop(lua.L, 1)
            return 1
        }
    }
}

extension Lua {
    /// Two finite numbers from `index` on: x, y.
    func point(_ index: Int32) throws -> Point {
        Point(try number(index), try number(index + 1))
    }

    /// A finite number >= 0, named in the message when negative.
    func nonNegative(_ index: Int32, _ what: String) throws -> Double {
        let v = try number(index)
        guard v >= 0 else { throw LuaError.argument(index, "\(what) must not be negative, got \(v)") }
        return v
    }

    /// A finite number in 0...1 (an alpha), named in the message when out of range.
    func unitInterval(_ index: Int32, _ what: String) throws -> Double {
        let v = try number(index)
        guard v >= 0, v <= 1 else { throw LuaError.argument(index, "\(what) must be in 0..1, got \(v)") }
        return v
    }

    /// A fill rule name at `index`, or `default` when absent.
    func fillRule(_ index: Int32, default rule: FillRule = .nonzero) throws -> FillRule {
        if isNoneOrNil(index) { return rule }
        return try option(index, as: FillRule.self)
    }
}
