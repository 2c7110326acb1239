import CellGeometry
import Testing
@testable import CellRaster

/// Axis-aligned rectangles skip the general rasterizer (`RectSpans`): their
/// coverage is a column part times a row part, made once per run of equal
/// rows, and a solid fill under a rectangular clip composites those rows
/// straight (`Canvas.composite`). Both must give the general rasterizer's
/// pixels exactly: the same rectangles filled as paths are the reference.
@Suite struct RectSpansTests {
    /// Random rectangles: fractional, thinner than a pixel, within one
    /// pixel, on whole pixels, partly off the canvas.
    static func rects(_ count: Int, seed: UInt64, size: Double) -> [Rect] {
        var random = SeededRandom(seed)
        return (0..<count).map { i in
            let x = -20 + (size + 20) * random.next(), y = -20 + (size + 20) * random.next()
            switch i % 5 {
            case 0: return Rect(x: x.rounded(), y: y.rounded(), width: (40 * random.next()).rounded() + 1,
                                height: (40 * random.next()).rounded() + 1)
            case 1: return Rect(x: x, y: y, width: 0.05 + 0.9 * random.next(), height: 30 * random.next())
            case 2: return Rect(x: x.rounded(.down) + 0.2, y: y.rounded(.down) + 0.3, width: 0.5, height: 0.4)
            default: return Rect(x: x, y: y, width: 1 + 80 * random.next(), height: 1 + 60 * random.next())
            }
        }
    }

    /// Fill each rectangle with fillRect on one canvas and as a path on the
    /// other, translucent colors over each other, and compare every byte:
    /// on one thread and in bands on two, anti-aliased and not, under the
    /// canvas' own clip and under a smaller whole-pixel clip.
    @Test(arguments: [(1, true), (2, true), (1, false), (2, false)])
    func fillRectGivesThePathsPixels(threads: Int, antialias: Bool) throws {
        for clipped in [false, true] {
            let a = try Canvas(width: 300, height: 280, scale: 1, background: .white, parallelism: threads)
            let b = try Canvas(width: 300, height: 280, scale: 1, background: .white, parallelism: threads)
            for c in [a, b] {
                c.setAntialias(antialias)
                if clipped {
                    var clip = Path()
                    clip.addRect(Rect(x: 17, y: 9, width: 250, height: 231))
                    c.clip(clip)
                }
            }
            var random = SeededRandom(41)
            for rect in Self.rects(400, seed: clipped ? 3 : 2, size: 300) {
                let color = Color(r: random.next(), g: random.next(), b: random.next(), a: 0.15 + 0.8 * random.next())
                a.setFillColor(color)
                b.setFillColor(color)
                a.fillRect(rect)
                var path = Path()
                path.addRect(rect)
                b.fill(path)
            }
            let pa = a.buffer, pb = b.buffer
            var differing = 0
            for i in 0..<pa.byteCount where pa.data[i] != pb.data[i] { differing += 1 }
            #expect(differing == 0, "threads \(threads), antialias \(antialias), clipped \(clipped)")
        }
    }
}
