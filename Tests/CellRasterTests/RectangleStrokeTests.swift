import CellGeometry
import Testing
@testable import CellRaster

/// A rectangle stroked onto whole pixels is drawn as the ring it covers
/// (`Canvas.wholePixelRing`) instead of the stroker's outline rasterized.
/// Its pixels must be the stroker's exactly: the same rectangles with one
/// more corner in the middle of a side (which the shortcut does not take,
/// and which strokes to the same outline) are the reference.
@Suite struct RectangleStrokeTests {
    /// `rect` as a path with a fifth corner halfway along its top side.
    static func detour(_ rect: Rect) -> Path {
        var path = Path()
        path.move(to: Point(rect.minX, rect.minY))
        path.line(to: Point(rect.midX, rect.minY))
        path.line(to: Point(rect.maxX, rect.minY))
        path.line(to: Point(rect.maxX, rect.maxY))
        path.line(to: Point(rect.minX, rect.maxY))
        path.close()
        return path
    }

    /// Rectangles on whole and half points at scale 2 with line widths of
    /// 0.5 to 3 points (edges on whole pixels), some narrower than their
    /// line, others off by a quarter point (not rings), in translucent
    /// colors, several blend modes, under a clip, in a layer; on one
    /// thread and in bands on two. Both canvases must match byte for byte,
    /// and most strokes must have been rings.
    @Test(arguments: [1, 2])
    func ringsGiveTheStrokersPixels(threads: Int) throws {
        let a = try Canvas(width: 200, height: 180, scale: 2, background: .white, parallelism: threads)
        let b = try Canvas(width: 200, height: 180, scale: 2, background: .white, parallelism: threads)
        var random = SeededRandom(7)
        var rings = 0, strokes = 0
        let modes: [BlendMode] = [.normal, .multiply, .copy, .sourceAtop]
        for round in 0..<3 {
            for c in [a, b] {
                c.save()
                if round == 1 {
                    var clip = Path()
                    clip.addRoundedRect(Rect(x: 12, y: 8, width: 170, height: 150), radius: 20)
                    c.clip(clip)
                }
                if round == 2 { c.beginLayer(alpha: 0.8) }
            }
            for i in 0..<120 {
                let width = [0.5, 1, 1.5, 2, 3][i % 5]
                var rect = Rect(x: (random.next() * 380).rounded() / 2 - 10, y: (random.next() * 340).rounded() / 2 - 10,
                                width: (random.next() * 120).rounded() / 2, height: (random.next() * 90).rounded() / 2)
                if width == 0.5 || width == 1.5 { rect.x += 0.25; rect.y -= 0.25 }
                if i % 7 == 3 { rect.x += 0.25 }
                let color = Color(r: random.next(), g: random.next(), b: random.next(), a: 0.2 + 0.8 * random.next())
                let mode = modes[i % modes.count]
                for c in [a, b] {
                    c.setStrokeColor(color)
                    c.setBlendMode(mode)
                    c.setStrokeStyle(StrokeStyle(width: width))
                }
                var path = Path()
                path.addRect(rect)
                if a.wholePixelRing(stroking: path.transformed(by: a.state.ctm)) != nil { rings += 1 }
                strokes += 1
                try a.stroke(path)
                try b.stroke(Self.detour(rect))
                #expect(b.wholePixelRing(stroking: Self.detour(rect).transformed(by: b.state.ctm)) == nil)
            }
            for c in [a, b] {
                if round == 2 { try c.endLayer() }
                try c.restore()
            }
        }
        #expect(rings > strokes / 2)
        let pa = a.buffer, pb = b.buffer
        var differing = 0
        for i in 0..<pa.byteCount where pa.data[i] != pb.data[i] { differing += 1 }
        #expect(differing == 0, "threads \(threads): \(differing) bytes differ")
    }

    /// A 2-pixel line around (10, 10, 20, 10) at scale 1: the ring from
    /// (9, 9) to (31, 21) less the hole from (11, 11) to (29, 19).
    @Test func aRingCoversItsBandAndNothingElse() throws {
        let c = try Canvas(width: 40, height: 30, scale: 1, background: nil, parallelism: 1)
        c.setStrokeColor(Color(r: 0, g: 0, b: 0, a: 1))
        c.setStrokeStyle(StrokeStyle(width: 2))
        try c.strokeRect(Rect(x: 10, y: 10, width: 20, height: 10))
        let ring = c.wholePixelRing(stroking: Path(rect: Rect(x: 10, y: 10, width: 20, height: 10), transform: c.state.ctm))
        #expect(ring?.outer == IntRect(x0: 9, y0: 9, x1: 31, y1: 21))
        #expect(ring?.hole == IntRect(x0: 11, y0: 11, x1: 29, y1: 19))
        for y in 0..<30 {
            for x in 0..<40 {
                let inOuter = x >= 9 && x < 31 && y >= 9 && y < 21
                let inHole = x >= 11 && x < 29 && y >= 11 && y < 19
                #expect(try c.pixel(x: x, y: y).a == (inOuter && !inHole ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    /// What is not a whole-pixel ring goes to the stroker: rotated or
    /// sheared transforms, round and bevel joins, a miter limit below √2,
    /// dashes, hairlines, edges off the pixel grid, other paths.
    @Test func otherStrokesAreNotRings() throws {
        let c = try Canvas(width: 60, height: 60, scale: 2, background: nil, parallelism: 1)
        let rect = Rect(x: 5, y: 5, width: 20, height: 10)
        func ring(_ path: Path? = nil) -> Bool {
            c.wholePixelRing(stroking: (path ?? Path(rect: rect, transform: .identity)).transformed(by: c.state.ctm)) != nil
        }
        c.setStrokeStyle(StrokeStyle(width: 1))
        #expect(ring())
        #expect(ring(Path(rect: Rect(x: 25, y: 15, width: -20, height: -10), transform: .identity)))
        for style in [StrokeStyle(width: 1, join: .round), StrokeStyle(width: 1, join: .bevel),
                      StrokeStyle(width: 1, miterLimit: 1.4), StrokeStyle(width: 1, miterLimit: .nan),
                      StrokeStyle(width: 1, miterLimit: -2),
                      StrokeStyle(width: 1, dashes: [2, 1]), StrokeStyle(width: 0), StrokeStyle(width: 0.3),
                      StrokeStyle(width: .infinity)] {
            c.setStrokeStyle(style)
            #expect(!ring(), "\(style)")
        }
        c.setStrokeStyle(StrokeStyle(width: 1, miterLimit: 1.415))
        #expect(ring())
        var open = Path()
        open.move(to: Point(5, 5))
        open.line(to: Point(25, 5))
        open.line(to: Point(25, 15))
        open.line(to: Point(5, 15))
        #expect(!ring(open))
        var two = Path(rect: rect, transform: .identity)
        two.addRect(Rect(x: 30, y: 30, width: 5, height: 5))
        #expect(!ring(two))
        #expect(!ring(Path(rect: Rect(x: 5, y: 5, width: 0, height: 10), transform: .identity)))
        #expect(!ring(Path(rect: Rect(x: 5.1, y: 5, width: 20, height: 10), transform: .identity)))
        c.rotate(0.1)
        #expect(!ring())
    }
}
