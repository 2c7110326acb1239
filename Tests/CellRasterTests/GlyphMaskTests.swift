import CellGeometry
@testable import CellRaster
import CellTestSupport
import Testing

/// Text through cached glyph masks (`Canvas.fillGlyphs`, `GlyphMaskCache`):
/// the pixels are exactly those of the outlines filled as one path with each
/// glyph moved to the nearest quarter pixel, so they differ from the outlines
/// filled where they are only by that move (at most 1/8 pixel each way).
/// Synthetic "glyphs" (outlines in font units, y up) stand in for a font's.
@Suite struct GlyphMaskTests {
    /// A test glyph set's shapes, one per outline, as a font face keeps one
    /// per glyph: a glyph drawn twice is the same shape (one cache key).
    final class Face {
        let shapes = (0..<3).map { k in
            let outline = GlyphMaskTests.outline(k)
            return GlyphShape(outline: outline, bounds: outline.bounds!)
        }
        func shape(_ i: Int) -> GlyphShape { shapes[i % 3] }
    }

    /// A glyph-like outline of 1000 units: an "o" (ring, two contours of
    /// opposite direction), a slanted stem and a curved tail.
    static func outline(_ kind: Int) -> Path {
        var p = Path()
        switch kind % 3 {
        case 0:
            p.addEllipse(in: Rect(x: 40, y: 0, width: 520, height: 540))
            var inner = Path()
            inner.move(to: Point(170, 270))
            inner.curve(control1: Point(170, 420), control2: Point(430, 420), to: Point(430, 270))
            inner.curve(control1: Point(430, 120), control2: Point(170, 120), to: Point(170, 270))
            inner.close()
            p.addPath(inner)
        case 1:
            p.move(to: Point(60, 0)); p.line(to: Point(190, 0)); p.line(to: Point(330, 720))
            p.line(to: Point(200, 720)); p.close()
        default:
            p.move(to: Point(50, 0)); p.line(to: Point(150, 0))
            p.curve(control1: Point(150, 300), control2: Point(380, 520), to: Point(560, 540))
            p.line(to: Point(560, 640))
            p.curve(control1: Point(300, 620), control2: Point(50, 380), to: Point(50, 0)); p.close()
        }
        return p
    }

    /// A run of glyphs at 13 pt from `(x, y)` (baseline), advancing by a
    /// fractional amount so the glyphs take many sub-pixel positions; `snap`
    /// moves each origin to where the mask cache puts it for `ctm`.
    static func run(_ face: Face, count: Int, x: Double, y: Double, size: Double = 13,
                    snapTo ctm: AffineTransform? = nil) -> [PlacedGlyph] {
        let s = size / 1000
        var glyphs: [PlacedGlyph] = []
        var pen = x
        for i in 0..<count {
            var t = AffineTransform(a: s, b: 0, c: 0, d: -s, tx: pen, ty: y)
            if let ctm, let inverse = ctm.inverted {
                let device = ctm.apply(Point(pen, y))
                let snapped = Point((device.x * 4).rounded() / 4, (device.y * 4).rounded() / 4)
                let user = inverse.apply(snapped)
                t = AffineTransform(a: s, b: 0, c: 0, d: -s, tx: user.x, ty: user.y)
            }
            glyphs.append(PlacedGlyph(shape: face.shape(i), transform: t))
            pen += 7.37 + 0.113 * Double(i)
        }
        return glyphs
    }

    static func asOnePath(_ glyphs: [PlacedGlyph]) -> Path {
        var path = Path()
        for g in glyphs { path.addPath(g.outline, transform: g.transform) }
        return path
    }

