import CellGeometry
import Testing
@testable import CellText

/// Outlines are kept by glyph id in pages of 256 (`GlyphTable`): ids on
/// either side of a page boundary, far-apart pages and ids never set must
/// each read back as written, and the face never caches an id it does not
/// have.
@Suite struct GlyphTableTests {
    @Test func valuesReadBackByIdAcrossPages() {
        var table = GlyphTable<String>()
        let ids: [UInt32] = [0, 1, 255, 256, 257, 511, 40_000, 65_535]
        for id in ids { table[id] = "g\(id)" }
        for id in ids { #expect(table[id] == "g\(id)") }
        for id in [2, 254, 258, 512, 39_999, 65_534, 70_000] as [UInt32] { #expect(table[id] == nil) }
        table[256] = nil
        #expect(table[256] == nil)
        #expect(table[257] == "g257")
    }

    @Test func idsPastTheFaceGiveEmptyOutlines() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 12)
        let face = font.face
        let a = try #require(face.glyph(for: "a"))
        #expect(face.outline(of: a).bounds != nil)
        #expect(face.outline(of: a).path.elements.count == face.outline(of: a).path.elements.count)
        #expect(face.outline(of: UInt32(face.glyphCount)).bounds == nil)
        #expect(face.outline(of: .max).bounds == nil)
    }

    /// A glyph's shape is made once and shared by every placement (the
    /// glyph mask cache keys on its identity): the same letter laid out in
    /// two calls, or twice in one, is one shape; another letter is
    /// another; a space places nothing.
    @Test func placementsShareOneShapePerGlyph() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 12)
        let one = TextLayout(text: "aba", font: font, at: Point(0, 0)).placedGlyphs()
        let two = TextLayout(text: "a b", font: font, at: Point(3.3, 7)).placedGlyphs()
        #expect(one.count == 3 && two.count == 2)
        #expect(one[0].shape === one[2].shape)
        #expect(one[0].shape === two[0].shape)
        #expect(one[1].shape === two[1].shape)
        #expect(one[0].shape !== one[1].shape)
        let a = try #require(font.face.glyph(for: "a"))
        #expect(font.face.outline(of: a).shape === one[0].shape)
        let space = try #require(font.face.glyph(for: " "))
        #expect(font.face.outline(of: space).shape == nil)
    }

    /// A line's glyphs are placed once per text and size (`ShapedLine.
    /// placedFromOrigin`): shaping the text again shares the array; a
    /// layout's `placedGlyphs` are those moved to the line's origin; a
    /// one-line layout is drawn whole (`wholeLine`) only while every glyph
    /// is at least a point inside the visible rectangle, else nil (so
    /// `placedGlyphs` culls). Fails if the placement is rebuilt per call
    /// or the edge test lets a glyph near the edge through.
    @Test func linesArePlacedOnceAndDrawnWholeOnlyWellInside() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 12)
        let text = "Placed once: \(#line)"
        let first = font.shape(text).placedFromOrigin, again = font.shape(text).placedFromOrigin
        #expect(first.glyphs.withUnsafeBufferPointer { $0.baseAddress }
                == again.glyphs.withUnsafeBufferPointer { $0.baseAddress })
        let box = try #require(first.bounds)
        let layout = TextLayout(text: text, font: font, at: Point(20.25, 31.5))
        let origin = layout.lines[0].origin
        let placed = layout.placedGlyphs()
        #expect(placed.count == first.glyphs.count)
        for (p, g) in zip(placed, first.glyphs) {
            #expect(p.shape === g.shape)
            #expect(abs(p.transform.tx - (g.transform.tx + origin.x)) < 1e-9)
            #expect(abs(p.transform.ty - (g.transform.ty + origin.y)) < 1e-9)
            #expect(p.transform.a == g.transform.a && p.transform.d == g.transform.d)
        }
        let whole = try #require(layout.wholeLine(visible: nil))
        #expect(whole.origin == origin)
        #expect(whole.glyphs.withUnsafeBufferPointer { $0.baseAddress }
                == first.glyphs.withUnsafeBufferPointer { $0.baseAddress })
        // The ink box moved to the origin, with a point and a bit to spare on every side, then less.
        let ink = Rect(x: origin.x + box.minX, y: origin.y + box.minY, width: box.width, height: box.height)
        let roomy = Rect(x: ink.minX - 1.01, y: ink.minY - 1.01, width: ink.width + 2.02, height: ink.height + 2.02)
        #expect(layout.wholeLine(visible: roomy) != nil)
        for cut in [Rect(x: ink.minX - 0.99, y: roomy.minY, width: roomy.maxX - ink.minX + 0.99, height: roomy.height),
                    Rect(x: roomy.minX, y: roomy.minY, width: roomy.width - 0.02, height: roomy.height),
                    Rect(x: roomy.minX, y: ink.minY - 0.99, width: roomy.width, height: roomy.maxY - ink.minY + 0.99),
                    Rect(x: roomy.minX, y: roomy.minY, width: roomy.width, height: roomy.height - 0.02)] {
            #expect(layout.wholeLine(visible: cut) == nil)
        }
        // Two lines, or none drawn, are never whole.
        #expect(TextLayout(text: "a\nb", font: font, at: origin).wholeLine(visible: nil) == nil)
        #expect(TextLayout(text: "   ", font: font, at: origin).wholeLine(visible: nil) == nil)
    }
}
