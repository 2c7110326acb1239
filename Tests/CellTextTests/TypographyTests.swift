import CFreeType
import CairoOracle
import CellGeometry
import CellRaster
import CellTestSupport
@testable import CellText
import Foundation
import Testing

/// Tracking, line height, OpenType features and variable-font instances
/// (`Font.styled`, `TextLayout`'s `lineHeight`), on the fonts of Debian's
/// packages that scripts/setup installs: DejaVu Sans (fonts-dejavu-core),
/// Nimbus Sans (fonts-urw-base35) and Inter (fonts-inter-variable, axes
/// wght 100...900 and slnt -10...0).
@Suite struct TypographyTests {
    static let inter = "/usr/share/fonts/truetype/inter-vf/Inter.var.ttf"

    func widths(_ line: ShapedLine) -> Double { line.glyphs.reduce(0) { $0 + $1.advance } }

    // MARK: tracking

    /// CSS's letter-spacing: n characters (grapheme clusters, so "e" with a
    /// combining accent counts once) grow by n x tracking, the last one's
    /// included; negative tracking tightens alike.
    @Test func trackingAddsOncePerCharacter() throws {
        let font = try Font(named: Fonts.dejaVuSans, size: 17)
        for (text, n) in [("Hello", 5), ("AVAV Wa", 7), ("e\u{301}te\u{301}", 3), ("", 0)] {
            let base = font.measure(text).width
            for t in [2.5, -1.0] {
                let tracked = try font.styled(tracking: t)
                #expect(abs(tracked.measure(text).width - (base + Double(n) * t)) < 1e-9, "\(text) \(t)")
                #expect(abs(widths(tracked.shape(text)) - tracked.shape(text).width) < 1e-9)
            }
        }
        // The glyphs move: each starts t further than the one before.
        let tracked = try font.styled(tracking: 3)
        let a = font.shape("ABC").glyphs, b = tracked.shape("ABC").glyphs
        #expect(zip(a, b).allSatisfy { abs($1.advance - $0.advance - 3) < 1e-12 })
        #expect(throws: TypographyError.badTracking(.infinity)) { try font.styled(tracking: .infinity) }
    }

    /// Tracking turns the optional ligatures off, as CSS does, unless the
    /// features turn them on; the shaping cache keeps the two apart.
    @Test func trackingDropsOptionalLigatures() throws {
        let font = try Font(named: Fonts.dejaVuSans, size: 17)
        #expect(font.shape("ffi").glyphs.count < 3, "DejaVu Sans has the ligature")
        #expect(try font.styled(tracking: 1).shape("ffi").glyphs.count == 3)
        #expect(try font.styled(tracking: 1, features: [FontFeature("liga")]).shape("ffi").glyphs.count < 3)
    }

    // MARK: line height

    /// Points and multiples of the font's line height set the distance from
    /// one baseline to the next exactly; the font's line sits centred in
    /// each box (CSS's half-leading), and the layout is lines x that tall.
    @Test func lineHeightMovesTheSecondBaseline() throws {
        let font = try Font(named: Fonts.dejaVuSans, size: 15)
        let plain = TextLayout(text: "Ag\nBg\nCg", font: font, at: Point(5, 10))
        #expect(plain.lines[1].origin.y - plain.lines[0].origin.y == font.lineHeight)
        #expect(plain.lines[0].origin.y == 10 + font.ascent)
        for lh in [LineHeight.points(30), .multiple(1.5), .points(9)] {
            let points = lh.points(for: font)
            let layout = TextLayout(text: "Ag\nBg\nCg", font: font, at: Point(5, 10), lineHeight: points)
            #expect(abs(layout.lines[1].origin.y - layout.lines[0].origin.y - points) < 1e-12, "\(lh)")
            #expect(abs(layout.lines[2].origin.y - layout.lines[1].origin.y - points) < 1e-12, "\(lh)")
            #expect(abs(layout.lines[0].origin.y - (10 + (points - font.lineHeight) / 2 + font.ascent)) < 1e-12)
            #expect(abs(layout.height - 3 * points) < 1e-12)
            #expect(abs(font.measure("Ag\nBg\nCg", lineHeight: points).height - layout.height) < 1e-12)
            let boxed = TextLayout(text: "one two three four five", font: font,
                                   in: Rect(x: 0, y: 0, width: 60, height: 200), wrap: true, lineHeight: points)
            #expect(boxed.lines.count > 2)
            #expect(abs(boxed.lines[1].origin.y - boxed.lines[0].origin.y - points) < 1e-12)
        }
        #expect(LineHeight.multiple(1.5).points(for: font) == 1.5 * font.lineHeight)
        // A box fits as many lines as their height allows.
        let fits = TextLayout(text: "a\nb\nc\nd", font: font, in: Rect(x: 0, y: 0, width: 50, height: 61), lineHeight: 20)
        #expect(fits.lines.count == 3)
    }

