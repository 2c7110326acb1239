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

    static let big = CairoText.Face("Helvetica-Bold", 24)
    static let title = CairoText.Face("Helvetica-Bold", 13)
    static let body = CairoText.Face("Helvetica", 12)

    static func draw(_ cr: OpaquePointer) {
        var rng = LCG(seed: seed)
        Cairo.setSource(cr, hex: background)
        cairo_paint(cr)
        CairoText.setUnhinted(cr)

        Cairo.setSource(cr, hex: 0x2D4A6D)
        CairoText.text(cr, "Text: shaped, kerned, filled", 10, 6, big)
        var y = 40.0
        for i in 1...28 {
            Cairo.setSource(cr, hex: 0x000000)
            CairoText.text(cr, "Item \(i)", 10, y, title)
            var parts: [String] = []
            for _ in 0..<(4 + rng.pick(5)) { parts.append(words[rng.pick(words.count)]) }
            Cairo.setSource(cr, hex: 0x555555)
            CairoText.text(cr, parts.joined(separator: " "), 70, y + 0.5, body)
            Cairo.setSource(cr, hex: 0x8799BC)
            CairoText.text(cr, String(rng.pick(1000)), 290, y, title)
            y += 15.5
        }
    }
}
