import CLua
import CellGeometry
import CellKit
import CellRaster

/// `ui.table(spec)` → a Table: `t:render(c)`, `t:hit_test(x, y)`,
/// `t:row_rect(section, row)`, `t.content_height` (sections and rows are
/// 1-based, as Lua counts). Spec errors name the field. The spec's `draw`
/// functions live in the Table userdata's user value, so they are collected
/// with it.
final class TableBox {
    let table: Table
    /// Where the `draw` callbacks find Lua during `render`.
    let callbacks: LuaCallbacks
    init(_ table: Table, callbacks: LuaCallbacks) {
        self.table = table
        self.callbacks = callbacks
    }
}

/// Calls the spec's Lua `draw` functions while a render runs. An error in
/// one is kept in the registry and rethrown as the original Lua error once
/// the render has unwound its Swift frames.
final class LuaCallbacks {
    var lua: Lua?
    /// Stack indices during render: the functions table, the canvas, the message handler.
    var functions: Int32 = 0, canvas: Int32 = 0, handler: Int32 = 0

    struct Failed: Error {
        let ref: Int32
    }

    /// Calls function `slot` with the canvas, `numbers` and, if given, a
    /// `{x=, y=, width=, height=}` table. Layers the function began and
    /// left open are ended here, as `c:with` ends them, so the memory they
    /// were charged is released.
    func call(_ slot: lua_Integer, on target: Canvas, _ numbers: [Double], rect: Rect? = nil,
              state: [(String, Bool)]? = nil) throws {
        guard let lua else { return }
        let L = lua.L
        let mark = target.stateMark
        lua_rawgeti(L, functions, slot)
        lua_pushvalue(L, canvas)
        for n in numbers { lua.push(n) }
        if let rect {
            cl_newtable(L)
            for (k, v) in [("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)] {
                lua.push(v)
                lua_setfield(L, -2, k)
            }
        }
        if let state {
            cl_newtable(L)
            for (k, v) in state {
                lua_pushboolean(L, v ? 1 : 0)
                lua_setfield(L, -2, k)
            }
        }
        let status = cl_pcall(L, Int32(1 + numbers.count + (rect == nil ? 0 : 1) + (state == nil ? 0 : 1)), 0, handler)
        try CanvasBinding.unwind(lua, target, to: mark)
        if status != LUA_OK {
            throw Failed(ref: luaL_ref(L, cl_registryindex()))
        }
    }

    /// A Swift closure for the kit that calls function `slot` (a view's
    /// `draw(c, w, h)`).
    func closure(_ slot: lua_Integer) -> (Canvas, Double, Double) throws -> Void {
        { [unowned self] canvas, w, h in try self.call(slot, on: canvas, [w, h]) }
    }

    /// A row's `draw(c, w, h, content, state)`, state `{highlighted=,
    /// editing=, checked=}`.
    func rowClosure(_ slot: lua_Integer) -> (Canvas, Double, Double, Rect, RowSpec.RowState) throws -> Void {
        { [unowned self] canvas, w, h, content, state in
            try self.call(slot, on: canvas, [w, h], rect: content,
                          state: [("highlighted", state.highlighted), ("editing", state.editing), ("checked", state.checked)])
        }
    }

    /// A row's image function `(c, x, y, w, h)`.
    func imageClosure(_ slot: lua_Integer) -> (Canvas, Rect) throws -> Void {
        { [unowned self] canvas, r in try self.call(slot, on: canvas, [r.x, r.y, r.width, r.height]) }
    }
}

enum TableBinding {
    static let typeName = "Table"
    static let tag = LuaClassTag(typeName)

    /// Far more than a screen shows; a bigger spec is a runaway loop.
    static let maxSections = 10_000
    static let maxRows = 100_000

    static let luaClass = LuaClass(
        name: typeName,
        methods: [("render", render), ("hit_test", hitTest), ("row_rect", rowRect)],
        index: index, tostring: tostring)

