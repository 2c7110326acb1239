import Testing
import CellGeometry

/// `Stroker.polygons` stands in for the stroke's outline path mapped to the
/// device and flattened again (how `Canvas` strokes): the rasterizer must
/// get the same points, to the bit, or strokes would change their pixels.
@Suite struct StrokePolygonsTests {
    /// A rounded rectangle with a loose end, a cusp and a zero-length piece:
    /// curves (round joins inside them), miters, bevels, caps, retraces.
    static var path: Path {
        var p = Path()
        p.addRoundedRect(Rect(x: 10, y: 10, width: 300, height: 44), radius: 10)
        p.move(to: Point(20, 80))
        p.curve(control1: Point(60, 20), control2: Point(100, 140), to: Point(140, 80))
        p.line(to: Point(180, 80))
        p.line(to: Point(150, 80)) // back over itself
        p.line(to: Point(150, 80)) // nothing
        p.move(to: Point(200, 90))
        p.line(to: Point(200, 90)) // a dot
        return p
    }

    static let styles: [StrokeStyle] = [
        StrokeStyle(width: 2),
        StrokeStyle(width: 7, cap: .round, join: .round),
        StrokeStyle(width: 5, cap: .square, join: .bevel),
        StrokeStyle(width: 3, cap: .butt, join: .miter, miterLimit: 1.5),
        StrokeStyle(width: 2, cap: .round, dashes: [6, 3, 0.5, 3], dashPhase: 2),
    ]

    static let transforms: [AffineTransform?] = [
        nil,
        .scale(2, 2),
        AffineTransform.rotation(0.3).concatenating(.scale(1.7, 1.7)).concatenating(.translation(-0.3, 5.25)),
        AffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0.125, ty: 700), // y flipped, as glyphs
    ]

    @Test(arguments: styles)
    func sameAsTheOutlineMappedAndFlattened(style: StrokeStyle) throws {
        for transform in Self.transforms {
            for visible in [nil, CullBox(Rect(x: 0, y: 0, width: 120, height: 60))] {
                let outline = try Stroker.stroke(Self.path, style: style, tolerance: 0.05, visible: visible)
                let device = transform.map { outline.transformed(by: $0) } ?? outline
                let made = try Stroker.polygons(Self.path, style: style, tolerance: 0.05, visible: visible,
                                                transform: transform)
                let expected = device.flattened(tolerance: 0.05)
                // One Bool, not the arrays: a failing #expect on arrays this
                // size prints for minutes.
                let samePolygons = made.polygons == expected
                let sameBounds = made.bounds == device.controlPointBounds
                #expect(samePolygons, "style \(style), transform \(String(describing: transform))")
                #expect(sameBounds, "style \(style), transform \(String(describing: transform))")
                #expect(!made.polygons.isEmpty)
            }
        }
    }

    @Test func nothingToStrokeGivesNoPolygonsAndNoBounds() throws {
        let made = try Stroker.polygons(Path(), style: StrokeStyle(width: 2), tolerance: 0.05,
                                        transform: .scale(2, 2))
        #expect(made.polygons.isEmpty)
        #expect(made.bounds == nil)
    }

    @Test func tooComplexStillThrows() {
        var p = Path()
        p.move(to: Point(0, 0))
        for i in 1...200 { p.line(to: Point(Double(i), Double(i % 2))) }
        #expect(throws: StrokeError.self) {
            _ = try Stroker.polygons(p, style: StrokeStyle(width: 1), tolerance: 0.05, maxPoints: 50, transform: nil)
        }
    }
}
