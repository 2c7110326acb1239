internal import CFreeType
internal import CHarfBuzz
import CellGeometry

// Color bitmap faces: emoji fonts whose glyphs are color images at fixed
// strikes (CBDT/CBLC, as Noto Color Emoji; sbix), read through FreeType's
// FT_LOAD_COLOR as premultiplied BGRA.
//
// Such a face is not scalable: FT_Set_Char_Size fails. Its largest strike
// is selected once (`FT_Select_Size`) and a glyph drawn at `size` pixels
// per em is its strike image scaled by size / strike ppem. Advances scale
// the same way: HarfBuzz shapes with the strike's advances (a sub-font
// whose horizontal advance is the strike's, in font units) rather than
// hmtx's, which differ slightly (Noto: 136 px at 109 ppem is 2555 units,
// hmtx says 2550), so a line measures what its images take.

/// The largest color strike of `face`, selected, in pixels per em; nil for
/// a face without color glyphs or fixed strikes. Under FreeType's lock.
func selectColorStrike(_ face: FT_Face) -> Double? {
    let rec = face.pointee
    guard rec.face_flags & cft_face_flag_fixed_sizes != 0, rec.face_flags & cft_face_flag_color != 0,
          rec.num_fixed_sizes > 0, let sizes = rec.available_sizes else { return nil }
    var best = -1
    var bestPPEM: FT_Pos = 0
    for i in 0..<Int(rec.num_fixed_sizes) where sizes[i].y_ppem > bestPPEM {
        best = i
        bestPPEM = sizes[i].y_ppem
    }
    guard best >= 0, FT_Select_Size(face, Int32(best)) == 0 else { return nil }
    // The selected size's own figure (26.6), as FreeType scales with it.
    let ppem = Double(face.pointee.size.pointee.metrics.y_ppem)
    return ppem > 0 ? ppem : Double(bestPPEM) / 64
}

/// Strike advances of a color face in font units, by glyph id, for
/// HarfBuzz's advance callback: `[count, advance 0, advance 1, ...]`, kept
/// for the process as the face is.
private final class StrikeAdvances: @unchecked Sendable {
    let table: UnsafeMutablePointer<Int32>
    init(_ advances: [Int32]) {
        table = .allocate(capacity: advances.count + 1)
        table[0] = Int32(advances.count)
        (table + 1).initialize(from: advances, count: advances.count)
    }
}

nonisolated(unsafe) private var strikeAdvanceTables: [StrikeAdvances] = []

/// A sub-font of `parent` (immutable) whose horizontal advances are the
/// strike's (`FT_LOAD_BITMAP_METRICS_ONLY`: no image is decoded), in font
/// units; everything else is the parent's. Under FreeType's lock.
func strikeAdvancing(_ parent: OpaquePointer, ftFace: FT_Face, strike: Double, unitsPerEm upem: Double) -> OpaquePointer {
    let count = Int(ftFace.pointee.num_glyphs)
    var advances = [Int32](repeating: 0, count: count)
    for glyph in 0..<count {
        if FT_Load_Glyph(ftFace, FT_UInt(glyph), cft_load_color_metrics) == 0, let slot = ftFace.pointee.glyph {
            advances[glyph] = Int32((Double(slot.pointee.metrics.horiAdvance) / 64 * upem / strike).rounded())
        } else {
            advances[glyph] = hb_font_get_glyph_h_advance(parent, hb_codepoint_t(glyph))
        }
    }
    let kept = StrikeAdvances(advances)
    strikeAdvanceTables.append(kept)
    guard let funcs = hb_font_funcs_create() else { return parent }
    defer { hb_font_funcs_destroy(funcs) }
    hb_font_funcs_set_glyph_h_advance_func(funcs, { _, _, glyph, user in
        guard let table = user?.assumingMemoryBound(to: Int32.self) else { return 0 }
        return Int(glyph) < Int(table[0]) ? table[1 + Int(glyph)] : 0
    }, UnsafeMutableRawPointer(kept.table), nil)
    hb_font_funcs_make_immutable(funcs)
    guard let sub = hb_font_create_sub_font(parent) else { return parent }
    hb_font_set_funcs(sub, funcs, nil, nil)
    hb_font_make_immutable(sub)
    hb_font_destroy(parent)
    return sub
}

/// A FreeType face handed to a glyph's loader: used only under FreeType's lock.
private struct LockedFace: @unchecked Sendable {
    let face: FT_Face
}

extension FontFace {
    /// True for a color bitmap face (an emoji font): see `strikePixelsPerEm`.
    public var hasColorBitmaps: Bool { strikePixelsPerEm != nil }

