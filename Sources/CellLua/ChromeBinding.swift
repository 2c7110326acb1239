import CLua
import CellGeometry
import CellKit
import CellRaster

/// `cell.ui`'s screen chrome: the bars and controls around a table, each a
/// function `(c, x, y, w [, opts])` (the button: `(c, x, y, w, h [, opts])`)
/// that draws one CellKit component and returns the height it drew, so a
/// script can stack them. Every options table also takes `theme` (a
/// built-in's name or a table of overrides, as a table spec's).
enum ChromeBinding {
    static let functions: [(String, HostFunction)] = [
        ("status_bar", statusBar),
        ("navigation_bar", navigationBar),
        ("search_bar", searchBar),
        ("toolbar", toolbar),
        ("tab_bar", tabBar),
        ("segmented", segmented),
        ("button", button),
    ]

    static let statusBarOptionNames = ["style", "carrier", "time", "battery", "signal", "wifi", "theme"]
    static let navigationBarOptionNames = ["title", "prompt", "back", "left", "right", "tint", "style", "theme"]
    static let searchBarOptionNames = ["placeholder", "text", "scopes", "scope", "tint", "style", "theme"]
    static let toolbarOptionNames = ["items", "tint", "style", "theme"]
    static let tabBarOptionNames = ["items", "selected", "theme"]
    static let tabItemNames = ["title", "image", "badge"]
    static let segmentedOptionNames = ["items", "selected", "style", "tint", "theme"]
    static let buttonOptionNames = ["title", "style", "tint", "image", "highlighted", "font", "theme"]
    static let barButtonNames = ["title", "style", "image", "highlighted"]

    /// The chrome's theme keys (`Theme.chrome`), appended to ThemeBinding's.
    nonisolated(unsafe) static let themeKeys: [ThemeBinding.Key] = [ // key paths are not Sendable; never mutated
        .pair("status_bar_colors", \.chrome.statusBarColors), .color("status_bar_text", \.chrome.statusBarText),
        .color("status_bar_shadow", \.chrome.statusBarShadow),
        .pair("bar_colors", \.chrome.barColors), .color("bar_line", \.chrome.barLine),
        .color("bar_text", \.chrome.barText), .color("bar_text_shadow", \.chrome.barTextShadow),
        .pair("bar_button_colors", \.chrome.barButtonColors), .color("bar_button_border", \.chrome.barButtonBorder),
        .pair("done_button_colors", \.chrome.doneButtonColors),
        .pair("tab_bar_colors", \.chrome.tabBarColors), .color("tab_bar_line", \.chrome.tabBarLine),
        .pair("tab_icon_colors", \.chrome.tabIconColors), .color("tab_text", \.chrome.tabText),
        .pair("tab_selected_colors", \.chrome.tabSelectedColors), .color("tab_selected_text", \.chrome.tabSelectedText),
        .color("tab_selected_background", \.chrome.tabSelectedBackground),
        .pair("tab_badge_colors", \.chrome.tabBadgeColors), .color("tab_badge_text", \.chrome.tabBadgeText),
        .pair("search_bar_colors", \.chrome.searchBarColors), .color("search_bar_line", \.chrome.searchBarLine),
        .color("search_field_fill", \.chrome.searchFieldFill), .color("search_field_border", \.chrome.searchFieldBorder),
        .color("search_field_text", \.chrome.searchFieldText),
        .color("search_field_placeholder", \.chrome.searchFieldPlaceholder),
        .pair("segmented_colors", \.chrome.segmentedColors), .color("segmented_border", \.chrome.segmentedBorder),
        .color("segmented_text", \.chrome.segmentedText),
        .pair("segmented_selected_colors", \.chrome.segmentedSelectedColors),
        .color("segmented_selected_text", \.chrome.segmentedSelectedText),
        .color("button_fill", \.chrome.buttonFill), .color("button_border", \.chrome.buttonBorder),
        .color("button_text", \.chrome.buttonText), .pair("button_highlight_colors", \.chrome.buttonHighlightColors),
    ]

    /// The arguments every bar takes: canvas, x, y, width.
    private static func place(_ lua: Lua) throws -> (Canvas, Point, Double) {
        (try lua.canvas(1), Point(try lua.number(2), try lua.number(3)), try lua.nonNegative(4, "width"))
    }

