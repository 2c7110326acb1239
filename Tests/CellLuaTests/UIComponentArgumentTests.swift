import CellLua
import Testing

/// `ui.cell_background`, `ui.bevel`, `ui.rounded_overlay`: bad arguments
/// name the function, the argument and what was expected.
@Suite struct UIComponentArgumentTests {
    func error(_ call: String) -> String? {
        firstLine("local c = cell.canvas(40, 40)\n" + call)
    }

    @Test func cellBackground() {
        #expect(error("cell.ui.cell_background(c, 0, 0, 40, 40, {position = 'left'})")
                == "test.lua:2: bad argument #6 to 'cell_background' (option 'position': invalid option 'left' (expected one of: single, top, middle, bottom))")
        #expect(error("cell.ui.cell_background(c, 0, 0, 40, 40, {positon = 'top'})")
                == "test.lua:2: bad argument #6 to 'cell_background' (unknown option 'positon' (expected position, colors, radius, stroke, line_width))")
        #expect(error("cell.ui.cell_background(c, 0, 0, 40, 40, {colors = {'#fff', '#000', '#888'}})")
                == "test.lua:2: bad argument #6 to 'cell_background' (option 'colors': expected two colors {top, bottom}, got 3 entries)")
        #expect(error("cell.ui.cell_background(c, 0, 0, 40, 40, {radius = -1})")
                == "test.lua:2: bad argument #6 to 'cell_background' (option 'radius': radius must not be negative, got -1.0)")
        #expect(error("cell.ui.cell_background(c, 0, 0, 40, 40, {line_width = 'thin'})")
                == "test.lua:2: bad argument #6 to 'cell_background' (option 'line_width': number expected, got string)")
        #expect(error("cell.ui.cell_background(c, 0, 0, 40, 40, 'top')")
                == "test.lua:2: bad argument #6 to 'cell_background' (table expected, got string)")
        #expect(error("cell.ui.cell_background(5, 0, 0, 40, 40)")
                == "test.lua:2: bad argument #1 to 'cell_background' (Canvas expected, got number)")
        #expect(error("cell.ui.cell_background(c, 0, 0, 40)")
                == "test.lua:2: bad argument #5 to 'cell_background' (number expected, got no value)")
        #expect(error("cell.ui.cell_background(c, 0, 1/0, 40, 40)")
                == "test.lua:2: bad argument #3 to 'cell_background' (finite number expected, got inf)")
    }

    @Test func bevel() {
        #expect(error("cell.ui.bevel(c, 0, 0, 40, 40, 8)")
                == "test.lua:2: bad argument #7 to 'bevel' (color expected, got no value)")
        #expect(error("cell.ui.bevel(c, 0, 0, 40, 40, -8, 'white')")
                == "test.lua:2: bad argument #6 to 'bevel' (radius must not be negative, got -8.0)")
        #expect(error("cell.ui.bevel(c, 0, 0, 40, 40, 8, 'white', {offset = 'px'})")
                == "test.lua:2: bad argument #8 to 'bevel' (option 'offset': invalid option 'px' (expected one of: pixel))")
        #expect(error("cell.ui.bevel(c, 0, 0, 40, 40, 8, 'white', {offset = -1})")
                == "test.lua:2: bad argument #8 to 'bevel' (option 'offset': offset must not be negative, got -1.0)")
        #expect(error("cell.ui.bevel(c, 0, 0, 40, 40, 8, 'white', {offest = 1})")
                == "test.lua:2: bad argument #8 to 'bevel' (unknown option 'offest' (expected offset))")
        let color = error("cell.ui.bevel(c, 0, 0, 40, 40, 8, 'whte')")
        #expect(color?.hasPrefix("test.lua:2: bad argument #7 to 'bevel' (invalid color 'whte'") == true)
    }

    @Test func roundedOverlay() {
        #expect(error("cell.ui.rounded_overlay(c, 0, 0, 40, 40, 8)")
                == "test.lua:2: bad argument #7 to 'rounded_overlay' (color expected, got no value)")
        #expect(error("cell.ui.rounded_overlay(c, 0, 0, 40, 40, -8, 'black')")
                == "test.lua:2: bad argument #6 to 'rounded_overlay' (radius must not be negative, got -8.0)")
        #expect(error("cell.ui.rounded_overlay(c, 0, 0, 40, 0/0, 8, 'black')")
                == "test.lua:2: bad argument #5 to 'rounded_overlay' (finite number expected, got nan)")
        #expect(error("cell.ui.rounded_overlay({}, 0, 0, 40, 40, 8, 'black')")
                == "test.lua:2: bad argument #1 to 'rounded_overlay' (Canvas expected, got table)")
    }

    /// Good calls draw and return nothing.
    @Test func goodCallsDraw() throws {
        let code = """
            local c = cell.canvas(40, 40, { scale = 1 })
            local n = select("#", cell.ui.cell_background(c, 0, 0, 40, 40, { position = "middle" }))
            cell.ui.bevel(c, 2, 2, 36, 36, 6, "white", { offset = "pixel" })
            cell.ui.rounded_overlay(c, 0, 0, 40, 40, 8, "black")
            return n, c:pixel(0, 0)
            """
        #expect(try values(code) == ["0", "0", "0", "0", "255"])
    }
}
