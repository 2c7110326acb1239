import CellLua
import Testing

/// `cell.ui.screen(spec)` through Lua: spec errors name the field, the
/// table is a spec or a Table (its `draw` functions called either way), the
/// canvas must be the device's size, and `hit_test` names the part.
@Suite struct UIScreenTests {
    let prefix = "test.lua:1: bad argument #1 to 'screen' ("

    func specError(_ spec: String) -> String? {
        firstLine("cell.ui.screen(\(spec))")
    }

    @Test func badFieldsNameTheField() throws {
        #expect(specError("{table = {}, device = 'ipod'}")
                == prefix + "device: invalid option 'ipod' (expected one of: iphone, iphone5, ipad))")
        #expect(specError("{}") == prefix + "table: table spec or Table expected, got nil)")
        #expect(specError("{table = {sections = {{rows = {{text = 3}}}}}}")
                == prefix + "table.sections[1].rows[1].text: string expected, got number)")
        #expect(specError("{table = {}, navigation_bar = {titel = 'x'}}")?
                .hasPrefix(prefix + "navigation_bar: unknown option 'titel' (expected title, prompt,") == true)
        #expect(specError("{table = {}, status_bar = {style = 'blue'}}")?
                .hasPrefix(prefix + "status_bar: option 'style': invalid option 'blue'") == true)
        #expect(specError("{table = {}, toolbar = {theme = 'dark'}}")
                == prefix + "toolbar.theme: a screen's bars take the screen's theme (give it to the screen))")
        #expect(specError("{table = {}, scroll = 0/0}") == prefix + "scroll: finite number expected, got nan)")
        #expect(try #require(specError("{table = {}, tabbar = {}}")).hasPrefix(prefix + "tabbar: unknown field (did you mean 'tab_bar'? expected one of: device,"))
        #expect(firstLine("local s = cell.ui.screen{table = {}}\ns:render(cell.canvas(320, 400))")
                == "test.lua:2: bad argument #1 to 'render' (the screen is 320x480 pt (iphone), the canvas 320x400: make the canvas the device's size)")
    }

    @Test func hitTestNamesTheParts() throws {
        let code = """
            local s = cell.ui.screen { device = "iphone5",
              navigation_bar = { title = "Inbox", back = "Mailboxes" },
              search_bar = { placeholder = "Search" },
              table = { style = "plain", sections = { { rows = { { text = "A" }, { text = "B" } } } } },
              tab_bar = { items = { { title = "One" }, { title = "Two" } } } }
            local out = {}
            for _, p in ipairs { { 5, 5 }, { 20, 40 }, { 160, 90 }, { 160, 64 + 44 + 50 }, { 160, 400 }, { 250, 540 } } do
              local a, b, c = s:hit_test(p[1], p[2])
              out[#out + 1] = table.concat({ tostring(a), tostring(b), tostring(c) }, " ")
            end
            return s.width, s.height, s.device, tostring(s:hit_test(-1, 0)), table.unpack(out)
            """
        #expect(try values(code) == ["320", "568", "iphone5", "nil", "status_bar nil nil", "navigation_bar back nil",
                                     "search_bar field nil", "row 1 2", "table nil nil", "tab_bar tab2 nil"])
    }

    /// A Table made before is placed by the screen, keeping its functions;
    /// a spec's functions are called too, with the row's state; the table
    /// takes the screen's theme unless it gives one.
    @Test func theTableIsASpecOrATable() throws {
        let code = """
            local calls = 0
            local t = cell.ui.table { sections = { { rows = { { text = "A", draw = function() calls = calls + 1 end } } } } }
            local c = cell.canvas(320, 480, { scale = 1 })
            cell.ui.screen { table = t }:render(c)
            cell.ui.screen { table = { sections = { { rows = { { text = "B", highlighted = true,
              draw = function(c, w, h, r, state) calls = calls + (state.highlighted and 10 or 0) end } } } } } }:render(c)
            local ok, err = pcall(function()
              cell.ui.screen { table = { sections = { { rows = { { draw = function() error("boom") end } } } } } }:render(c)
            end)
            local function bg(theme)
              local d = cell.canvas(320, 480, { scale = 1 })
              cell.ui.screen { theme = theme, table = { style = "plain" } }:render(d)
              return table.concat({ d:pixel(160, 300) }, ",")
            end
            return calls, tostring(err):match("boom") ~= nil, bg("ios6"), bg("dark")
            """
        #expect(try values(code) == ["11", "true", "255,255,255,255", "28,29,32,255"])
    }
}
