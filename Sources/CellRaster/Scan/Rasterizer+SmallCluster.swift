import CellGeometry

// The resolver's common case, kept lean: a cluster of meeting points with a
// handful of pieces reaching into it (a stroke crossing itself, an inner
// join, a curve's tight turn: two to four pieces in one or two pixels). The
// general resolver (`resolveCluster`) walks its strips incrementally, handing
// a piece's place on to the next piece of its run and sorting again only
// where something changed; for a few pieces its sorts and tests are mostly
// mispredicted branches, which cost more than the arithmetic. Here the data
// decide values, not jumps: every strip is taken afresh, the next strip edge
// is the least event above the last (no sort), each piece's place in x order
// and the winding after it are counted over all pairs, and the winding left
// of the pieces is summed from its steps. The pieces that bound the inside
// come out as the general resolver's (each over the same heights), so the
// coverage is the same but for the order of a sum's terms.

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
        var order = st.active, xAt = st.xAt, runTop = st.runTop, runDirection = st.runDirection
        var boundary = st.boundary
        defer {
            (st.rowPieces, st.leftSteps, st.events) = (pieces, steps, events)
            (st.active, st.xAt, st.runTop, st.runDirection, st.boundary) = (order, xAt, runTop, runDirection, boundary)
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
            runDirection[i] = 0
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

        // The strips, each afresh: the winding left of the pieces (`base`;
        // where it is inside, a vertical boundary at `xBase`, left of every
        // piece, opens the inside), then the pieces in x order. A piece
        // bounds the inside from where a strip finds it does (`runTop`) to
        // where one finds it no longer does, or to its end.
        let evenodd = rule == .evenodd
        var windings = WindingTally()
        boundary.count = 0
        @inline(__always) func close(_ i: Int, at end: Double) {
            let p = pieces[i], from = runTop[i]
            boundary.append(OverlapState.Piece(xTop: Self.x(p, at: from), yTop: from, xBottom: Self.x(p, at: end),
                                               yBottom: end, direction: runDirection[i]))
            runDirection[i] = 0
        }
        let xBase = Double(Self.floorIndex(xMin)) // xMin >= 0
        var leftEdge = LeftEdge(x: xBase)
        for e in 0..<(eventCount - 1) {
            let s0 = events[e], s1 = events[e + 1]
            guard s1 > s0 else { continue }
            var base = across
            for s in 0..<stepCount { base &+= steps[s].y <= s0 ? steps[s].d : 0 }
            windings.note(base)
            leftEdge.step(inside: Self.isInside(base, evenodd: evenodd), at: s0, &boundary)
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
                } else if runDirection[i] != 0 {
                    // Ended above this strip.
                    close(i, at: p.yBottom)
                }
            }
            Self.walkStrip(order.base, count, pieces, base: base, evenodd: evenodd, windings: &windings) { i, d in
                if d != runDirection[i] {
                    if runDirection[i] != 0 { close(i, at: s0) }
                    runDirection[i] = d
                    runTop[i] = s0
                }
            }
        }
        guard !windings.keepsAverage(evenodd: evenodd) else { return false }
        for i in 0..<n where runDirection[i] != 0 { close(i, at: pieces[i].yBottom) }
        leftEdge.step(inside: false, at: events[eventCount - 1], &boundary)
        writeExact(boundary, from: Int(xBase), lo, hi)
        return true
    }
}