    // MARK: features

    /// kern = false: "AVAV" in DejaVu Sans is its glyphs' plain advances,
    /// wider than kerned.
    @Test func kernOffUsesPlainAdvances() throws {
        let font = try Font(named: Fonts.dejaVuSans, size: 20)
        let kerned = font.shape("AVAV")
        let plain = try font.styled(features: [FontFeature("kern", 0)]).shape("AVAV")
        let nominal = plain.glyphs.reduce(0.0) { $0 + font.face.nominalAdvance(of: $1.id) * font.scale }
        #expect(abs(plain.width - nominal) < 1e-9)
        #expect(plain.width > kerned.width + 1, "\(plain.width) vs \(kerned.width)")
    }

    /// tnum: Inter's figures are proportional by default ("1111" narrower
    /// than "8888") and all as wide with tnum.
    @Test func tabularFigures() throws {
        let font = try Font(named: Self.inter, size: 20)
        #expect(font.measure("8888").width - font.measure("1111").width > 5)
        let tnum = try font.styled(features: [FontFeature("tnum")])
        #expect(abs(tnum.measure("1111").width - tnum.measure("8888").width) < 1e-9)
        #expect(abs(tnum.measure("0123456789").width - 10 * tnum.measure("0").width) < 1e-9)
    }

    /// liga off and on: "fi" and "ffi" are one glyph with the ligature in
    /// the faces that have it (DejaVu Sans's fi, ffi; Nimbus Sans's fi),
    /// one glyph per letter without.
    @Test func ligaturesOffAndOn() throws {
        for (path, text) in [(Fonts.dejaVuSans, "fi"), (Fonts.dejaVuSans, "ffi"), (Fonts.nimbusSans, "fi")] {
            let font = try Font(named: path, size: 17)
            let on = try font.styled(features: [FontFeature("liga", 1)]).shape(text)
            let off = try font.styled(features: [FontFeature("liga", 0)]).shape(text)
            #expect(off.glyphs.count == text.count, "\(path) \(text)")
            #expect(on.glyphs.count < text.count, "\(path) \(text)")
            #expect(font.shape(text).glyphs.map(\.id) == on.glyphs.map(\.id), "on by default")
        }
    }

