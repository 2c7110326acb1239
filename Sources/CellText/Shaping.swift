internal import CHarfBuzz
import CellGeometry

/// One positioned glyph of a shaped line, in points.
public struct ShapedGlyph: Sendable {
    /// Glyph id in its face.
    public var id: UInt32
    /// The face the glyph comes from: 0 the font's own, from 1 its fallbacks
    /// (`Font.face(at:)`).
    public var faceIndex: Int
    /// True when the glyph comes from a fallback face.
    public var usesFallback: Bool { faceIndex != 0 }
    /// UTF-8 offset, in the shaped text, of the cluster the glyph belongs to.
    public var cluster: Int
    /// How far the pen moves after this glyph (kerning included).
    public var advance: Double
    /// Where the glyph sits relative to the pen (marks on their base), y up.
    public var offsetX: Double
    public var offsetY: Double
}

/// A line of text shaped by HarfBuzz: glyphs in visual order, left to right.
public struct ShapedLine: Sendable {
    public let font: Font
    /// The text shaped (after truncation, the truncated text with its ellipsis).
    public let text: String
    public let glyphs: [ShapedGlyph]
    /// The sum of the advances: the line's width.
    public let width: Double
    /// The glyphs with their outlines, placed once for every copy of this
    /// line (and every later shaping of the same text at the same size).
    let placement: LinePlacement

    static func empty(_ font: Font) -> ShapedLine {
        ShapedLine(font: font, text: "", glyphs: [], width: 0, placement: .empty)
    }

    /// The glyphs with their outlines, placed with the pen starting at
    /// (0, 0) on the baseline (user space, y down), blank ones (spaces) left
    /// out, and the box of their outlines there (nil when there are none).
    /// Made on first use and shared: a line drawn again places nothing.
    public var placedFromOrigin: (glyphs: [PlacedGlyph], bounds: Rect?) {
        placement.placed(self)
    }

    /// The face a glyph of this line is drawn from.
    func face(of glyph: ShapedGlyph) -> FontFace {
        font.face(at: glyph.faceIndex)
    }
}

/// Shaping language: fixed, so that output never depends on the locale.
nonisolated(unsafe) private let shapingLanguage = hb_language_from_string("en", -1)

extension Font {
    /// Shapes one line of text (no line breaks) with HarfBuzz: kerning,
    /// ligatures, combining marks, right-to-left scripts within a run.
    ///
    /// Characters the face has no glyph for are shaped with a fallback face
    /// that has them (`FallbackChain`; runs of such characters, so marks stay
    /// with their base); characters no installed face has draw the last
    /// resort's .notdef glyph, a box.
    /// Direction and script are guessed per run; mixed-direction text is laid
    /// out in logical run order (no bidi reordering).
    ///
    /// `stop` (default none) is asked between pieces of a long text (see
    /// `longestPiece`); once it says true the glyphs so far are returned (a
    /// caller's deadline passed; such a line is never cached, being longer
    /// than anything the cache keeps).
    public func shape(_ text: String, stop: (() -> Bool)? = nil) -> ShapedLine {
        guard !text.isEmpty else { return .empty(self) }
        // Text the face covers alone (printable ASCII in a Latin face) does
        // not depend on the fallback faces, and does not open them.
        let features = shapingFeatures
        let shaped = ShapingCache.shared.glyphs(text, face: face, fallback: fallbackChain, features: features,
                                                size: size, tracking: tracking) {
            let units = ShapingCache.shared.units(text, face: face, fallback: fallbackChain, features: features) {
                shapeInFontUnits(text, features: features, stop: stop)
            }
            var glyphs: [ShapedGlyph] = []
            glyphs.reserveCapacity(units.count)
            var width = 0.0
            for g in units {
                let s = size / face(at: Int(g.faceIndex)).unitsPerEm
                let advance = Double(g.advance) * s
                glyphs.append(ShapedGlyph(id: g.id, faceIndex: Int(g.faceIndex), cluster: g.cluster, advance: advance,
                                          offsetX: Double(g.offsetX) * s, offsetY: Double(g.offsetY) * s))
                width += advance
            }
            width += track(&glyphs, text: text)
            return (glyphs, width)
        }
        return ShapedLine(font: self, text: text, glyphs: shaped.glyphs, width: shaped.width,
                          placement: shaped.placement)
    }

