import CellGeometry
import CellKit
import CellRaster
import Testing

/// The kit's cache of views drawn once (`ViewLayers`): a view of an equal
/// look, size and scale is drawn once and placed again; anything else that
/// differs draws anew; frames off the pixel grid place the same layer (the
/// engine draws its operations there), and the placements are listed as one
/// definition used at each place.
@Suite struct ViewLayersTests {
    static func drawView(_ c: Canvas, _ w: Double, _ h: Double) {
        c.setFillColor(Color(r: 0.2, g: 0.4, b: 0.6))
        c.fillRect(Rect(x: 1, y: 1, width: w - 2, height: h - 2))
    }

    @Test func looksSizesAndScalesTellViewsApart() throws {
        var calls = 0
        let layers = ViewLayers()
        let c = try Canvas(width: 200, height: 150, scale: 2)
        let draws: [(String, Rect)] = [("a", Rect(x: 0, y: 0, width: 50, height: 20)), ("b", Rect(x: 0, y: 30, width: 50, height: 20)),
                                       ("a", Rect(x: 0, y: 60, width: 50, height: 21)), ("a", Rect(x: 60, y: 0, width: 50, height: 20)),
                                       ("a", Rect(x: 60, y: 100, width: 50, height: 20))]
        for (look, frame) in draws {
            try layers.draw(at: frame, look: look, in: c) { v, w, h in
                calls += 1
                Self.drawView(v, w, h)
            }
        }
        #expect(calls == 3)
        #expect(layers.count == 3)
        // At another scale (a second canvas), the same look is drawn again.
        let other = try Canvas(width: 200, height: 150, scale: 3)
        try layers.draw(at: Rect(x: 0, y: 0, width: 50, height: 20), look: "a", in: other) { v, w, h in
            calls += 1
            Self.drawView(v, w, h)
        }
        #expect(calls == 4)
    }

    /// Off the pixel grid, or under a rotation, the same layer is placed:
    /// drawn once, listed as one snapshot used at each place.
    @Test func framesOffThePixelGridUseTheSameLayer() throws {
        let c = try Canvas(width: 100, height: 100, scale: 1)
        let layers = ViewLayers()
        var calls = 0
        try layers.draw(at: Rect(x: 10.25, y: 10, width: 20, height: 20), look: 0, in: c) { v, w, h in
            calls += 1
            Self.drawView(v, w, h)
        }
        try layers.draw(at: Rect(x: 40, y: 10, width: 20, height: 20), look: 0, in: c) { _, _, _ in calls += 1 }
        c.rotate(0.3)
        try layers.draw(at: Rect(x: 10, y: 10, width: 20, height: 20), look: 0, in: c) { _, _, _ in calls += 1 }
        #expect(calls == 1)
        #expect(layers.count == 1)
        var snapshots: [ObjectIdentifier] = []
        c.displayList.forEach { op in
            if case .canvas(let snapshot, _, _, _) = op { snapshots.append(ObjectIdentifier(snapshot)) }
        }
        #expect(snapshots.count == 3 && Set(snapshots).count == 1, "\(snapshots)")
        // Where it lands: drawn, not left out.
        #expect(try c.pixel(x: 25, y: 20).a == 255)
    }
}
