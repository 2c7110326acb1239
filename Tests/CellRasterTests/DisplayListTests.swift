import CellGeometry
import CellTestSupport
@testable import CellRaster
import Testing

/// The display list is the one record of a drawing: every public drawing
/// call lists one operation, the list keeps them in order across its
/// chunks, a snapshot keeps what it saw, and drawing the list again
/// (`Replay`) gives the canvas' own pixels.
@Suite struct DisplayListTests {
    /// The x of each listed rectangle, in order.
    static func rectXs(_ list: DisplayList) -> [Double] {
        list.operations.compactMap { op -> Double? in
            guard case .fillRect(let rect, _, _) = op else { return nil }
            return rect.x
        }
    }

    @Test func operationsComeBackInOrderAcrossChunks() throws {
        let canvas = try Canvas(width: 4000, height: 2, scale: 1, parallelism: 1)
        // 1 to 3000 fills: within the first chunk, at its edges, and across
        // many of the largest.
        let counts = [1, DisplayList.firstChunk - 1, DisplayList.firstChunk, DisplayList.firstChunk + 1,
                      DisplayList.largestChunk * 3 + 5, 3000]
        var drawn = 0
        for count in counts {
            while drawn < count {
                canvas.fillRect(Rect(x: Double(drawn), y: 0, width: 1, height: 1))
                drawn += 1
            }
            #expect(Self.rectXs(canvas.displayList) == (0..<count).map(Double.init), "after \(count) fills")
        }
    }

    @Test func aSnapshotKeepsWhatItSawWhileDrawingGoesOn() throws {
        let canvas = try Canvas(width: 1000, height: 2, scale: 1, parallelism: 1)
        for x in 0..<300 { canvas.fillRect(Rect(x: Double(x), y: 0, width: 1, height: 1)) }
        let snapshot = canvas.snapshot()
        for x in 300..<700 { canvas.fillRect(Rect(x: Double(x), y: 0, width: 1, height: 1)) }
        #expect(Self.rectXs(snapshot.list) == (0..<300).map(Double.init))
        #expect(Self.rectXs(canvas.displayList) == (0..<700).map(Double.init))
    }

    /// Each public drawing call lists exactly one operation (a fill and a
    /// stroke, two; a layer, one when it ends), of the kind it is.
    @Test func everyDrawingCallListsOneOperation() throws {
        let canvas = try Canvas(width: 60, height: 40, scale: 2)
        let other = try canvas.makeLayer(width: 10, height: 10)
        other.fillRect(Rect(x: 0, y: 0, width: 5, height: 5))
        let image = PixelBuffer(width: 3, height: 3)
        let gradient = try Gradient(stops: [.init(location: 0, color: .white), .init(location: 1, color: .black)])
        var shape = Path()
        shape.addRoundedRect(Rect(x: 2, y: 2, width: 20, height: 10), radius: 4)
        let calls: [(String, Int, () throws -> Void)] = [
            ("fill", 1, { canvas.fill(shape) }),
            ("stroke", 1, { try canvas.stroke(shape) }),
            ("fillStroke", 2, { try canvas.fillStroke(shape) }),
            ("fillRect", 1, { canvas.fillRect(Rect(x: 1, y: 1, width: 3, height: 3)) }),
            ("strokeRect", 1, { try canvas.strokeRect(Rect(x: 1, y: 1, width: 3, height: 3)) }),
            ("clearRect", 1, { canvas.clearRect(Rect(x: 1, y: 1, width: 3, height: 3)) }),
            ("fillAll", 1, { canvas.fillAll(.white) }),
            ("linear gradient", 1, { canvas.drawLinearGradient(gradient, from: Point(0, 0), to: Point(0, 40)) }),
            ("radial gradient", 1, {
                canvas.drawRadialGradient(gradient, start: Point(5, 5), startRadius: 0, end: Point(5, 5), endRadius: 9)
            }),
            ("image", 1, { canvas.drawImage(image, in: Rect(x: 0, y: 0, width: 3, height: 3)) }),
            ("canvas", 1, { canvas.draw(other, in: Rect(x: 3.25, y: 1, width: 10, height: 10)) }),
            ("glyphs", 1, { canvas.fillGlyphs([PlacedGlyph(shape: GlyphShape(outline: shape, bounds: shape.controlPointBounds ?? Rect(x: 0, y: 0, width: 0, height: 0)), transform: .identity)]) }),
            ("layer", 1, {
                canvas.beginLayer(alpha: 0.5)
                canvas.fill(shape)
                try canvas.stroke(shape)
                try canvas.endLayer()
            }),
            ("group", 2, {
                canvas.beginGroup(name: "g")
                try canvas.endGroup()
            }),
            ("clip and state", 0, {
                canvas.save()
                canvas.clip(shape)
                canvas.setFillColor(.black)
                canvas.translate(1, 1)
                try canvas.restore()
            }),
        ]
        for (name, added, call) in calls {
            let before = canvas.displayList.count
            try call()
            #expect(canvas.displayList.count - before == added, "\(name)")
        }
    }

