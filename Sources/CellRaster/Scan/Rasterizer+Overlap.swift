import CellGeometry

// Exact coverage where an outline overlaps itself inside a pixel.
//
// The accumulation sums signed areas, so each pixel gets the fill rule
// applied to its average winding number. That is the coverage of the union
// wherever the winding inside the pixel takes at most two neighbouring
// values (k and k + 1): wherever one piece of outline crosses the pixel row
// there, and wherever the pieces follow one another along one contour. Where
// unrelated pieces meet in one pixel (a stroke's inner join landing on its
// other side, overlapping subpaths, a figure eight's crossing, a line drawn
// twice) the average is not the union: winding 2 beside 0 averages to a
// coverage the union does not have, +1 beside -1 cancels.
//
// So, while edges are added, every piece (an edge's part in one pixel row)
// marks the pixels it crosses; where a piece crosses pixels that another
// piece marked, one that is not its neighbour along the contour, those
// pixels are marked as meeting points and the row is flagged. Before the
// sweep the flagged rows' pieces are gathered again (the band's edges
// replayed). Sweeping a flagged row, it is cut into strips at every piece's
// end and every crossing; in a strip the pieces keep their order in x, so
// the winding between them is known, and the pieces where the rule's inside
// begins or ends, accumulated with direction +1 or -1 into a second row,
// give the union's exact area in every pixel. The meeting points take their
// coverage from that row, every other pixel from the usual one. A flagged
// row whose windings all lie in {0, s} (s = +1 or -1 throughout) is swept
// as usual: its average winding is already exact, so plain fills give the
// bits they always gave.

/// What the overlap detection keeps for a job (owned by a `Rasterizer`).
struct OverlapState {
    /// Per row of the band: the last piece seen, a contour's first edge
    /// held back until the contour's last edge has passed (they meet at the
    /// contour's start), how many pieces the row has, and whether (and
    /// where, while gathering) it is flagged.
    struct RowMark {
        var lastFrom: Int32 = 0, lastTo: Int32 = -1, lastSerial: Int32 = -1
        var heldFrom: Int32 = 0, heldTo: Int32 = -1, heldSerial: Int32 = -1
        var pieces: Int32 = 0
        var slot: Int32 = -1
        var flagged = false
        var horizontal = false
    }

    /// An edge's part in one pixel row, top to bottom, in the job's local
    /// coordinates; `direction` is the winding's change crossing it rightward.
    struct Piece {
        var xTop: Double, yTop: Double, xBottom: Double, yBottom: Double
        var direction: Int32
    }

    /// One bit per pixel of each row: crossed by a piece already (`hits`);
    /// crossed by pieces that are not neighbours (`meetings`).
    var hits: UnsafeMutablePointer<UInt64> = .allocate(capacity: 1)
    var meetings: UnsafeMutablePointer<UInt64> = .allocate(capacity: 1)
    var hitsCapacity = 0
    /// The exact row of the flagged row being swept (zero between rows).
    var exact: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
    var exactCapacity = 0
    var marks: UnsafeMutablePointer<RowMark> = .allocate(capacity: 1)
    var marksCapacity = 0
    var pieces: UnsafeMutablePointer<Piece> = .allocate(capacity: 1)
    var piecesCapacity = 0

    /// The edge being added: its number in the job (contours are a number
    /// apart), its contour's first edge's number (the closing edge, added
    /// first), and whether it is its contour's last edge.
    var serial: Int32 = 0
    var contourFirst: Int32 = 0
    var isFinal = false
    /// Replaying edges to gather the flagged rows' pieces, not accumulating.
    var collecting = false
    var flaggedRows = 0

    /// Scratch of the row being resolved (a class: its arrays are worked
    /// on in place).
    let scratch = Scratch()

    final class Scratch {
        var order: [Int] = [], active: [Int] = [], events: [Double] = [], cuts: [Double] = []
        var byLeft: [(lo: Double, hi: Double, top: Double, bottom: Double, index: Int)] = []
        var xAt: [Double] = [], boundary: [Piece] = []
    }

