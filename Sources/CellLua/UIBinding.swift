import CLua
import CellGeometry
import CellKit
import CellRaster
import CellText

/// `cell.ui`: the table kit's components, each the drawing of one seed.
enum UIBinding {
    static let functions: [(String, HostFunction)] = [
        ("cell_background", cellBackground),
        ("bevel", bevel),
        ("rounded_overlay", roundedOverlay),
        ("table", TableBinding.new),
        ("screen", ScreenBinding.new),
        ("badge", badge),
    ] + ChromeBinding.functions // status_bar, navigation_bar, search_bar, toolbar, tab_bar, segmented, button

    /// The keys of each component's options table.
    static let badgeOptionNames = ["color", "highlighted", "highlight_color", "font"]
    static let cellBackgroundOptionNames = ["position", "colors", "radius", "stroke", "line_width"]
    static let bevelOptionNames = ["offset"]

    /// `ui.badge(c, text, right, center_y [, {color=, highlighted=, highlight_color=, font=}])`
    /// → x, y, w, h: the badge seed's pill, its text knocked out of the
    /// current layer.
    static let badge: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let text = lua.type(2) == LUA_TNUMBER ? try lua.number(2).shortText : try lua.text(2)
            var badge = Badge(text: text)
            let right = try lua.number(3), centerY = try lua.number(4)
            try lua.options(5, known: badgeOptionNames) { key in
                switch key {
                case "color": badge.color = try lua.color(-1)
                case "highlighted": badge.highlighted = try lua.boolean(-1)
                case "highlight_color": badge.highlightColor = try lua.color(-1)
                default:
                    badge.font = lua.kitFont(try lua.font(-1))
                }
            }
            var frame = Rect(x: 0, y: 0, width: 0, height: 0)
            frame = try badge.draw(in: canvas, right: right, centerY: centerY, text: LuaRuntime.current(lua.L).kitText)
            try LuaRuntime.current(lua.L).countHeldMemory(of: canvas) // what its display list keeps
            lua.push(frame.x)
            lua.push(frame.y)
            lua.push(frame.width)
            lua.push(frame.height)
            return 4
        }
    }

    /// `ui.cell_background(c, x, y, w, h [, {position=, colors=, radius=, stroke=, line_width=}])`
    static let cellBackground: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let frame = try lua.rect(2)
            var bg = CellBackground()
            try lua.options(6, known: cellBackgroundOptionNames) { key in
                switch key {
                case "position": bg.position = try lua.option(-1, as: CellPosition.self)
                case "colors": bg.colors = try lua.colorPair(-1)
                case "radius": bg.radius = try lua.nonNegative(-1, "radius")
                case "stroke": bg.stroke = try lua.color(-1)
                default: bg.lineWidth = try lua.nonNegative(-1, "line width")
                }
            }
            try bg.draw(in: canvas, frame: frame, layers: LuaRuntime.current(lua.L).viewLayers)
            try LuaRuntime.current(lua.L).countHeldMemory(of: canvas) // what its display list keeps
            return 0
        }
    }

    /// `ui.bevel(c, x, y, w, h, radius, fill [, {offset=}])`: offset in points
    /// (default 1) or `"pixel"` for one device pixel.
    static let bevel: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let rect = try lua.rect(2)
            var bevel = Bevel(radius: try lua.nonNegative(6, "radius"), fill: try lua.color(7))
            try lua.options(8, known: bevelOptionNames) { _ in
                if lua.type(-1) == LUA_TSTRING {
                    _ = try lua.option(-1, ["pixel"])
                    bevel.offsetInPixels = true
                } else {
                    bevel.offset = try lua.nonNegative(-1, "offset")
                }
            }
            try bevel.draw(in: canvas, rect: rect, layers: LuaRuntime.current(lua.L).viewLayers)
            try LuaRuntime.current(lua.L).countHeldMemory(of: canvas) // what its display list keeps
            return 0
        }
    }

    /// `ui.rounded_overlay(c, x, y, w, h, radius, color)`
    static let roundedOverlay: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let frame = try lua.rect(2)
            let overlay = RoundedOverlay(radius: try lua.nonNegative(6, "radius"), color: try lua.color(7))
            overlay.draw(in: canvas, frame: frame)
            try LuaRuntime.current(lua.L).countHeldMemory(of: canvas) // what its display list keeps
            return 0
        }
    }
}

extension Lua {
    /// `{top, bottom}`: two color specs.
    func colorPair(_ index: Int32) throws -> (Color, Color) {
        try checkTable(index)
        let t = lua_absindex(L, index)
        guard lua_rawlen(L, t) == 2 else {
            throw LuaError.argument(index, "expected two colors {top, bottom}, got \(lua_rawlen(L, t)) entries")
        }
        lua_rawgeti(L, t, 1)
        defer { cl_pop(L, 1) }
        let a = try color(-1)
        lua_rawgeti(L, t, 2)
        defer { cl_pop(L, 1) }
        return (a, try color(-1))
    }
}
