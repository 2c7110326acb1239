import CLua
import CellKit
import CellRaster

/// Table themes in Lua: `cell.ui.themes` (the built-ins as plain tables of
/// colors as "#RRGGBB[AA]" strings, pairs as two of them and fonts as
/// "Name size" strings) and a table spec's `theme`: a built-in's name, or a
/// table whose keys override `base` (a built-in's name, default "ios6").
enum ThemeBinding {
    /// A theme key: its Lua name and where it lives in `Theme`.
    enum Key {
        case color(String, WritableKeyPath<Theme, Color>)
        case pair(String, WritableKeyPath<Theme, Theme.Pair>)
        case font(String, WritableKeyPath<Theme, KitFont>)

        var name: String {
            switch self {
            case .color(let n, _), .pair(let n, _), .font(let n, _): return n
            }
        }
    }

    nonisolated(unsafe) static let keys: [Key] = [ // key paths are not Sendable; never mutated
        .color("background", \.background), .color("plain_background", \.plainBackground),
        .pair("cell_colors", \.cellColors), .color("text", \.text), .color("detail", \.detail),
        .color("value", \.value), .color("section_title", \.sectionTitle),
        .color("section_footer", \.sectionFooter), .color("section_shadow", \.sectionShadow),
        .pair("plain_header_colors", \.plainHeaderColors), .color("plain_header_text", \.plainHeaderText),
        .color("plain_header_shadow", \.plainHeaderShadow), .color("separator", \.separator),
        .color("border", \.border), .color("plain_border", \.plainBorder),
        .color("bevel_separator", \.bevelSeparator), .pair("highlight_colors", \.highlightColors),
        .color("highlight_text", \.highlightText), .color("badge", \.badge),
        .color("badge_highlight", \.badgeHighlight), .color("accessory", \.accessory), .color("tint", \.tint),
        .color("switch_on", \.switchOn), .color("switch_off", \.switchOff), .color("pinstripe", \.pinstripe),
        .pair("delete_colors", \.deleteColors), .pair("insert_colors", \.insertColors),
        .color("check_mark", \.checkMark), .color("checked_background", \.checkedBackground),
        .font("font", \.font), .font("subtitle_font", \.subtitleFont),
        .font("subtitle_detail_font", \.subtitleDetailFont), .font("value_font", \.valueFont),
        .font("value2_label_font", \.value2LabelFont), .font("value2_detail_font", \.value2DetailFont),
        .font("section_title_font", \.sectionTitleFont), .font("section_footer_font", \.sectionFooterFont),
        .font("badge_font", \.badgeFont),
    ] + ChromeBinding.themeKeys
    static var keyNames: [String] { ["base"] + keys.map(\.name) }
    static var builtInNames: [String] { Theme.builtIn.map(\.name) }

    /// A theme's value as Lua sees it: a string, or a pair of them.
    private enum Field {
        case text(String)
        case pair(String, String)
    }

    /// The built-ins' fields, formatted once per process: every runtime
    /// pushes `cell.ui.themes`, and formatting colors and fonts as text
    /// cost more than the rest of making a runtime's `cell` table.
    private static let builtInFields: [(name: String, fields: [(String, Field)])] =
        Theme.builtIn.map { ($0.name, fields(of: $0.theme)) }

    private static func fields(of theme: Theme) -> [(String, Field)] {
        keys.map { key in
            switch key {
            case .color(let n, let path):
                return (n, .text(theme[keyPath: path].hexString))
            case .pair(let n, let path):
                return (n, .pair(theme[keyPath: path].top.hexString, theme[keyPath: path].bottom.hexString))
            case .font(let n, let path):
                let f = theme[keyPath: path]
                return (n, .text("\(f.name) \(f.size.shortText)"))
            }
        }
    }

    /// Pushes `themes` of the `cell.ui` table at `index`, made and kept
    /// there (raw) if it is not yet. Raises nothing and runs no Lua, so the
    /// REPL's completion can call it too.
    static func pushThemes(inUITableAt index: Int32, _ lua: Lua) {
        let L = lua.L
        let ui = lua_absindex(L, index)
        lua_pushstring(L, "themes")
        if lua_rawget(L, ui) != LUA_TNIL { return }
        cl_pop(L, 1)
        lua_pushstring(L, "themes")
        pushThemes(lua)
        lua_pushvalue(L, -1)
        cl_insert(L, -3) // themes, "themes", themes
        lua_rawset(L, ui)
    }

    /// Pushes `cell.ui.themes`: name → table.
    static func pushThemes(_ lua: Lua) {
        lua_createtable(lua.L, 0, Int32(builtInFields.count))
        for (name, fields) in builtInFields {
            push(fields, lua)
            name.withCString { lua_setfield(lua.L, -2, $0) }
        }
    }

    private static func push(_ fields: [(String, Field)], _ lua: Lua) {
        let L = lua.L
        lua_createtable(L, 0, Int32(fields.count)) // at its size: no rehash as it fills
        for (name, field) in fields {
            switch field {
            case .text(let text):
                lua.push(text)
            case .pair(let top, let bottom):
                lua_createtable(L, 2, 0)
                lua.push(top)
                lua_rawseti(L, -2, 1)
                lua.push(bottom)
                lua_rawseti(L, -2, 2)
            }
            name.withCString { lua_setfield(L, -2, $0) }
        }
    }

    /// The spec's `theme` field: a name or a table of overrides.
    static func read(_ r: SpecReader) throws -> Theme? {
        try r.field("theme") { p in
            let L = r.lua.L
            if lua_type(L, -1) == LUA_TSTRING { return try builtIn(r.lua) }
            guard lua_type(L, -1) == LUA_TTABLE else {
                throw r.fail(p, "theme name or table expected, got \(r.lua.typeName(-1))")
            }
            let t = SpecReader(lua: r.lua, table: lua_absindex(L, -1), path: p.path, argument: r.argument)
            try t.checkKeys(keyNames)
            var theme = try t.field("base") { bp in
                guard lua_type(L, -1) == LUA_TSTRING else { throw t.fail(bp, "theme name expected, got \(r.lua.typeName(-1))") }
                return try builtIn(r.lua)
            } ?? .ios6
            for key in keys {
                switch key {
                case .color(let n, let path): if let c = try t.color(n) { theme[keyPath: path] = c }
                case .pair(let n, let path): if let (a, b) = try t.colorPair(n) { theme[keyPath: path] = Theme.Pair(a, b) }
                case .font(let n, let path): if let f = try t.kitFont(n) { theme[keyPath: path] = f }
                }
            }
            return theme
        }
    }

    /// The built-in theme named by the string on top of the stack.
    static func builtIn(_ lua: Lua) throws -> Theme {
        let name = try lua.option(-1, builtInNames)
        return Theme.builtIn.first { $0.name == name }!.theme
    }
}

extension Color {
    /// "#RRGGBB", or "#RRGGBBAA" when not opaque.
    var hexString: String {
        func byte(_ v: Double) -> String {
            let s = String(Int((v * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(r) + byte(g) + byte(b) + (a < 1 ? byte(a) : "")
    }
}
