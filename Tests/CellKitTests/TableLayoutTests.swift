import CellGeometry
import CellKit
import Testing

/// Where a table puts its rows, from UIKit's grouped metrics of the iOS 4/5
/// era as TableSpec states them: 44 pt rows inset 10 pt, 20 pt above each
/// section and below the last, a 26 pt band for a section title, a footer
/// 6 pt below its rows and 19 pt a line; plain tables without insets or
/// spacing and with 22 pt section header bars. Rows and sections are
/// 0-based here (the Lua binding counts from 1).
@Suite struct TableLayoutTests {
    func table(_ spec: TableSpec) throws -> Table { try Table(spec, text: nil) }

    @Test func oneRow() throws {
        let t = try table(TableSpecs.grouped([1]))
        #expect(t.rowRect(section: 0, row: 0)?.tuple == [10, 20, 300, 44])
        #expect(t.layout.sections[0].groupFrame?.tuple == [10, 20, 300, 44])
        #expect(t.contentHeight == 20 + 44 + 20)
        #expect(t.rowRect(section: 0, row: 1) == nil)
        #expect(t.rowRect(section: 1, row: 0) == nil)
        #expect(t.rowRect(section: -1, row: 0) == nil)
    }

    /// The reference scene's sections: 4 of 5 rows, 20 pt apart, below a
    /// 44 pt header (its rows start at 124 pt when pulled down by 60).
    @Test func manySections() throws {
        var header = ViewSpec()
        header.height = 44
        let t = try table(TableSpecs.grouped([5, 5, 5, 5]) { $0.header = header })
        #expect(t.layout.headerFrame?.tuple == [0, 0, 320, 44])
        for s in 0..<4 {
            for r in 0..<5 {
                let y = 44 + 20 + Double(s) * (20 + 5 * 44) + Double(r) * 44
                #expect(t.rowRect(section: s, row: r)?.tuple == [10, y, 300, 44], "section \(s) row \(r)")
            }
            #expect(t.layout.sections[s].groupFrame?.height == 220)
        }
        #expect(t.contentHeight == 44 + 4 * (20 + 220) + 20)
        let pulled = try table(TableSpecs.grouped([5, 5, 5, 5]) {
            $0.header = header
            $0.contentOffset = -60
        })
        #expect(pulled.rowRect(section: 0, row: 0)?.y == 124)
    }

    @Test func titlesAndFooters() throws {
        var spec = TableSpec()
        spec.sections = [
            TableSpecs.section(title: "General", footer: "One line.", rows: [TableSpecs.row(), TableSpecs.row()]),
            TableSpecs.section(title: "More", rows: [TableSpecs.row()]),
            TableSpecs.section(footer: "Only a footer.", rows: []),
        ]
        let t = try table(spec)
        let s0 = t.layout.sections[0]
        #expect(s0.titleFrame?.tuple == [19, 20, 282, 21])
        #expect(t.rowRect(section: 0, row: 0)?.tuple == [10, 46, 300, 44])
        #expect(t.rowRect(section: 0, row: 1)?.tuple == [10, 90, 300, 44])
        #expect(s0.footerFrame?.tuple == [19, 140, 282, 19])
        // Next section: 20 below the footer, then its title band.
        #expect(t.layout.sections[1].titleFrame?.y == 179)
        #expect(t.rowRect(section: 1, row: 0)?.y == 205)
        // A section without rows has no group, only its footer.
        let s2 = t.layout.sections[2]
        #expect(s2.groupFrame == nil)
        #expect(s2.footerFrame?.y == 275.0, "249 + 20 + 6")
        #expect(t.contentHeight == 314, "249 + 20 + 6 + 19 + 20")
    }

    /// Footers as tall as their wrapped lines, as the text measurer says.
    @Test func footerLines() {
        var spec = TableSpec()
        spec.sections = [TableSpecs.section(footer: "long", rows: [TableSpecs.row()])]
        let layout = TableLayout(spec) { _, width in
            #expect(width == 282)
            return 3
        }
        #expect(layout.sections[0].footerFrame?.height == 57)
        #expect(layout.contentHeight == 20 + 44 + 6 + 57 + 20)
    }

    @Test func zeroHeightRowTakesNoSpace() throws {
        var spec = TableSpec()
        spec.sections = [TableSpecs.section(rows: [TableSpecs.row(), TableSpecs.row(height: 0), TableSpecs.row(height: 30)])]
        let t = try table(spec)
        #expect(t.rowRect(section: 0, row: 1)?.tuple == [10, 64, 300, 0])
        #expect(t.rowRect(section: 0, row: 2)?.tuple == [10, 64, 300, 30])
        #expect(t.layout.sections[0].groupFrame?.height == 74)
    }

    /// The content offset moves everything up (positive) or down (pulled
    /// past the top, negative); the frame's origin moves it on the canvas.
    @Test(arguments: [0.0, -60, -5000, 37.5, 100_000])
    func contentOffsetShiftsRows(offset: Double) throws {
        let t = try table(TableSpecs.grouped([3, 2]) {
            $0.contentOffset = offset
            $0.x = 7
            $0.y = 11
        })
        #expect(t.rowRect(section: 0, row: 0)?.tuple == [17, 11 + 20 - offset, 300, 44])
        #expect(t.rowRect(section: 1, row: 1)?.tuple == [17, 11 + 20 + 132 + 20 + 44 - offset, 300, 44])
        #expect(t.contentHeight == 20 + 132 + 20 + 88 + 20, "the offset does not change the content")
    }

    @Test func plainStyle() throws {
        var spec = TableSpec()
        spec.style = .plain
        spec.sections = [
            TableSpecs.section(title: "A", rows: [TableSpecs.row(), TableSpecs.row()]),
            TableSpecs.section(rows: [TableSpecs.row()]),
        ]
        let t = try table(spec)
        #expect(t.layout.sections[0].titleFrame?.tuple == [0, 0, 320, 22])
        #expect(t.rowRect(section: 0, row: 0)?.tuple == [0, 22, 320, 44])
        #expect(t.rowRect(section: 0, row: 1)?.tuple == [0, 66, 320, 44])
        #expect(t.rowRect(section: 1, row: 0)?.tuple == [0, 110, 320, 44])
        #expect(t.contentHeight == 154)
    }

    @Test func customMetrics() throws {
        let t = try table(TableSpecs.grouped([2, 1]) {
            $0.width = 200
            $0.rowHeight = 30
            $0.inset = 0
            $0.sectionSpacing = 5
        })
        #expect(t.rowRect(section: 0, row: 1)?.tuple == [0, 35, 200, 30])
        #expect(t.rowRect(section: 1, row: 0)?.tuple == [0, 70, 200, 30])
        #expect(t.contentHeight == 105)
    }

    /// Wider insets than the table: rows are empty, not negative.
    @Test func insetWiderThanTheTable() throws {
        let t = try table(TableSpecs.grouped([1]) {
            $0.width = 15
            $0.inset = 10
        })
        #expect(t.rowRect(section: 0, row: 0)?.width == 0)
    }

    @Test func noSections() throws {
        let t = try table(TableSpec())
        #expect(t.contentHeight == 0)
        #expect(t.layout.sections.isEmpty)
        #expect(t.rowRect(section: 0, row: 0) == nil)
    }
}
