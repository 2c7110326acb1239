/// Word wrap (UILineBreakModeWordWrap): greedy, a line ends at the last break
/// opportunity that fits; whitespace at a break hangs past the line's end (it
/// takes no width and does not start the next line); a word wider than the
/// line is broken between characters.
///
/// Break opportunities: after whitespace; after a hyphen or dash between
/// letters; on either side of a CJK ideograph or kana (not before closing
/// punctuation). This is a small subset of UAX #14, enough for UI strings.
enum LineBreaker {
    /// Widths within this of the limit still fit (rounding of summed advances).
    static let tolerance = 1e-6

    /// Ranges of characters, one per line, at most `limit` lines (the rest of
    /// the paragraph is not broken: only the lines that can be shown are).
    static func lines(_ chars: CharacterWidths, width: Double, limit: Int) -> [Range<Int>] {
        let n = chars.count
        guard n > 0 else { return [0..<0] }
        var lines: [Range<Int>] = []
        var start = 0
        while start < n && lines.count < limit {
            func fits(_ end: Int) -> Bool {
                chars.width(start..<chars.trimmedEnd(start, end)) <= width + tolerance
            }
            if fits(n) {
                lines.append(start..<n)
                break
            }
            var best: Int? = nil
            var k = start + 1
            while k < n {
                if canBreak(before: k, chars.characters) {
                    if fits(k) { best = k } else { break }
                }
                k += 1
            }
            if let best {
                lines.append(start..<best)
                start = best
            } else {
                // The first word alone is too wide: as many characters as fit, at least one.
                var end = start + 1
                while end < n, chars.width(start..<(end + 1)) <= width + tolerance { end += 1 }
                lines.append(start..<end)
                start = end
                while start < n, chars.characters[start].isWhitespace { start += 1 }
            }
        }
        return lines
    }

    static func canBreak(before k: Int, _ c: [Character]) -> Bool {
        let before = c[k - 1], after = c[k]
        if after.isWhitespace { return false }
        if before.isWhitespace { return true }
        if "-\u{2010}\u{2013}\u{2014}".contains(before), k >= 2, c[k - 2].isLetter, after.isLetter || after.isNumber {
            return true
        }
        if isIdeographic(before) || isIdeographic(after) {
            return !"、。，．！？）」』】〕〉》,.!?)".contains(after)
        }
        return false
    }

    /// CJK ideographs, kana and their punctuation, which break between any two.
    static func isIdeographic(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFF00...0xFFEF).contains(v) || (0x20000...0x3FFFF).contains(v)
    }
}
