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
}