    /// `glyph` of a color bitmap face as a shape: no outline, its image's box
    /// in font units (y up), and the image, loaded when first drawn. Metrics
    /// only are read here. Under FreeType's lock.
    func colorGlyph(_ glyph: UInt32, face: FT_Face, strike: Double) -> GlyphOutline {
        guard Int(glyph) < glyphCount, FT_Load_Glyph(face, glyph, cft_load_color_metrics) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_BITMAP else {
            return GlyphOutline(path: Path())
        }
        let m = slot.pointee.metrics
        let width = Int(m.width / 64), height = Int(m.height / 64)
        guard width > 0, height > 0, width <= 4096, height <= 4096 else { return GlyphOutline(path: Path()) }
        let units = unitsPerEm / strike
        let left = Double(m.horiBearingX) / 64, top = Double(m.horiBearingY) / 64
        let bounds = Rect(x: left * units, y: (top - Double(height)) * units,
                          width: Double(width) * units, height: Double(height) * units)
        let locked = LockedFace(face: face)
        let image = ColorGlyphImage(pixelWidth: width, pixelHeight: height) {
            FreeType.lock.lock()
            defer { FreeType.lock.unlock() }
            return Self.colorPixels(glyph, face: locked.face, width: width, height: height)
        }
        return GlyphOutline(shape: GlyphShape(color: image, bounds: bounds))
    }

    /// The strike image of `glyph` as premultiplied RGBA (FreeType gives
    /// premultiplied BGRA), if it is `width` x `height`. Under FreeType's lock.
    private static func colorPixels(_ glyph: UInt32, face: FT_Face, width: Int, height: Int) -> [UInt8]? {
        guard FT_Load_Glyph(face, glyph, cft_load_color) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), Int(bitmap.width) == width,
              Int(bitmap.rows) == height, let buffer = bitmap.buffer else { return nil }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let pitch = Int(bitmap.pitch)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                // A negative pitch lists rows bottom up.
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
                let o = dst.baseAddress! + y * width * 4
                for x in 0..<width {
                    o[4 * x] = row[4 * x + 2]
                    o[4 * x + 1] = row[4 * x + 1]
                    o[4 * x + 2] = row[4 * x]
                    o[4 * x + 3] = row[4 * x + 3]
                }
            }
        }
        return out
    }
}

extension Character {
    /// Whether this character asks for its color (emoji) form: it holds
    /// VARIATION SELECTOR-16 (U+FE0F: keycaps `1️⃣`, `❤️`), an emoji
    /// modifier (skin tones) or a ZERO WIDTH JOINER after an emoji, or its
    /// first scalar is an emoji shown as one by default (Emoji_Presentation:
    /// `😀`, `📶`, regional indicators of flags `🇯🇵`). U+FE0E (text
    /// presentation) says no. Plain `#`, digits, `©` or `☺` stay text, as
    /// browsers show them.
    public var prefersEmojiPresentation: Bool {
        guard let first = unicodeScalars.first, first.value >= 0x23 else { return false }
        var joined = false
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0xFE0E: return false
            case 0xFE0F, 0x1F3FB...0x1F3FF: return true
            case 0x200D: joined = true
            default: break
            }
        }
        let p = first.properties
        return p.isEmojiPresentation || (joined && p.isEmoji && first.value > 0x7F)
    }
}

extension Font {
    /// The face `character` is shaped with when it asks for its emoji form
    /// and the font's own face has no color glyph for it: a color fallback
    /// face's index (`FallbackChain.index(coveringEmoji:)`); nil otherwise
    /// (the character falls back by coverage, as any does). The character
    /// is one grapheme cluster, so a sequence stays in one face.
    func emojiFace(for character: Character) -> Int? {
        guard character.prefersEmojiPresentation, !(face.hasColorBitmaps && face.covers(character)) else { return nil }
        return fallbackChain.index(coveringEmoji: character)
    }
}

/// Units per em, ascender, descender (negative) and line height (ascender
/// - descender + line gap) from the `head` and `hhea` tables, which
/// FreeType does not copy into a bitmap face's record (0 for all when
/// the tables are missing).
func sfntVerticalMetrics(_ face: FT_Face) -> (Int, Int, Int, Int) {
    let upem = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM ?? 0
    guard let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee else {
        return (Int(upem), 0, 0, 0)
    }
    let ascender = Int(hhea.Ascender), descender = Int(hhea.Descender)
    return (Int(upem), ascender, descender, ascender - descender + Int(hhea.Line_Gap))
}
