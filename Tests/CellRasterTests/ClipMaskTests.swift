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

    /// The clip in force as bytes over its area and full runs per row: a
    /// mask's, or those a `ClipBox` computes.
    func coverage(of canvas: Canvas) -> (area: IntRect, bytes: [UInt8], runs: [(Int, Int)])? {
        canvas.flush()
        switch canvas.state.clip {
        case .rect: return nil
        case .mask(let m):
            var bytes: [UInt8] = []
            for y in m.area.y0..<m.area.y1 {
                for x in m.area.x0..<m.area.x1 { bytes.append(m.pointer(x: x, y: y).pointee) }
            }
            return (m.area, bytes, (m.area.y0..<m.area.y1).map { m.fullRun(y: $0) })
        case .box(let b):
            var bytes: [UInt8] = []
            var row = [UInt8](repeating: 0, count: b.area.width)
            for y in b.area.y0..<b.area.y1 {
                row.withUnsafeMutableBufferPointer { b.write(y: y, x: b.area.x0, count: b.area.width, to: $0.baseAddress!) }
                bytes += row
            }
            return (b.area, bytes, (b.area.y0..<b.area.y1).map { y in
                let run = b.fullRun(y: y)
                return run.start < run.end ? (run.start, run.end) : (0, 0)
            })
        }
    }

    /// A rectangle off the pixel grid, cut from a whole-pixel clip, is a
    /// `ClipBox`; cut from a mask, it fills its mask from its spans directly
    /// (`RectSpans`). Either way the bytes and runs are those the
    /// rasterizer gives the same rectangle (here a path with a sixth point
    /// on an edge, which the rectangle test does not take).
    @Test(arguments: [1, 2])
    func aFractionalRectangleMasksAsTheRasterizerDoes(threads: Int) throws {
        for base in [nil, rounded(Rect(x: 10, y: 6, width: 70, height: 40), radius: 9)] {
            var clips: [(area: IntRect, bytes: [UInt8], runs: [(Int, Int)])] = []
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
                clips.append(try #require(coverage(of: canvas)))
                if direct && base == nil {
                    var isBox = false
                    if case .box = canvas.state.clip { isBox = true }
                    #expect(isBox, "a rectangle off the grid cut from a whole-pixel clip is a box")
                }
                if !direct || base != nil { _ = checkedRuns(try #require(mask(of: canvas)), middle: 30) }
            }
            let (a, b) = (clips[0], clips[1])
            #expect(a.area == b.area)
            let differing = zip(a.bytes, b.bytes).filter { $0 != $1 }.count
            let runs = zip(a.runs, b.runs).filter { $0.0 != $1.0 || $0.1 != $1.1 }.count
            #expect(a.bytes.count == b.bytes.count && differing == 0 && runs == 0, "cut from a mask: \(base != nil)")
        }
    }
}
