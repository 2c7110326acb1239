import CLua
import CellGeometry

/// `translate`, `scale`, `rotate`, `concat`: each acts in user space.
extension CanvasBinding {
    static let transformMethods: [(String, HostFunction)] = [
        ("translate", translate), ("scale", scale), ("rotate", rotate), ("concat", concat),
    ]

    static let translate: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            canvas.translate(try lua.number(2), try lua.number(3))
            return 0
        }
    }

    /// `scale(sx [, sy])`: `sy` defaults to `sx`.
    static let scale: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let sx = try lua.number(2)
            canvas.scaleBy(sx, try lua.optionalNumber(3, default: sx))
            return 0
        }
    }

    static let rotate: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            canvas.rotate(try lua.number(2))
            return 0
        }
    }

    static let concat: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            canvas.concat(try lua.affineTransform(2))
            return 0
        }
    }
}
