import CellGeometry
@testable import CellRaster
import CellTestSupport
import Testing

/// `Canvas.drawDisjoint`: pieces in whole pixels of their own drawn on
/// several threads give the pixels drawing them in order gives, bit for bit;
/// anything else runs in order; the first failing piece's error comes back.
@Suite struct DrawDisjointTests {
    struct Failure: Error, Equatable { let piece: Int }

    /// A piece's drawing: a gradient, a clipped translucent ellipse, a
    /// stroke poking out of the piece (the piece's clip cuts it), a layer
    /// with a `clear` knockout. Everything a cell or a bevel edge does.
    static func draw(_ i: Int, _ rect: Rect, on canvas: Canvas) throws {
        let g = try Gradient(stops: [.init(location: 0, color: Color(white: 1)),
                                     .init(location: 1, color: Color(r: 0.2, g: 0.4, b: 0.9, a: 0.8))])
        canvas.drawLinearGradient(g, from: Point(rect.x, rect.y), to: Point(rect.x, rect.maxY))
        canvas.setFillColor(Color(r: Double(i % 3) / 2, g: 0.3, b: 0.6, a: 0.55))
        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: rect.x - 3.3, y: rect.y + rect.height * 0.2,
                                    width: rect.width + 6.6, height: rect.height * 0.6))
        canvas.fill(ellipse)
        canvas.setStrokeColor(Color(white: 0.1, alpha: 0.7))
        var style = StrokeStyle()
        style.width = 2.5
        canvas.setStrokeStyle(style)
        var outline = Path()
        outline.addRoundedRect(Rect(x: rect.x + 0.7, y: rect.y + 0.7, width: rect.width - 1.4, height: rect.height - 1.4),
                               radius: 6)
        try canvas.stroke(outline)
        canvas.beginLayer(alpha: 0.9)
        canvas.setFillColor(.white)
        canvas.fillRect(Rect(x: rect.maxX - 30.25, y: rect.y + 4.5, width: 24, height: 12))
        canvas.setBlendMode(.clear)
        var dot = Path()
        dot.addEllipse(in: Rect(x: rect.maxX - 24.5, y: rect.y + 6.25, width: 8.5, height: 8.5))
        canvas.fill(dot)
        try canvas.endLayer()
    }

    /// Rows of a table, and a bevel's interior with its four strips.
    static let layouts: [[Rect]] = [
        (0..<7).map { Rect(x: 10, y: 5 + Double($0) * 22, width: 140, height: 22) },
        [Rect(x: 20, y: 20, width: 100, height: 60),
         Rect(x: 5, y: 5, width: 130, height: 15), Rect(x: 5, y: 80, width: 130, height: 15),
         Rect(x: 5, y: 20, width: 15, height: 60), Rect(x: 120, y: 20, width: 15, height: 60)],
    ]

    func render(_ rects: [Rect], scale: Double, threads: Int, clipped: Bool) throws -> (Canvas, [Bool]) {
        let canvas = try Canvas(width: 160, height: 170, scale: scale, background: Color(hex: "#C5CCD4"))
        canvas.parallelism = threads
        if clipped {
            // A clip mask over everything: each piece's clip is cut from it.
            var round = Path()
            round.addRoundedRect(Rect(x: 3.5, y: 2.25, width: 150, height: 160), radius: 17)
            canvas.clip(round)
        }
        let onChildren = Lock()
        var onChild = [Bool](repeating: false, count: rects.count)
        try canvas.drawDisjoint(rects) { i, piece in
            onChildren.lock()
            onChild[i] = piece !== canvas
            onChildren.unlock()
            try Self.draw(i, rects[i], on: piece)
        }
        return (canvas, onChild)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func piecesOnThreadsEqualPiecesInOrder(scale: Double) throws {
        for (n, rects) in Self.layouts.enumerated() {
            for clipped in [false, true] {
                let (inOrder, _) = try render(rects, scale: scale, threads: 1, clipped: clipped)
                let (together, onChild) = try render(rects, scale: scale, threads: 4, clipped: clipped)
                // Proof that the parallel path ran: every piece had a canvas of its own.
                #expect(onChild.allSatisfy { $0 }, "layout \(n): pieces drawn on the parent canvas")
                let d = try #require(ImageComparison.compare(together.buffer, inOrder.buffer))
                #expect(d.pixelsOver == 0, "layout \(n), scale \(scale), clipped \(clipped): \(d)")
                if d.pixelsOver > 0 {
                    ImageComparison.write(together.buffer, name: "drawDisjoint-\(n)-\(scale)", suffix: "actual",
                                          directory: ".build/test-failures")
                    ImageComparison.write(ImageComparison.diffImage(together.buffer, inOrder.buffer),
                                          name: "drawDisjoint-\(n)-\(scale)", suffix: "diff", directory: ".build/test-failures")
                }
            }
        }
    }

    /// Pieces that share pixels, or are not on whole pixels, or a rotated
    /// canvas: they run in order on the canvas itself.
    @Test func piecesThatMightShareAPixelRunInOrder() throws {
        let canvas = try Canvas(width: 100, height: 100, scale: 2)
        canvas.parallelism = 4
        #expect(canvas.coverDisjointPixels(Self.layouts[0]))
        #expect(canvas.coverDisjointPixels(Self.layouts[1]))
        #expect(canvas.coverDisjointPixels([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10)]))
        #expect(!canvas.coverDisjointPixels([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 9.5, y: 9.5, width: 10, height: 10)]))
        #expect(!canvas.coverDisjointPixels([Rect(x: 0, y: 0, width: 10.25, height: 10), Rect(x: 20, y: 0, width: 10, height: 10)]))
        // Row-like rects that overlap by one pixel row.
        #expect(!canvas.coverDisjointPixels([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 9.5, width: 10, height: 10)]))
        var onParent = 0
        try canvas.drawDisjoint([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 10, height: 10)]) { _, piece in
            if piece === canvas { onParent += 1 }
        }
        #expect(onParent == 2)
        canvas.rotate(0.3)
        #expect(!canvas.coverDisjointPixels([Rect(x: 0, y: 0, width: 10, height: 10)]))
        #expect(canvas.saveDepth == 0)
    }

    /// The first failing piece (in piece order) is what `drawDisjoint`
    /// throws, in order and on threads; the canvas' state is as before.
    @Test(arguments: [1, 4])
    func theFirstFailingPieceIsReported(threads: Int) throws {
        let canvas = try Canvas(width: 160, height: 170, scale: 2)
        canvas.parallelism = threads
        let before = canvas.state.ctm
        #expect(throws: Failure(piece: 2)) {
            try canvas.drawDisjoint(Self.layouts[0]) { i, _ in
                if i == 2 || i == 5 { throw Failure(piece: i) }
            }
        }
        #expect(canvas.saveDepth == 0)
        #expect(canvas.state.ctm == before)
    }
}
