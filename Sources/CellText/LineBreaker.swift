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
    /// `stop` is asked every 64 lines; once true the lines so far are returned.
    static func lines(_ chars: CharacterWidths, width: Double, limit: Int, stop: (() -> Bool)? = nil) -> [Range<Int>] {
        let n = chars.count
        guard n > 0 else { return [0..<0] }
        var lines: [Range<Int>] = []
        var start = 0
        while start < n && lines.count < limit {
            if lines.count & 63 == 63, let stop, stop() { break }
            func fits(_ end: Int) -> Bool {
                chars.width(start..<chars.trimmedEnd(start, end)) <= width + tolerance
            }
            if fits(n) {
                lines.append(start..<n)
                break
            }
            // Every character has a width of zero or more, so once the text
            // up to k is too wide no later break fits either: the scan ends
            // there (a word longer than the whole text's lines is not
            // scanned again for every line it fills).
            var best: Int? = nil
            var k = start + 1
            while k < n, fits(k) {
                if canBreak(before: k, chars) { best = k }
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
                while start < n, chars.isWhitespace[start] { start += 1 }
            }
        }
        return lines
    }

    static func canBreak(before k: Int, _ chars: CharacterWidths) -> Bool {
        if chars.isWhitespace[k] { return false }
        if chars.isWhitespace[k - 1] { return true }
        let c = chars.characters
        let before = c[k - 1], after = c[k]
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
