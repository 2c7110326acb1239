import CLua
import CellGeometry
import CellKit
import CellRaster

/// `ui.screen(spec)` → a Screen: `s:render(c)`, `s:hit_test(x, y)`,
/// `s.width`, `s.height`, `s.device`. The spec's `table` is a table spec
/// (read as `ui.table` reads it) or a Table; either way its `draw`
/// functions live in the Screen userdata's user value, so they are
/// collected with it.
final class ScreenBox {
    let screen: Screen
    let callbacks: LuaCallbacks
    init(_ screen: Screen, callbacks: LuaCallbacks) {
        self.screen = screen
        self.callbacks = callbacks
    }
}

enum ScreenBinding {
    static let typeName = "Screen"
    static let tag = LuaClassTag(typeName)

    static let luaClass = LuaClass(
        name: typeName, methods: [("render", render), ("hit_test", hitTest)], index: index, tostring: tostring)

    static let specKeys = ["device", "status_bar", "navigation_bar", "search_bar", "table", "scroll", "toolbar",
                           "tab_bar", "theme"]

    /// Grouped sections' side inset on an iPad (UIKit of iOS 6 inset them
    /// about 45 pt on the 768 pt portrait screen), where the table spec
    /// does not say.
    static let iPadInset = 45.0

    static let new: HostFunction = { L in
        guarded(L) { lua in try SpecSite.relocating(lua) {
            try lua.checkTable(1)
            let r = SpecReader(lua: lua, table: 1, path: .root, argument: 1)
            try r.checkKeys(specKeys)
            var spec = ScreenSpec()
            spec.device = try r.option("device", as: ScreenSpec.Device.self) ?? .iphone
            spec.theme = try ThemeBinding.read(r) ?? spec.theme
            let theme = spec.theme
            if try r.field("status_bar", { _ in lua_type(lua.L, -1) == LUA_TBOOLEAN && lua_toboolean(lua.L, -1) == 0 }) == true {
                spec.statusBar = nil
            } else if let status = try bar(r, "status_bar", ChromeBinding.readStatusBar) {
                spec.statusBar = status
            }
            spec.navigationBar = try bar(r, "navigation_bar", ChromeBinding.readNavigationBar)
            spec.searchBar = try bar(r, "search_bar", ChromeBinding.readSearchBar)
            spec.toolbar = try bar(r, "toolbar", ChromeBinding.readToolbar)
            spec.tabBar = try bar(r, "tab_bar", ChromeBinding.readTabBar)
            spec.scroll = try r.number("scroll")
            if let scroll = spec.scroll, abs(scroll) > 1e7 { throw r.fail("scroll", "too large (\(scroll.shortText))") }
            // The table: a spec read here (its functions in a table of the
            // screen's), or a Table made before (its functions table shared).
            lua_pushstring(lua.L, "table")
            lua_rawget(lua.L, 1)
            let given = lua.top
            let callbacks: LuaCallbacks
            if let box = lua.testObject(given, type: TableBinding.tag, as: TableBox.self) {
                spec.table = box.table.spec
                callbacks = box.callbacks
                lua_getiuservalue(lua.L, given, 1)
            } else if lua_type(lua.L, given) == LUA_TTABLE {
                cl_newtable(lua.L)
                callbacks = LuaCallbacks()
                let tr = SpecReader(lua: lua, table: given, path: .named("table"), argument: 1)
                spec.table = try TableBinding.readSpec(tr, functions: lua.top, callbacks: callbacks)
                if try tr.field("theme", { _ in true }) == nil { spec.table.theme = theme }
                if spec.device == .ipad, try tr.field("inset", { _ in true }) == nil { spec.table.inset = iPadInset }
            } else {
                throw r.fail("table", "table spec or Table expected, got \(lua.typeName(given))")
            }
            let functions = lua.top
            let screen = try Screen(spec, text: LuaRuntime.current(lua.L).kitText, viewLayers: LuaRuntime.current(lua.L).viewLayers)
            lua.pushObject(ScreenBox(screen, callbacks: callbacks), type: tag)
            lua_pushvalue(lua.L, functions)
            lua_setiuservalue(lua.L, -2, 1)
            return 1
        } }
    }

    /// A bar of the spec: its options as the bar's function takes them,
    /// drawn in the screen's theme (a bar's own `theme` is an error).
    static func bar<B>(_ r: SpecReader, _ key: String, _ read: (Lua, Int32) throws -> (B, Theme?)) throws -> B? {
        try r.field(key) { _ in
            let (bar, own) = try read(r.lua, lua_absindex(r.L, -1))
            if own != nil {
                throw r.fail(r.fieldPath(key).path.key("theme"), "a screen's bars take the screen's theme (give it to the screen)")
            }
            return bar
        }
    }

    /// `s:render(c)`: the canvas must be the device's size.
    static let render: HostFunction = { L in
        guarded(L) { lua in
            let box = try lua.checkObject(1, type: tag, as: ScreenBox.self)
            let canvas = try lua.canvas(2)
            lua_settop(lua.L, 2)
            lua_getiuservalue(lua.L, 1, 1)
            return try TableBinding.withCallbacks(box.callbacks, lua, functions: 3, canvas: 2) {
                do {
                    try box.screen.render(in: canvas)
                } catch let wrongSize as ScreenError {
                    throw LuaError.argument(2, "\(wrongSize)")
                }
                try LuaRuntime.current(lua.L).countHeldMemory(of: canvas) // what its display list keeps
            }
        }
    }

    /// `s:hit_test(x, y)` → the part's name and the named piece of it under
    /// the point (`"navigation_bar", "back"`), or `"row", section, row`
    /// (1-based), or `"table"`, or nil outside the screen.
    static let hitTest: HostFunction = { L in
        guarded(L) { lua in
            let box = try lua.checkObject(1, type: tag, as: ScreenBox.self)
            switch try box.screen.hitTest(x: try lua.number(2), y: try lua.number(3)) {
            case nil:
                lua.pushNil()
                return 1
            case .table:
                lua.push("table")
                return 1
            case .row(let section, let row):
                lua.push("row")
                lua.push(section + 1)
                lua.push(row + 1)
                return 3
            case .bar(let name, let part):
                lua.push(name)
                if let part { lua.push(part) } else { lua.pushNil() }
                return 2
            }
        }
    }

    static let index: HostFunction = { L in
        guarded(L) { lua in
            let s = try lua.checkObject(1, type: tag, as: ScreenBox.self).screen
            switch lua.indexKey {
            case "width": lua.push(s.spec.device.width)
            case "height": lua.push(s.spec.device.height)
            case "device": lua.push(s.spec.device.rawValue)
            default: return try lua.unknownField(of: typeName, fields: ["device", "height", "width"])
            }
            return 1
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let s = try lua.checkObject(1, type: tag, as: ScreenBox.self).screen
            let bars = [("status", s.frames.statusBar), ("navigation", s.frames.navigationBar),
                        ("tool", s.frames.toolbar), ("tab", s.frames.tabBar)].compactMap { $0.1 == nil ? nil : $0.0 }
            lua.push("Screen(\(s.spec.device.rawValue), bars: \(bars.isEmpty ? "none" : bars.joined(separator: ", ")))")
            return 1
        }
    }
}
