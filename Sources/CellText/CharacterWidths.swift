/// A line's characters (grapheme clusters) and how much of its shaped width
/// each one takes, for choosing where to break or truncate without shaping
/// every candidate. Kerning across a break point is lost in these sums, so
/// choices made with them are checked by shaping the result.
struct CharacterWidths {
    let characters: [Character]
    /// `prefix[k]`: width of the first k characters; `prefix[count]` is the line's.
    let prefix: [Double]
    /// `isWhitespace[k]`: character k is whitespace (asked once per character
    /// here: Character.isWhitespace looks Unicode properties up each time).
    let isWhitespace: [Bool]

    /// `stop` is asked every 64K characters; once true the characters so far
    /// are all there is (a caller's deadline passed).
    init(_ text: String, shaped: ShapedLine, stop: (() -> Bool)? = nil) {
        var characters: [Character] = []
        var offsets: [Int] = []
        var offset = 0
        for c in text {
            if characters.count & 0xFFFF == 0xFFFF, let stop, stop() { break }
            characters.append(c)
            offsets.append(offset)
            offset += c.utf8.count
        }
        self.characters = characters
        isWhitespace = characters.map(\.isWhitespace)
        var widths = [Double](repeating: 0, count: characters.count)
        // A glyph's width goes to the character its cluster starts in (a
        // ligature's to its first character).
        for glyph in shaped.glyphs where !characters.isEmpty && glyph.cluster < offset {
            var lo = 0, hi = characters.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if offsets[mid] <= glyph.cluster { lo = mid } else { hi = mid - 1 }
            }
            widths[lo] += glyph.advance
        }
        var sums = [0.0]
        sums.reserveCapacity(characters.count + 1)
        for w in widths { sums.append(sums.last! + w) }
        prefix = sums
    }

    var count: Int { characters.count }

    /// Width of characters `range`.
    func width(_ range: Range<Int>) -> Double { prefix[range.upperBound] - prefix[range.lowerBound] }

    /// `end` moved back over whitespace, not before `start`.
    func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start, isWhitespace[e - 1] { e -= 1 }
        return e
    }

    func text(_ range: Range<Int>) -> String { String(characters[range]) }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    var trimmingLeadingWhitespace: String {
        var s = Substring(self)
        while let first = s.first, first.isWhitespace { s = s.dropFirst() }
        return String(s)
    }
}
