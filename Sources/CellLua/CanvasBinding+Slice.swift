import CLua
import CellGeometry
import CellRaster

/// `c:slice(name, x, y, w, h)`: marks a named region for `--slices DIR`,
/// which writes it as `DIR/<name>.png` (and `@2x`, `@3x` with `--scales`),
/// as design tools export slices.
extension CanvasBinding {
    static let sliceMethods: [(String, HostFunction)] = [("slice", slice), ("slices", slices)]

    /// `c:slice(name, x, y, w, h)`: the rectangle in the canvas' points from
    /// its top-left corner (the current transform does not apply: a slice is
    /// a region of the picture, not of a drawing). `name` becomes a file
    /// name: letters, digits, `-`, `_`, `.`; each name once per canvas; the
    /// region must overlap the canvas (what lies outside is cut off).
    static let slice: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let name = try lua.string(2)
            guard SliceMark.isValidName(name) else {
                throw LuaError.argument(2, "slice name must be letters, digits, '-', '_' or '.' (not first), up to 100, got '\(name.prefix(40))'")
            }
            let x = try lua.number(3), y = try lua.number(4), w = try lua.number(5), h = try lua.number(6)
            guard w > 0, h > 0 else {
                throw LuaError.message("slice '\(name)': width and height must be positive, got \(w.shortText)x\(h.shortText)")
            }
            let r = Rect(x: x, y: y, width: w, height: h)
            guard x < canvas.width, y < canvas.height, x + w > 0, y + h > 0 else {
                throw LuaError.message("slice '\(name)' (\(x.shortText), \(y.shortText), \(w.shortText), \(h.shortText)) lies outside the \(canvas.width.shortText)x\(canvas.height.shortText) canvas")
            }
            let runtime = LuaRuntime.current(lua.L)
            try runtime.charge(bytes: 96 + name.utf8.count, of: "slices")
            try runtime.mark(SliceMark(name: name, rect: r), on: canvas)
            return 0
        }
    }

    /// `c:slices()` → a list of `{ name =, x =, y =, w =, h = }`, in the
    /// order they were marked.
    static let slices: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let marks = LuaRuntime.current(lua.L).slices(of: canvas)
            lua_createtable(lua.L, Int32(marks.count), 0)
            for (i, mark) in marks.enumerated() {
                lua_createtable(lua.L, 0, 5)
                for (key, value) in [("x", mark.rect.x), ("y", mark.rect.y), ("w", mark.rect.width), ("h", mark.rect.height)] {
                    lua.push(key)
                    lua.push(value)
                    lua_rawset(lua.L, -3)
                }
                lua.push("name")
                lua.push(mark.name)
                lua_rawset(lua.L, -3)
                lua_rawseti(lua.L, -2, lua_Integer(i + 1))
            }
            return 1
        }
    }
}

/// A region of a canvas marked with `c:slice`, in its points.
public struct SliceMark: Sendable, Equatable {
    public let name: String
    public let rect: Rect

    /// Names become file names: safe characters only, not starting with a dot.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 100 && !name.hasPrefix(".") && name.utf8.allSatisfy { c in
            (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 95 || c == 46
        }
    }

    /// The slice's pixels on a canvas of `scale` pixels per point and
    /// `pixelWidth` x `pixelHeight`: the rectangle scaled, rounded outwards
    /// to whole pixels and cut to the canvas; nil if nothing is left.
    public func pixelBounds(scale: Double, pixelWidth: Int, pixelHeight: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        let x0 = Swift.max(0, Int((rect.x * scale + 1e-9).rounded(.down)))
        let y0 = Swift.max(0, Int((rect.y * scale + 1e-9).rounded(.down)))
        let x1 = Swift.min(pixelWidth, Int(((rect.x + rect.width) * scale - 1e-9).rounded(.up)))
        let y1 = Swift.min(pixelHeight, Int(((rect.y + rect.height) * scale - 1e-9).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }
}

extension LuaRuntime {
    /// Notes `mark` on `canvas`; a second slice of the same name is an error.
    func mark(_ mark: SliceMark, on canvas: Canvas) throws {
        let id = ObjectIdentifier(canvas)
        var entry = sliceMarks[id].flatMap { $0.canvas === canvas ? $0 : nil } ?? SliceEntry(canvas: canvas, marks: [])
        if entry.marks.contains(where: { $0.name == mark.name }) {
            throw LuaError.message("slice '\(mark.name)' is already marked on this canvas")
        }
        entry.marks.append(mark)
        sliceMarks[id] = entry
    }

    /// The slices marked on `canvas`, in order.
    public func slices(of canvas: Canvas) -> [SliceMark] {
        guard let entry = sliceMarks[ObjectIdentifier(canvas)], entry.canvas === canvas else { return [] }
        return entry.marks
    }
}

/// A canvas' slices; the canvas held weakly, so an identifier reused by a
/// later canvas never inherits them.
struct SliceEntry {
    weak var canvas: Canvas?
    var marks: [SliceMark]
}