    /// `(c, x, y, w [, opts])` for a bar whose options `read` reads: draws it
    /// (in its options' theme, else ios6) and returns its height.
    private static func drawBar<B: ChromeBar>(_ lua: Lua, _ read: (Lua, Int32) throws -> (B, Theme?)) throws -> Int32 {
        let (canvas, origin, width) = try place(lua)
        let (bar, given) = try read(lua, 5)
        return try finish(lua, canvas, height: bar.height) {
            try bar.draw(in: canvas, at: origin, width: width, theme: given ?? .ios6, text: LuaRuntime.current(lua.L).kitText)
        }
    }

    /// Draws, counts what the canvas' display list keeps, returns the height.
    private static func finish(_ lua: Lua, _ canvas: Canvas, height: Double,
                               _ draw: () throws -> Void) throws -> Int32 {
        try draw()
        try LuaRuntime.current(lua.L).countHeldMemory(of: canvas) // what its display list keeps
        lua.push(height)
        return 1
    }

    /// `ui.status_bar`'s options at `index` (absolute; also a screen's `status_bar`), read into a StatusBar and its theme.
    static func readStatusBar(_ lua: Lua, _ index: Int32) throws -> (StatusBar, Theme?) {
        var bar = StatusBar()
        var theme: Theme?
        try lua.options(index, known: statusBarOptionNames) { key in
            switch key {
            case "style": bar.style = try lua.option(-1, as: StatusBar.Style.self)
            case "carrier": bar.carrier = try lua.text(-1)
            case "time": bar.time = try lua.text(-1)
            case "battery": bar.battery = try lua.unitInterval(-1, "battery")
            case "signal": bar.signal = try lua.count(-1, "signal", max: 5)
            case "wifi": bar.wifi = try lua.count(-1, "wifi", max: 3)
            default: theme = try lua.chromeTheme(index)
            }
        }
        return (bar, theme)
    }

    /// `ui.status_bar(c, x, y, w [, opts])` → 20
    static let statusBar: HostFunction = { L in guarded(L) { try drawBar($0, readStatusBar) } }

    /// `ui.navigation_bar`'s options at `index` (absolute; also a screen's `navigation_bar`), read into a NavigationBar and its theme.
    static func readNavigationBar(_ lua: Lua, _ index: Int32) throws -> (NavigationBar, Theme?) {
        var bar = NavigationBar()
        var theme: Theme?
        try lua.options(index, known: navigationBarOptionNames) { key in
            switch key {
            case "title": bar.title = try lua.text(-1)
            case "prompt": bar.prompt = try lua.text(-1)
            case "back": bar.back = try lua.text(-1)
            case "left": bar.left = try lua.barButton(-1)
            case "right": bar.right = try lua.barButton(-1)
            case "tint": bar.tint = try lua.color(-1)
            case "style": bar.style = try lua.option(-1, as: BarStyle.self)
            default: theme = try lua.chromeTheme(index)
            }
        }
        return (bar, theme)
    }

    /// `ui.navigation_bar(c, x, y, w [, opts])` → 44, or 74 with a prompt
    static let navigationBar: HostFunction = { L in guarded(L) { try drawBar($0, readNavigationBar) } }

    /// `ui.search_bar`'s options at `index` (absolute; also a screen's `search_bar`), read into a SearchBar and its theme.
    static func readSearchBar(_ lua: Lua, _ index: Int32) throws -> (SearchBar, Theme?) {
        var bar = SearchBar()
        var theme: Theme?
        var scope = 1
        try lua.options(index, known: searchBarOptionNames) { key in
            switch key {
            case "placeholder": bar.placeholder = try lua.text(-1)
            case "text": bar.text = try lua.text(-1)
            case "scopes": bar.scopes = try lua.list(-1, limit: 64) { try lua.text(-1) }
            case "scope": scope = try lua.count(-1, "scope", min: 1, max: Int.max)
            case "tint": bar.tint = try lua.color(-1)
            case "style": bar.style = try lua.option(-1, as: BarStyle.self)
            default: theme = try lua.chromeTheme(index)
            }
        }
        bar.scope = scope - 1
        return (bar, theme)
    }

