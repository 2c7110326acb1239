import CellGeometry

// The resolver's common case, kept lean: a cluster of meeting points with a
// handful of pieces reaching into it (a stroke crossing itself, an inner
// join, a curve's tight turn: two to four pieces in one or two pixels). The
// general resolver (`resolveCluster`) walks its strips incrementally, handing
// a piece's place on to the next piece of its run and sorting again only
// where something changed; for a few pieces its sorts and tests are mostly
// mispredicted branches, which cost more than the arithmetic. Here every
// strip is taken afresh (its pieces put in x order by comparing every pair
// where they are four at most, `FourPieces`, else by insertion; the winding
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
        // The scratch's buffers as they are: written through, never grown
        // (they have room for the largest cluster from the start).
        let st = overlap.scratch
        let all = st.allPieces
        let pieces = st.rowPieces, steps = st.leftSteps, events = st.events
        let order = st.active, xAt = st.xAt
        let strips = st.strips
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
        // Without a branch on the data (a row's pieces fall left, in or
        // right of a cluster at random): each is written as a piece and as
        // two steps, and counted as what it is. The scratch has room for one
        // piece and two steps past the most counted.
        for a in 0..<all.count {
            let p = all[a]
            let pLo = min(p.xTop, p.xBottom), pHi = max(p.xTop, p.xBottom)
            let left = ~Self.below(x0, pHi) // pHi <= x0
            let inside = ~left & Self.below(pLo, x1)
            let wholeRow = ~Self.nonzero(p.yTop - top) & ~Self.nonzero(p.yBottom - bottom)
            across &+= p.direction & Int32(truncatingIfNeeded: Int64(bitPattern: left & wholeRow))
            steps[stepCount] = OverlapScratch.Step(y: p.yTop, d: p.direction)
            steps[stepCount + 1] = OverlapScratch.Step(y: p.yBottom, d: -p.direction)
            stepCount += Int(left & ~wholeRow & 2)
            pieces[n] = p
            n += Int(inside & 1)
            xMin = Self.pick(inside, min(xMin, pLo), xMin)
            guard n <= maxPieces, stepCount <= maxSteps else { return nil }
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
            // Written always, counted unless at the top or bottom: no branch.
            let p = pieces[i]
            events[eventCount] = p.yTop
            eventCount += Int(Self.nonzero(p.yTop - top) & 1)
            events[eventCount] = p.yBottom
            eventCount += Int(Self.nonzero(p.yBottom - bottom) & 1)
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
                    // Written always, counted where they cross: no branch.
                    let (y, crosses) = Self.crossing(pieces[i], pieces[j])
                    events[eventCount] = y
                    eventCount += crosses
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
        let few = n <= 4, four = FourPieces(pieces, min(n, 4))
        for e in 0..<(eventCount - 1) {
            let s0 = events[e], s1 = events[e + 1]
            guard s1 > s0 else { continue }
            var base = across
            for s in 0..<stepCount { base &+= steps[s].y <= s0 ? steps[s].d : 0 }
            windings.note(base)
            var opens: UInt32 = Self.isInside(base, evenodd: evenodd) ? 1 << 31 : 0, closes: UInt32 = 0
            if few {
                four.strip(s0, s1, base: base, evenodd: evenodd, windings: &windings, opens: &opens, closes: &closes)
            } else {
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
                Self.walkStrip(order.base, count, pieces, base: base, evenodd: evenodd, windings: &windings) { i, d in
                    let bit: UInt32 = 1 << UInt32(i)
                    opens |= d > 0 ? bit : 0
                    closes |= d < 0 ? bit : 0
                }
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

/// Up to four pieces of a cluster (most clusters), so that a strip is
/// ordered and walked without a branch on the data: where the pieces are
/// few, a sort's and a walk's mispredicted branches cost more than
/// comparing every pair. Lanes past the pieces are never in a strip.
struct FourPieces {
    let xTop: SIMD4<Double>, yTop: SIMD4<Double>, yBottom: SIMD4<Double>, slope: SIMD4<Double>
    let direction: SIMD4<Int32>

    init(_ pieces: ScratchBuffer<OverlapState.Segment>, _ n: Int) {
        var xTop = SIMD4<Double>(), slope = SIMD4<Double>(), direction = SIMD4<Int32>()
        var yTop = SIMD4<Double>(repeating: .greatestFiniteMagnitude)
        var yBottom = SIMD4<Double>(repeating: -.greatestFiniteMagnitude)
        for i in 0..<n {
            let p = pieces[i]
            (xTop[i], yTop[i], yBottom[i], slope[i]) = (p.xTop, p.yTop, p.yBottom, p.slope)
            direction[i] = p.direction
        }
        (self.xTop, self.yTop, self.yBottom, self.slope, self.direction) = (xTop, yTop, yBottom, slope, direction)
    }

    /// All ones where `a <= b` (finite values), else zero: `Rasterizer.below`
    /// turned round, which the compiler cannot make a branch.
    @_transparent
    static func atMost(_ a: Double, _ b: Double) -> Int32 {
        ~Int32(truncatingIfNeeded: Int64(bitPattern: Rasterizer.below(b, a)))
    }

    /// The strip from `s0` to `s1` over winding `base`, as the lean
    /// resolver's walk: each piece's winding right of it is the base and the
    /// directions of the pieces before it in x order (ties in lane order, as
    /// a stable sort keeps them: piece i before j > i where x_i <= x_j);
    /// those windings are noted and the pieces where the inside opens and
    /// closes set in `opens` and `closes`. Branch-free throughout.
    @inline(__always)
    func strip(_ s0: Double, _ s1: Double, base: Int32, evenodd: Bool, windings: inout WindingTally,
               opens: inout UInt32, closes: inout UInt32) {
        let mid = 0.5 * (s0 + s1)
        @inline(__always) func x(_ i: Int) -> Double { xTop[i] + (mid - yTop[i]) * slope[i] }
        @inline(__always) func here(_ i: Int) -> Int32 { Self.atMost(yTop[i], s0) & Self.atMost(s1, yBottom[i]) }
        let x0 = x(0), x1 = x(1), x2 = x(2), x3 = x(3)
        let p0 = here(0), p1 = here(1), p2 = here(2), p3 = here(3)
        // Directions of the pieces in the strip (0 for the others).
        let d0 = direction[0] & p0, d1 = direction[1] & p1, d2 = direction[2] & p2, d3 = direction[3] & p3
        let l01 = Self.atMost(x0, x1), l02 = Self.atMost(x0, x2), l03 = Self.atMost(x0, x3)
        let l12 = Self.atMost(x1, x2), l13 = Self.atMost(x1, x3), l23 = Self.atMost(x2, x3)
        // A piece not in the strip takes the base (noted already).
        @inline(__always) func winding(_ w: Int32, _ p: Int32) -> Int32 { (w & p) | (base & ~p) }
        let w0 = winding(base &+ d0 &+ (d1 & ~l01) &+ (d2 & ~l02) &+ (d3 & ~l03), p0)
        let w1 = winding(base &+ d1 &+ (d0 & l01) &+ (d2 & ~l12) &+ (d3 & ~l13), p1)
        let w2 = winding(base &+ d2 &+ (d0 & l02) &+ (d1 & l12) &+ (d3 & ~l23), p2)
        let w3 = winding(base &+ d3 &+ (d0 & l03) &+ (d1 & l13) &+ (d2 & l23), p3)
        windings.note(w0)
        windings.note(w1)
        windings.note(w2)
        windings.note(w3)
        // Inside as 1 or 0: odd, or (nonzero) w | -w negative.
        let oddRule: UInt32 = evenodd ? .max : 0
        @inline(__always) func inside(_ w: Int32) -> UInt32 {
            let u = UInt32(bitPattern: w)
            return (oddRule & u & 1) | (~oddRule & ((u | (0 &- u)) >> 31))
        }
        @inline(__always) func turn(_ w: Int32, _ d: Int32, _ i: UInt32) {
            let now = inside(w), was = inside(w &- d)
            opens |= (now & ~was) << i
            closes |= (was & ~now) << i
        }
        turn(w0, d0, 0)
        turn(w1, d1, 1)
        turn(w2, d2, 2)
        turn(w3, d3, 3)
    }
}
