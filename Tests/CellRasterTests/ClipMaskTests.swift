import CellGeometry
import Testing
@testable import CellRaster

/// A clip mask keeps, for each row, a run of fully covered pixels through
/// which drawing passes coverage unchanged. The runs are learned from the
/// constant spans that fill the mask (and, for a clip cut from another
/// mask, from that mask's runs): every pixel of a run must be 255, and the
/// interior of a rounded clip must have one, or every span through it pays
/// the per-pixel path.
@Suite struct ClipMaskTests {
    /// The mask in force, after the drawing that fills it.
    func mask(of canvas: Canvas) -> ClipMask? {
        canvas.flush()
        if case .mask(let m) = canvas.state.clip { return m }
        return nil
    }

    /// Every row's run lies inside the mask's area and holds only 255s;
    /// returns the run of row `y`.
    func checkedRuns(_ mask: ClipMask, middle y: Int) -> (start: Int, end: Int) {
        var bad = 0
        for row in mask.area.y0..<mask.area.y1 {
            let run = mask.fullRun(y: row)
            guard run.start < run.end else { continue }
            if run.start < mask.area.x0 || run.end > mask.area.x1 { bad += 1; continue }
            for x in run.start..<run.end where mask.pointer(x: x, y: row).pointee != 255 { bad += 1 }
        }
        #expect(bad == 0)
        return mask.fullRun(y: y)
    }

    /// A 100 x 60 point canvas at scale 2, clipped to a rounded rectangle
    /// at fractional coordinates (edges through pixels).
    func roundedClipCanvas(threads: Int) throws -> Canvas {
        let canvas = try Canvas(width: 100, height: 60, scale: 2, background: .white, parallelism: threads)
        canvas.clip(rounded(Rect(x: 10.3, y: 5.7, width: 70, height: 40), radius: 8))
        return canvas
    }

    func rounded(_ rect: Rect, radius: Double) -> Path {
        var p = Path()
        p.addRoundedRect(rect, radius: radius)
        return p
    }

    @Test(arguments: [1, 2])
    func roundedClipHasFullInteriorRuns(threads: Int) throws {
        let canvas = try roundedClipCanvas(threads: threads)
        let m = try #require(mask(of: canvas))
        // Row 50 (25 points down) is inside the straight part: full from
        // just right of the left edge to just left of the right edge.
        let run = checkedRuns(m, middle: 50)
        #expect(run.start <= 22 && run.end >= 160)
    }

    @Test(arguments: [1, 2])
    func clipCutFromAMaskKeepsRunsWithinBoth(threads: Int) throws {
        let canvas = try roundedClipCanvas(threads: threads)
        canvas.clip(rounded(Rect(x: 40, y: 0, width: 55, height: 60), radius: 12))
        let m = try #require(mask(of: canvas))
        let run = checkedRuns(m, middle: 50)
        // Both shapes cover columns 80..<160 of row 50 fully.
        #expect(run.start <= 82 && run.end >= 158)
        // A pixel-aligned rectangle cut from the mask keeps its runs too.
        canvas.clipRect(Rect(x: 45, y: 20, width: 20, height: 10))
        let cut = try #require(mask(of: canvas))
        let cutRun = checkedRuns(cut, middle: 50)
        #expect(cutRun.start == 90 && cutRun.end == 130)
    }

    /// A rectangle off the pixel grid fills its mask from its spans
    /// directly (`RectSpans`): the bytes and runs the rasterizer gives the
    /// same rectangle (here a path with a sixth point on an edge, which the
    /// rectangle test does not take), alone and cut from a mask.
    @Test(arguments: [1, 2])
    func aFractionalRectangleMasksAsTheRasterizerDoes(threads: Int) throws {
        for base in [nil, rounded(Rect(x: 10, y: 6, width: 70, height: 40), radius: 9)] {
            var masks: [ClipMask] = []
            for direct in [true, false] {
                let canvas = try Canvas(width: 100, height: 60, scale: 2, parallelism: threads)
                if let base { canvas.clip(base) }
                var p = Path()
                let r = Rect(x: 5.3, y: 4.15, width: 61.6, height: 30.45)
                p.move(to: Point(r.minX, r.minY))
                if !direct { p.line(to: Point(r.minX + 20, r.minY)) }
                p.line(to: Point(r.maxX, r.minY))
                p.line(to: Point(r.maxX, r.maxY))
                p.line(to: Point(r.minX, r.maxY))
                p.close()
                canvas.clip(p)
                masks.append(try #require(mask(of: canvas)))
            }
            let (a, b) = (masks[0], masks[1])
            #expect(a.area == b.area)
            var differing = 0, runs = 0
            for y in a.area.y0..<a.area.y1 {
                for x in a.area.x0..<a.area.x1 where a.pointer(x: x, y: y).pointee != b.pointer(x: x, y: y).pointee {
                    differing += 1
                }
                if a.fullRun(y: y) != b.fullRun(y: y) { runs += 1 }
            }
            #expect(differing == 0 && runs == 0, "cut from a mask: \(base != nil)")
            _ = checkedRuns(a, middle: 30)
        }
    }
}
