import CellGeometry
import CellText
import Testing

/// Color glyphs: emoji come from the installed color bitmap face (Noto Color
/// Emoji, fonts-noto-color-emoji, installed by scripts/setup), found by
/// coverage; a grapheme cluster (ZWJ sequence, flag, keycap, skin tone) goes
/// to that face whole and shapes into one glyph; advances are the strike's
/// scaled to the size; the glyphs are images, no outlines.
@Suite struct ColorGlyphTests {
    static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    @Test func emojiComeFromTheColorFaceOneGlyphEach() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 17)
        for text in ["😀", "📶", "👨‍👩‍👧", "🇯🇵", "1️⃣", "👍🏽", "❤️", "🏳️‍🌈"] {
            let line = font.shape(text)
            #expect(line.glyphs.count == 1, "\(text): \(line.glyphs.count) glyphs")
            guard let glyph = line.glyphs.first else { continue }
            let face = font.face(at: glyph.faceIndex)
            #expect(face.hasColorBitmaps && glyph.id != 0, "\(text): \(face.familyName) glyph \(glyph.id)")
        }
        // Within text, each stays one glyph between the letters.
        let mixed = font.shape("a👨‍👩‍👧b🇯🇵c")
        #expect(mixed.glyphs.count == 5)
        #expect(mixed.glyphs.map { font.face(at: $0.faceIndex).hasColorBitmaps } == [false, true, false, true, false])
        // Characters whose default is text stay text: a digit, #, ©, ☺
        // without U+FE0F (DejaVu Sans has ☺), and ☺ with U+FE0E.
        for text in ["1", "#", "\u{A9}", "\u{263A}", "\u{263A}\u{FE0E}"] {
            let line = font.shape(text)
            #expect(line.glyphs.allSatisfy { !font.face(at: $0.faceIndex).hasColorBitmaps }, "\(text)")
        }
        // ☺ with U+FE0F asks for the emoji.
        #expect(font.shape("\u{263A}\u{FE0F}").glyphs.map { font.face(at: $0.faceIndex).hasColorBitmaps } == [true])
    }

    @Test func presentationOfCharacters() {
        for c: Character in ["😀", "📶", "🇯🇵", "1️⃣", "👍🏽", "👨‍👩‍👧", "❤️", "\u{263A}\u{FE0F}"] {
            #expect(c.prefersEmojiPresentation, "\(c)")
        }
        for c: Character in ["a", "1", "#", "*", "\u{A9}", "\u{263A}", "\u{2764}", "😀\u{FE0E}", "日"] {
            #expect(!c.prefersEmojiPresentation, "\(c)")
        }
    }

    /// Noto's strike: 109 ppem, 😀 136 x 128 pixels, 136 pixels of advance
    /// (FreeType's strike metrics; hmtx says 2550 units, 0.2% less).
    @Test func advancesAndBoxesAreTheStrikesScaled() throws {
        let face = try FontFace.open(path: Self.notoColorEmoji)
        #expect(face.strikePixelsPerEm == 109)
        #expect(face.unitsPerEm == 2048)
        for size in [17.0, 109.0, 2000.0] {
            let font = try Font(named: Fonts.nimbusSans, size: size)
            let line = font.shape("😀")
            // In font units, rounded: within 1/2048 em.
            #expect(abs(line.width - 136 * size / 109) <= size / 2048, "\(size): \(line.width)")
            #expect(font.measure("a😀").width == TextLayout(text: "a😀", font: font, at: .zero).width)
            let placed = line.placedFromOrigin.glyphs
            #expect(placed.count == 1)
            guard let shape = placed.first?.shape, let image = shape.color else {
                Issue.record("no color glyph at \(size)")
                continue
            }
            #expect(image.pixelWidth == 136 && image.pixelHeight == 128)
            #expect(shape.outline.elements.isEmpty)
            // The box: 136 x 128 strike pixels, its top 101 above the baseline.
            let box = placed[0].transform.apply(shape.bounds)
            let s = size / 109
            #expect(abs(box.width - 136 * s) < 1e-9 * size && abs(box.height - 128 * s) < 1e-9 * size)
            #expect(abs(box.minY + 101 * s) < 1e-9 * size && abs(box.minX) < 1e-9 * size)
        }
    }

    /// The strike's pixels: premultiplied RGBA, mostly yellow for 😀.
    @Test func pixelsAreTheStrikesPremultiplied() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 17)
        guard let image = font.shape("😀").placedFromOrigin.glyphs.first?.shape.color,
              let pixels = image.load() else {
            Issue.record("no pixels")
            return
        }
        #expect(pixels.count == 136 * 128 * 4)
        var yellow = 0, ink = 0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let (r, g, b, a) = (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
            #expect(r <= a && g <= a && b <= a)
            guard a == 255 else { continue }
            ink += 1
            if r > 200, g > 150, b < 100 { yellow += 1 }
        }
        #expect(ink > 8000 && Double(yellow) > 0.6 * Double(ink), "\(yellow) of \(ink)")
    }

    /// `font:path`: a color glyph has no outline; it is left out, its advance kept.
    @Test func outlinesOfTextLeaveEmojiOutKeepingTheirAdvance() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 17)
        let with = TextLayout(text: "H😀H", font: font, at: .zero).path()
        let without = TextLayout(text: "HH", font: font, at: .zero).path()
        #expect(with.elements.count == without.elements.count)
        let advance = font.shape("😀").width
        guard let w = with.bounds, let wo = without.bounds else {
            Issue.record("no outlines")
            return
        }
        #expect(abs(w.maxX - wo.maxX - advance) < 1e-6, "\(w.maxX) \(wo.maxX) \(advance)")
    }
}
