import CellLua
import Testing

/// `cell.ui`'s chrome functions: bad options name the field and the valid
/// choices; good calls draw and return the height they drew.
@Suite struct ChromeArgumentTests {
    func error(_ call: String) -> String? {
        firstLine("local c = cell.canvas(320, 200)\n" + call)
    }

    @Test func styleNamesListTheChoices() {
        #expect(error("cell.ui.status_bar(c, 0, 0, 320, {style = 'white'})")
                == "test.lua:2: bad argument #5 to 'status_bar' (option 'style': invalid option 'white' (expected one of: default, black, translucent))")
        #expect(error("cell.ui.navigation_bar(c, 0, 0, 320, {style = 'blue'})")
                == "test.lua:2: bad argument #5 to 'navigation_bar' (option 'style': invalid option 'blue' (expected one of: default, black))")
        #expect(error("cell.ui.navigation_bar(c, 0, 0, 320, {right = {title = 'Edit', style = 'round'}})")
                == "test.lua:2: bad argument #5 to 'navigation_bar' (option 'right': option 'style': invalid option 'round' (expected one of: bordered, done, plain))")
        #expect(error("cell.ui.segmented(c, 0, 0, 320, {items = {'A'}, style = 'tabs'})")
                == "test.lua:2: bad argument #5 to 'segmented' (option 'style': invalid option 'tabs' (expected one of: plain, bordered, bar))")
        #expect(error("cell.ui.button(c, 0, 0, 100, 30, {style = 'square'})")
                == "test.lua:2: bad argument #6 to 'button' (option 'style': invalid option 'square' (expected one of: rounded, bordered, done, plain, back))")
    }

    @Test func unknownKeysAndBadValuesNameTheField() {
        #expect(error("cell.ui.navigation_bar(c, 0, 0, 320, {titel = 'Mail'})")
                == "test.lua:2: bad argument #5 to 'navigation_bar' (unknown option 'titel' (expected title, prompt, back, left, right, tint, style, theme))")
        #expect(error("cell.ui.status_bar(c, 0, 0, 320, {signal = 6})")
                == "test.lua:2: bad argument #5 to 'status_bar' (option 'signal': signal must be 0 to 5, got 6)")
        #expect(error("cell.ui.status_bar(c, 0, 0, 320, {battery = 1.5})")
                == "test.lua:2: bad argument #5 to 'status_bar' (option 'battery': battery must be in 0..1, got 1.5)")
        #expect(error("cell.ui.toolbar(c, 0, 0, 320, {items = {{title = 'A'}, 'stretchy'}})")
                == "test.lua:2: bad argument #5 to 'toolbar' (option 'items': entry 2: invalid item 'stretchy' (expected a button table, \"flexible\" or \"fixed:N\" with N >= 0))")
        #expect(error("cell.ui.tab_bar(c, 0, 0, 320, {items = {{title = 'A', icon = 1}}})")
                == "test.lua:2: bad argument #5 to 'tab_bar' (option 'items': entry 1: unknown option 'icon' (expected title, image, badge))")
        #expect(error("cell.ui.tab_bar(c, 0, 0, 320, {items = {{image = 'star.png'}}})")
                == "test.lua:2: bad argument #5 to 'tab_bar' (option 'items': entry 1: option 'image': Image or Canvas expected, got string)")
        #expect(error("cell.ui.search_bar(c, 0, 0, 320, {scope = 0})")
                == "test.lua:2: bad argument #5 to 'search_bar' (option 'scope': scope must be at least 1, got 0)")
        #expect(error("cell.ui.search_bar(c, 0, 0, -1)")
                == "test.lua:2: bad argument #4 to 'search_bar' (width must not be negative, got -1.0)")
        #expect(error("cell.ui.toolbar(c, 0, 0, 320, {theme = 'light'})")
                == "test.lua:2: bad argument #5 to 'toolbar' (option 'theme': invalid option 'light' (expected one of: ios6, dark))")
        #expect(error("cell.ui.tab_bar(c, 0, 0, 320, {theme = {tab_bar_colours = {'#000', '#111'}}})")?
                    .hasPrefix("test.lua:2: bad argument #5 to 'tab_bar' (option 'theme': theme.tab_bar_colours: unknown field") == true)
        #expect(error("cell.ui.button(c, 0, 0, 100)")
                == "test.lua:2: bad argument #5 to 'button' (number expected, got no value)")
    }

    /// Each returns the height it drew; theme keys reach the drawing.
    @Test func goodCallsReturnTheirHeights() throws {
        let code = """
            local c = cell.canvas(320, 300, { scale = 1 })
            local icon = cell.canvas(30, 30, { scale = 2 })
            icon:fill_rect(5, 5, 20, 20)
            local h = {
              cell.ui.status_bar(c, 0, 0, 320, { style = "black", battery = 0.1, signal = 0, wifi = 0 }),
              cell.ui.navigation_bar(c, 0, 20, 320, { title = "Mail", back = "Accounts", right = { image = icon } }),
              cell.ui.navigation_bar(c, 0, 20, 320, { title = "Mail", prompt = "Hi", left = { title = "A", style = "plain" } }),
              cell.ui.search_bar(c, 0, 64, 320, { placeholder = "Search" }),
              cell.ui.search_bar(c, 0, 64, 320, { text = "ab", scopes = { "All", "Some" }, scope = 2 }),
              cell.ui.toolbar(c, 0, 200, 320, { items = { "fixed:10", { title = "A" }, "flexible", { image = icon, style = "plain" } } }),
              cell.ui.tab_bar(c, 0, 250, 320, { items = { { title = "A", image = icon, badge = 12 }, { title = "B" } }, selected = 2 }),
              cell.ui.segmented(c, 0, 0, 300, { items = { "A", icon }, style = "bar", selected = 0 }),
              cell.ui.button(c, 0, 0, 100, 37, { title = "OK", highlighted = true }),
            }
            cell.ui.navigation_bar(c, 0, 0, 320, { theme = { bar_colors = { "#FF0000", "#FF0000" } } })
            local r, g, b = c:pixel(160, 20)
            return table.concat(h, " "), r, g, b
            """
        #expect(try values(code) == ["20 44 74 44 88 44 49 30 37", "255", "0", "0"])
    }

    @Test func themesListTheChromeKeys() throws {
        #expect(try values("return cell.ui.themes.ios6.bar_colors[1], cell.ui.themes.dark.tab_bar_colors[2], cell.ui.themes.ios6.button_text")
                == ["#B0BCCD", "#000000", "#324F85"])
    }
}
