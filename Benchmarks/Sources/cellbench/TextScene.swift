import CCairo
import CellText
import Foundation

/// scenes/text.lua drawn through cairo: the same LCG draws and the same
/// strings, shaped by HarfBuzz (through CellText's `Font.shape`, as Pango
/// would feed cairo) and drawn with `cairo_show_glyphs` from the same font
/// files through cairo's FreeType backend, unhinted, as celllua draws them.
/// Both sides shape every string every frame; both keep their glyph caches
/// (cairo's scaled-font cache, CellText's outline cache) across frames.
/// Change the two together.
enum TextScene {
    static let width = 320.0, height = 480.0
    static let background: UInt32 = 0xFFFFFF
    static let seed: UInt64 = 90210

    static let words = [
        "grouped", "table", "view", "cell", "badge", "detail", "summary", "gradient", "bevel", "layer",
        "shadow", "pixel", "Helvetica", "kerning", "AVATAR", "Wavy", "Tokyo", "inbox", "drafts", "archive",
        "unread", "message", "from", "about", "the", "of", "with", "and", "row", "section",
    ]

    /// A font for both sides: CellText's (for shaping and metrics) and a
    /// cairo font face on the same file, made once, like a long-lived app's.
    struct Face: @unchecked Sendable {
        let font: Font
        let cairoFace: OpaquePointer

        init(_ name: String, _ size: Double) {
            font = try! Font(named: name, size: size)
            var library: FT_Library?
            FT_Init_FreeType(&library)
            var face: FT_Face?
            FT_New_Face(library, font.face.path, font.face.index, &face)
            cairoFace = cairo_ft_font_face_create_for_ft_face(face, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
        }
    }

    static let big = Face("Helvetica-Bold", 24)
    static let title = Face("Helvetica-Bold", 13)
    static let body = Face("Helvetica", 12)

    /// `c:text(string, x, y)`: baseline at y + ascent, glyphs at the shaped pen positions.
    static func text(_ cr: OpaquePointer, _ string: String, _ x: Double, _ y: Double, _ face: Face) {
        let shaped = face.font.shape(string)
        var pen = x
        let baseline = y + face.font.ascent
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(shaped.glyphs.count)
        for g in shaped.glyphs {
            glyphs.append(cairo_glyph_t(index: UInt(g.id), x: pen + g.offsetX, y: baseline - g.offsetY))
            pen += g.advance
        }
        cairo_set_font_face(cr, face.cairoFace)
        cairo_set_font_size(cr, face.font.size)
        cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
    }

    static func draw(_ cr: OpaquePointer) {
        var rng = LCG(seed: seed)
        Cairo.setSource(cr, hex: background)
        cairo_paint(cr)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)

        Cairo.setSource(cr, hex: 0x2D4A6D)
        text(cr, "Text: shaped, kerned, filled", 10, 6, big)
        var y = 40.0
        for i in 1...28 {
            Cairo.setSource(cr, hex: 0x000000)
            text(cr, "Item \(i)", 10, y, title)
            var parts: [String] = []
            for _ in 0..<(4 + rng.pick(5)) { parts.append(words[rng.pick(words.count)]) }
            Cairo.setSource(cr, hex: 0x555555)
            text(cr, parts.joined(separator: " "), 70, y + 0.5, body)
            Cairo.setSource(cr, hex: 0x8799BC)
            text(cr, String(rng.pick(1000)), 290, y, title)
            y += 15.5
        }
    }
}