    static let new: HostFunction = { L in
        guarded(L) { lua in
            try lua.checkTable(1)
            cl_newtable(lua.L)
            let functions = lua.top
            let callbacks = LuaCallbacks()
            let spec = try SpecSite.relocating(lua) {
                try readSpec(SpecReader(lua: lua, table: 1, path: .root, argument: 1), functions: functions, callbacks: callbacks)
            }
            let table = try Table(spec, text: LuaRuntime.current(lua.L).kitText, viewLayers: LuaRuntime.current(lua.L).viewLayers)
            lua.pushObject(TableBox(table, callbacks: callbacks), type: tag)
            lua_pushvalue(lua.L, functions)
            lua_setiuservalue(lua.L, -2, 1)
            return 1
        }
    }

    static let topKeys = ["x", "y", "width", "height", "style", "background", "top_color", "bottom_color",
                          "content_offset", "header", "footer", "sections", "cell_style", "corner_overlay",
                          "row_height", "inset", "section_spacing", "radius", "cell_colors", "badge_color",
                          "badge_highlight_color", "theme", "separator", "separator_inset", "editing"]
    static let sectionKeys = ["title", "footer", "rows", "header_view", "footer_view"]
    static let viewKeys = ["height", "color", "colors", "title", "title_color", "draw"]
    static let rowKeys = ["text", "detail", "badge", "highlighted", "accessory", "height", "draw", "style", "image",
                          "on", "editing", "reorder", "indent", "text_color", "detail_color", "font", "detail_font",
                          "lines", "detail_lines", "background", "align", "delete_button", "checked"]
    static let cornerOverlayKeys = ["radius", "color"]

    static func readSpec(_ r: SpecReader, functions: Int32, callbacks: LuaCallbacks) throws -> TableSpec {
        try r.checkKeys(topKeys)
        var s = TableSpec()
        s.x = try r.number("x") ?? s.x
        s.y = try r.number("y") ?? s.y
        s.width = try r.size("width", max: 100_000) ?? s.width
        s.height = try r.size("height", max: 100_000) ?? s.height
        s.style = try r.option("style", as: TableSpec.Style.self) ?? s.style
        s.theme = try ThemeBinding.read(r) ?? s.theme
        if try r.field("background", { _ in lua_type(r.L, -1) == LUA_TSTRING && (try? r.lua.string(-1)) == "pinstripes" }) == true {
            s.pinstripes = true
        } else {
            s.background = try r.color("background")
        }
        s.editing = try r.field("editing") { p -> TableSpec.Editing in
            if lua_type(r.L, -1) == LUA_TBOOLEAN { return lua_toboolean(r.L, -1) != 0 ? .on : .none }
            guard lua_type(r.L, -1) == LUA_TSTRING, (try? r.lua.string(-1)) == "multi" else {
                throw r.fail(p, "true, false or \"multi\" expected, got \(r.lua.typeName(-1))")
            }
            return .multiple
        } ?? .none
        s.topColor = try r.color("top_color")
        s.bottomColor = try r.color("bottom_color")
        s.contentOffset = try r.number("content_offset") ?? 0
        guard abs(s.contentOffset) <= 1e7 else { throw r.fail("content_offset", "too large (\(s.contentOffset.shortText))") }
        s.cellStyle = try r.option("cell_style", as: TableSpec.CellStyle.self) ?? s.cellStyle
        s.rowHeight = try r.size("row_height", max: 100_000) ?? s.rowHeight
        s.inset = try r.size("inset", max: 100_000) ?? s.inset
        s.sectionSpacing = try r.size("section_spacing", max: 100_000) ?? s.sectionSpacing
        s.radius = try r.size("radius", max: 100_000) ?? s.radius
        // Older spellings of three theme keys, kept: they win over the theme.
        if let (top, bottom) = try r.colorPair("cell_colors") { s.theme.cellColors = Theme.Pair(top, bottom) }
        s.theme.badge = try r.color("badge_color") ?? s.theme.badge
        s.theme.badgeHighlight = try r.color("badge_highlight_color") ?? s.theme.badgeHighlight
        s.separator = try r.field("separator") { _ in try r.lua.option(-1, ["single", "none"]) == "single" } ?? true
        s.separatorInset = try r.size("separator_inset", max: 100_000) ?? 0
        s.cornerOverlay = try r.table("corner_overlay") { o in
            try o.checkKeys(cornerOverlayKeys)
            return RoundedOverlay(radius: try o.size("radius", max: 100_000) ?? 10, color: try o.color("color") ?? .black)
        }
        s.header = try r.table("header") { try readView($0, functions: functions, callbacks: callbacks) }
        s.footer = try r.table("footer") { try readView($0, functions: functions, callbacks: callbacks) }
        var rowCount = 0
        s.sections = try r.array("sections", limit: maxSections) { _, sr in
            try sr.checkKeys(sectionKeys)
            var section = SectionSpec()
            section.title = try sr.string("title")
            section.footer = try sr.string("footer")
            section.headerView = try sr.table("header_view") { try readView($0, functions: functions, callbacks: callbacks) }
            section.footerView = try sr.table("footer_view") { try readView($0, functions: functions, callbacks: callbacks) }
            section.rows = try sr.array("rows", limit: maxRows) { _, rr in
                rowCount += 1
                guard rowCount <= maxRows else { throw rr.fail(rr.path, "too many rows in the table (at most \(maxRows))") }
                return try readRow(rr, functions: functions, callbacks: callbacks)
            } ?? []
            return section
        } ?? []
        return s
    }

