/// Fitting one line into a width with an ellipsis, as UIKit's truncating line
/// break modes do: `tail` keeps the longest start that fits with "…" after it,
/// `head` the longest end with "…" before it, `middle` both ends (the start
/// gets the odd character) around "…". Whitespace next to the ellipsis is
/// dropped ("Hello…", not "Hello …"). If not even the ellipsis fits, nothing is.
///
/// Candidate cut points come from the widths of the shaped line, and the
/// chosen candidate is shaped to check it (kerning around the cut can differ),
/// stepping back or forward until it is the longest that fits.
enum Truncator {
    static func fit(_ text: String, font: Font, width: Double, mode: TextTruncation,
                    forceEllipsis: Bool = false) -> ShapedLine {
        let full = font.shape(text)
        let force = forceEllipsis && mode == .tail
        if mode == .clip || (!force && full.width <= width + LineBreaker.tolerance) { return full }
        let chars = CharacterWidths(text, shaped: full)
        let n = chars.count
        let ellipsis = font.ellipsis
        let e = font.shape(ellipsis).width

        func candidate(_ k: Int) -> String {
            switch mode {
            case .head:
                return ellipsis + chars.text((n - k)..<n).trimmingLeadingWhitespace
            case .middle:
                let a = (k + 1) / 2, b = k / 2
                return chars.text(0..<a).trimmingTrailingWhitespace + ellipsis
                    + chars.text((n - b)..<n).trimmingLeadingWhitespace
            default:
                return chars.text(0..<k).trimmingTrailingWhitespace + ellipsis
            }
        }
        func estimate(_ k: Int) -> Double {
            switch mode {
            case .head: return chars.width((n - k)..<n) + e
            case .middle: return chars.width(0..<((k + 1) / 2)) + chars.width((n - k / 2)..<n) + e
            default: return chars.width(0..<k) + e
            }
        }
        func fits(_ line: ShapedLine) -> Bool { line.width <= width + LineBreaker.tolerance }

        let kMax = force ? n : max(0, n - 1)
        // Largest k whose estimate fits (estimates grow with k).
        var lo = 0, hi = kMax
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if estimate(mid) <= width + LineBreaker.tolerance { lo = mid } else { hi = mid - 1 }
        }
        var k = lo
        var best = font.shape(candidate(k))
        while !fits(best) && k > 0 {
            k -= 1
            best = font.shape(candidate(k))
        }
        guard fits(best) else { return .empty(font) }
        while k < kMax {
            let next = font.shape(candidate(k + 1))
            guard fits(next) else { break }
            k += 1
            best = next
        }
        return best
    }
}
