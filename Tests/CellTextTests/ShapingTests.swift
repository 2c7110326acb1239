import Testing
@testable import CellText

/// Widths against the font files themselves (OpenTypeOracle reads hmtx and
/// GPOS kerning without HarfBuzz), kerning, and text beyond ASCII.
@Suite struct ShapingTests {
    static let samples = ["Hello, World", "AVATAR Wavy Tokyo", "Typography: LTA 1234567890", "P.O. Box 42 - Yo!",
                          "Summary", "Detail text for the row", "WAVE", "Ta Te To Ty Va Vo Wa We Yo"]

    @Test(arguments: [(Fonts.nimbusSans, 17.0), (Fonts.nimbusSansBold, 13.0), (Fonts.dejaVuSans, 14.0),
                      (Fonts.dejaVu + "/DejaVuSans-Bold.ttf", 18.0)])
    func widthsAreTheFontFilesAdvancesPlusKerning(path: String, size: Double) throws {
        let oracle = try OpenTypeOracle(path: path)
        let font = try Font(named: path, size: size)
        for text in Self.samples {
            let expected = Double(oracle.width(text)) * size / Double(oracle.unitsPerEm)
            let measured = font.measure(text)
            #expect(abs(measured.width - expected) < 1e-9, "\(text): \(measured.width) vs \(expected)")
            #expect(measured.height == font.lineHeight)
        }
    }

    /// HarfBuzz's output is remembered per face and text (ShapingCache), in
    /// font units: a face never gets another's glyphs, and other sizes of a
    /// remembered text still measure what the font file says.
    @Test func shapingIsRememberedPerFaceAndText() throws {
        let text = "Remembered per face: AVAWAY"
        let regular = try Font(named: Fonts.nimbusSans, size: 20)
        let bold = try Font(named: Fonts.nimbusSansBold, size: 20)
        let first = regular.shape(text), again = regular.shape(text)
        #expect(first.glyphs.map(\.id) == again.glyphs.map(\.id) && first.width == again.width)
        for (font, path) in [(regular, Fonts.nimbusSans), (bold, Fonts.nimbusSansBold)] {
            let oracle = try OpenTypeOracle(path: path)
            for size in [20.0, 13.0, 40.0, 13.0, 20.0] { // (again: each size from the cache)
                let shaped = try font.withSize(size).shape(text)
                let expected = Double(oracle.width(text)) * size / Double(oracle.unitsPerEm)
                #expect(abs(shaped.width - expected) < 1e-9, "\(path) at \(size): \(shaped.width) vs \(expected)")
                #expect(shaped.glyphs.map(\.id) == text.unicodeScalars.map { UInt32(oracle.glyph($0)) }, "\(path): glyph ids")
            }
        }
    }

