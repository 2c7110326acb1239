import CellGeometry
import CellKit
import Testing

/// Which row a point on the canvas hits (0-based section and row): rows
/// only, not the gaps between sections, the insets, titles, footers or
/// header, nothing outside the table's frame, and the corner overlay in the
/// way changes nothing (the seed's overlay hands touches to the view below).
@Suite struct TableHitTestTests {
    func hit(_ t: Table, _ x: Double, _ y: Double) -> [Int]? {
        t.hitTest(x: x, y: y).map { [$0.section, $0.row] }
    }

    @Test func rows() throws {
        let t = try Table(TableSpecs.grouped([3, 2]), text: nil)
        #expect(hit(t, 160, 42) == [0, 0])
        #expect(hit(t, 160, 20) == [0, 0], "a row's top edge is in it")
        #expect(hit(t, 160, 64) == [0, 1], "its bottom edge is the next row's")
        #expect(hit(t, 10, 100) == [0, 1], "the inset's edge is in the row")
        #expect(hit(t, 309.99, 100) == [0, 1])
        #expect(hit(t, 160, 151.99) == [0, 2])
        #expect(hit(t, 160, 172) == [1, 0])
        #expect(hit(t, 160, 259.99) == [1, 1])
        for s in 0..<2 {
            for r in 0..<(s == 0 ? 3 : 2) {
                let f = try #require(t.rowRect(section: s, row: r))
                #expect(hit(t, f.midX, f.midY) == [s, r])
            }
        }
    }

    @Test func gapsInsetsAndEnds() throws {
        let t = try Table(TableSpecs.grouped([3, 2]), text: nil)
        #expect(hit(t, 160, 10) == nil, "section spacing above the first section")
        #expect(hit(t, 160, 152) == nil, "between sections")
        #expect(hit(t, 160, 171.99) == nil)
        #expect(hit(t, 160, 260) == nil, "below the last section")
        #expect(hit(t, 9.99, 42) == nil, "left inset")
        #expect(hit(t, 310, 42) == nil, "right inset")
    }

    @Test func titlesFootersAndHeaderAreNotRows() throws {
        var spec = TableSpec()
        var header = ViewSpec()
        header.height = 50
        spec.header = header
        spec.sections = [TableSpecs.section(title: "T", footer: "F", rows: [TableSpecs.row()])]
        let t = try Table(spec, text: nil)
        #expect(hit(t, 160, 25) == nil, "header")
        #expect(hit(t, 160, 80) == nil, "title band (70..96)")
        #expect(hit(t, 160, 100) == [0, 0])
        #expect(hit(t, 160, 150) == nil, "footer (146..165)")
    }

    @Test func outsideTheFrame() throws {
        // Ten sections run far below a 200 pt frame at (30, 40).
        let t = try Table(TableSpecs.grouped(Array(repeating: 2, count: 10)) {
            $0.x = 30
            $0.y = 40
            $0.height = 200
        }, text: nil)
        #expect(hit(t, 30 + 160, 40 + 42) == [0, 0])
        #expect(hit(t, 160, 42) == nil, "above the frame")
        #expect(hit(t, 29.99, 40 + 42) == nil, "left of the frame")
        #expect(hit(t, 30 + 320, 40 + 42) == nil, "right of the frame")
        // Section 1's second row spans 212..256 on the canvas; the frame
        // ends at 240, and below it nothing is hit.
        #expect(t.rowRect(section: 1, row: 1)?.tuple == [40, 212, 300, 44])
        #expect(hit(t, 190, 239.99) == [1, 1])
        #expect(hit(t, 190, 240) == nil)
        #expect(hit(t, 190, 250) == nil)
        #expect(hit(t, .nan, 50) == nil)
        #expect(hit(t, .infinity, 50) == nil)
    }

    @Test(arguments: [-60.0, 0, 250, 1e6])
    func contentOffsets(offset: Double) throws {
        let t = try Table(TableSpecs.grouped(Array(repeating: 5, count: 4)) { $0.contentOffset = offset }, text: nil)
        for s in 0..<4 {
            for r in 0..<5 {
                let f = try #require(t.rowRect(section: s, row: r))
                let visible = f.midY >= 0 && f.midY < 480
                #expect(hit(t, f.midX, f.midY) == (visible ? [s, r] : nil), "offset \(offset): \(s), \(r)")
            }
        }
        if offset < 0 {
            #expect(hit(t, 160, -offset / 2) == nil, "the top stretcher is not a row")
        }
    }

    @Test func zeroHeightRowIsNeverHit() throws {
        var spec = TableSpec()
        spec.sections = [TableSpecs.section(rows: [TableSpecs.row(), TableSpecs.row(height: 0), TableSpecs.row()])]
        let t = try Table(spec, text: nil)
        #expect(hit(t, 160, 63.99) == [0, 0])
        #expect(hit(t, 160, 64) == [0, 2])
    }

    /// The overlay paints the frame's corners over the first row of a plain
    /// table; a touch there still reaches the row.
    @Test func throughTheCornerOverlay() throws {
        var spec = TableSpec()
        spec.style = .plain
        spec.x = 5
        spec.y = 5
        spec.cornerOverlay = RoundedOverlay(radius: 10, color: .black)
        spec.sections = [TableSpecs.section(rows: [TableSpecs.row(), TableSpecs.row()])]
        let t = try Table(spec, text: nil)
        #expect(hit(t, 5.5, 5.5) == [0, 0])
        #expect(hit(t, 5 + 319.5, 5.5) == [0, 0])
        var without = spec
        without.cornerOverlay = nil
        let u = try Table(without, text: nil)
        for (x, y) in [(5.5, 5.5), (324.5, 5.5), (100.0, 60.0)] {
            #expect(hit(t, x, y) == hit(u, x, y))
        }
    }
}