    static func readView(_ r: SpecReader, functions: Int32, callbacks: LuaCallbacks) throws -> ViewSpec {
        try r.checkKeys(viewKeys)
        var v = ViewSpec()
        v.height = try r.size("height", max: 100_000) ?? v.height
        v.color = try r.color("color")
        v.gradient = try r.colorPair("colors")
        v.title = try r.string("title")
        v.titleColor = try r.color("title_color") ?? v.titleColor
        if let slot = try r.function("draw", storeIn: functions) { v.draw = callbacks.closure(slot) }
        return v
    }

    static func readRow(_ r: SpecReader, functions: Int32, callbacks: LuaCallbacks) throws -> RowSpec {
        try r.checkKeys(rowKeys)
        var row = RowSpec()
        row.text = try r.string("text")
        row.detail = try r.string("detail")
        row.badge = try r.label("badge")
        row.highlighted = try r.boolean("highlighted") ?? false
        row.accessory = try r.option("accessory", as: RowSpec.Accessory.self) ?? .none
        row.height = try r.size("height", max: 100_000)
        row.style = try r.option("style", as: RowSpec.Style.self)
        row.on = try r.boolean("on") ?? false
        row.editing = try r.option("editing", as: RowSpec.Editing.self) ?? .none
        row.reorder = try r.boolean("reorder") ?? false
        if let indent = try r.size("indent", max: 100) {
            guard indent == indent.rounded() else { throw r.fail(r.fieldPath("indent"), "integer expected, got \(indent.shortText)") }
            row.indent = Int(indent)
        }
        row.textColor = try r.color("text_color")
        row.detailColor = try r.color("detail_color")
        row.font = try r.kitFont("font")
        row.detailFont = try r.kitFont("detail_font")
        row.lines = try lineCount(r, "lines") ?? 1
        row.detailLines = try lineCount(r, "detail_lines") ?? 1
        row.background = try r.color("background")
        row.centered = try r.field("align") { _ in try r.lua.option(-1, ["left", "center"]) == "center" } ?? false
        row.deleteButton = try r.boolean("delete_button") ?? false
        row.checked = try r.boolean("checked") ?? false
        row.image = try r.field("image") { p -> RowSpec.Image in
            if let image = r.lua.testObject(-1, type: ImageBinding.tag, as: ImageBox.self) {
                return .pixels(image.buffer, scale: image.scale)
            }
            guard lua_type(r.L, -1) == LUA_TFUNCTION else {
                throw r.fail(p, "Image or function expected, got \(r.lua.typeName(-1))")
            }
            return .draw(callbacks.imageClosure(try r.function("image", storeIn: functions)!))
        }
        if let slot = try r.function("draw", storeIn: functions) { row.draw = callbacks.rowClosure(slot) }
        return row
    }

