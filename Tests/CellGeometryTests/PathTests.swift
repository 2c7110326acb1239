import Foundation
import Testing
import CellGeometry

@Suite struct PathTests {
    @Test func rectRunsClockwiseFromTopLeft() {
        var p = Path()
        p.addRect(Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(p.elements == [.move(Point(1, 2)), .line(Point(4, 2)), .line(Point(4, 6)), .line(Point(1, 6)), .close])
        #expect(p.currentPoint == Point(1, 2))
    }

    @Test func lineWithoutCurrentPointStartsASubpath() {
        var p = Path()
        p.line(to: Point(5, 5))
        #expect(p.elements == [.move(Point(5, 5)), .line(Point(5, 5))])
    }

    @Test func drawingAfterCloseStartsAtTheSubpathStart() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.line(to: Point(10, 0))
        p.close()
        p.line(to: Point(0, 10))
        #expect(p.elements == [.move(Point(0, 0)), .line(Point(10, 0)), .close, .move(Point(0, 0)), .line(Point(0, 10))])
    }
}
