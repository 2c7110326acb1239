import CellGeometry

// The resolver's common case, kept lean: a cluster of meeting points with a
// handful of pieces reaching into it (a stroke crossing itself, an inner
// join, a curve's tight turn: two to four pieces in one or two pixels). The
// general resolver (`resolveCluster`) walks its strips incrementally, handing
// a piece's place on to the next piece of its run and sorting again only
// where something changed; for a few pieces its sorts and tests are mostly
// mispredicted branches, which cost more than the arithmetic. Here every
// strip is taken afresh (its pieces put in x order by insertion, the winding
// left of them summed from its steps), and a strip keeps only which pieces
// bound the inside in it, a bit each; the windings' range decides whether
// the average is exact already (most often), and only when it is not are
// those pieces' parts accumulated, strip by strip. The same area as the
// general resolver's boundary, cut at more heights: the coverage is the same
// but for the order of a sum's terms.

extension Rasterizer {
    /// Most pieces and steps of the winding left of the pixels a cluster may
    /// have for `resolveSmallCluster`; beyond, `resolveCluster`.
    static let smallClusterPieces = 16
    static let smallClusterSteps = 48

    /// `resolveCluster` for a cluster with at most `smallClusterPieces`
    /// pieces reaching into it and `smallClusterSteps` steps of the winding
    /// left of it: the same result (true with the union's coverage written,
    /// false when the average is exact there), nil when it has more.
    func resolveSmallCluster(_ lo: Int, _ hi: Int, top: Double, rule: FillRule) -> Bool? {
        let st = overlap.scratch
        let all = st.allPieces
        var pieces = st.rowPieces, steps = st.leftSteps, events = st.events
        var order = st.active, xAt = st.xAt
        var strips = st.strips
        defer {
            (st.rowPieces, st.leftSteps, st.events) = (pieces, steps, events)
            (st.active, st.xAt, st.strips) = (order, xAt, strips)
        }
        // The scratch has room for every piece's ends, the steps, every
        // pair's crossing and the row's top and bottom (`OverlapScratch.init`).
        let maxPieces = Self.smallClusterPieces, maxSteps = Self.smallClusterSteps

        // The pieces reaching into the pixels; those left of them add to the
        // winding there: across the whole row (most) as one sum, the rest as
        // steps at their ends.
        let x0 = Double(lo), x1 = Double(hi + 1), bottom = top + 1
        var n = 0, stepCount = 0
        var across: Int32 = 0
        var xMin = x0
        for a in 0..<all.count {
            let p = all[a]
            let pLo = min(p.xTop, p.xBottom), pHi = max(p.xTop, p.xBottom)
            if pHi <= x0 {
                if p.yTop == top && p.yBottom == bottom {
                    across &+= p.direction
                } else {
                    guard stepCount + 2 <= maxSteps else { return nil }
                    steps[stepCount] = OverlapScratch.Step(y: p.yTop, d: p.direction)
                    steps[stepCount + 1] = OverlapScratch.Step(y: p.yBottom, d: -p.direction)
                    stepCount += 2
                }
            } else if pLo < x1 {
                guard n < maxPieces else { return nil }
                pieces[n] = p
                n += 1
                xMin = min(xMin, pLo)
            }
        }
        // The strips' edges: the row's top and bottom, the pieces' ends,
        // the steps and the crossings.
        var eventCount = 0
        @inline(__always) func event(_ y: Double) {
            events[eventCount] = y
            eventCount += 1
        }
        event(top)
        event(bottom)
        for i in 0..<n {
            let p = pieces[i]
            if p.yTop != top { event(p.yTop) }
            if p.yBottom != bottom { event(p.yBottom) }
        }
        if stepCount > 0 {
            // Merged by height, those that cancel left out (where one piece
            // of a run ends and the next begins the winding does not change):
            // fewer strips.
            Self.sort(steps.base, stepCount) { $0.y < $1.y }
            var merged = 0, a = 0
            while a < stepCount {
                let y = steps[a].y
                var d: Int32 = 0
                while a < stepCount && steps[a].y == y {
                    d &+= steps[a].d
                    a += 1
                }
                if d != 0 {
                    steps[merged] = OverlapScratch.Step(y: y, d: d)
                    merged += 1
                    if y != top && y != bottom { event(y) }
                }
            }
            stepCount = merged
        }
        if n > 1 {
            for i in 0..<(n - 1) {
                for j in (i + 1)..<n {
                    if let y = Self.crossing(pieces[i], pieces[j]) { event(y) }
                }
            }
        }
        Self.sort(events.base, eventCount)

        // The strips, each afresh: the winding left of the pieces (`base`),
        // then the pieces in x order, walked by the rule; each strip keeps
        // which pieces bound the inside in it and whether the winding left
        // of them all is inside (a vertical boundary at `xBase`, left of
        // every piece, opens it there).
        let evenodd = rule == .evenodd
        var windings = WindingTally()
        var stripCount = 0
        let xBase = Double(Self.floorIndex(xMin)) // xMin >= 0
        for e in 0..<(eventCount - 1) {
            let s0 = events[e], s1 = events[e + 1]
            guard s1 > s0 else { continue }
            var base = across
            for s in 0..<stepCount { base &+= steps[s].y <= s0 ? steps[s].d : 0 }
            windings.note(base)
            // The strip's pieces (every piece spans whole strips), in x order.
            let mid = 0.5 * (s0 + s1)
            var count = 0
            for i in 0..<n {
                let p = pieces[i]
                if p.yTop <= s0 && p.yBottom >= s1 {
                    let x = p.xTop + (mid - p.yTop) * p.slope
                    var b = count
                    while b > 0 && x < xAt[b - 1] {
                        xAt[b] = xAt[b - 1]
                        order[b] = order[b - 1]
                        b -= 1
                    }
                    xAt[b] = x
                    order[b] = Int32(i)
                    count += 1
                }
            }
            var opens: UInt32 = Self.isInside(base, evenodd: evenodd) ? 1 << 31 : 0, closes: UInt32 = 0
            Self.walkStrip(order.base, count, pieces, base: base, evenodd: evenodd, windings: &windings) { i, d in
                let bit: UInt32 = 1 << UInt32(i)
                opens |= d > 0 ? bit : 0
                closes |= d < 0 ? bit : 0
            }
            strips[stripCount] = OverlapScratch.Strip(top: s0, bottom: s1, opens: opens, closes: closes)
            stripCount += 1
        }
        guard !windings.keepsAverage(evenodd: evenodd) else { return false }

        // The union's coverage: each strip's bounding pieces, their parts in
        // it, accumulated with the direction they bound the inside by into
        // `overlap.exact` (cells from `xBase`), summed across the pixels.
        let exact = overlap.exact, first = Int(xBase)
        var last = hi
        for t in 0..<stripCount {
            let strip = strips[t]
            let h = strip.bottom - strip.top
            if strip.opens & (1 << 31) != 0 { exact[first] += h }
            @inline(__always) func add(_ mask: UInt32, _ d: Double) {
                var bits = mask
                while bits != 0 {
                    let p = pieces[bits.trailingZeroBitCount]
                    bits &= bits - 1
                    let xa = Self.x(p, at: strip.top), xb = Self.x(p, at: strip.bottom)
                    last = Swift.max(last, Self.addCells(exact, from: min(xa, xb), to: max(xa, xb), d))
                }
            }
            add(strip.opens & 0xFFFF, h)
            add(strip.closes, -h)
        }
        sumExact(from: first, lo, hi, last: last)
        return true
    }
}
