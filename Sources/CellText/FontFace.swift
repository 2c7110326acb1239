internal import CFreeType
internal import CHarfBuzz
import CellGeometry
import FoundationEssentials
import Glibc

/// One face of a font file, opened once per process and shared by every
/// `Font` of any size made from it (and by every thread).
///
/// It holds FreeType's face, for glyph outlines, and HarfBuzz's font, for
/// shaping. Both work in font units: HarfBuzz at a scale of units-per-em, and
/// FreeType at a pixel size equal to units-per-em, so its 26.6 outline
/// coordinates are font units times 64, unrounded (no hinting, no bitmaps).
/// A `Font` scales both by `size / unitsPerEm`, so one outline cache serves
/// every size and transform.
///
/// Only TrueType and OpenType (CFF) faces are accepted: HarfBuzz reads advances,
/// kerning and substitutions from their tables; a Type 1 or bitmap font would
/// shape without kerning or not at all. The one exception is a color bitmap
/// face (CBDT or sbix: Noto Color Emoji), whose glyphs are color images at a
/// fixed strike (`strikePixelsPerEm`, see ColorGlyphs.swift).
public final class FontFace: @unchecked Sendable {
    /// The file's path as opened (absolute) and the face's index in it.
    public let path: String
    public let index: Int
    public let familyName: String
    public let styleName: String
    public let postScriptName: String
    public let isBold: Bool
    public let isItalic: Bool
    public let unitsPerEm: Double
    /// Font units above the baseline (hhea ascender, as FreeType reads it).
    public let ascender: Double
    /// Font units below the baseline, positive (minus hhea's descender).
    public let descender: Double
    /// Extra space between lines in font units (hhea line gap).
    public let lineGap: Double
    /// Height of capitals and of lowercase x above the baseline, in font
    /// units (OS/2 table, else measured from the glyphs of H and x).
    public private(set) var capHeight: Double = 0
    public private(set) var xHeight: Double = 0
    public let glyphCount: Int
    /// True when every printable ASCII character has a glyph: then ASCII text
    /// never needs the fallback face, and shaping skips the per-character check.
    public private(set) var coversPrintableASCII = false
    /// The weight as CSS names it, 100...900 (OS/2 usWeightClass; 700 for a
    /// face without that table that says it is bold, else 400).
    public private(set) var weightClass = 400
    /// The pixels per em of the strike a color bitmap face draws from (its
    /// largest), nil for an outline face. Its glyphs are `GlyphShape`s with
    /// a `color` image and no outline, and advance as the strike says.
    public let strikePixelsPerEm: Double?

    /// The variation axes of a variable face (fvar), else none.
    public let axes: [VariationAxis]
    /// This face's design coordinates, one per axis (16.16): an instance's
    /// (`instance(_:)`), or those the file's face index names.
    let coordinates: [FT_Fixed]
    /// The axis settings an instance was made with (clamped, in axis
    /// order, with those of the face it was made from); none for a face
    /// opened from a file.
    public let variations: [FontVariation]
    /// The face opened from the file, when this is an instance of it: the
    /// two share FreeType's face (set to each one's coordinates before
    /// loading an outline) and HarfBuzz's.
    let root: FontFace?
    /// The root's instances by coordinates, under `FreeType.lock`.
    var instances: [[FT_Fixed]: FontFace] = [:]

    /// FreeType's face: used only under `FreeType.lock`.
    let ftFace: FT_Face
    /// HarfBuzz's font (`hb_font_t *`), immutable: safe to shape with from any thread.
    let hbFont: OpaquePointer
    /// Outlines by glyph id, in font units with y up; under `FreeType.lock`
    /// (which keeps accesses from overlapping, so without a run-time
    /// exclusivity check on each glyph).
    @exclusivity(unchecked) private var outlines = GlyphTable<GlyphOutline>()

