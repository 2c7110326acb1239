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
}
