import CellLua
import Testing

/// Cell styles, images, accessories, editing and themes through Lua: spec
/// errors name the field; `cell.ui.themes` holds the built-ins; a row's
/// `draw` gets the content rectangle and an image function its slot.
@Suite struct UITableCellTests {
    let prefix = "test.lua:1: bad argument #1 to 'table' ("

    func specError(_ spec: String) -> String? {
        firstLine("cell.ui.table(\(spec))")
    }

    @Test func badCellFieldsNameTheField() {
        #expect(specError("{sections = {{rows = {{}, {style = 'value3'}}}}}")
                == prefix + "sections[1].rows[2].style: invalid option 'value3' (expected one of: default, subtitle, value1, value2))")
        #expect(specError("{sections = {{rows = {{editing = 'remove'}}}}}")
                == prefix + "sections[1].rows[1].editing: invalid option 'remove' (expected one of: none, delete, insert, select))")
        #expect(specError("{sections = {{rows = {{image = 'icon.png'}}}}}")
                == prefix + "sections[1].rows[1].image: Image or function expected, got string)")
        #expect(specError("{sections = {{rows = {{indent = 1.5}}}}}")
                == prefix + "sections[1].rows[1].indent: integer expected, got 1.5)")
        #expect(specError("{sections = {{rows = {{font = 'Helvetica'}}}}}")
                == prefix + "sections[1].rows[1].font: font expected (a Font or \"Name size\"), got 'Helvetica')")
        #expect(specError("{sections = {{rows = {{text_color = 'blurple'}}}}}")?.hasPrefix(prefix + "sections[1].rows[1].text_color:") == true)
        #expect(specError("{theme = 'sepia'}") == prefix + "theme: invalid option 'sepia' (expected one of: ios6, dark))")
        #expect(specError("{theme = {tint = 3}}")?.hasPrefix(prefix + "theme.tint:") == true)
        #expect(specError("{theme = {tnit = '#FF0000'}}")?.hasPrefix(prefix + "theme.tnit: unknown field (did you mean 'tint'? expected one of: base, background,") == true)
        #expect(specError("{theme = {base = 'sepia'}}") == prefix + "theme.base: invalid option 'sepia' (expected one of: ios6, dark))")
        #expect(specError("{separator = 'double'}") == prefix + "separator: invalid option 'double' (expected one of: single, none))")
    }

    @Test func theBuiltInThemesAreTables() throws {
        #expect(try values("return cell.ui.themes.ios6.background, cell.ui.themes.ios6.font, cell.ui.themes.dark.text")
                == ["#C5CCD4", "Helvetica-Bold 17", "#F2F2F5"])
        #expect(try values("return cell.ui.themes.ios6.cell_colors[1], cell.ui.themes.ios6.cell_colors[2]") == ["#FFFFFF", "#DDDDDD"])
        // Made on first read and kept: the same table each time, in the
        // table raw from then on; other missing keys stay nil.
        #expect(try values("""
            local before = rawget(cell.ui, "themes")
            local t = cell.ui.themes
            return tostring(before), tostring(t == cell.ui.themes), tostring(rawget(cell.ui, "themes") == t), tostring(cell.ui.nothing),
              tostring(getmetatable(cell.ui).__index(5, "themes"))
            """) == ["nil", "true", "true", "nil", "nil"])
        // A built-in's table is a valid theme as it is, and renders as the built-in does.
        let code = """
            local function draw(theme)
              local c = cell.canvas(200, 120, { scale = 1 })
              cell.ui.table { width = 200, height = 120, theme = theme,
                sections = { { title = "T", rows = { { text = "A", detail = "B", style = "value1", accessory = "checkmark" } } } } }:render(c)
              return c:png()
            end
            return draw("dark") == draw(cell.ui.themes.dark), draw("dark") == draw({ base = "dark" }), draw("dark") == draw("ios6")
            """
        #expect(try values(code) == ["true", "true", "false"])
    }

    @Test func drawGetsTheContentAndImageFunctionsTheirSlot() throws {
        let code = """
            local got = {}
            local c = cell.canvas(320, 100, { scale = 1 })
            cell.ui.table { width = 320, height = 100, sections = { { rows = {
              { text = "A", badge = 3, accessory = "disclosure",
                image = function(c, x, y, w, h) got.slot = { x, y, w, h } end,
                draw = function(c, w, h, content) got.content = { content.x, content.y, content.width, content.height } end },
            } } } }:render(c)
            return table.concat(got.slot, " "), got.content[1], got.content[2], got.content[4]
            """
        #expect(try values(code) == ["10 8 29 29", "49", "0", "44"])
    }

    @Test func anImageIsDrawnInItsSlot() throws {
        let code = """
            local dir = os.tmpname()
            os.remove(dir)
            local icon = cell.canvas(20, 20, { scale = 1, background = "#FF0000" })
            icon:save(dir .. ".png")
            local img = cell.image(dir .. ".png")
            os.remove(dir .. ".png")
            local c = cell.canvas(320, 64, { scale = 1 })
            cell.ui.table { width = 320, height = 64, sections = { { rows = { { text = "A", image = img } } } } }:render(c)
            -- the slot: x 10 + 10 (the inset), y 20 + 12 (centred), 20 x 20
            return c:pixel(25, 41)
            """
        #expect(try values(code) == ["255", "0", "0", "255"])
    }
}