    init(path: String, index: Int, ftFace: FT_Face, hbFont: OpaquePointer, axes: [VariationAxis] = [],
         coordinates: [FT_Fixed] = [], variations: [FontVariation] = [], root: FontFace? = nil, strike: Double? = nil) {
        self.path = path
        self.index = index
        self.ftFace = ftFace
        self.hbFont = hbFont
        self.axes = axes
        self.coordinates = coordinates
        self.variations = variations
        self.root = root
        strikePixelsPerEm = strike
        let rec = ftFace.pointee
        familyName = rec.family_name.map { String(cString: $0) } ?? ""
        styleName = rec.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(ftFace).map { String(cString: $0) } ?? ""
        isBold = rec.style_flags & Int(FT_STYLE_FLAG_BOLD) != 0
        isItalic = rec.style_flags & Int(FT_STYLE_FLAG_ITALIC) != 0
        // (FreeType leaves a bitmap face's em and heights at 0: its tables say.)
        let m = rec.units_per_EM > 0 ? (Int(rec.units_per_EM), Int(rec.ascender), Int(rec.descender), Int(rec.height))
            : sfntVerticalMetrics(ftFace)
        unitsPerEm = Double(m.0)
        ascender = Double(m.1)
        descender = -Double(m.2)
        lineGap = Swift.max(0, Double(m.3) - Double(m.1) + Double(m.2))
        glyphCount = Int(rec.num_glyphs)
        coversPrintableASCII = (0x20..<0x7F).allSatisfy { glyph(for: Unicode.Scalar(UInt8($0))) != nil }
        if let os2 = FT_Get_Sfnt_Table(ftFace, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee,
           (1...1000).contains(os2.usWeightClass) {
            weightClass = Int(os2.usWeightClass)
        } else if isBold {
            weightClass = 700
        }
        // A variable face's weight is its wght coordinate (a named
        // instance's, or an instance's): OS/2 holds the default's.
        if let w = axes.firstIndex(where: { $0.tag == "wght" }), w < coordinates.count {
            weightClass = Swift.min(1000, Swift.max(1, Int((Double(coordinates[w]) / 65536).rounded())))
        }
        if let os2 = FT_Get_Sfnt_Table(ftFace, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee,
           os2.version >= 2, os2.sCapHeight > 0, os2.sxHeight > 0 {
            capHeight = Double(os2.sCapHeight)
            xHeight = Double(os2.sxHeight)
        } else {
            capHeight = glyph(for: "H").flatMap { loadOutline($0).bounds?.maxY } ?? ascender
            xHeight = glyph(for: "x").flatMap { loadOutline($0).bounds?.maxY } ?? ascender / 2
        }
    }

    // MARK: opening

    private struct Key: Hashable {
        var path: String
        var index: Int
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }

    /// Faces already opened, keyed by file identity: a font file replaced
    /// on disk (say while `--watch` runs) is opened afresh.
    nonisolated(unsafe) private static var cache: [Key: FontFace] = [:]

    /// The face at `index` in the font file at `path`, opened once per process.
    /// Throws `FontError` for a missing file, a directory, a file FreeType
    /// cannot read, or a format other than TrueType/OpenType.
    public static func open(path: String, index: Int = 0) throws -> FontFace {
        let absolute = standardized(path)
        // One stat (symbolic links followed, as the font folders use them):
        // FileManager's attribute calls also look up the owner's user and
        // group names, a millisecond per face at startup.
        var info = stat()
        guard stat(absolute, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw FontError.missingFile(path: path) }
            throw FontError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        let type = info.st_mode & S_IFMT
        guard type != S_IFDIR else { throw FontError.isDirectory(path: path) }
        // A FIFO or device would block or never end when read: regular files only.
        guard type == S_IFREG else { throw FontError.unreadable(path: path, reason: "not a regular file") }
        let key = Key(path: absolute, index: index, seconds: Int(info.st_mtim.tv_sec),
                      nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size))
        return try FreeType.withLibrary { library in
            if let face = cache[key] { return face }
            let face = try load(library: library, path: absolute, shownAs: path, index: index)
            cache[key] = face
            return face
        }
    }

    /// `path` made absolute with its `.` and `..` segments and repeated
    /// slashes removed (the cache's key). A path that is already so (every
    /// path fontconfig gives) is returned as it is: `URL`'s standardizing
    /// costs about 45k instructions, most of a `cell.font` call.
    static func standardized(_ path: String) -> String {
        let bytes = path.utf8
        if bytes.first == UInt8(ascii: "/"), bytes.last != UInt8(ascii: "/") {
            var previous: UInt8 = 0
            var plain = true
            for b in bytes {
                // "//" or a segment starting with "." ("/./", "/../", also
                // a hidden folder, which the slow path handles alike).
                if previous == UInt8(ascii: "/"), b == UInt8(ascii: "/") || b == UInt8(ascii: ".") {
                    plain = false
                    break
                }
                previous = b
            }
            if plain { return path }
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Opens the file with FreeType and HarfBuzz; called under the lock.
    private static func load(library: FT_Library, path: String, shownAs shown: String, index: Int) throws -> FontFace {
        var opened: FT_Face?
        let error = FT_New_Face(library, path, index, &opened)
        guard error == 0, let ftFace = opened else {
            throw FontError.unreadable(path: shown, reason: FreeType.reason(error))
        }
        var keep = false
        defer { if !keep { FT_Done_Face(ftFace) } }
        let flags = ftFace.pointee.face_flags
        let format = FT_Get_Font_Format(ftFace).map { String(cString: $0) } ?? "unknown"
        let colorStrike = flags & cft_face_flag_scalable == 0 ? selectColorStrike(ftFace) : nil
        guard flags & cft_face_flag_sfnt != 0, flags & cft_face_flag_scalable != 0 || colorStrike != nil else {
            throw FontError.unsupportedFormat(path: shown, format: format == "Type 1" || format == "CID Type 1" ? format : "\(format) (not TrueType or OpenType)")
        }
        let upem = colorStrike != nil ? FT_UShort(sfntVerticalMetrics(ftFace).0) : ftFace.pointee.units_per_EM
        guard upem >= 16, upem <= 16384 else {
            throw FontError.unreadable(path: shown, reason: "units per em \(upem) out of range")
        }
        // Pixel size = units per em: outline coordinates come out in font
        // units x 64. (A color bitmap face has its strike selected instead.)
        guard colorStrike != nil || FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(upem) * 64, 72, 72) == 0 else {
            throw FontError.unreadable(path: shown, reason: "cannot scale the face")
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw FontError.unreadable(path: shown, reason: "cannot read the file")
        }
        defer { hb_blob_destroy(blob) }
        let hbFace = hb_face_create(blob, UInt32(index))
        defer { hb_face_destroy(hbFace) }
        guard hb_face_get_glyph_count(hbFace) > 0, var hbFont = hb_font_create(hbFace) else {
            throw FontError.unreadable(path: shown, reason: "HarfBuzz finds no glyphs in it")
        }
        hb_ot_font_set_funcs(hbFont)
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        let (axes, coordinates) = variationAxes(library: library, ftFace)
        // A named instance (a face index above 0xFFFF): HarfBuzz shapes
        // with its coordinates, as FreeType draws it.
        if !coordinates.isEmpty, coordinates != axes.map({ FT_Fixed(($0.defaultValue * 65536).rounded()) }) {
            setVariations(hbFont, axes: axes, coordinates: coordinates)
        }
        hb_font_make_immutable(hbFont)
        if let colorStrike { hbFont = strikeAdvancing(hbFont, ftFace: ftFace, strike: colorStrike, unitsPerEm: Double(upem)) }
        keep = true
        setCoordinates[ftFace] = coordinates
        return FontFace(path: path, index: index, ftFace: ftFace, hbFont: hbFont, axes: axes, coordinates: coordinates,
                        strike: colorStrike)
    }

    // MARK: glyphs

    /// The glyph for `scalar` in the face's character map, if it has one.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// True when every scalar of `character` that needs a glyph has one here
    /// (default-ignorable scalars such as variation selectors do not count),
    /// as written or in its composed form (NFC): HarfBuzz composes `e` +
    /// U+0301 into `é` when the face has that.
    public func covers(_ character: Character) -> Bool {
        if coversScalars(of: character) { return true }
        let composed = String(decoding: String(character)._nfcCodeUnits, as: UTF8.self)
        return composed.unicodeScalars.elementsEqual(character.unicodeScalars) ? false : coversScalars(of: Character(composed))
    }

    private func coversScalars(of character: Character) -> Bool {
        for scalar in character.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            if glyph(for: scalar) == nil { return false }
        }
        return true
    }

    /// How far the pen moves after `glyph` in font units, from the face's
    /// metrics alone (no kerning, no positioning): what shaping starts from.
    public func nominalAdvance(of glyph: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(hbFont, glyph))
    }