    /// Tags are 4 characters of printable ASCII; a feature twice with two
    /// values is refused; the order features come in does not matter.
    @Test func featureTags() throws {
        for bad in ["", "abc", "abcde", "ab\u{7F}d", "é123"] {
            #expect(throws: TypographyError.badTag(bad, what: "feature")) { try FontFeature(bad) }
        }
        #expect(throws: TypographyError.duplicateFeature("liga")) {
            try FontFeature.canonical([FontFeature("liga"), FontFeature("liga", 0)])
        }
        let font = try Font(named: Fonts.dejaVuSans, size: 12)
        let a = try font.styled(features: [FontFeature("kern", 0), FontFeature("liga", 0)])
        let b = try font.styled(features: [FontFeature("liga", 0), FontFeature("kern", 0)])
        #expect(a.features == b.features)
        #expect(a.features.map(\.description) == ["'kern' 0", "'liga' 0"])
    }

    // MARK: variations

    /// An instance per setting, cached: the same setting gives the same
    /// face, a value past the axis is clamped to its end, the default is
    /// the face itself; 400 and 700 share no outline (and so no glyph mask,
    /// whose key is the outline's identity).
    @Test func instancesAreFacesOfTheirOwn() throws {
        let font = try Font(named: Self.inter, size: 20)
        #expect(font.face.axes.map(\.tag) == ["wght", "slnt"])
        #expect(font.face.axes[0] == VariationAxis(tag: "wght", name: "Weight", minimum: 100, defaultValue: 400, maximum: 900))
        let w400 = try font.styled(variations: [FontVariation("wght", 400)])
        let w700 = try font.styled(variations: [FontVariation("wght", 700)])
        #expect(w400.face === font.face, "the default coordinates are the file's face")
        #expect(w700.face !== font.face)
        #expect(try font.styled(variations: [FontVariation("wght", 700)]).face === w700.face)
        #expect(try font.styled(variations: [FontVariation("wght", 2000)]).face
                === (try font.styled(variations: [FontVariation("wght", 900)])).face)
        #expect(try font.styled(variations: [FontVariation("wght", 2000)]).face.variations == [FontVariation(unchecked: "wght", 900)])
        #expect(w700.face.weightClass == 700 && w400.face.weightClass == 400)
        let g = try #require(font.face.glyph(for: "a"))
        let s400 = try #require(w400.face.outline(of: g).shape), s700 = try #require(w700.face.outline(of: g).shape)
        #expect(s400 !== s700)
        #expect(s700.bounds.width > s400.bounds.width)
        // An instance of an instance keeps the other axes' settings.
        let both = try w700.styled(variations: [FontVariation("slnt", -10)])
        #expect(both.face.variations.map(\.description) == ["'wght' 700", "'slnt' -10"])
        // Drawn after one another, each weight is its own pixels.
        func ink(_ f: Font) throws -> ([UInt8], Int) {
            let canvas = try Canvas(width: 40, height: 30, scale: 2)
            canvas.fillGlyphs(TextLayout(text: "a", font: f, at: Point(4, 2)).placedGlyphs())
            let b = canvas.buffer.straightRGBA()
            return (b, stride(from: 3, to: b.count, by: 4).reduce(0) { $0 + Int(b[$1]) })
        }
        let (p400, i400) = try ink(w400), (p700, i700) = try ink(w700), (again, _) = try ink(w400)
        #expect(p400 == again)
        #expect(p400 != p700)
        #expect(Double(i700) > 1.3 * Double(i400), "\(i700) vs \(i400)")
    }

    /// Bad settings: NaN and infinities, a font without axes (named), an
    /// axis the font lacks (the message names those it has).
    @Test func variationErrors() throws {
        #expect(throws: TypographyError.nonFinite("wght", .infinity)) { try FontVariation("wght", .infinity) }
        #expect((try? FontVariation("wght", .nan)) == nil)
        #expect(throws: TypographyError.badTag("weight", what: "axis")) { try FontVariation("weight", 1) }
        let dejaVu = try Font(named: Fonts.dejaVuSans, size: 12)
        #expect(throws: TypographyError.notVariable(font: "DejaVu Sans")) {
            try dejaVu.styled(variations: [FontVariation("wght", 700)])
        }
        let inter = try Font(named: Self.inter, size: 12)
        #expect(throws: TypographyError.unknownAxis("wdth", font: "Inter", axes: ["wght", "slnt"])) {
            try inter.styled(variations: [FontVariation("wdth", 80)])
        }
        #expect(TypographyError.unknownAxis("wdth", font: "Inter", axes: ["wght", "slnt"]).description
                == "Inter has no axis 'wdth' (Inter has wght, slnt)")
    }

    /// wght = 700 against cairo drawing the same glyph ids from the same
    /// file with `cairo_font_options_set_variations("wght=700")` (its own
    /// FreeType face set to those coordinates): the advances agree within
    /// a font unit (HarfBuzz reads HVAR, cairo FreeType's varied metrics),
    /// and the glyphs within the bounds GlyphRenderingTests keeps for
    /// TrueType outlines.
    @Test(arguments: [400.0, 700.0, 900.0])
    func weightMatchesCairo(weight: Double) throws {
        let size = 20.0, scale = 2.0
        let font = try Font(named: Self.inter, size: size)
            .styled(features: [FontFeature("kern", 0)], variations: [FontVariation("wght", weight)])
        let layout = TextLayout(text: "Hamburgefonstiv 0123", font: font, at: Point(4, 4))
        let width = Int(((layout.width + 8) * scale).rounded(.up)), height = Int(((layout.height + 8) * scale).rounded(.up))

        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        #expect(FT_New_Face(library, Self.inter, 0, &face) == 0)
        defer { FT_Done_Face(face) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        let fontFace = cairo_ft_font_face_create_for_ft_face(face, Int32(cft_load_unhinted_outline))!
        defer { cairo_font_face_destroy(fontFace) }
        cairo_set_font_face(cr, fontFace)
        cairo_set_font_size(cr, size)
        let options = cairo_font_options_create()!
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_variations(options, "wght=\(Int(weight))")
        cairo_set_font_options(cr, options)

        // Advances: cairo's extents of each glyph against the shaped ones.
        let line = layout.lines[0]
        for g in line.shaped.glyphs {
            var glyph = cairo_glyph_t(index: UInt(g.id), x: 0, y: 0)
            var extents = cairo_text_extents_t()
            cairo_glyph_extents(cr, &glyph, 1, &extents)
            #expect(abs(extents.x_advance - g.advance) <= size / font.face.unitsPerEm + 1e-9,
                    "glyph \(g.id): cairo \(extents.x_advance), celllua \(g.advance)")
        }
        // Glyphs at the shaped positions rounded to the pixel grid (cairo
        // 1.16 puts glyph origins on whole device pixels).
        let canvas = try Canvas(width: Double(width) / scale, height: Double(height) / scale, scale: scale)
        var ours = Path()
        var glyphs: [cairo_glyph_t] = []
        var pen = line.origin.x
        for g in line.shaped.glyphs {
            let x = ((pen + g.offsetX) * scale).rounded() / scale, y = ((line.origin.y - g.offsetY) * scale).rounded() / scale
            let s = size / font.face.unitsPerEm
            ours.addPath(font.face.outline(of: g.id).path, transform: AffineTransform(a: s, b: 0, c: 0, d: -s, tx: x, ty: y))
            glyphs.append(cairo_glyph_t(index: UInt(g.id), x: x, y: y))
            pen += g.advance
        }
        canvas.fill(ours)
        cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
        cairo_surface_flush(surface)
        #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        let reference = ARGB32.pixelBuffer(data: cairo_image_surface_get_data(surface)!,
                                           stride: Int(cairo_image_surface_get_stride(surface)), width: width, height: height)
        let d = try #require(ImageComparison.compare(canvas.buffer, reference, tolerance: 17))
        let inked = (0..<(width * height)).filter { canvas.buffer.data[$0 * 4 + 3] > 0 }.count
        #expect(inked > 1000)
        #expect(d.pixelsOver <= inked * 3 / 100, "wght \(weight): \(d) of \(inked) inked pixels")
        // A variable font keeps each glyph's contours apart, overlapping (the
        // stem and the bowl of a "d"); FreeType's rasterizer, under cairo,
        // applies the rule to the pixel's average winding there, celllua
        // takes the union's area: those few pixels differ by up to 46
        // levels (cairo the darker); the count and the mean bound the rest.
        #expect(d.maxChannel <= 48, "wght \(weight): \(d)")
        #expect(d.mean <= 0.15, "wght \(weight): \(d)")
        if weight == 700 {
            // And not the default's outlines: cairo at 700 against celllua at 400 differs.
            let regular = try Font(named: Self.inter, size: size)
            var light = Path()
            pen = line.origin.x
            for (i, g) in line.shaped.glyphs.enumerated() {
                let s = size / regular.face.unitsPerEm
                light.addPath(regular.face.outline(of: g.id).path,
                              transform: AffineTransform(a: s, b: 0, c: 0, d: -s, tx: glyphs[i].x, ty: glyphs[i].y))
                pen += g.advance
            }
            let other = try Canvas(width: Double(width) / scale, height: Double(height) / scale, scale: scale)
            other.fill(light)
            let far = try #require(ImageComparison.compare(other.buffer, reference, tolerance: 17))
            #expect(far.pixelsOver > inked / 10, "\(far)")
        }
    }

    /// Advances follow the weight: every glyph of "Hamburg" is at least as
    /// wide at 700 as at 400, and the word wider.
    @Test func heavierIsWider() throws {
        let font = try Font(named: Self.inter, size: 20)
        let a = try font.styled(variations: [FontVariation("wght", 400)]).shape("Hamburg")
        let b = try font.styled(variations: [FontVariation("wght", 700)]).shape("Hamburg")
        #expect(b.width > a.width + 2)
        #expect(zip(a.glyphs, b.glyphs).allSatisfy { $1.advance >= $0.advance })
    }

    /// Inter-Bold names a named instance of the variable file (a face
    /// index above 0xFFFF): HarfBuzz shapes it at its coordinates, so its
    /// advances are the bold ones FreeType draws, not the default's.
    @Test func namedInstancesShapeAtTheirCoordinates() throws {
        let roman = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
        let bold = try FontFace.open(path: roman, index: 7 << 16)
        #expect(bold.styleName == "Bold" && bold.weightClass == 700)
        let viaAxes = try Font(named: roman, size: 20).styled(variations: [FontVariation("wght", 700)])
        let named = Font(face: bold, size: 20, name: "Inter-Bold")
        #expect(abs(named.measure("Hamburg").width - viaAxes.measure("Hamburg").width) < 1e-9)
    }
}
