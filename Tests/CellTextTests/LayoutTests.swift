import CellGeometry
import Testing
import CellText

/// Truncation, word wrap, alignment and vertical placement, checked as
/// properties over many widths: every line fits, and the next longer
/// candidate would not.
@Suite struct LayoutTests {
    static let sentence = "The quick brown fox jumps over the lazy dog, then naps."
    static let widths = stride(from: 4.0, through: 460, by: 6.5).map { $0 }

    /// Nimbus Sans by its file (what Helvetica resolves to with the fonts
    /// scripts/setup installs), so another installed font changes nothing.
    func font(_ size: Double = 17) throws -> Font { try Font(named: Fonts.nimbusSans, size: size) }

    /// The one line `text_in_rect` draws for `text` in a box `width` wide.
    func truncated(_ text: String, _ font: Font, _ width: Double, _ mode: TextTruncation) -> ShapedLine {
        let layout = TextLayout(text: text, font: font, in: Rect(x: 0, y: 0, width: width, height: 100),
                                truncation: mode)
        return layout.lines[0].shaped
    }

    /// The prefix `tail` truncation would keep after `count` characters
    /// (whitespace before the ellipsis dropped).
    func tailCandidate(_ text: String, _ count: Int) -> String {
        String(text.prefix(count)).trimmingTrailingWhitespaceForTest + "\u{2026}"
    }

    @Test func tailKeepsTheLongestPrefixThatFits() throws {
        let font = try font()
        let full = font.measure(Self.sentence).width
        for width in Self.widths {
            let line = truncated(Self.sentence, font, width, .tail)
            #expect(line.width <= width + 1e-9, "width \(width): '\(line.text)' is \(line.width)")
            if width >= full {
                #expect(line.text == Self.sentence)
                continue
            }
            if line.text.isEmpty {
                #expect(font.measure("\u{2026}").width > width)
                continue
            }
            #expect(line.text.hasSuffix("\u{2026}"))
            let kept = String(line.text.dropLast())
            #expect(Self.sentence.hasPrefix(kept))
            // Every longer prefix, with its ellipsis, is too wide.
            for count in (kept.count + 1)..<Self.sentence.count {
                let candidate = tailCandidate(Self.sentence, count)
                guard candidate != line.text else { continue }
                #expect(font.measure(candidate).width > width, "width \(width): '\(candidate)' would fit")
                break
            }
        }
    }

    @Test func headAndMiddleKeepTheLongestEndsThatFit() throws {
        let font = try font(14)
        let text = "/Users/someone/Documents/Projects/celllua/examples/type_sampler.lua"
        for width in Self.widths where width < font.measure(text).width {
            let head = truncated(text, font, width, .head)
            #expect(head.width <= width + 1e-9)
            if !head.text.isEmpty {
                #expect(head.text.hasPrefix("\u{2026}"))
                let kept = String(head.text.dropFirst())
                #expect(text.hasSuffix(kept))
                let longer = "\u{2026}" + String(text.suffix(kept.count + 1))
                #expect(font.measure(longer).width > width, "head \(width): '\(longer)' would fit")
            }
            let middle = truncated(text, font, width, .middle)
            #expect(middle.width <= width + 1e-9)
            if !middle.text.isEmpty {
                let parts = middle.text.split(separator: "\u{2026}", omittingEmptySubsequences: false)
                #expect(parts.count == 2)
                let a = String(parts[0]), b = String(parts[1])
                #expect(text.hasPrefix(a) && text.hasSuffix(b))
                #expect(a.count == b.count || a.count == b.count + 1, "start gets the odd character")
                let k = a.count + b.count + 1
                let longer = String(text.prefix((k + 1) / 2)) + "\u{2026}" + String(text.suffix(k / 2))
                #expect(font.measure(longer).width > width, "middle \(width): '\(longer)' would fit")
            }
        }
    }

