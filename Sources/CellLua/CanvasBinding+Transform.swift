import CLua
import CellGeometry

/// `translate`, `scale`, `rotate`, `concat`: each acts in user space.
extension CanvasBinding {
    static let transformMethods: [(String, HostFunction)] = [
        ("translate", translate), ("scale", scale), ("rotate", rotate), ("concat", concat),
    ]

    static let translate: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.translate(try lua.number(2), try lua.number(3))
        }
    }

    /// `scale(sx [, sy])`: `sy` defaults to `sx`.
    static let scale: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let sx = try lua.number(2)
            canvas.scaleBy(sx, try lua.optionalNumber(3, default: sx))
        }
    }

    static let rotate: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.rotate(try lua.number(2))
        }
    }

    static let concat: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            canvas.concat(try lua.affineTransform(2))
        }
    }
}