    func canvases(scale: Double) throws -> (Canvas, Canvas) {
        let a = try Canvas(width: 200, height: 40, scale: scale)
        let b = try Canvas(width: 200, height: 40, scale: scale)
        for c in [a, b] {
            c.fillAll(.white)
            c.setFillColor(Color(r: 0.1, g: 0.2, b: 0.5))
        }
        return (a, b)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func masksEqualTheOutlinesAtQuarterPixelPositions(scale: Double) throws {
        let (masked, filled) = try canvases(scale: scale)
        let face = Face()
        let ctm = AffineTransform.scale(scale, scale)
        // Glyphs that do not touch: exact, not even a rounding apart.
        let glyphs = Self.run(face, count: 18, x: 3.3, y: 20.61, snapTo: ctm)
        masked.fillGlyphs(glyphs)
        filled.fill(Self.asOnePath(glyphs))
        let difference = try #require(ImageComparison.compare(masked.buffer, filled.buffer))
        #expect(difference.maxChannel == 0, "\(difference)")
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func masksMoveGlyphsAtMostAnEighthOfAPixel(scale: Double) throws {
        let (masked, filled) = try canvases(scale: scale)
        let glyphs = Self.run(Face(), count: 18, x: 3.3, y: 20.61)
        masked.fillGlyphs(glyphs)
        filled.fill(Self.asOnePath(glyphs))
        // A move of at most 1/8 pixel each way changes a pixel's coverage by
        // at most (1/8 + 1/8) of the edge length inside it when the edge is
        // diagonal, 1/8 when it is straight; measured at most 44 levels
        // here (the text color is 230 levels from white in its largest channel).
        let difference = try #require(ImageComparison.compare(masked.buffer, filled.buffer, tolerance: 48))
        #expect(difference.pixelsOver == 0, "\(difference)")
        // And they do move (the test would pass trivially if masks were not used).
        #expect(difference.maxChannel > 0)
    }

    /// Pairs of glyphs whose boxes overlap where only the left one has ink:
    /// a bar, then a glyph whose outline's bounds reach a pixel and more
    /// left of its ink (a curve's control points do that), set so that its
    /// ink starts a pixel right of the bar's.
    static func marginPairs(scale: Double) -> [PlacedGlyph] {
        var bar = Path()
        bar.addRect(Rect(x: 0, y: 0, width: 500, height: 700))
        var bulge = Path()
        bulge.move(to: Point(500, 0)); bulge.line(to: Point(600, 0)); bulge.line(to: Point(600, 700))
        bulge.line(to: Point(500, 700))
        bulge.curve(control1: Point(-100, 400), control2: Point(-100, 300), to: Point(500, 0))
        bulge.close()
        let shapes = [GlyphShape(outline: bar, bounds: Rect(x: 0, y: 0, width: 500, height: 700)),
                      GlyphShape(outline: bulge, bounds: Rect(x: -100, y: 0, width: 700, height: 700))]
        let s = 13.0 / 1000
        var glyphs: [PlacedGlyph] = []
        for pair in 0..<6 {
            // In device pixels: the bar's ink ends at pen + 6.5 * scale; the
            // bulge's ink starts 0.65 * scale right of its pen, its box 1.3
            // left of it.
            let pen = 4.0 + 24 * Double(pair)
            let second = pen + (6.5 + 1.0 / scale) - 0.65 + Double(pair % 3) * 0.25 / scale
            glyphs.append(PlacedGlyph(shape: shapes[0], transform: AffineTransform(a: s, b: 0, c: 0, d: -s, tx: pen, ty: 20)))
            glyphs.append(PlacedGlyph(shape: shapes[1], transform: AffineTransform(a: s, b: 0, c: 0, d: -s, tx: second, ty: 20)))
        }
        return glyphs
    }

    /// Text drawn first into a fresh transparency layer (where a solid
    /// color is stored, not blended) is what it is drawn after something
    /// else: where neighbouring glyphs' boxes overlap, one's empty margin
    /// must not wipe out what the other drew.
    @Test(arguments: [1.0, 2.0])
    func glyphsFirstIntoAFreshLayerKeepEveryMask(scale: Double) throws {
        var buffers: [PixelBuffer] = []
        for first in [true, false] {
            let canvas = try Canvas(width: 200, height: 40, scale: scale, background: .white)
            canvas.beginLayer()
            if !first {
                canvas.setFillColor(.black)
                canvas.fillRect(Rect(x: 199, y: 39, width: 1, height: 1))
            }
            canvas.setFillColor(Color(r: 0.1, g: 0.2, b: 0.5))
            canvas.fillGlyphs(Self.marginPairs(scale: scale))
            try canvas.endLayer()
            canvas.flush()
            buffers.append(canvas.buffer)
        }
        // Every pixel but the corner the second one filled.
        let (a, b) = (buffers[0], buffers[1])
        var differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width where !(x >= a.width - Int(scale) && y >= a.height - Int(scale)) {
                let i = (y * a.width + x) * 4
                if (0..<4).contains(where: { a.data[i + $0] != b.data[i + $0] }) { differing += 1 }
            }
        }
        #expect(differing == 0)
    }

    /// Glyphs whose boxes overlap (an advance shorter than the glyphs) get
    /// the sum of their masks, capped at full, where they share pixels: the
    /// text's coverage is read back as the alpha of white text on a
    /// transparent canvas and compared with the masks added up here.
    @Test(arguments: [1.0, 2.0, 3.0])
    func overlappingGlyphsAddTheirMasks(scale: Double) throws {
        let face = Face()
        var glyphs: [PlacedGlyph] = []
        for i in 0..<12 {
            let s = 13.0 / 1000
            let pen = 2.3 + 3.1 * Double(i) + (i % 4 == 3 ? 9 : 0) // overlapping runs, and gaps
            glyphs.append(PlacedGlyph(shape: face.shape(i), transform: AffineTransform(a: s, b: 0, c: 0, d: -s, tx: pen, ty: 20.61 + 0.7 * Double(i % 2))))
        }
        let canvas = try Canvas(width: 200, height: 40, scale: scale)
        canvas.setFillColor(.white)
        canvas.fillGlyphs(glyphs)
        var expected = [Int](repeating: 0, count: canvas.pixelWidth * canvas.pixelHeight)
        for glyph in glyphs {
            let t = glyph.transform.concatenating(.scale(scale, scale))
            var px = (t.tx * 4).rounded(), py = (t.ty * 4).rounded()
            let cellX = (px / 4).rounded(.down), cellY = (py / 4).rounded(.down)
            px -= cellX * 4
            py -= cellY * 4
            let mask = try #require(GlyphMaskCache.shared.mask(for: glyph.shape, scale: t.a, phaseX: Int(px), phaseY: Int(py),
                                                               rasterizer: Rasterizer()))
            for my in 0..<mask.height {
                for mx in 0..<mask.width {
                    let x = Int(cellX) + mask.left + mx, y = Int(cellY) + mask.top + my
                    expected[y * canvas.pixelWidth + x] += Int(mask.pixels[my * mask.width + mx])
                }
            }
        }
        var overlapping = 0
        for y in 0..<canvas.pixelHeight {
            for x in 0..<canvas.pixelWidth {
                let e = expected[y * canvas.pixelWidth + x]
                #expect(Int(try canvas.pixel(x: x, y: y).a) == Swift.min(e, 255), "(\(x), \(y))")
                if e > 255 { overlapping += 1 }
            }
        }
        #expect(overlapping > 0, "the glyphs were meant to overlap")
    }

    /// Rotated or skewed text, or anti-aliasing off: the outlines are filled
    /// exactly where they are.
    @Test func otherTransformsFillTheOutlines() throws {
        for setup in [{ (c: Canvas) in c.rotate(0.3) }, { c in c.concat(AffineTransform(a: 1, b: 0, c: 0.2, d: 1, tx: 0, ty: 0)) },
                      { c in c.scaleBy(1, 1.5) }, { c in c.setAntialias(false) }] {
            let (masked, filled) = try canvases(scale: 2)
            setup(masked)
            setup(filled)
            let glyphs = Self.run(Face(), count: 12, x: 10.2, y: 22.4)
            masked.fillGlyphs(glyphs)
            filled.fill(Self.asOnePath(glyphs))
            #expect(ImageComparison.compare(masked.buffer, filled.buffer)?.maxChannel == 0)
        }
    }

    /// Big glyphs are not cached: exact outlines (720 units at 120 pt and
    /// scale 2 are 173 pixels, above `maxMaskSide`).
    @Test func largeGlyphsFillTheOutlines() throws {
        let (masked, filled) = try canvases(scale: 2)
        let glyphs = Self.run(Face(), count: 2, x: 2.3, y: 38.7, size: 120)
        masked.fillGlyphs(glyphs)
        filled.fill(Self.asOnePath(glyphs))
        #expect(ImageComparison.compare(masked.buffer, filled.buffer)?.maxChannel == 0)
    }

    /// Masked text goes through the same compositing as a path: a `clear`
    /// knockout, alpha and a clip give the same pixels as the outlines at the
    /// snapped positions.
    @Test func blendAlphaAndClipApply() throws {
        let (masked, filled) = try canvases(scale: 2)
        let face = Face()
        let glyphs = Self.run(face, count: 18, x: 3.3, y: 20.61, snapTo: .scale(2, 2))
        for c in [masked, filled] {
            c.setFillColor(Color(r: 0.2, g: 0.6, b: 0.3))
            c.fillRect(Rect(x: 0, y: 5, width: 200, height: 20))
            var ellipse = Path()
            ellipse.addEllipse(in: Rect(x: 20, y: 0, width: 120, height: 40))
            c.clip(ellipse)
            c.setAlpha(0.7)
            c.setBlendMode(.clear)
        }
        masked.fillGlyphs(glyphs)
        filled.fill(Self.asOnePath(glyphs))
        #expect(ImageComparison.compare(masked.buffer, filled.buffer)?.maxChannel == 0)
    }

    /// Masks whose boxes meet no other are composited as blocks straight
    /// from the cache under a rectangular clip (`Canvas.MaskBlocks`), the
    /// others as summed spans: the bytes are those of the span path, which
    /// a clip to an ellipse covering everything (a clip mask of full
    /// coverage there) takes for all of them. Text over a gradient, touching
    /// and lone glyphs, opaque and translucent colors, cut by the canvas
    /// edge and by a clip rectangle; drawn at once and in bands on threads.
    @Test(arguments: [1, 2])
    func blocksGiveTheSpanPathsPixels(threads: Int) throws {
        let face = Face()
        var glyphs: [PlacedGlyph] = []
        for i in 0..<40 {
            let s = 13.0 / 1000
            // Runs of touching glyphs, lone ones, and some past the left and right edges.
            let pen = -4.1 + 5.3 * Double(i) + (i % 5 == 4 ? 11.7 : 0)
            glyphs.append(PlacedGlyph(shape: face.shape(i), transform: AffineTransform(a: s, b: 0, c: 0, d: -s, tx: pen,
                                                                 ty: 14.3 + 9.1 * Double(i % 3))))
        }
        let gradient = try Gradient(stops: [.init(location: 0, color: .white),
                                            .init(location: 1, color: Color(r: 0.4, g: 0.8, b: 0.6))])
        for color in [Color(r: 0.1, g: 0.2, b: 0.5), Color(r: 0.9, g: 0.3, b: 0.1, a: 0.6)] {
            for clipped in [false, true] {
                var images: [PixelBuffer] = []
                for throughMask in [false, true] {
                    let c = try Canvas(width: 200, height: 40, scale: 2, parallelism: threads)
                    c.setFill(.linear(LinearGradient(gradient: gradient, start: Point(0, 0), end: Point(200, 40))))
                    c.fillRect(Rect(x: 0, y: 0, width: 200, height: 40))
                    // In whole pixels: a rectangular clip, not a mask.
                    if clipped { c.clipRect(Rect(x: 13.5, y: 6.5, width: 150, height: 25)) }
                    if throughMask {
                        var ellipse = Path()
                        ellipse.addEllipse(in: Rect(x: -200, y: -100, width: 600, height: 240))
                        c.clip(ellipse)
                    }
                    c.setFillColor(color)
                    c.fillGlyphs(glyphs)
                    images.append(c.buffer)
                }
                let difference = try #require(ImageComparison.compare(images[0], images[1]))
                #expect(difference.maxChannel == 0, "\(color) clipped: \(clipped) \(difference)")
            }
        }
    }

    /// The split finds every mask that shares a covered pixel with another,
    /// also one met by a wide mask far to its left with narrow ones
    /// between; masks whose boxes meet only where one of them is empty
    /// (glyphs side by side, their anti-aliased margins overlapping) stay
    /// disjoint.
    @Test func splitByOverlapFindsEveryMeetingBox() {
        var buffers: [UnsafeMutablePointer<UInt8>] = []
        defer { buffers.forEach { $0.deallocate() } }
        /// A w x h mask, fully covered except the columns in `empty` (from its left).
        func box(_ x: Int, _ y: Int, _ w: Int, _ h: Int, empty: Range<Int> = 0..<0) -> Canvas.MaskBlock {
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
            for row in 0..<h {
                for col in 0..<w { bytes[row * w + col] = empty.contains(col) ? 0 : 255 }
            }
            buffers.append(bytes)
            return Canvas.MaskBlock(pixels: bytes, x: x, y: y, width: w, height: h)
        }
        let boxes = [box(0, 0, 100, 10),             // wide: meets the fifth
                     box(10, 20, 5, 5),              // below the wide one: alone
                     box(20, 20, 5, 5),              // meets the fourth
                     box(24, 24, 3, 3),              // meets the third
                     box(60, 5, 4, 4),               // inside the wide one's columns and rows
                     box(100, 0, 4, 4),              // starts where the wide one ends: alone
                     box(200, 0, 6, 8, empty: 5..<6), // its last column empty...
                     box(205, 2, 6, 8),              // ...where this one starts: both alone
                     box(300, 0, 6, 8, empty: 5..<6), // its last column empty, the one before covered...
                     box(304, 0, 6, 8, empty: 1..<6)] // ...as is this one's first: they share x = 304
        let (disjoint, shared) = Canvas.splitByOverlap(boxes)
        #expect(disjoint.map(\.x) == [10, 100, 200, 205])
        #expect(shared.map(\.x) == [0, 20, 24, 60, 300, 304])
    }

    /// Masks piled on one place (a base with thousands of accents) made the
    /// split quadratic: 40,000 marks took 6.6 s. Past `mostNeighbours`
    /// neighbours every mask is taken as shared, which composites the same
    /// (their coverage adds), and the split ends at once.
    @Test func aPileOfMasksIsAllShared() {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
        defer { bytes.deallocate() }
        bytes.initialize(repeating: 255, count: 16)
        let pile = (0..<(Canvas.mostNeighbours + 2)).map { _ in Canvas.MaskBlock(pixels: bytes, x: 3, y: 3, width: 4, height: 4) }
        let (disjoint, shared) = Canvas.splitByOverlap(pile)
        #expect(disjoint.isEmpty)
        #expect(shared.count == pile.count)
        // Side by side, as many masks are each alone: nothing is given up.
        let row = (0..<200).map { Canvas.MaskBlock(pixels: bytes, x: $0 * 4, y: 3, width: 4, height: 4) }
        #expect(Canvas.splitByOverlap(row).disjoint.count == 200)
    }

    /// The cache's table grows past its first slots (1,024, at most half
    /// full) and still finds every mask it made, itself, not a copy.
    @Test func tableFindsEveryMaskAfterGrowing() throws {
        let cache = GlyphMaskCache()
        let rasterizer = Rasterizer()
        let glyph = Self.run(Face(), count: 1, x: 0, y: 0)[0].shape
        var made: [GlyphMaskCache.Mask] = []
        for i in 0..<1500 {
            made.append(try #require(cache.mask(for: glyph, scale: 0.02 + Double(i) * 1e-6, phaseX: i % 4,
                                                phaseY: (i / 4) % 4, rasterizer: rasterizer)))
        }
        var same = 0
        for i in 0..<1500 {
            let again = cache.mask(for: glyph, scale: 0.02 + Double(i) * 1e-6, phaseX: i % 4, phaseY: (i / 4) % 4,
                                   rasterizer: rasterizer)
            if again === made[i] { same += 1 }
        }
        #expect(same == 1500)
        #expect(Set(made.map(ObjectIdentifier.init)).count == 1500)
    }

    /// A text call's lookups (`withLookups`) hand out the cache's own bytes
    /// and hold the generation they belong to: when the cache starts over
    /// meanwhile (past its budget), those masks stay alive until the caller
    /// lets go, and not longer.
    @Test func lookupsHoldTheirMasksWhenTheCacheStartsOver() throws {
        let cache = GlyphMaskCache()
        let rasterizer = Rasterizer()
        let glyph = Self.run(Face(), count: 1, x: 0, y: 0)[0].shape
        var (found, held) = cache.withLookups { lookups in
            lookups.view(for: .passUnretained(glyph), scale: 0.026, phaseX: 1, phaseY: 2, rasterizer: rasterizer)
        }
        let view = try #require(found)
        let mask = try #require(cache.mask(for: glyph, scale: 0.026, phaseX: 1, phaseY: 2, rasterizer: rasterizer))
        #expect(view.pixels == UnsafePointer(mask.pixels)) // the cached bytes, not a copy
        #expect((view.left, view.top, view.width, view.height) == (mask.left, mask.top, mask.width, mask.height))
        #expect(held.count == 1)
        weak let generation = held[0]
        // Masks of about 150 x 150 pixels: the 8 MiB budget is passed well
        // before 600 of them.
        for i in 0..<600 {
            _ = cache.mask(for: glyph, scale: 0.28 + Double(i) * 1e-5, phaseX: 0, phaseY: 0, rasterizer: rasterizer)
        }
        let again = try #require(cache.mask(for: glyph, scale: 0.026, phaseX: 1, phaseY: 2, rasterizer: rasterizer))
        #expect(again !== mask) // the cache started over and made it anew
        #expect(generation != nil) // still held by the lookups' caller
        found = nil
        held = []
        #expect(generation == nil) // let go with its masks
    }

    /// The same glyph at the same scale and phase is rasterized once; the
    /// cache never holds more than its budget.
    @Test func cacheReusesMasksWithinBudget() throws {
        let cache = GlyphMaskCache.shared
        let rasterizer = Rasterizer()
        let glyph = Self.run(Face(), count: 1, x: 0, y: 0)[0].shape
        let first = try #require(cache.mask(for: glyph, scale: 0.026, phaseX: 1, phaseY: 2, rasterizer: rasterizer))
        let again = try #require(cache.mask(for: glyph, scale: 0.026, phaseX: 1, phaseY: 2, rasterizer: rasterizer))
        #expect(first === again)
        let otherPhase = try #require(cache.mask(for: glyph, scale: 0.026, phaseX: 2, phaseY: 2, rasterizer: rasterizer))
        #expect(otherPhase !== first)
        // A shape is the key: another shape of the same outline (another
        // face's glyph, say) gets a mask of its own, with the same bytes.
        let twin = GlyphShape(outline: glyph.outline, bounds: glyph.bounds)
        let twins = try #require(cache.mask(for: twin, scale: 0.026, phaseX: 1, phaseY: 2, rasterizer: rasterizer))
        #expect(twins !== first)
        #expect(twins.owner === twin)
        #expect(Array(UnsafeBufferPointer(start: twins.pixels, count: twins.byteCount))
                == Array(UnsafeBufferPointer(start: first.pixels, count: first.byteCount)))
        #expect(cache.mask(for: glyph, scale: 1, phaseX: 0, phaseY: 0, rasterizer: rasterizer) == nil)
        for i in 0..<3000 {
            _ = cache.mask(for: glyph, scale: 0.2 + Double(i) * 1e-4, phaseX: 0, phaseY: 0, rasterizer: rasterizer)
        }
        #expect(cache.cachedBytes <= GlyphMaskCache.budgetBytes)
    }
}