    @Test func kerningIsApplied() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 100)
        let a = font.measure("A").width, v = font.measure("V").width
        let av = font.measure("AV").width
        #expect(av < a + v - 1, "AV \(av) vs A + V \(a + v)")
        let oracle = try OpenTypeOracle(path: Fonts.nimbusSans)
        let pair = oracle.kern(oracle.glyph("A"), oracle.glyph("V"))
        #expect(pair < 0)
        #expect(abs(av - (a + v + Double(pair) / 10)) < 1e-9)
    }

    @Test func metrics() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 10)
        // Nimbus Sans: hhea ascender 729, descender -271, line gap 200 (of
        // 1000), the gap above the ascender; OS/2 cap height 729, x-height 524.
        #expect(abs(font.ascent - 9.29) < 1e-12)
        #expect(abs(font.descent - 2.71) < 1e-12)
        #expect(abs(font.leading - 2) < 1e-12)
        #expect(abs(font.lineHeight - 12) < 1e-12)
        #expect(font.capHeight > 7 && font.capHeight < 7.4)
        #expect(font.xHeight > 5 && font.xHeight < 5.5)
        let dejaVu = try Font(named: Fonts.dejaVuSans, size: 20.48)
        #expect(abs(dejaVu.ascent - 19.01) < 1e-9 && abs(dejaVu.descent - 4.83) < 1e-9 && dejaVu.leading == 0)
        #expect(font.measure("") == (0, 0))
        let two = font.measure("ab\ncdef")
        #expect(two.width == font.measure("cdef").width)
        #expect(abs(two.height - 24) < 1e-12)
        #expect(font.measure("a\r\nb").height == font.measure("a\nb").height)
    }

    @Test func accentsAndCombiningMarks() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 17)
        // Decomposed e + U+0301 is shaped like the precomposed é.
        #expect(abs(font.measure("Caf\u{E9}").width - font.measure("Cafe\u{301}").width) < 1e-9)
        let shaped = font.shape("e\u{301}")
        #expect(shaped.glyphs.allSatisfy { $0.id != 0 }, "no .notdef")
        // Marks Nimbus Sans lacks: the whole character comes from DejaVu Sans,
        // which positions the marks on their base (zero advance).
        let stacked = font.shape("x\u{323}\u{301}")
        #expect(stacked.glyphs.count == 3)
        #expect(stacked.glyphs.allSatisfy { $0.usesFallback && $0.id != 0 })
        #expect(stacked.glyphs.dropFirst().allSatisfy { $0.advance == 0 })
    }

    @Test func missingCharactersFallBackOrDrawNotdef() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 17)
        // Nimbus Sans has no check mark; DejaVu Sans does.
        #expect(font.face.glyph(for: "\u{2713}") == nil)
        let check = font.shape("a\u{2713}b")
        #expect(check.glyphs.map(\.usesFallback) == [false, true, false])
        #expect(check.glyphs.allSatisfy { $0.id != 0 })
        // Neither has CJK: an installed face with it is found by coverage
        // (scripts/setup installs Noto Sans CJK); before, these drew blank.
        let cjk = font.shape("日本語")
        #expect(cjk.glyphs.count == 3)
        #expect(cjk.glyphs.allSatisfy { $0.id != 0 && $0.faceIndex >= 2 })
        // (Any face with the characters will do: which one fontconfig finds
        // depends on what is installed.)
        let cjkFace = cjk.font.face(at: cjk.glyphs[0].faceIndex)
        let cjkScalars: [Unicode.Scalar] = ["日", "本", "語"]
        #expect(cjkScalars.allSatisfy { cjkFace.glyph(for: $0) != nil }, "\(cjkFace.familyName)")
        // A character no installed face has draws the last resort's .notdef
        // (a box, from the first fallback); Thai may or may not be installed.
        let none = font.shape("\u{10FFFD}")
        #expect(none.glyphs.count == 1 && none.glyphs[0].id == 0 && none.glyphs[0].faceIndex == 1)
        for text in ["日本語", "\u{E01}\u{E02}\u{E03}"] {
            let shaped = font.shape(text)
            #expect(shaped.glyphs.count == 3)
            #expect(shaped.glyphs.allSatisfy { $0.id != 0 || $0.faceIndex == 1 })
            #expect(shaped.width > 0)
            let layout = TextLayout(text: text, font: font, at: .zero)
            #expect(layout.width == shaped.width)
            _ = layout.path()
        }
    }

    @Test func rightToLeftAndControlCharacters() throws {
        let font = try Font(named: Fonts.dejaVuSans, size: 20)
        let hebrew = font.shape("\u{5E9}\u{5DC}\u{5D5}\u{5DD}")
        #expect(hebrew.glyphs.count == 4)
        // Visual order: the first letter (cluster 0) ends up at the right.
        #expect(hebrew.glyphs.last?.cluster == 0)
        #expect(TextLayout.paragraphs("a\tb\u{7}c\r\nd\re\u{2028}f") == ["a bc", "d", "e", "f"])
        #expect(TextLayout.paragraphs("") == [])
        // Printable ASCII comes back whole; the bytes just past it do not.
        #expect(TextLayout.paragraphs(" a~b ") == [" a~b "])
        #expect(TextLayout.paragraphs("a\u{7F}b\u{1F}c") == ["abc"])
        #expect(TextLayout.paragraphs("a\u{85}b\u{9F}c\u{A0}") == ["a", "bc\u{A0}"])
        #expect(TextLayout.paragraphs("\n") == ["", ""])
    }

    @Test func ellipsis() throws {
        #expect(try Font(named: Fonts.nimbusSans, size: 12).ellipsis == "\u{2026}")
        #expect(try Font(named: Fonts.dejaVuSans, size: 12).ellipsis == "\u{2026}")
    }

    /// The printable-ASCII test (eight bytes at a time in place) against
    /// the plain byte rule: every byte value at every position of strings
    /// of 1 to 20 bytes, in contiguous and non-contiguous form.
    @Test func printableASCIIIsTheByteRule() {
        var wrong = 0
        for length in 1...20 {
            for position in 0..<length {
                for byte in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(byte)
                    let expected = byte >= 0x20 && byte < 0x7F
                    if isPrintableASCII(bytes) != expected { wrong += 1 }
                    if isPrintableASCII(bytes.lazy.map { $0 }) != expected { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
        #expect(isPrintableASCII("Item 12 grouped table view".utf8))
        #expect(!isPrintableASCII("caf\u{E9} au lait, quite long".utf8))
        #expect(!isPrintableASCII("tab\there and more text".utf8))
    }

    /// A base with 40,000 accents took 6.6 s: HarfBuzz orders a cluster's
    /// marks in time that grows with the square of their number. Runs of
    /// more than 30 marks in a row (Unicode's stream-safe bound) are shaped
    /// in pieces; shorter ones, and printable ASCII, are left whole.
    @Test func longRunsOfMarksAreCutAtTheStreamSafeBound() throws {
        let text = "a" + String(repeating: "\u{301}", count: 100) + "b"
        let whole = [(start: 0, length: text.utf8.count, faceIndex: 0)]
        let pieces = Font.streamSafe(whole, text: text)
        // "a" and 30 marks, then 30, 30 and the last 10 marks with "b".
        #expect(pieces.map(\.length) == [1 + 60, 60, 60, 20 + 1])
        #expect(pieces.first?.start == 0)
        for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(a.start + a.length == b.start) }
        let short = "e" + String(repeating: "\u{301}", count: 30)
        #expect(Font.streamSafe([(0, short.utf8.count, 0)], text: short).count == 1)
        // Shaped, every character still has its glyph (but the first
        // accent, which HarfBuzz composes with its "a" into one).
        let font = try Font(named: Fonts.nimbusSans, size: 17)
        let shaped = font.shape(text)
        #expect(shaped.glyphs.count == 101)
        #expect(shaped.glyphs.allSatisfy { $0.id != 0 }, "no .notdef")
    }

    /// A run longer than 16 KB is shaped in pieces cut after a space, so
    /// that a deadline can stop it between pieces; the glyphs are those of
    /// the words as shaped alone (nothing forms across a space).
    @Test func aLongRunIsShapedInPiecesCutAfterSpaces() throws {
        let unit = "AV Wa fi To. "
        let text = String(repeating: unit, count: 4000) // 52 KB
        let utf8 = Array(text.utf8)
        let pieces = Font.inPieces([(0, utf8.count, 0)], utf8: utf8)
        #expect(pieces.count == 4)
        for (a, b) in zip(pieces, pieces.dropFirst()) {
            #expect(a.start + a.length == b.start)
            #expect(a.length <= Font.longestPiece)
            #expect(utf8[b.start - 1] == 0x20, "cut after a space")
        }
        #expect(pieces.last.map { $0.start + $0.length } == utf8.count)
        // Without a space, a run is not cut.
        let word = Array(repeating: UInt8(0x61), count: 40_000)
        #expect(Font.inPieces([(0, word.count, 0)], utf8: word).count == 1)
        let font = try Font(named: Fonts.nimbusSans, size: 17)
        let ids = font.shape(unit).glyphs.map(\.id)
        #expect(font.shape(text).glyphs.map(\.id) == Array([[UInt32]](repeating: ids, count: 4000).joined()))
        // Asked to stop, shaping ends after the first piece.
        var asked = 0
        let stopped = font.shape(text + " ", stop: { asked += 1; return true })
        #expect(asked == 1)
        let first = String(decoding: utf8[0..<pieces[0].length], as: UTF8.self)
        #expect(stopped.glyphs.map(\.id) == font.shape(first).glyphs.map(\.id))
    }

    /// The cache keeps short texts, never a long one, and starts over
    /// before it holds more than `maxGlyphs` glyphs (a page of text in a
    /// loop grew it without bound).
    @Test func theCacheIsBounded() throws {
        let font = try Font(named: Fonts.nimbusSans, size: 17)
        let cache = ShapingCache()
        var made = 0
        func shape(_ text: String, glyphs: Int) {
            _ = cache.units(text, face: font.face, fallback: font.fallbackChain) {
                made += 1
                return [ShapingCache.Glyph](repeating: .init(id: 1, faceIndex: 0, cluster: 0, advance: 1, offsetX: 0,
                                                             offsetY: 0), count: glyphs)
            }
        }
        shape("short", glyphs: 5)
        shape("short", glyphs: 5)
        #expect(made == 1, "kept")
        let long = String(repeating: "x", count: ShapingCache.longestText + 1)
        shape(long, glyphs: 1)
        shape(long, glyphs: 1)
        #expect(made == 3, "never kept")
        // Texts of a quarter of the glyph bound: the fifth empties the table.
        for i in 0..<5 { shape("quarter \(i)", glyphs: ShapingCache.maxGlyphs / 4) }
        #expect(made == 8)
        shape("quarter 4", glyphs: 1)
        shape("short", glyphs: 5)
        #expect(made == 9, "'short' was dropped when the table started over")
    }
}