    /// Rows with more pieces than this, or whose strips and crossings take
    /// more than `workBudget` steps, keep the average winding: a path that
    /// tangled (a random 100,000-point polygon) stays fast, and those rows
    /// are a blur of edges anyway.
    static let maxPieces = 1024
    static let workBudget = 1 << 20
    /// Most crossings a strip is cut at (and 16 times as many candidate
    /// pairs checked); beyond, it is cut evenly into `sampleRows` parts per
    /// pixel row.
    static let maxCuts = 1024
    static let sampleRows = 256

    func deallocate() {
        hits.deallocate()
        meetings.deallocate()
        exact.deallocate()
        marks.deallocate()
        pieces.deallocate()
    }

    /// Ready for `rows` rows of `blocks` words each; clears the marks (the
    /// hit bits are left clear by every sweep).
    mutating func beginRows(_ rows: Int, blocks: Int, stride: Int) {
        if rows * blocks > hitsCapacity {
            hits.deallocate()
            meetings.deallocate()
            hitsCapacity = max(rows * blocks, hitsCapacity * 2)
            hits = .allocate(capacity: hitsCapacity)
            hits.initialize(repeating: 0, count: hitsCapacity)
            meetings = .allocate(capacity: hitsCapacity)
            meetings.initialize(repeating: 0, count: hitsCapacity)
        }
        if stride + 1 > exactCapacity {
            exact.deallocate()
            exactCapacity = max(stride + 1, exactCapacity * 2)
            exact = .allocate(capacity: exactCapacity)
            exact.initialize(repeating: 0, count: exactCapacity)
        }
        if rows > marksCapacity {
            marks.deallocate()
            marksCapacity = max(rows, marksCapacity * 2)
            marks = .allocate(capacity: marksCapacity)
        }
        marks.initialize(repeating: RowMark(), count: rows)
        flaggedRows = 0
    }

    /// Numbers a contour's edges: call before its first edge.
    @inline(__always)
    mutating func beginContour() {
        serial &+= 2
        contourFirst = serial
    }

}

extension Rasterizer {
    /// Notes a horizontal edge at `y` from x0 to x1 (the job's local
    /// coordinates): it adds no area, but where it runs through a row the
    /// winding changes from above it to below it in the pixels it crosses,
    /// so they count as crossed, as by a piece.
    func noteHorizontal(y: Double, from x0: Double, to x1: Double) {
        guard y > Double(rowLow), y < Double(rowHigh), y != y.rounded(.down) else { return }
        let lo = max(min(x0, x1), 0), hi = min(max(x0, x1), Double(region.width))
        guard hi > lo else { return }
        let k = Int(y.rounded(.down)) - rowLow
        let from = Int(lo.rounded(.down)), to = Swift.min(Int(hi.rounded(.up)) - 1, region.width - 1)
        guard from <= to else { return }
        overlap.marks[k].horizontal = true
        notePiece(row: k, from: from, to: to, counted: false)
    }

