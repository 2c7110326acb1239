@testable import CellLua
import Testing

/// `SpecSite`: the line of a spec field inside a table constructor that
/// spans several lines, found by walking the constructor as Lua reads it.
@Suite struct SpecSiteTests {
    let source = """
        local c = cell.canvas(320, 200) -- { not this one
        local t = cell.ui.table {
          style = "grouped", title = "a } brace", ["x"] = 1,
          --[[ a { long comment
          ]] sections = {
            { title = [==[ { ]==], rows = {
                { text = "One", draw = function(c) local q = { 1, 2 } end },
                { text = "Two",
                  acessory = "checkmark" },
            } },
            { rows = { { text = 3 }; { text = "Five" } } },
          },
          height = 300,
        }
        """

    func line(_ path: String, from: Int = 2) -> Int? {
        SpecSite.line(of: SpecSite.steps(path)!, from: from, in: source)
    }

    @Test func pathsParse() {
        #expect(SpecSite.steps("sections[2].rows[1].text") == [.name("sections"), .index(2), .name("rows"), .index(1), .name("text")])
        #expect(SpecSite.steps("theme.tint") == [.name("theme"), .name("tint")])
        #expect(SpecSite.steps("spec") == [.name("spec")])
        #expect(SpecSite.steps("not a path") == nil)
        #expect(SpecSite.steps("rows[x]") == nil)
        #expect(SpecSite.steps("") == nil)
    }

    @Test func fieldsAreFoundOnTheirOwnLines() {
        #expect(line("sections[1].rows[2].acessory") == 9)
        #expect(line("sections[1].rows[2]") == 8, "a positional item: the line it starts on")
        #expect(line("sections[1].rows[1].draw") == 7, "past a function whose body has a constructor")
        #expect(line("sections[2].rows[1].text") == 11)
        #expect(line("sections[2].rows[2].text") == 11, "items separated by ;")
        #expect(line("height") == 13, "after strings, long strings and comments holding braces")
        #expect(line("x") == 3, "a [\"key\"] =")
        #expect(line("sections") == 5, "a key after a long comment")
    }

    @Test func whatIsNotWrittenThereFallsBack() {
        #expect(line("sections[1].rows[7].text") == 6, "the deepest step written: rows of section 1")
        #expect(line("theme.tint") == nil, "not written at all")
        #expect(line("height", from: 14) == nil, "no constructor after the line")
    }
}
