import CellGeometry
import Foundation
import Testing
import CellRaster

/// Long drawing operations watch the canvas' deadline (`Cancellation`): with
/// one already past, a big shadowed fill, a blend-heavy gradient fill and a
/// layer composite each stop after about `checkInterval` pixels, so the
/// bottom of the canvas is left as it was; without one they paint it all.
@Suite struct CancellationTests {
    static let side = 1024.0 // 1M pixels: 16 times the check interval
    /// Not gray: hue and color_burn of gray can leave it unchanged.
    static let background = Color(r: 0.6, g: 0.4, b: 0.2)

    enum Operation: CaseIterable { case shadowedFill, blendedGradient, layer }

    func draw(_ operation: Operation, deadline: Double?) throws -> Canvas {
        let c = try Canvas(width: Self.side, height: Self.side, scale: 1)
        c.fillAll(Self.background)
        if let deadline {
            let cancellation = Cancellation()
            cancellation.deadline = deadline
            c.cancellation = cancellation
        }
        let all = Rect(x: 0, y: 0, width: Self.side, height: Self.side)
        switch operation {
        case .shadowedFill:
            c.setShadow(try Shadow(dx: 3, dy: 3, blur: 40, color: .black))
            c.setFillColor(Color(r: 1, g: 0, b: 0))
            c.fillRect(all)
        case .blendedGradient:
            let g = try Gradient(stops: [.init(location: 0, color: Color(r: 1, g: 0, b: 0)),
                                         .init(location: 1, color: Color(r: 0, g: 0, b: 1))])
            c.setBlendMode(.hue)
            c.setFill(.linear(LinearGradient(gradient: g, start: Point(0, 0), end: Point(Self.side, Self.side))))
            c.fillRect(all)
        case .layer:
            c.beginLayer(alpha: 1, blendMode: .colorBurn)
            // Cancellation is watched when the layer is composited, too:
            // drawn without a deadline, composited with one.
            let cancellation = c.cancellation
            c.cancellation = nil
            c.setFillColor(Color(r: 0.2, g: 0.9, b: 0.1))
            c.fillRect(all)
            c.cancellation = cancellation
            try c.endLayer()
        }
        return c
    }

    @Test(arguments: Operation.allCases)
    func aPassedDeadlineStopsTheOperationEarly(_ operation: Operation) throws {
        let blank = try Canvas(width: 1, height: 1, scale: 1)
        blank.fillAll(Self.background)
        let untouched = try blank.pixel(x: 0, y: 0)
        let bottom = Int(Self.side) - 1
        let done = try draw(operation, deadline: nil)
        #expect(try done.pixel(x: 500, y: bottom) != untouched)
        let stopped = try draw(operation, deadline: Cancellation.now() - 1)
        // At most one check interval (64K pixels, 64 rows) was painted.
        #expect(try stopped.pixel(x: 500, y: 100) == untouched)
        #expect(try stopped.pixel(x: 500, y: bottom) == untouched)
        // A deadline in the future changes nothing.
        let inTime = try draw(operation, deadline: Cancellation.now() + 3600)
        #expect(inTime.buffer.straightRGBA() == done.buffer.straightRGBA())
    }
}
