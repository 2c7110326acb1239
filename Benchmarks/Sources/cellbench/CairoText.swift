import CCairo
import CellText

/// Text on the cairo side, as Pango would feed cairo: strings shaped by
/// HarfBuzz (through CellText's `Font.shape`, so both sides place the same
/// glyphs at the same pen positions) and drawn with `cairo_show_glyphs` from
/// the same font files through cairo's FreeType backend, unhinted.
enum CairoText {
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

    /// Set only by `--check`, for a second cairo rendering of the scenes with
    /// text: each glyph's outline filled (`cairo_glyph_path` + `cairo_fill`)
    /// instead of `cairo_show_glyphs`, whose image backend (cairo 1.16) puts
    /// each glyph's origin on a whole device pixel. That rendering separates
    /// the glyph placement from everything else; it is never timed.
    nonisolated(unsafe) static var fillOutlines = false

    /// Unhinted outlines, unhinted metrics, gray antialiasing: celllua's
    /// text is the unhinted outlines filled by its rasterizer.
    static func setUnhinted(_ cr: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// Draws a shaped line with its pen starting at `x` on the baseline
    /// `baseline` (user space), with cairo's current source and operator.
    static func show(_ cr: OpaquePointer, _ shaped: ShapedLine, x: Double, baseline: Double, _ face: Face) {
        let count = shaped.glyphs.count
        guard count > 0 else { return }
        cairo_set_font_face(cr, face.cairoFace)
        cairo_set_font_size(cr, face.font.size)
        withUnsafeTemporaryAllocation(of: cairo_glyph_t.self, capacity: count) { glyphs in
            var pen = x
            for (i, g) in shaped.glyphs.enumerated() {
                glyphs[i] = cairo_glyph_t(index: UInt(g.id), x: pen + g.offsetX, y: baseline - g.offsetY)
                pen += g.advance
            }
            if fillOutlines {
                cairo_glyph_path(cr, glyphs.baseAddress, Int32(count))
                cairo_fill(cr)
            } else {
                cairo_show_glyphs(cr, glyphs.baseAddress, Int32(count))
            }
        }
    }

    /// `c:text(string, x, y)`: the line box's top-left at (x, y), so the
    /// baseline at y + ascent.
    static func text(_ cr: OpaquePointer, _ string: String, _ x: Double, _ y: Double, _ face: Face) {
        show(cr, face.font.shape(string), x: x, baseline: y + face.font.ascent, face)
    }
}
