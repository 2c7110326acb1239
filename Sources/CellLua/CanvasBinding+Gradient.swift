import CLua
import CellGeometry
import CellRaster

/// Gradient draws the Core Graphics way: they fill the current clip.
extension CanvasBinding {
    static let gradientMethods: [(String, HostFunction)] = [
        ("draw_linear_gradient", drawLinearGradient), ("draw_radial_gradient", drawRadialGradient),
    ]

    /// The keys of the gradient draws' options table.
    static let gradientOptionNames = ["before", "after"]

    /// `draw_linear_gradient(g, x0, y0, x1, y1 [, {before=, after=}])`
    static let drawLinearGradient: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let g = try lua.gradient(2)
            let p0 = Point(try lua.number(3), try lua.number(4))
            let p1 = Point(try lua.number(5), try lua.number(6))
            let (before, after) = try lua.extensionOptions(7)
            canvas.drawLinearGradient(g, from: p0, to: p1, extendStart: before, extendEnd: after)
        }
    }

    /// `draw_radial_gradient(g, x0, y0, r0, x1, y1, r1 [, {before=, after=}])`
    static let drawRadialGradient: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let g = try lua.gradient(2)
            let c0 = Point(try lua.number(3), try lua.number(4))
            let r0 = try lua.nonNegative(5, "radius")
            let c1 = Point(try lua.number(6), try lua.number(7))
            let r1 = try lua.nonNegative(8, "radius")
            let (before, after) = try lua.extensionOptions(9)
            canvas.drawRadialGradient(g, start: c0, startRadius: r0, end: c1, endRadius: r1,
                                      extendStart: before, extendEnd: after)
        }
    }
}

extension Lua {
    /// `{before=, after=}`: whether the end colors extend past the start and
    /// the end (both false by default, as in Core Graphics).
    fileprivate func extensionOptions(_ index: Int32) throws -> (Bool, Bool) {
        var before = false, after = false
        try options(index, known: CanvasBinding.gradientOptionNames) { key in
            if key == "before" { before = try boolean(-1) } else { after = try boolean(-1) }
        }
        return (before, after)
    }
}