    /// Notes a piece of the current edge crossing pixels `from...to` of row
    /// `k` (`counted`: one the gathering will record; a horizontal edge is
    /// not): where pieces that do not follow or precede it along its
    /// contour crossed them already, they are meeting points and the row is
    /// flagged.
    @inline(__always)
    func notePiece(row k: Int, from: Int, to: Int, counted: Bool = true) {
        let mark = overlap.marks + k
        if counted { mark.pointee.pieces &+= 1 }
        let bits = overlap.hits + k * blocksPerRow
        let s = overlap.serial, first = overlap.contourFirst
        var m = mark.pointee
        // A held first edge of an earlier contour is now an ordinary piece.
        if m.heldSerial >= 0 && m.heldSerial != first {
            Self.setBits(bits, Int(m.heldFrom), Int(m.heldTo))
            m.heldSerial = -1
        }
        var met = false
        let meetings = overlap.meetings + k * blocksPerRow
        if Self.anyBits(bits, from, to) {
            met = true
            Self.copyBits(from: bits, to: meetings, from, to)
        }
        var lo = Int32(from), hi = Int32(to)
        if m.lastSerial == s {
            // The same edge, split at the region's left side.
            lo = min(lo, m.lastFrom)
            hi = max(hi, m.lastTo)
        } else if m.lastSerial >= 0 {
            let chained = m.lastSerial == s &- 1 || (m.lastSerial == first && overlap.isFinal)
            if !chained && lo <= m.lastTo && m.lastFrom <= hi {
                met = true
                Self.setBits(meetings, Int(max(lo, m.lastFrom)), Int(min(hi, m.lastTo)))
            }
            if m.lastSerial == first {
                (m.heldFrom, m.heldTo, m.heldSerial) = (m.lastFrom, m.lastTo, m.lastSerial)
            } else {
                Self.setBits(bits, Int(m.lastFrom), Int(m.lastTo))
            }
        }
        if m.heldSerial >= 0 && m.heldSerial != s && m.lastSerial != m.heldSerial {
            // The contour's first edge, met again: only its neighbours may touch it.
            let chained = s == first &+ 1 || overlap.isFinal
            if !chained && lo <= m.heldTo && m.heldFrom <= hi {
                met = true
                Self.setBits(meetings, Int(max(lo, m.heldFrom)), Int(min(hi, m.heldTo)))
            }
        }
        (m.lastFrom, m.lastTo, m.lastSerial) = (lo, hi, s)
        if met && !m.flagged {
            m.flagged = true
            overlap.flaggedRows += 1
        }
        mark.pointee = m
    }

    /// Records the piece for its flagged row while gathering.
    @inline(__always)
    func collect(row k: Int, _ piece: OverlapState.Piece) {
        let slot = overlap.marks[k].slot
        if slot >= 0 {
            overlap.pieces[Int(slot)] = piece
            overlap.marks[k].slot = slot + 1
        }
    }

    @inline(__always)
    static func setBits(_ words: UnsafeMutablePointer<UInt64>, _ from: Int, _ to: Int) {
        guard from <= to else { return }
        let a = from >> 6, b = to >> 6
        let head = UInt64.max << UInt64(from & 63), tail = UInt64.max >> UInt64(63 - (to & 63))
        if a == b {
            words[a] |= head & tail
        } else {
            words[a] |= head
            var w = a + 1
            while w < b {
                words[w] = .max
                w += 1
            }
            words[b] |= tail
        }
    }

    /// Sets in `target` the bits of `source` within from...to.
    @inline(__always)
    static func copyBits(from source: UnsafeMutablePointer<UInt64>, to target: UnsafeMutablePointer<UInt64>,
                         _ from: Int, _ to: Int) {
        let a = from >> 6, b = to >> 6
        let head = UInt64.max << UInt64(from & 63), tail = UInt64.max >> UInt64(63 - (to & 63))
        var w = a
        while w <= b {
            var mask = UInt64.max
            if w == a { mask &= head }
            if w == b { mask &= tail }
            target[w] |= source[w] & mask
            w += 1
        }
    }

    @inline(__always)
    static func anyBits(_ words: UnsafeMutablePointer<UInt64>, _ from: Int, _ to: Int) -> Bool {
        let a = from >> 6, b = to >> 6
        let head = UInt64.max << UInt64(from & 63), tail = UInt64.max >> UInt64(63 - (to & 63))
        if a == b { return words[a] & head & tail != 0 }
        if words[a] & head != 0 || words[b] & tail != 0 { return true }
        var w = a + 1
        while w < b {
            if words[w] != 0 { return true }
            w += 1
        }
        return false
    }

