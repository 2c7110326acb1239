import CellGeometry
import CellTestSupport
import Testing
@testable import CellRaster

/// Coverage is summed along a row from the surface's left edge, not from
/// the clip's (Rasterizer's `sumFrom`, Canvas.sumFrom): a drawing split into
/// clipped pieces side by side gives exactly the pixels it gives whole: a
/// clip never changes the pixels it lets through.
@Suite struct ClippedPiecesTests {
    /// Random closed polygons with curvy, steep and shallow edges over a
    /// 64 x 40 pixel box.
    func randomPolygons(_ random: inout SeededRandom) -> [Polyline] {
        (0..<3).map { _ in
            let n = 3 + Int(random.next() * 9)
            return Polyline(points: (0..<n).map { _ in Point(random.next(-4, 68), random.next(-4, 44)) }, closed: true)
        }
    }

    /// Coverage rows of `polygons` within `bounds`, as a 64 x 40 grid.
    func coverage(_ polygons: [Polyline], rule: FillRule, bounds: IntRect, sumFrom: Int?) -> [UInt8] {
        var grid = [UInt8](repeating: 0, count: 64 * 40)
        Rasterizer().fillSpanRows(polygons, rule: rule, bounds: bounds, sumFrom: sumFrom) { row in
            var previousEnd = Int.min
            for s in row {
                // One row, left to right, inside the bounds.
                #expect(s.y == row[0].y && s.x >= previousEnd && s.x >= bounds.x0 && s.x + s.count <= bounds.x1)
                previousEnd = s.x + s.count
                for n in 0..<s.count { grid[s.y * 64 + s.x + n] = s.coverage?[n] ?? s.constant }
            }
        }
        return grid
    }

    /// 3,000 random shapes, each cut at a random column: summed from the
    /// left, the two pieces are the whole exactly. Projected instead (no
    /// `sumFrom`), a few pixels differ by one level: the same cases show
    /// that, so they are fine enough to catch a lost `sumFrom`.
    @Test func piecesSummedFromTheLeftMatchTheWhole() {
        var random = SeededRandom(77)
        let whole = IntRect(x0: 0, y0: 0, x1: 64, y1: 40)
        var projectedDifferences = 0
        for i in 0..<3000 {
            let rule: FillRule = i % 2 == 0 ? .nonzero : .evenodd
            let polygons = randomPolygons(&random)
            let expected = coverage(polygons, rule: rule, bounds: whole, sumFrom: nil)
            let cut = 1 + Int(random.next() * 62)
            let left = coverage(polygons, rule: rule, bounds: IntRect(x0: 0, y0: 0, x1: cut, y1: 40), sumFrom: 0)
            let right = coverage(polygons, rule: rule, bounds: IntRect(x0: cut, y0: 0, x1: 64, y1: 40), sumFrom: 0)
            let differing = (0..<(64 * 40)).filter { ($0 % 64 < cut ? left[$0] : right[$0]) != expected[$0] }
            #expect(differing.isEmpty, "case \(i), cut at \(cut): pixels \(differing.prefix(8)) differ")
            let projected = coverage(polygons, rule: rule, bounds: IntRect(x0: cut, y0: 0, x1: 64, y1: 40), sumFrom: nil)
            for p in 0..<(64 * 40) where p % 64 >= cut && projected[p] != expected[p] {
                #expect(abs(Int(projected[p]) - Int(expected[p])) <= 1)
                projectedDifferences += 1
            }
        }
        #expect(projectedDifferences > 0, "no case tells summing from projecting")
    }

    /// The canvas: fills, strokes and clips drawn twice, each half clipped
    /// to a pixel-aligned rect, inside a layer, equal the unclipped drawing
    /// (within a few levels where a stroke overlaps itself, see below).
    @Test(arguments: [1.0, 2.0, 3.0])
    func canvasDrawingInClippedHalvesIsTheWhole(scale: Double) throws {
        var random = SeededRandom(79 + UInt64(scale))
        for _ in 0..<20 {
            var shape = Path()
            shape.addRoundedRect(Rect(x: random.next(2, 10), y: random.next(2, 10), width: random.next(20, 50),
                                      height: random.next(10, 25)), radius: random.next(0, 9))
            var band = Path()
            band.move(to: Point(random.next(0, 60), random.next(0, 40)))
            band.curve(control1: Point(random.next(0, 60), random.next(0, 40)), control2: Point(random.next(0, 60), random.next(0, 40)),
                       to: Point(random.next(0, 60), random.next(0, 40)))
            band.close()
            func draw(_ c: Canvas) throws {
                c.setFillColor(Color(r: 1, g: 1, b: 1, a: 0.8))
                c.fill(shape)
                c.save()
                c.clip(shape)
                c.setFillColor(Color(r: 0, g: 0, b: 0, a: 0.3))
                c.fill(band, rule: .evenodd)
                try c.restore()
                c.setBlendMode(.copy)
                c.setStrokeColor(Color(r: 0, g: 0, b: 0, a: 0.18))
                try c.stroke(shape)
                c.setBlendMode(.normal)
            }
            let whole = try Canvas(width: 64, height: 40, scale: scale, background: Color(hex: "#C5CCD4")!)
            whole.beginLayer()
            try draw(whole)
            try whole.endLayer()
            let pieces = try Canvas(width: 64, height: 40, scale: scale, background: Color(hex: "#C5CCD4")!)
            pieces.beginLayer()
            let cut = (random.next(5, 55) * scale).rounded() / scale
            for rect in [Rect(x: 0, y: 0, width: cut, height: 40), Rect(x: cut, y: 0, width: 64 - cut, height: 40)] {
                pieces.save()
                pieces.clipRect(rect)
                try draw(pieces)
                try pieces.restore()
            }
            try pieces.endLayer()
            // Where the stroke's outline overlaps itself inside a pixel, its
            // union is cut into strips at every piece's end and crossing, and
            // the culled outline of a clipped half has other pieces: the same
            // area, summed in other parts, and where a strip is too tangled
            // to cut at each crossing (a 1 px stroke's corner: hundreds of
            // join pieces), cut evenly at other heights. Up to 8 levels in a
            // pixel or two of a corner (measured: 7 and 5, one pixel each).
            let difference = try #require(ImageComparison.compare(whole.buffer, pieces.buffer, tolerance: 0))
            #expect(difference.maxChannel <= 8 && difference.pixelsOver <= 2, "cut \(cut) scale \(scale): \(difference)")
        }
    }
}
