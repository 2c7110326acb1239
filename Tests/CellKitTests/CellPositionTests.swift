import CellGeometry
import CellKit
import CellRaster
import Testing

/// A cell's position in its section (UACellBackgroundViewPosition) follows
/// from the layout: alone → single; else first → top, last → bottom, the
/// rest → middle. Checked as a rule and in rendered tables, by the rounded
/// corners each position has.
@Suite struct CellPositionTests {
    @Test func rule() {
        #expect(CellPosition.of(row: 0, count: 1) == .single)
        #expect([0, 1].map { CellPosition.of(row: $0, count: 2) } == [.top, .bottom])
        #expect((0..<5).map { CellPosition.of(row: $0, count: 5) } == [.top, .middle, .middle, .middle, .bottom])
    }

    /// Sections of 1 to 4 rows at scale 1: a pixel 1 pt inside a row's
    /// top-left corner, and one inside its bottom-left corner, lie outside
    /// a 10 pt rounded corner, so they show the table's background exactly
    /// where the position rounds that corner, and the cell's gradient where
    /// it does not.
    @Test func renderedCornersFollowThePositions() throws {
        let background: [UInt8] = [0xC5, 0xCC, 0xD4, 255]
        let spec = TableSpecs.grouped([1, 2, 3, 4]) { $0.height = 700 }
        let table = try Table(spec, text: nil)
        let canvas = try Canvas(width: 320, height: 700, scale: 1)
        try table.render(in: canvas)
        func pixel(_ x: Double, _ y: Double) throws -> [UInt8] {
            let p = try canvas.pixel(x: Int(x), y: Int(y))
            return [p.r, p.g, p.b, p.a]
        }
        for (s, count) in [1, 2, 3, 4].enumerated() {
            for r in 0..<count {
                let f = try #require(table.rowRect(section: s, row: r))
                let position = CellPosition.of(row: r, count: count)
                let roundTop = position == .single || position == .top
                let roundBottom = position == .single || position == .bottom
                let topLeft = try pixel(f.x + 1, f.y + 1)
                let bottomLeft = try pixel(f.x + 1, f.maxY - 2)
                #expect((topLeft == background) == roundTop, "section \(s) row \(r) (\(position)) top: \(topLeft)")
                #expect((bottomLeft == background) == roundBottom, "section \(s) row \(r) (\(position)) bottom: \(bottomLeft)")
                if !roundTop { #expect(topLeft[0] > 230, "the gradient's light top") }
            }
        }
    }
}