    /// A drawing of every kind of operation, drawn again from its list onto
    /// a fresh canvas, gives the same pixels: what is listed is what was drawn.
    @Test(arguments: [1, 2])
    func theListDrawnAgainIsTheDrawing(threads: Int) throws {
        func draw(_ c: Canvas) throws {
            var shape = Path()
            shape.addRoundedRect(Rect(x: 4.3, y: 3.1, width: 50, height: 30), radius: 7)
            c.setFillColor(Color(r: 0.2, g: 0.4, b: 0.9, a: 0.8))
            c.fill(shape)
            c.save()
            c.clip(shape)
            let g = try Gradient(stops: [.init(location: 0, color: .white), .init(location: 1, color: Color(hex: "#DDDDDD")!)])
            c.drawLinearGradient(g, from: Point(0, 3), to: Point(0, 33))
            try c.restore()
            c.setStrokeColor(Color(r: 0, g: 0, b: 0, a: 0.5))
            var style = StrokeStyle()
            style.width = 1.5
            style.dashes = [3, 2]
            c.setStrokeStyle(style)
            try c.stroke(shape)
            c.beginLayer(alpha: 0.7, blendMode: .multiply)
            c.setFillColor(Color(r: 1, g: 0, b: 0, a: 1))
            c.fillRect(Rect(x: 20, y: 10, width: 30, height: 20))
            c.setBlendMode(.clear)
            c.fillRect(Rect(x: 25, y: 15, width: 5, height: 5))
            try c.endLayer()
            c.setShadow(try Shadow(dx: 2, dy: 2, blur: 3, color: Color(white: 0, alpha: 0.5)))
            c.setFillColor(Color(r: 0, g: 1, b: 0, a: 1))
            c.fillRect(Rect(x: 60, y: 5, width: 10, height: 10))
            c.setShadow(nil)
            c.clearRect(Rect(x: 62, y: 7, width: 3, height: 3))
        }
        let original = try Canvas(width: 80, height: 40, scale: 2, background: Color(hex: "#C5CCD4")!,
                                  parallelism: threads)
        try draw(original)
        let again = try Canvas(width: 80, height: 40, scale: 2, parallelism: threads)
        Replay(canvas: again, placement: .identity).draw(original.displayList)
        #expect(again.displayList.count == 0, "drawing a list again lists nothing")
        let d = try #require(ImageComparison.compare(original.buffer, again.buffer))
        #expect(d.maxChannel == 0, "\(d)")
    }

    /// A canvas placed off the pixel grid is its operations drawn again at
    /// the place (sharp), not its pixels resampled: the same pixels as
    /// drawing them there in a layer, within a level of rounding.
    @Test(arguments: [1.0, 2.0, 3.0])
    func aCanvasPlacedOffTheGridIsItsDrawingThere(scale: Double) throws {
        var shape = Path()
        shape.addRoundedRect(Rect(x: 1, y: 1, width: 30, height: 16), radius: 5)
        func content(_ c: Canvas) throws {
            c.setFillColor(Color(r: 0.9, g: 0.3, b: 0.1, a: 0.9))
            c.fill(shape)
            c.setStrokeColor(.black)
            try c.stroke(shape)
        }
        for offset in [Point(0.3, 0.45), Point(10.5, 3.25)] {
            let placed = try Canvas(width: 50, height: 30, scale: scale, background: .white)
            let layer = try placed.makeLayer(width: 32, height: 18)
            try content(layer)
            placed.draw(layer, in: Rect(x: offset.x, y: offset.y, width: 32, height: 18))
            let inPlace = try Canvas(width: 50, height: 30, scale: scale, background: .white)
            inPlace.clipRect(Rect(x: offset.x, y: offset.y, width: 32, height: 18))
            inPlace.beginLayer()
            inPlace.translate(offset.x, offset.y)
            try content(inPlace)
            try inPlace.endLayer()
            let d = try #require(ImageComparison.compare(placed.buffer, inPlace.buffer, tolerance: 1))
            #expect(d.pixelsOver == 0, "offset \(offset) at \(scale): \(d)")
        }
    }

    /// Named groups come back with their tag and the transform they were
    /// begun under, also from inside layers and canvases drawn.
    @Test func groupsAreFoundWhereverTheyWereDrawn() throws {
        final class Tag {}
        let outer = Tag(), inner = Tag()
        let canvas = try Canvas(width: 100, height: 100, scale: 2)
        canvas.translate(5, 6)
        canvas.beginGroup(name: "outer", tag: outer)
        canvas.beginLayer()
        canvas.fillRect(Rect(x: 0, y: 0, width: 3, height: 3))
        try canvas.endLayer()
        try canvas.endGroup()
        let layer = try canvas.makeLayer(width: 20, height: 20)
        layer.translate(1, 2)
        layer.beginGroup(name: "inner", tag: inner)
        layer.fillRect(Rect(x: 0, y: 0, width: 3, height: 3))
        try layer.endGroup()
        canvas.draw(layer, in: Rect(x: 30, y: 40, width: 20, height: 20))
        let groups = canvas.groups
        #expect(groups.map(\.mark.name) == ["outer", "inner"])
        #expect(groups[0].mark.tag === outer && groups[1].mark.tag === inner)
        // Points of each group's user space to this canvas' pixels.
        #expect(groups[0].transform.apply(Point(0, 0)) == Point(10, 12))
        #expect(groups[1].transform.apply(Point(0, 0)) == Point(2 * (5 + 30 + 1), 2 * (6 + 40 + 2)))
        // Groups end where they began.
        canvas.beginLayer()
        #expect(throws: CanvasError.self) { try canvas.endGroup() }
        canvas.beginGroup(name: "open")
        #expect(throws: CanvasError.self) { try canvas.endLayer() }
        try canvas.endLayer(unwinding: true)
    }
}