    /// Gathers the pieces of the band's flagged rows: `replay` adds the
    /// band's edges again (in their order), which now only records them.
    func gatherOverlaps(replay: () -> Void) {
        guard overlap.flaggedRows > 0 else { return }
        let rows = rowHigh - rowLow
        var total = 0
        for k in 0..<rows where overlap.marks[k].flagged {
            let n = Int(overlap.marks[k].pieces)
            if n > OverlapState.maxPieces {
                overlap.marks[k].flagged = false
                continue
            }
            overlap.marks[k].slot = Int32(total)
            total += n
        }
        guard total > 0 else { return }
        if total > overlap.piecesCapacity {
            overlap.pieces.deallocate()
            overlap.piecesCapacity = max(total, overlap.piecesCapacity * 2)
            overlap.pieces = .allocate(capacity: overlap.piecesCapacity)
        }
        overlap.collecting = true
        replay()
        overlap.collecting = false
    }

    /// The exact union of flagged row `k` into `overlap.exact` (see the top
    /// of this file); false when the row's average winding is exact already
    /// (or the row is too tangled to resolve), and nothing was written.
    func resolveRow(_ k: Int, rule: FillRule) -> Bool {
        let n = Int(overlap.marks[k].pieces)
        guard overlap.marks[k].slot >= 0 else { return false }
        let pieces = overlap.pieces + (Int(overlap.marks[k].slot) - n)
        // The scratch arrays as locals for the duration (taken out of the
        // class, so they stay unique and no access is checked at run time).
        let st = overlap.scratch
        var boundary = st.boundary, active = st.active, xAt = st.xAt, events = st.events
        var order = st.order, cuts = st.cuts, byLeft = st.byLeft
        (st.boundary, st.active, st.xAt, st.events, st.order, st.cuts, st.byLeft) = ([], [], [], [], [], [], [])
        defer {
            (st.boundary, st.active, st.xAt, st.events, st.order, st.cuts, st.byLeft) =
                (boundary, active, xAt, events, order, cuts, byLeft)
        }
        var work = 0
        var sign: Int32 = 0
        var repair = false
        var abandoned = false
        boundary.removeAll(keepingCapacity: true)
        @inline(__always) func inside(_ w: Int32) -> Bool { rule == .nonzero ? w != 0 : w & 1 != 0 }
        @inline(__always) func x(_ p: OverlapState.Piece, at y: Double) -> Double {
            let h = p.yBottom - p.yTop
            if y <= p.yTop { return p.xTop }
            if y >= p.yBottom { return p.xBottom }
            return p.xTop + (p.xBottom - p.xTop) * ((y - p.yTop) / h)
        }
        /// The windings of the strip t0...t1 with `active` in x order:
        /// the boundary pieces, and whether the row needs them.
        func windings(_ t0: Double, _ t1: Double) {
            var w: Int32 = 0
            for i in active {
                let p = pieces[i]
                let w2 = w + p.direction
                if w2 != 0 {
                    if sign == 0 { sign = w2 > 0 ? 1 : -1 }
                    if w2 != sign { repair = true }
                }
                if inside(w) != inside(w2) {
                    boundary.append(OverlapState.Piece(xTop: x(p, at: t0), yTop: t0, xBottom: x(p, at: t1), yBottom: t1,
                                                          direction: inside(w2) ? 1 : -1))
                }
                w = w2
            }
        }
        /// Orders `active` by x in the middle of t0...t1 (insertion
        /// sort: the order of the strip above is nearly right).
        func sortActive(_ t0: Double, _ t1: Double) {
            let mid = 0.5 * (t0 + t1)
            let count = active.count
            if xAt.count < n { xAt = [Double](repeating: 0, count: n) }
            for i in active { xAt[i] = x(pieces[i], at: mid) }
            var a = 1
            while a < count {
                let v = active[a], key = xAt[v]
                var b = a - 1
                while b >= 0 && xAt[active[b]] > key {
                    active[b + 1] = active[b]
                    b -= 1
                    work += 1
                }
                active[b + 1] = v
                a += 1
            }
            work += count
        }
        /// Cuts the strip s0...s1 where its pieces cross (pieces whose
        /// spans in x overlap are the only candidates) and takes the
        /// windings of each part; false, having done nothing, when that
        /// would take more than `maxCuts` cuts or candidates.
        func cutAtCrossings(_ s0: Double, _ s1: Double) -> Bool {
            let count = active.count
            byLeft.removeAll(keepingCapacity: true)
            for i in active {
                let a = x(pieces[i], at: s0), b = x(pieces[i], at: s1)
                byLeft.append((min(a, b), max(a, b), a, b, i))
            }
            byLeft.sort { $0.lo < $1.lo }
            work += count * 4
            cuts.removeAll(keepingCapacity: true)
            var candidates = 0
            for p in 0..<count {
                let u = byLeft[p]
                var q = p + 1
                while q < count && byLeft[q].lo <= u.hi {
                    let v = byLeft[q]
                    candidates += 1
                    let dt = u.top - v.top, db = u.bottom - v.bottom
                    if (dt < 0 && db > 0) || (dt > 0 && db < 0) {
                        let y = s0 + (s1 - s0) * (dt / (dt - db))
                        if y > s0 && y < s1 { cuts.append(y) }
                    }
                    q += 1
                }
                if candidates > OverlapState.maxCuts * 16 || cuts.count > OverlapState.maxCuts { return false }
            }
            work += candidates
            cuts.append(s0)
            cuts.append(s1)
            cuts.sort()
            for c in 0..<(cuts.count - 1) where cuts[c + 1] > cuts[c] {
                sortActive(cuts[c], cuts[c + 1])
                windings(cuts[c], cuts[c + 1])
            }
            return true
        }
        strips()
        func strips() {
        // Strips between the pieces' ends.
        events.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        for i in 0..<n {
            events.append(pieces[i].yTop)
            events.append(pieces[i].yBottom)
            order.append(i)
        }
        events.sort()
        order.sort { pieces[$0].yTop < pieces[$1].yTop }
        active.removeAll(keepingCapacity: true)
        var next = 0
        var e = 0
        while e + 1 < events.count && !abandoned {
            let s0 = events[e], s1 = events[e + 1]
            e += 1
            guard s1 > s0 else { continue }
            active.removeAll { pieces[$0].yBottom <= s0 }
            while next < n && pieces[order[next]].yTop <= s0 {
                active.append(order[next])
                next += 1
            }
            guard !active.isEmpty else { continue }
            sortActive(s0, s1)
            // Pieces that cross inside the strip: cut it at each crossing.
            var crossing = false
            for a in 0..<(active.count - 1) {
                let p = pieces[active[a]], q = pieces[active[a + 1]]
                if x(p, at: s0) > x(q, at: s0) || x(p, at: s1) > x(q, at: s1) {
                    crossing = true
                    break
                }
            }
            if !crossing {
                windings(s0, s1)
                continue
            }
            repair = true
            if cutAtCrossings(s0, s1) { continue }
            // Too tangled to cut: the strip is cut evenly instead, into
            // `sampleRows` parts per pixel row (at least one), each taken
            // in the order of its pieces at its middle: exact but for the
            // crossings inside a part, each off by a sliver of it.
            let parts = max(1, Int(((s1 - s0) * Double(OverlapState.sampleRows)).rounded(.up)))
            work += parts * active.count
            if work > OverlapState.workBudget {
                abandoned = true
                break
            }
            let h = (s1 - s0) / Double(parts)
            for m in 0..<parts {
                let top = m == 0 ? s0 : s0 + Double(m) * h, bottom = m == parts - 1 ? s1 : s0 + Double(m + 1) * h
                sortActive(top, bottom)
                windings(top, bottom)
            }
        }
        }
        guard repair && !abandoned else { return false }
        for p in boundary {
            let d = (p.yBottom - p.yTop) * Double(p.direction)
            _ = Self.addCells(overlap.exact, from: min(p.xTop, p.xBottom), to: max(p.xTop, p.xBottom), d)
        }
        return true
    }
}