    /// HarfBuzz's output for `text`, in font units (the same at every size:
    /// faces are shaped unhinted at their units-per-em).
    private func shapeInFontUnits(_ text: String, features: [FontFeature], stop: (() -> Bool)?) -> [ShapingCache.Glyph] {
        let utf8 = Array(text.utf8)
        let runs = Self.inPieces(Self.streamSafe(fallbackRuns(text, utf8: utf8), text: text), utf8: utf8)
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let hbFeatures = features.map { f in
            hb_feature_t(tag: hb_tag_from_string(f.tag, 4), value: f.value,
                         start: 0, end: UInt32.max) // HB_FEATURE_GLOBAL_START / _END: the whole text
        }
        var glyphs: [ShapingCache.Glyph] = []
        glyphs.reserveCapacity(utf8.count)
        for (i, run) in runs.enumerated() {
            if i > 0, let stop, stop() { break }
            let runFace = face(at: run.faceIndex)
            hb_buffer_clear_contents(buffer)
            utf8.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    hb_buffer_add_utf8(buffer, $0.baseAddress, Int32(utf8.count), UInt32(run.start), Int32(run.length))
                }
            }
            hb_buffer_set_language(buffer, shapingLanguage)
            hb_buffer_guess_segment_properties(buffer)
            hbFeatures.withUnsafeBufferPointer { hb_shape(runFace.hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
            for i in 0..<Int(count) {
                glyphs.append(ShapingCache.Glyph(id: infos[i].codepoint, faceIndex: UInt8(run.faceIndex),
                                                 cluster: Int(infos[i].cluster), advance: positions[i].x_advance,
                                                 offsetX: positions[i].x_offset, offsetY: positions[i].y_offset))
            }
        }
        return glyphs
    }

    /// Most combining marks in a row shaped together: 30, the bound of
    /// Unicode's Stream-Safe Text Format (UAX #15).
    static let longestMarkRun = 30

    /// `runs` cut so that none holds more than `longestMarkRun` combining
    /// marks (non-starters) in a row. HarfBuzz reorders a cluster's marks
    /// in time that grows with the square of their number (a base with
    /// 40,000 accents took seconds); past the bound real text has none,
    /// and each piece is shaped on its own, its clusters still offsets in
    /// the whole text. Printable ASCII, the usual case, is passed through.
    static func streamSafe(_ runs: [(start: Int, length: Int, faceIndex: Int)], text: String)
        -> [(start: Int, length: Int, faceIndex: Int)] {
        guard !isPrintableASCII(text.utf8) else { return runs }
        let functions = hb_unicode_funcs_get_default()
        var cuts: [Int] = [] // byte offsets where a run of marks passes the bound
        var offset = 0, marks = 0
        for scalar in text.unicodeScalars {
            if hb_unicode_combining_class(functions, scalar.value) != HB_UNICODE_COMBINING_CLASS_NOT_REORDERED {
                marks += 1
                if marks > longestMarkRun {
                    cuts.append(offset)
                    marks = 1
                }
            } else {
                marks = 0
            }
            offset += scalar.utf8.count
        }
        guard !cuts.isEmpty else { return runs }
        var out: [(start: Int, length: Int, faceIndex: Int)] = []
        var c = 0
        for run in runs {
            var start = run.start
            let end = run.start + run.length
            while c < cuts.count, cuts[c] <= start { c += 1 }
            while c < cuts.count, cuts[c] < end {
                out.append((start, cuts[c] - start, run.faceIndex))
                start = cuts[c]
                c += 1
            }
            out.append((start, end - start, run.faceIndex))
        }
        return out
    }