    /// `ui.search_bar(c, x, y, w [, opts])` → 44, or 88 with scopes
    static let searchBar: HostFunction = { L in guarded(L) { try drawBar($0, readSearchBar) } }

    /// `ui.toolbar`'s options at `index` (absolute; also a screen's `toolbar`), read into a Toolbar and its theme.
    static func readToolbar(_ lua: Lua, _ index: Int32) throws -> (Toolbar, Theme?) {
        var bar = Toolbar()
        var theme: Theme?
        try lua.options(index, known: toolbarOptionNames) { key in
            switch key {
            case "items": bar.items = try lua.list(-1, limit: 64) { try lua.toolbarItem(-1) }
            case "tint": bar.tint = try lua.color(-1)
            case "style": bar.style = try lua.option(-1, as: BarStyle.self)
            default: theme = try lua.chromeTheme(index)
            }
        }
        return (bar, theme)
    }

    /// `ui.toolbar(c, x, y, w [, opts])` → 44
    static let toolbar: HostFunction = { L in guarded(L) { try drawBar($0, readToolbar) } }

    /// `ui.tab_bar`'s options at `index` (absolute; also a screen's `tab_bar`), read into a TabBar and its theme.
    static func readTabBar(_ lua: Lua, _ index: Int32) throws -> (TabBar, Theme?) {
        var bar = TabBar()
        var theme: Theme?
        var selected = 1
        try lua.options(index, known: tabBarOptionNames) { key in
            switch key {
            case "items":
                bar.items = try lua.list(-1, limit: 64) {
                var item = TabBar.Item()
                try lua.options(-1, known: tabItemNames) { key in
                    switch key {
                    case "title": item.title = try lua.text(-1)
                    case "image": item.image = try lua.kitImage(-1)
                    default: item.badge = lua.type(-1) == LUA_TNUMBER ? try lua.number(-1).shortText : try lua.text(-1)
                    }
                }
                return item
                }
            case "selected": selected = try lua.count(-1, "selected", max: Int.max)
            default: theme = try lua.chromeTheme(index)
            }
        }
        bar.selected = selected == 0 ? nil : selected - 1
        return (bar, theme)
    }

    /// `ui.tab_bar(c, x, y, w [, opts])` → 49
    static let tabBar: HostFunction = { L in guarded(L) { try drawBar($0, readTabBar) } }

    /// `ui.segmented(c, x, y, w [, opts])` → 44, or 30 in the bar style
    static let segmented: HostFunction = { L in
        guarded(L) { lua in
            let (canvas, origin, width) = try place(lua)
            var control = SegmentedControl()
            var theme = Theme.ios6
            var selected = 1
            try lua.options(5, known: segmentedOptionNames) { key in
                switch key {
                case "items":
                    control.segments = try lua.list(-1, limit: 64) {
                        if let image = try lua.optionalKitImage(-1) { return .image(image) }
                        guard lua.type(-1) == LUA_TSTRING || lua.type(-1) == LUA_TNUMBER else {
                            throw lua.typeError(-1, expected: "string, Image or Canvas")
                        }
                        return .title(try lua.text(-1))
                    }
                case "selected": selected = try lua.count(-1, "selected", max: Int.max)
                case "style": control.style = try lua.option(-1, as: SegmentedControl.Style.self)
                case "tint": control.tint = try lua.color(-1)
                default: theme = try lua.chromeTheme(5)
                }
            }
            control.selected = selected == 0 ? nil : selected - 1
            return try finish(lua, canvas, height: control.height) {
                try control.draw(in: canvas, at: origin, width: width, theme: theme, text: LuaRuntime.current(lua.L).kitText)
            }
        }
    }

    /// `ui.button(c, x, y, w, h [, opts])` → h
    static let button: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let frame = Rect(x: try lua.number(2), y: try lua.number(3), width: try lua.nonNegative(4, "width"),
                             height: try lua.nonNegative(5, "height"))
            var b = Button()
            var theme = Theme.ios6
            try lua.options(6, known: buttonOptionNames) { key in
                switch key {
                case "title": b.title = try lua.text(-1)
                case "style": b.style = try lua.option(-1, as: Button.Style.self)
                case "tint": b.tint = try lua.color(-1)
                case "image": b.image = try lua.kitImage(-1)
                case "highlighted": b.highlighted = try lua.boolean(-1)
                case "font": b.font = lua.kitFont(try lua.font(-1))
                default: theme = try lua.chromeTheme(6)
                }
            }
            return try finish(lua, canvas, height: frame.height) {
                try b.draw(in: canvas, frame: frame, theme: theme, text: LuaRuntime.current(lua.L).kitText)
            }
        }
    }
}

