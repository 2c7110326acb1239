import CellLua
import Testing

/// Misspelt methods and fields of celllua's objects get "did you mean",
/// and a method called with `.` instead of `:` is told so; unknown names
/// with no close match still read as nil, as Lua would.
@Suite struct NameSuggestionTests {
    @Test func misspeltMethodsSuggestTheRightOne() {
        let setup = "local c = cell.canvas(10, 10)\n"
        #expect(firstLine(setup + "c:fillrect(0, 0, 1, 1)") == "test.lua:2: Canvas has no method 'fillrect' (did you mean 'fill_rect'?)")
        #expect(firstLine(setup + "c:Fill_Rect(0, 0, 1, 1)") == "test.lua:2: Canvas has no method 'Fill_Rect' (did you mean 'fill_rect'?)")
        #expect(firstLine(setup + "local w = c.widht") == "test.lua:2: Canvas has no field 'widht' (did you mean 'width'?)")
        #expect(firstLine(setup + "c:set_fil('red')") == "test.lua:2: Canvas has no method 'set_fil' (did you mean 'set_fill'?)")
        #expect(firstLine("local p = cell.path()\np:moveto(0, 0)") == "test.lua:2: Path has no method 'moveto' (did you mean 'move_to'?)")
        #expect(firstLine("local f = cell.font('Helvetica', 12)\nlocal h = f.lineheight") == "test.lua:2: Font has no field 'lineheight' (did you mean 'line_height'?)")
    }

    /// The `cell` and `cell.ui` tables answer misspelt names the same way;
    /// names with no close match are nil, and `cell.ui.themes` is there.
    @Test func misspeltModuleFunctionsSuggestTheRightOne() throws {
        #expect(firstLine("local c = cell.canvs(10, 10)") == "test.lua:1: cell has no field 'canvs' (did you mean 'canvas'?)")
        #expect(firstLine("local t = cell.ui.tabel { sections = {} }") == "test.lua:1: cell.ui has no field 'tabel' (did you mean 'table'?)")
        #expect(firstLine("local t = cell.ui.themez") == "test.lua:1: cell.ui has no field 'themez' (did you mean 'themes'?)")
        #expect(try values("return cell.nothing_like_it, cell.ui.no_such_thing, type(cell.ui.themes)") == ["nil", "nil", "table"])
    }

    /// Designers port Core Graphics code: its longer names find ours.
    @Test func coreGraphicsNamesFindTheirCellluaNames() {
        let setup = "local c = cell.canvas(10, 10)\n"
        #expect(firstLine(setup + "c:set_fill_color('red')") == "test.lua:2: Canvas has no method 'set_fill_color' (did you mean 'set_fill'?)")
        #expect(firstLine(setup + "c:add_line_to_point(1, 1)") == "test.lua:2: Canvas has no method 'add_line_to_point' (did you mean 'line_to'?)")
        #expect(firstLine(setup + "c:stroke_path()") == "test.lua:2: Canvas has no method 'stroke_path' (did you mean 'stroke'?)")
        #expect(firstLine(setup + "c:add_rect(0, 0, 1, 1)") == "test.lua:2: Canvas has no method 'add_rect' (did you mean 'rect'?)")
    }

    @Test func aDotCallIsToldToUseAColon() {
        #expect(firstLine("local c = cell.canvas(10, 10)\nc.fill_rect(0, 0, 1, 1)")
                == "test.lua:2: bad argument #1 to 'fill_rect' (Canvas expected, got number; call it with a colon: c:fill_rect(...))")
    }

    @Test func farNamesStayNil() throws {
        #expect(try values("local c = cell.canvas(10, 10) return c.something_else, cell.path().anything") == ["nil", "nil"])
    }
}