    /// The outline of `glyph` in font units, y up, cached. An id the face
    /// does not have, or a glyph FreeType cannot load, gives an empty outline.
    public func outline(of glyph: UInt32) -> GlyphOutline {
        withOutlines { $0(glyph) }
    }

    /// Runs `body` with a look-up of glyph outlines (as `outline(of:)`)
    /// that takes FreeType's lock once for all of them: laying out a line
    /// looks up each of its glyphs. `body` runs under that lock, so it must
    /// not reach FreeType or another face's outlines itself.
    public func withOutlines<R>(_ body: (_ outline: (UInt32) -> GlyphOutline) throws -> R) rethrows -> R {
        FreeType.lock.lock()
        defer { FreeType.lock.unlock() }
        return try body { glyph in
            // Ids past the face's glyphs (a caller's mistake) are not
            // cached: the table grows with the largest id it holds.
            guard Int(glyph) < self.glyphCount else { return GlyphOutline(path: Path()) }
            if let cached = self.outlines[glyph] { return cached }
            let outline = self.loadOutline(glyph)
            self.outlines[glyph] = outline
            return outline
        }
    }

    private func loadOutline(_ glyph: UInt32) -> GlyphOutline {
        if let strike = strikePixelsPerEm { return colorGlyph(glyph, face: ftFace, strike: strike) }
        // An instance shares FreeType's face with its root and the root's
        // other instances: set to this one's coordinates first.
        if !coordinates.isEmpty, Self.setCoordinates[ftFace] != coordinates {
            var c = coordinates
            _ = FT_Set_Var_Design_Coordinates(ftFace, FT_UInt(c.count), &c)
            Self.setCoordinates[ftFace] = coordinates
        }
        guard Int(glyph) < glyphCount,
              FT_Load_Glyph(ftFace, glyph, cft_load_unhinted_outline) == 0,
              let slot = ftFace.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return GlyphOutline(path: Path())
        }
        return GlyphOutline(path: OutlineDecomposer.path(of: &slot.pointee.outline))
    }
}

/// A glyph's outline in font units (y up) and the bounds of its curves: a
/// shape to place (`PlacedGlyph`), or none for a blank glyph (a space).
public struct GlyphOutline: Sendable {
    /// The outline and its bounds; nil when the outline has no points.
    public let shape: GlyphShape?

    init(path: Path) {
        shape = path.bounds.map { GlyphShape(outline: path, bounds: $0) }
    }

    init(shape: GlyphShape?) {
        self.shape = shape
    }

    /// The outline (empty for a blank glyph).
    public var path: Path { shape?.outline ?? Path() }
    /// The outline's bounds; nil for a blank glyph.
    public var bounds: Rect? { shape?.bounds }
}