extension Lua {
    /// An integer in min...max, named in the message when out of range.
    func count(_ index: Int32, _ what: String, min: Int = 0, max: Int) throws -> Int {
        let v = try integer(index)
        guard v >= min, v <= max else {
            throw LuaError.argument(index, max == Int.max ? "\(what) must be at least \(min), got \(v)"
                                                          : "\(what) must be \(min) to \(max), got \(v)")
        }
        return v
    }

    /// The array at `index`, each entry read by `read` with it on top of the
    /// stack; errors name the entry ("entry 2: ...").
    func list<T>(_ index: Int32, limit: Int, _ read: () throws -> T) throws -> [T] {
        try checkTable(index)
        let t = lua_absindex(L, index)
        let n = Int(lua_rawlen(L, t))
        guard n <= limit else { throw LuaError.argument(index, "too many entries (\(n), at most \(limit))") }
        var out: [T] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            lua_rawgeti(L, t, lua_Integer(i + 1))
            defer { cl_pop(L, 1) }
            do {
                out.append(try read())
            } catch LuaError.argument(_, let message) {
                throw LuaError.argument(index, "entry \(i + 1): \(message)")
            }
        }
        return out
    }

    /// An Image (its pixels as points) or a Canvas (its size in points, its
    /// pixels at its scale) to draw as a template image; nil for anything else.
    func optionalKitImage(_ index: Int32) throws -> KitImage? {
        if let image = testObject(index, type: ImageBinding.tag, as: ImageBox.self) {
            return KitImage(image.buffer, width: image.width, height: image.height)
        }
        if let canvas = testObject(index, type: CanvasBinding.tag, as: Canvas.self) {
            return KitImage(canvas.buffer, width: canvas.width, height: canvas.height)
        }
        return nil
    }

    func kitImage(_ index: Int32) throws -> KitImage {
        guard let image = try optionalKitImage(index) else { throw typeError(index, expected: "Image or Canvas") }
        return image
    }

    /// A bar button: `{title =, style =, image =, highlighted =}`.
    func barButton(_ index: Int32) throws -> BarButton {
        var b = BarButton()
        try options(index, known: ChromeBinding.barButtonNames) { key in
            switch key {
            case "title": b.title = try text(-1)
            case "style": b.style = try option(-1, as: BarButton.Style.self)
            case "image": b.image = try kitImage(-1)
            default: b.highlighted = try boolean(-1)
            }
        }
        return b
    }

    /// A toolbar item: a bar button table, "flexible", or "fixed:N".
    func toolbarItem(_ index: Int32) throws -> Toolbar.Item {
        if type(index) == LUA_TTABLE { return .button(try barButton(index)) }
        guard type(index) == LUA_TSTRING else { throw typeError(index, expected: "table or string") }
        let s = try string(index)
        if s == "flexible" { return .flexibleSpace }
        if s.hasPrefix("fixed:"), let n = Double(s.dropFirst(6)), n.isFinite, n >= 0 { return .fixedSpace(n) }
        throw LuaError.argument(index, "invalid item '\(s)' (expected a button table, \"flexible\" or \"fixed:N\" with N >= 0)")
    }

    /// The `theme` option on top of the stack (of the options table at
    /// `options`): a built-in's name or a table of overrides.
    func chromeTheme(_ options: Int32) throws -> Theme {
        // ThemeBinding reads a spec's `theme` field: give it a table holding just that.
        lua_createtable(L, 0, 1)
        lua_pushvalue(L, -2)
        lua_setfield(L, -2, "theme")
        defer { cl_pop(L, 1) }
        let r = SpecReader(lua: self, table: lua_absindex(L, -1), path: .root, argument: options)
        do {
            return try ThemeBinding.read(r) ?? .ios6
        } catch LuaError.argument(let i, let message) where message.hasPrefix("theme: ") {
            throw LuaError.argument(i, String(message.dropFirst(7)))
        }
    }
}
