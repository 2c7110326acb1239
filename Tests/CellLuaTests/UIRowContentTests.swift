import CellLua
import Testing

/// Rows with real content through Lua: the new row, section and table
/// fields read and checked, a row's `draw` told its state, and images with
/// a scale.
@Suite struct UIRowContentTests {
    let prefix = "test.lua:1: bad argument #1 to 'table' ("

    func specError(_ spec: String) -> String? {
        firstLine("cell.ui.table(\(spec))")
    }

    @Test func badFieldsNameTheField() {
        #expect(specError("{editing = 'yes'}") == prefix + "editing: true, false or \"multi\" expected, got string)")
        #expect(specError("{background = 'stripes'}")?.hasPrefix(prefix + "background:") == true)
        #expect(specError("{sections = {{rows = {{lines = 1.5}}}}}")
                == prefix + "sections[1].rows[1].lines: integer expected, got 1.5)")
        #expect(specError("{sections = {{rows = {{detail_lines = -1}}}}}")
                == prefix + "sections[1].rows[1].detail_lines: must not be negative, got -1)")
        #expect(specError("{sections = {{rows = {{align = 'right'}}}}}")
                == prefix + "sections[1].rows[1].align: invalid option 'right' (expected one of: left, center))")
        #expect(specError("{sections = {{rows = {{delete_button = 'yes'}}}}}")
                == prefix + "sections[1].rows[1].delete_button: boolean expected, got string)")
        #expect(specError("{sections = {{header_view = {height = -2}}}}")
                == prefix + "sections[1].header_view.height: must not be negative, got -2)")
        #expect(specError("{sections = {{footer_view = {draw = 1}}}}")
                == prefix + "sections[1].footer_view.draw: function expected, got number)")
    }

    /// `draw(c, w, h, content, state)`: the state follows the row and the table.
    @Test func drawIsToldTheRowsState() throws {
        let code = """
            local got = {}
            local function draw(c, w, h, content, state)
              got[#got + 1] = string.format("%s %s %s", state.highlighted, state.editing, state.checked)
            end
            local c = cell.canvas(320, 200, { scale = 1 })
            cell.ui.table { width = 320, height = 200, editing = "multi", sections = { { rows = {
              { text = "A", draw = draw }, { text = "B", checked = true, draw = draw },
              { text = "C", highlighted = true, draw = draw } } } } }:render(c)
            cell.ui.table { width = 320, height = 200, sections = { { rows = { { text = "D", draw = draw } } } } }:render(c)
            return table.unpack(got)
            """
        #expect(try values(code) == ["false true false", "false true true", "true true false", "false false false"])
    }

    /// `icon@2x.png` is half its pixels in points; `{scale = N}` says so
    /// outright; `draw_image` and the image slot use points.
    @Test func imagesHaveAScale() throws {
        let dir = temporaryDirectory()
        let code = """
            local c = cell.canvas(58, 58, { scale = 1, background = "#FF0000" })
            c:save("\(dir)/icon@2x.png")
            c:save("\(dir)/icon@3x~iphone.png")
            c:save("\(dir)/icon.png")
            local a, b, d = cell.image("\(dir)/icon@2x.png"), cell.image("\(dir)/icon@3x~iphone.png"), cell.image("\(dir)/icon.png")
            local e = cell.image("\(dir)/icon.png", { scale = 4 })
            local out = cell.canvas(100, 100, { scale = 1 })
            out:draw_image(a, 0, 0)
            local inside, outside = out:pixel(28, 28), out:pixel(29, 29)
            return a.width, a.scale, a.pixel_width, b.width, b.scale, d.width, e.height, tostring(a):match("@2x") ~= nil, inside, outside
            """
        #expect(try values(code) == ["29", "2", "58", "19.333333333333", "3", "58", "14.5", "true", "255", "0"])
        #expect(firstLine("cell.image('x.png', { scale = 0 })") == "test.lua:1: bad argument #2 to 'image' (option 'scale': must be between 0.01 and 100, got 0)")
        #expect(firstLine("cell.image('x.png', { scael = 2 })") == "test.lua:1: bad argument #2 to 'image' (unknown option 'scael' (expected scale))")
    }
}
