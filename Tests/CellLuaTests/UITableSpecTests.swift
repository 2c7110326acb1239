import CellLua
import Testing

/// `cell.ui.table(spec)`: a bad spec names the field, with its path through
/// sections and rows (1-based, as Lua counts), and what was expected.
@Suite struct UITableSpecTests {
    func specError(_ spec: String) -> String? {
        firstLine("cell.ui.table(\(spec))")
    }

    let prefix = "test.lua:1: bad argument #1 to 'table' ("

    @Test func wrongTypeNamesTheField() {
        #expect(specError("{sections = {{rows = {{text = 'a'}}}, {rows = {{text = 3}}}}}")
                == prefix + "sections[2].rows[1].text: string expected, got number)")
        #expect(specError("{sections = {{title = {}}}}") == prefix + "sections[1].title: string expected, got table)")
        #expect(specError("{sections = {{rows = {{highlighted = 1}}}}}")
                == prefix + "sections[1].rows[1].highlighted: boolean expected, got number)")
        #expect(specError("{sections = {{rows = {{badge = true}}}}}")
                == prefix + "sections[1].rows[1].badge: string or number expected, got boolean)")
        #expect(specError("{sections = {{rows = {'row'}}}}") == prefix + "sections[1].rows[1]: table expected, got string)")
        #expect(specError("{sections = 'all'}") == prefix + "sections: table expected, got string)")
        #expect(specError("{header = {draw = 'f'}}") == prefix + "header.draw: function expected, got string)")
        #expect(specError("{width = 'wide'}") == prefix + "width: number expected, got string)")
        #expect(specError("{content_offset = 0/0}") == prefix + "content_offset: finite number expected, got nan)")
        #expect(specError("{content_offset = -1/0}") == prefix + "content_offset: finite number expected, got -inf)")
    }

    @Test func unknownFieldListsTheKnownOnes() throws {
        let top = try #require(specError("{heigth = 300}"))
        #expect(top.hasPrefix(prefix + "heigth: unknown field (did you mean 'height'? expected one of: x, y, width, height, style,"))
        #expect(top.contains("content_offset") && top.contains("corner_overlay") && top.contains("sections"))
        #expect(specError("{sections = {{rows = {{hieght = 3}}}}}")
                == prefix + "sections[1].rows[1].hieght: unknown field (did you mean 'height'? expected one of: text, detail, badge, highlighted, accessory, height, draw, style, image, on, editing, reorder, indent, text_color, detail_color, font, detail_font, lines, detail_lines, background, align, delete_button, checked))")
        #expect(specError("{sections = {{titel = 'x'}}}")
                == prefix + "sections[1].titel: unknown field (did you mean 'title'? expected one of: title, footer, rows, header_view, footer_view))")
        #expect(specError("{corner_overlay = {radius = 4, colour = 'red'}}")
                == prefix + "corner_overlay.colour: unknown field (did you mean 'color'? expected one of: radius, color))")
        #expect(specError("{header = {hight = 3}}")
                == prefix + "header.hight: unknown field (did you mean 'height'? expected one of: height, color, colors, title, title_color, draw))")
        #expect(specError("{[1] = 2}") == prefix + "spec: keys must be names)")
    }

    @Test func negativeSizes() {
        #expect(specError("{sections = {{rows = {{height = -1}}}}}")
                == prefix + "sections[1].rows[1].height: must not be negative, got -1)")
        #expect(specError("{row_height = -44}") == prefix + "row_height: must not be negative, got -44)")
        #expect(specError("{width = -320}") == prefix + "width: must not be negative, got -320)")
        #expect(specError("{corner_overlay = {radius = -2}}") == prefix + "corner_overlay.radius: must not be negative, got -2)")
        #expect(specError("{header = {height = -1}}") == prefix + "header.height: must not be negative, got -1)")
    }

    @Test func badOptionsListTheValidOnes() {
        #expect(specError("{style = 'fancy'}") == prefix + "style: invalid option 'fancy' (expected one of: grouped, plain))")
        #expect(specError("{cell_style = 'glass'}")
                == prefix + "cell_style: invalid option 'glass' (expected one of: gradient, plain, bevel))")
        #expect(specError("{sections = {{rows = {{accessory = 'star'}}}}}")
                == prefix + "sections[1].rows[1].accessory: invalid option 'star' (expected one of: none, disclosure, checkmark, detail_disclosure, detail, switch))")
        let color = specError("{top_color = 'nope'}")
        #expect(color?.hasPrefix(prefix + "top_color: invalid color 'nope'; expected #RGB") == true)
        #expect(specError("{cell_colors = {'#fff'}}")
                == prefix + "cell_colors: expected two colors {top, bottom}, got 1 entries)")
    }

    @Test func missingOrWrongSpec() {
        #expect(firstLine("cell.ui.table()") == "test.lua:1: bad argument #1 to 'table' (table expected, got no value)")
        #expect(firstLine("cell.ui.table(5)") == "test.lua:1: bad argument #1 to 'table' (table expected, got number)")
    }

    @Test func limits() {
        #expect(specError("{content_offset = 1e9}") == prefix + "content_offset: too large (1000000000))")
        #expect(firstLine("local s = {} for i = 1, 10001 do s[i] = {} end\ncell.ui.table{sections = s}")
                == "test.lua:2: bad argument #1 to 'table' (sections: too many entries (10001, at most 10000))")
    }

    /// A thousand sections: laid out, rendered at its top and at its end,
    /// and hit where expected.
    @Test func aThousandSections() throws {
        let code = """
            local sections = {}
            for i = 1, 1000 do sections[i] = { rows = { {}, { highlighted = i % 2 == 0 } } } end
            local t = cell.ui.table{ height = 480, sections = sections, top_color = "#4A5A6A" }
            local c = cell.canvas(320, 480, { scale = 1 })
            t:render(c)
            local png = #c:png()
            local last = cell.ui.table{ height = 480, sections = sections, content_offset = t.content_height - 480,
                                        bottom_color = "#FF0000" }
            last:render(c)
            local _, y = last:row_rect(1000, 2)
            local s, r = last:hit_test(160, y + 1)
            return t.content_height, png > 0, s, r, y, select(4, c:pixel(160, 479))
            """
        // 1000 sections of 20 + 88 pt, and 20 below the last.
        #expect(try values(code) == ["108020", "true", "1000", "2", "416", "255"])
    }

    @Test func tostringAndFields() throws {
        let code = """
            local t = cell.ui.table{ width = 200, height = 300, content_offset = -5,
                                     sections = { { rows = { {}, {} } }, { rows = { {} } } } }
            return tostring(t), t.width, t.height, t.content_offset, t.content_height, t.nothing
            """
        #expect(try values(code) == ["Table(grouped, 2 sections, 3 rows)", "200", "300", "-5", "192", "nil"])
    }
}