    /// Most bytes shaped in one HarfBuzz call, give or take a word: 16 KB.
    /// A longer run is shaped in pieces cut after a space, so that a caller
    /// can stop between them (a megabyte of text is a second of shaping) and
    /// HarfBuzz's buffers stay small. Nothing joins, kerns or forms a
    /// ligature across a space in the scripts that use U+0020, so the glyphs
    /// are those of shaping the run whole; a run with no space is not cut.
    static let longestPiece = 16384

    /// `runs` with any longer than `longestPiece` cut after spaces.
    static func inPieces(_ runs: [(start: Int, length: Int, faceIndex: Int)], utf8: [UInt8])
        -> [(start: Int, length: Int, faceIndex: Int)] {
        guard utf8.count > longestPiece else { return runs }
        var out: [(start: Int, length: Int, faceIndex: Int)] = []
        for run in runs {
            var start = run.start
            let end = run.start + run.length
            while end - start > longestPiece {
                // The last space in the piece, else the first one after it.
                var cut = start + longestPiece
                while cut > start, utf8[cut - 1] != 0x20 { cut -= 1 }
                if cut == start {
                    cut = start + longestPiece
                    while cut < end, utf8[cut - 1] != 0x20 { cut += 1 }
                }
                out.append((start, cut - start, run.faceIndex))
                start = cut
            }
            if start < end { out.append((start, end - start, run.faceIndex)) }
        }
        return out
    }

    /// True when `face` has every character of `utf8`: printable ASCII in a
    /// face that covers it.
    private static func needsNoFallback(_ face: FontFace, _ utf8: some Sequence<UInt8>) -> Bool {
        face.coversPrintableASCII && isPrintableASCII(utf8)
    }

    /// Byte ranges of `text` and the face each is shaped with (0: the font's
    /// own; from 1, a fallback that has the characters), split at character
    /// boundaries. A character no face has goes to the last resort (1), whose
    /// .notdef glyph is a visible box.
    private func fallbackRuns(_ text: String, utf8: [UInt8]) -> [(start: Int, length: Int, faceIndex: Int)] {
        guard !Self.needsNoFallback(face, utf8) else { return [(0, utf8.count, 0)] }
        var runs: [(start: Int, length: Int, faceIndex: Int)] = []
        var offset = 0
        let lastResort = fallbackChain.first != nil ? 1 : 0
        for character in text {
            let n = character.utf8.count
            var index = 0
            if let emoji = emojiFace(for: character) {
                index = emoji
            } else if !face.covers(character) {
                index = fallbackChain.index(covering: character)
                if index == 0 { index = lastResort }
            }
            if let last = runs.last, last.faceIndex == index {
                runs[runs.count - 1].length += n
            } else {
                runs.append((offset, n, index))
            }
            offset += n
        }
        return runs
    }
}

/// True when every byte is printable ASCII (space to tilde): text with no
/// line breaks, no control characters and nothing beyond ASCII, the common
/// case that shaping and paragraph splitting take a shortcut for.
func isPrintableASCII(_ utf8: some Sequence<UInt8>) -> Bool {
    // In place when the bytes are contiguous (a native string's are), eight
    // at a time: a byte is printable when adding 0x60 sets its top bit (it
    // is at least 0x20) and adding 0x01 does not (it is below 0x7F).
    let fast = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        let high: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= raw.count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // (No carry crosses bytes: every byte is below 0x80 first.)
            if w & high != 0 || (w &+ 0x6060_6060_6060_6060) & high != high
                || (w &+ 0x0101_0101_0101_0101) & high != 0 { return false }
            i += 8
        }
        while i < raw.count {
            let b = raw[i]
            if b < 0x20 || b >= 0x7F { return false }
            i += 1
        }
        return true
    }
    return fast ?? utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
}