    /// A row's `lines` or `detail_lines`: a whole number from 0 (as many as
    /// the text has) to 1,000.
    static func lineCount(_ r: SpecReader, _ key: String) throws -> Int? {
        guard let n = try r.size(key, max: 1000) else { return nil }
        guard n == n.rounded() else { throw r.fail(r.fieldPath(key), "integer expected, got \(n.shortText)") }
        return Int(n)
    }

    /// `t:render(c)`
    static let render: HostFunction = { L in
        guarded(L) { lua in
            let box = try lua.checkObject(1, type: tag, as: TableBox.self)
            let canvas = try lua.canvas(2)
            lua_settop(lua.L, 2)
            lua_getiuservalue(lua.L, 1, 1)
            return try withCallbacks(box.callbacks, lua, functions: 3, canvas: 2) {
                try box.table.render(in: canvas)
                try LuaRuntime.current(lua.L).countHeldMemory(of: canvas) // what its display list keeps
            }
        }
    }

    /// Runs `body` (a render) with `cb` calling the spec's Lua functions:
    /// the functions table and the canvas at stack indices `functions` and
    /// `canvas`, the message handler pushed here. Returns the host
    /// function's result: 0, or `hostError` with a callback's error on top.
    static func withCallbacks(_ cb: LuaCallbacks, _ lua: Lua, functions: Int32, canvas: Int32,
                              _ body: () throws -> Void) throws -> Int32 {
        cl_pushkeeptraceback(lua.L)
        // A row's callback may render this table again: the outer render's
        // callbacks are put back when the inner one returns (they once
        // stopped there, silently).
        let outer = (cb.lua, cb.functions, cb.canvas, cb.handler)
        cb.lua = lua
        (cb.functions, cb.canvas, cb.handler) = (functions, canvas, lua.top)
        defer { (cb.lua, cb.functions, cb.canvas, cb.handler) = outer }
        do {
            try body()
        } catch let failed as LuaCallbacks.Failed {
            lua_rawgeti(lua.L, cl_registryindex(), lua_Integer(failed.ref))
            luaL_unref(lua.L, cl_registryindex(), failed.ref)
            return hostError
        }
        return 0
    }

    /// `t:hit_test(x, y)` → section, row (1-based), or nil.
    static let hitTest: HostFunction = { L in
        guarded(L) { lua in
            let box = try lua.checkObject(1, type: tag, as: TableBox.self)
            guard let hit = box.table.hitTest(x: try lua.number(2), y: try lua.number(3)) else {
                lua.pushNil()
                return 1
            }
            lua.push(hit.section + 1)
            lua.push(hit.row + 1)
            return 2
        }
    }

    /// `t:row_rect(section, row)` → x, y, w, h on the canvas.
    static let rowRect: HostFunction = { L in
        guarded(L) { lua in
            let box = try lua.checkObject(1, type: tag, as: TableBox.self)
            let s = try lua.integer(2), r = try lua.integer(3)
            let sections = box.table.layout.sections
            guard s >= 1, s <= sections.count else {
                throw LuaError.argument(2, "no section \(s) (the table has \(sections.count))")
            }
            guard let rect = box.table.rowRect(section: s - 1, row: r - 1) else {
                throw LuaError.argument(3, "no row \(r) in section \(s) (it has \(sections[s - 1].rows.count))")
            }
            lua.push(rect.x)
            lua.push(rect.y)
            lua.push(rect.width)
            lua.push(rect.height)
            return 4
        }
    }

    static let index: HostFunction = { L in
        guarded(L) { lua in
            let t = try lua.checkObject(1, type: tag, as: TableBox.self).table
            switch lua.indexKey {
            case "content_height": lua.push(t.contentHeight)
            case "width": lua.push(t.spec.width)
            case "height": lua.push(t.spec.height)
            case "content_offset": lua.push(t.spec.contentOffset)
            default: return try lua.unknownField(of: typeName, fields: ["content_height", "content_offset", "height", "width"])
            }
            return 1
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let t = try lua.checkObject(1, type: tag, as: TableBox.self).table
            let rows = t.spec.sections.reduce(0) { $0 + $1.rows.count }
            lua.push("Table(\(t.spec.style.rawValue), \(t.spec.sections.count) sections, \(rows) rows)")
            return 1
        }
    }
}
