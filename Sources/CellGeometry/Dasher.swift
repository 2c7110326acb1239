import FoundationEssentials
import Glibc

/// Cuts polylines into the "on" pieces of a dash pattern, the way Core Graphics
/// (and PDF, and cairo) dash a stroke before stroking the pieces.
///
/// Rules, chosen to match those renderers:
/// - The pattern restarts at every subpath, `phase` into the pattern.
/// - An odd-length pattern is used twice over (`[2]` is `[2, 2]`), so "on" and
///   "off" alternate across repeats.
/// - Closed polylines are walked through their closing segment too. When the
///   dash is on both at the start and at the end of a closed polyline, the last
///   and first pieces are one dash across the start point, so they are merged
///   (the stroker then joins there instead of drawing two caps); a dash that
///   covers the whole loop leaves the polyline closed and whole.
/// - A zero-length "on" entry yields a one-point polyline, which the stroker
///   draws as a dot with round or square caps, as Core Graphics does.
/// - Dash intervals are half-open: a dash that would start exactly at the end
///   of an open polyline is not drawn (cairo does the same).
public enum Dasher {
    /// Splits polylines into the "on" pieces of the dash pattern (open
    /// polylines), starting `phase` into the pattern; odd-length patterns repeat
    /// twice (as in CG/PDF); an empty pattern or one whose sum is 0 returns the
    /// input unchanged, and so does one with a negative, NaN or infinite entry
    /// (the caller is expected to reject those). A negative `phase` counts
    /// backwards from the start of the pattern; a non-finite one counts as 0.
    ///
    /// - Throws: `StrokeError.tooComplex` as soon as more than `maxPieces` pieces
    ///   would be made, which bounds both the time and the memory spent.
    public static func dash(_ polylines: [Polyline], pattern: [Double], phase: Double,
                            maxPieces: Int) throws -> [Polyline] {
        guard let dashes = DashPattern(pattern, phase: phase) else { return polylines }
        return try dash(polylines.map(MarkedPolyline.init), pattern: dashes, maxPieces: maxPieces).map(\.polyline)
    }

    /// The dasher proper, on polylines that carry the stroker's curve marks.
    static func dash(_ lines: [MarkedPolyline], pattern: DashPattern, maxPieces: Int) throws -> [MarkedPolyline] {
        var out: [MarkedPolyline] = []
        var pieceCount = 0
        func countPiece() throws {
            pieceCount += 1
            if pieceCount > maxPieces {
                throw StrokeError.tooComplex("dash pattern too fine: more than \(maxPieces) dashes")
            }
        }
        let lengths = pattern.lengths
        for line in lines {
            let pts = line.points
            guard !pts.isEmpty, pts.count == line.smooth.count else { continue }
            var index = pattern.startIndex
            var remaining = pattern.startRemaining // of lengths[index]
            var on = index % 2 == 0
            let segmentCount = line.closed ? pts.count : pts.count - 1
            var lengthOf: [Double] = []
            lengthOf.reserveCapacity(segmentCount)
            for s in 0..<segmentCount {
                let a = pts[s], b = pts[(s + 1) % pts.count]
                lengthOf.append(hypot(b.x - a.x, b.y - a.y))
            }
            // A polyline of no length is a point: a dot if the pattern starts on.
            guard lengthOf.contains(where: { $0 > 0 && $0.isFinite }) else {
                if on {
                    try countPiece()
                    out.append(MarkedPolyline(points: [pts[0]], smooth: [false], closed: false))
                }
                continue
            }
            var pieces: [MarkedPolyline] = []
            var current: MarkedPolyline?
            var moved = false // any length walked yet?
            var firstStartsAtOrigin = false
            func append(_ p: Point, smooth: Bool) {
                guard current != nil else { return }
                if let last = current?.points.last, last == p { return }
                current?.points.append(p)
                current?.smooth.append(smooth)
            }
            for s in 0..<segmentCount {
                let len = lengthOf[s]
                guard len > 0, len.isFinite else { continue }
                let a = pts[s], b = pts[(s + 1) % pts.count]
                let smoothB = line.smooth[(s + 1) % pts.count]
                func at(_ t: Double) -> Point {
                    let f = t / len
                    return Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
                }
                var t = 0.0, left = len
                // Each turn either finishes the segment or ends a pattern entry;
                // every pattern cycle starts a counted piece, so this ends.
                while left > 0 {
                    let endsEntry = remaining <= left
                    let step = endsEntry ? remaining : left
                    let reachesB = step == left
                    if on {
                        if current == nil {
                            try countPiece()
                            if !moved && pieces.isEmpty { firstStartsAtOrigin = true }
                            current = MarkedPolyline(points: [t == 0 ? a : at(t)], smooth: [false], closed: false)
                        }
                        append(reachesB ? b : at(t + step), smooth: reachesB ? smoothB : false)
                    }
                    if step > 0 { moved = true }
                    t += step
                    left = reachesB ? 0 : left - step
                    if endsEntry {
                        if on, let piece = current {
                            pieces.append(piece)
                            current = nil
                        }
                        index = (index + 1) % lengths.count
                        remaining = lengths[index]
                        on = index % 2 == 0
                    } else {
                        remaining -= step
                    }
                }
            }
            if let last = current {
                if line.closed && firstStartsAtOrigin {
                    if pieces.isEmpty {
                        // On all the way round: the subpath stays whole and closed.
                        pieces.append(line)
                    } else {
                        // One dash across the start point.
                        var merged = last
                        let first = pieces[0]
                        let skip = first.points.first == merged.points.last ? 1 : 0
                        merged.points += first.points.dropFirst(skip)
                        merged.smooth += first.smooth.dropFirst(skip)
                        pieces[0] = merged
                    }
                } else {
                    pieces.append(last)
                }
            }
            out += pieces
        }
        return out
    }
}

/// A validated dash pattern with its starting position.
struct DashPattern: Sendable, Equatable {
    /// On/off lengths, even in count (odd patterns doubled).
    let lengths: [Double]
    /// Where `phase` lands: the entry, and how much of it is left.
    let startIndex: Int
    let startRemaining: Double

    /// Nil when the pattern draws a solid line: empty, summing to 0, or invalid
    /// (negative, NaN or infinite entries).
    init?(_ pattern: [Double], phase: Double) {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let sum = lengths.reduce(0, +)
        guard sum > 0, sum.isFinite else { return nil }
        var offset = phase.isFinite ? phase.truncatingRemainder(dividingBy: sum) : 0
        if offset < 0 { offset += sum }
        if offset >= sum { offset = 0 }
        // Skip whole entries the phase covers. An offset of exactly 0 stays in
        // entry 0 even when it is a zero-length dash (a dot at the start); an
        // offset landing exactly on an entry's end moves past it (cairo's rule).
        var index = 0
        var steps = 0
        while offset > 0 && offset >= lengths[index] && steps < lengths.count {
            offset -= lengths[index]
            index = (index + 1) % lengths.count
            steps += 1
        }
        self.lengths = lengths
        self.startIndex = index
        self.startRemaining = max(0, lengths[index] - offset)
    }
}