    @Test func truncationEdgeCases() throws {
        let font = try font()
        // Fits: untouched, no ellipsis.
        #expect(truncated("Short", font, 200, .tail).text == "Short")
        // Whitespace before the ellipsis is dropped.
        let word = font.measure("Hello").width + font.measure("\u{2026}").width
        #expect(truncated("Hello world", font, word + 2, .tail).text == "Hello\u{2026}")
        // Not even the ellipsis fits: nothing.
        #expect(truncated("Hello", font, 3, .tail).text == "")
        // Clip keeps everything and asks for a clip.
        let clipped = TextLayout(text: "Hello world", font: font, in: Rect(x: 5, y: 6, width: 30, height: 40),
                                 truncation: .clip)
        #expect(clipped.lines[0].shaped.text == "Hello world")
        #expect(clipped.clip == Rect(x: 5, y: 6, width: 30, height: 40))
        // Combining marks stay with their letters.
        let accented = truncated("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", font, 40, .tail)
        #expect(accented.text.unicodeScalars.first == "e")
        #expect(!accented.text.unicodeScalars.contains { $0 == "\u{301}" } || accented.text.hasSuffix("\u{2026}"))
        #expect(accented.text.dropLast().unicodeScalars.filter { $0 == "e" }.count
                == accented.text.dropLast().unicodeScalars.filter { $0 == "\u{301}" }.count)
    }

    func wrapped(_ text: String, _ font: Font, _ width: Double, height: Double = 10_000) -> [String] {
        TextLayout(text: text, font: font, in: Rect(x: 0, y: 0, width: width, height: height), wrap: true)
            .lines.map(\.shaped.text)
    }

    @Test func wordWrapIsGreedyAndFits() throws {
        let font = try font(15)
        let words = Self.sentence.split(separator: " ").map(String.init)
        for width in Self.widths where width >= 120 {
            let lines = wrapped(Self.sentence, font, width)
            #expect(lines.joined(separator: " ") == Self.sentence, "width \(width): \(lines)")
            for (i, line) in lines.enumerated() {
                #expect(font.measure(line).width <= width + 1e-9, "width \(width): '\(line)'")
                if i + 1 < lines.count {
                    let next = lines[i + 1].split(separator: " ").first.map(String.init) ?? ""
                    #expect(font.measure(line + " " + next).width > width, "'\(next)' would fit after '\(line)'")
                }
            }
            #expect(lines.count >= 1 && lines.count <= words.count)
        }
    }

    @Test func longWordsBreakBetweenCharacters() throws {
        let font = try font(15)
        let word = "Supercalifragilisticexpialidocious"
        let lines = wrapped("A " + word + " word", font, 60)
        #expect(lines.first == "A")
        #expect(lines.last == "word")
        #expect(lines.dropFirst().dropLast().joined() == word)
        for line in lines { #expect(font.measure(line).width <= 60 + 1e-9) }
        // Narrower than any character: one character per line, nothing lost.
        #expect(wrapped("abc", font, 1) == ["a", "b", "c"])
    }

    /// A word longer than a line fills line after line: each line's scan
    /// ends at the first character that does not fit (before, every line
    /// scanned the rest of the paragraph for a break: a 100,000-letter word
    /// took time growing with its square).
    @Test func aWordLongerThanManyLinesIsBrokenCharacterByCharacter() throws {
        let font = try font(15)
        let word = String(repeating: "m", count: 20_000)
        let lines = wrapped(word, font, 60, height: 1e9)
        #expect(lines.joined() == word)
        for line in lines { #expect(font.measure(line).width <= 60 + 1e-9) }
        #expect(lines.dropLast().allSatisfy { font.measure($0 + "m").width > 60 })
    }

    /// A layout asked to stop (its caller's deadline passed) ends where it
    /// is: 10 MB of wrapped text ran 7.2 s past a 1 s timeout.
    @Test func aLayoutStopsWhenAsked() throws {
        let font = try font(15)
        let text = String(repeating: "word ", count: 100_000)
        let box = Rect(x: 0, y: 0, width: 100, height: 1e9)
        let full = TextLayout(text: text, font: font, in: box, wrap: true)
        #expect(full.lines.count > 30_000)
        var asked = 0
        let stopped = TextLayout(text: text, font: font, in: box, wrap: true, stop: { asked += 1; return asked > 3 })
        #expect(asked >= 4)
        #expect(stopped.lines.count < 200)
        // Paragraphs: the layout at a point asks before each.
        var paragraphs = 0
        let lines = TextLayout(text: String(repeating: "line\n", count: 1000), font: font, at: Point(0, 0),
                               stop: { paragraphs += 1; return paragraphs > 10 })
        #expect(lines.lines.count == 10)
    }

    @Test func wrapHonoursLineBreaksAndCJK() throws {
        let font = try font(15)
        #expect(wrapped("one\ntwo\n\nfour", font, 300) == ["one", "two", "", "four"])
        let japanese = try Font(named: Fonts.dejaVuSans, size: 15)
        let lines = wrapped("日本語のテキスト", japanese, 50)
        #expect(lines.count > 1)
        #expect(lines.joined() == "日本語のテキスト")
    }

    @Test func linesBelowTheRectAreDroppedAndTheLastShownIsTruncated() throws {
        let font = try font(10)  // line height 12
        let layout = TextLayout(text: Self.sentence, font: font, in: Rect(x: 0, y: 0, width: 80, height: 30),
                                wrap: true)
        #expect(layout.lines.count == 2)
        let last = layout.lines[1].shaped.text
        #expect(last.hasSuffix("\u{2026}"))
        #expect(layout.lines[1].shaped.width <= 80 + 1e-9)
        // The second line continues where the first stopped.
        let first = layout.lines[0].shaped.text
        #expect(Self.sentence.hasPrefix(first + " " + String(last.dropLast())))
        // Dropped paragraphs are marked too, even when the last shown line fits.
        let paragraphs = TextLayout(text: "a\nb\nc", font: font, in: Rect(x: 0, y: 0, width: 80, height: 24))
        #expect(paragraphs.lines.map(\.shaped.text) == ["a", "b\u{2026}"])
        // Clip drops lines without an ellipsis.
        let clip = TextLayout(text: "a\nb\nc", font: font, in: Rect(x: 0, y: 0, width: 80, height: 24), truncation: .clip)
        #expect(clip.lines.map(\.shaped.text) == ["a", "b"])
        // The first line is drawn even in a rectangle shorter than a line.
        let short = TextLayout(text: "a\nb", font: font, in: Rect(x: 0, y: 0, width: 80, height: 5))
        #expect(short.lines.map(\.shaped.text) == ["a\u{2026}"])
    }

    @Test func alignmentAndBaselines() throws {
        let font = try font(20)
        let w = font.measure("Title").width
        let left = TextLayout(text: "Title\nTwo", font: font, at: Point(100, 50))
        #expect(left.lines[0].origin == Point(100, 50 + font.ascent))
        #expect(left.lines[1].origin.y == 50 + font.ascent + font.lineHeight)
        #expect(left.height == 2 * font.lineHeight)
        #expect(TextLayout(text: "Title", font: font, at: Point(100, 50), align: .center).lines[0].origin.x == 100 - w / 2)
        #expect(TextLayout(text: "Title", font: font, at: Point(100, 50), align: .right).lines[0].origin.x == 100 - w)
        let box = Rect(x: 10, y: 20, width: 200, height: 100)
        #expect(TextLayout(text: "Title", font: font, in: box, align: .center).lines[0].origin
                == Point(10 + (200 - w) / 2, 20 + font.ascent))
        #expect(TextLayout(text: "Title", font: font, in: box, align: .right).lines[0].origin.x == 210 - w)
        #expect(TextLayout(text: "", font: font, in: box).lines.isEmpty)
    }

    @Test func pathSitsOnTheBaseline() throws {
        let font = try font(100)
        let layout = TextLayout(text: "H", font: font, at: Point(10, 20))
        let bounds = try #require(layout.path().bounds)
        let baseline = 20 + font.ascent
        // Nimbus Sans' H: cap height 729 - a little, stems from the baseline up.
        #expect(abs(bounds.maxY - baseline) < 0.01)
        #expect(bounds.minY > baseline - 73 && bounds.minY < baseline - 70)
        #expect(bounds.minX > 10 && bounds.maxX < 10 + font.measure("H").width)
        // Culling: nothing of a line far outside the visible rectangle.
        #expect(layout.path(visible: Rect(x: 500, y: 500, width: 10, height: 10)).isEmpty)
        #expect(layout.path(visible: Rect(x: 0, y: 0, width: 30, height: 200)) == layout.path())
    }
}

extension String {
    var trimmingTrailingWhitespaceForTest: String {
        var s = self
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return s
    }
}
