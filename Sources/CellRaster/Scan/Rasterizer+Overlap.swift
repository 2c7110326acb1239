import CellGeometry

// Exact coverage where an outline overlaps itself inside a pixel.
//
// The accumulation sums signed areas, so each pixel gets the fill rule
// applied to its average winding number. That is the coverage of the union
// wherever the winding inside the pixel takes at most two neighbouring
// values (k and k + 1). Where unrelated pieces of outline meet in one pixel
// (a stroke's inner join landing on its other side, overlapping subpaths, a
// figure eight's crossing, a line drawn twice) the average may not be the
// union: winding 2 beside 0 averages to a coverage the union does not have,
// +1 beside -1 cancels.
//
// While edges are added, every piece (an edge's part in one pixel row) is
// recorded for its row and marks the pixels it crosses. Where a piece
// crosses pixels marked by a piece that is not its neighbour along the
// contour, those pixels are meeting points and the row is flagged. A run of
// edges one way (each going down, or each going up) counts as one piece: its
// pieces follow one another down the row, never side by side, so it crosses
// each height once, as one edge does; the curves a flattener cuts into many
// short edges cross a row as such runs.
// A flagged row is resolved a cluster of neighbouring meeting points at a
// time. The pieces reaching into the cluster's pixels are cut into strips at
// every piece's end and every crossing; in a strip they keep their order in
// x, so the winding between them is known from the winding left of them all
// (the pieces left of the cluster, a step function of the height; pieces
// right of it do not matter), and the pieces where the rule's inside begins
// or ends, accumulated with direction +1 or -1 into a second row, give the
// union's exact area in the cluster's pixels. The meeting points take their
// coverage from there, every other pixel from the usual row. A cluster whose
// windings all lie in {0, s} (s = +1 or -1 throughout), or under the nonzero
// rule are all nonzero and of one sign, keeps the average: it is already
// exact (`WindingTally`), so plain fills give the bits they always gave.

/// The windings a resolver met in a cluster's strips (each noted), and
/// whether the average winding is already exact there. It is where the
/// windings all lie in {0, s} (s = +1 or -1 throughout: no pixel is covered
/// twice), and under the nonzero rule also where none is 0 and all have one
/// sign: every point of the cluster's pixels is inside, so the average and
/// the union both cover them fully (a stroke's edge crossing another part's
/// inside).
struct WindingTally {
    /// The least and the greatest winding noted (none: Int32.max, .min,
    /// which keeps the average).
    private var least = Int32.max, greatest = Int32.min

    /// Branch-free: a resolver notes every winding of every strip.
    @inline(__always)
    mutating func note(_ w: Int32) {
        least = Swift.min(least, w)
        greatest = Swift.max(greatest, w)
    }

    /// From the range of the windings: one sign (or 0) throughout, and
    /// within {0, s}, or (nonzero) away from 0 altogether.
    func keepsAverage(evenodd: Bool) -> Bool {
        if least >= 0 { return greatest <= 1 || (!evenodd && least >= 1) }
        if greatest <= 0 { return least >= -1 || (!evenodd && greatest <= -1) }
        return false // both signs
    }
}

/// The vertical boundary a resolver puts at `x`, left of every piece of a
/// cluster, where the winding left of the pieces is inside: it opens the
/// inside for the strips from where that winding turns inside to where it
/// turns outside.
struct LeftEdge {
    let x: Double
    private var inside = false, top = 0.0

    init(x: Double) { self.x = x }

    /// The winding left of the pieces is `inside` (or not) from height `y`
    /// on; leaving the inside adds the boundary since it turned inside.
    /// Called with false at the last strip's bottom to close it.
    @inline(__always)
    mutating func step(inside now: Bool, at y: Double, _ boundary: inout ScratchBuffer<OverlapState.Piece>) {
        guard now != inside else { return }
        if inside { boundary.append(OverlapState.Piece(xTop: x, yTop: top, xBottom: x, yBottom: y, direction: 1)) }
        (inside, top) = (now, y)
    }
}

/// What the overlap detection keeps for a job (owned by a `Rasterizer`).
struct OverlapState {
    /// Per row of the band: the last piece seen, a contour's first edge
    /// held back until the contour's last edge has passed (they meet at the
    /// contour's start), its recorded pieces and whether it is flagged.
    struct RowMark {
        var lastFrom: Int32 = 0, lastTo: Int32 = -1, lastSerial: Int32 = -1
        var heldFrom: Int32 = 0, heldTo: Int32 = -1, heldSerial: Int32 = -1
        var lastKind: Int32 = 0
        /// The pixels of the pieces before the last one of a run of edges
        /// one way (none: runTo < 0), of the last one's kind.
        var runFrom: Int32 = 0, runTo: Int32 = -1
        /// Pieces noted, and recorded from `head` (fewer if the band's
        /// records ran out).
        var pieces: Int32 = 0, stored: Int32 = 0
        var head: Int32 = -1
        var flagged = false
        var horizontal = false
    }

    /// An edge's part in one pixel row, top to bottom, in the job's local
    /// coordinates; `direction` is the winding's change crossing it
    /// rightward (0: a horizontal edge, noted but not recorded); `next` the
    /// row's previous record.
    struct Piece {
        var xTop: Double, yTop: Double, xBottom: Double, yBottom: Double
        var direction: Int32
        var next: Int32 = -1
    }

    /// A recorded piece as the resolver walks it, with its `slope` (dx/dy:
    /// x along it without a division per strip).
    struct Segment {
        var xTop: Double, yTop: Double, xBottom: Double, yBottom: Double
        var slope: Double
        var direction: Int32

        init(_ p: Piece) {
            (xTop, yTop, xBottom, yBottom, direction) = (p.xTop, p.yTop, p.xBottom, p.yBottom, p.direction)
            let slope = (p.xBottom - p.xTop) / (p.yBottom - p.yTop)
            // A piece a subnormal height tall may be wider than any finite
            // slope: between its ends it keeps its top's x (its height adds
            // nothing to an area), never an infinite or NaN one.
            self.slope = slope.isFinite ? slope : 0
        }
    }

    /// One bit per pixel of each row: crossed by a piece already (`hits`);
    /// crossed by pieces that are not neighbours (`meetings`).
    var hits: UnsafeMutablePointer<UInt64> = .allocate(capacity: 1)
    var meetings: UnsafeMutablePointer<UInt64> = .allocate(capacity: 1)
    var hitsCapacity = 0
    /// A cluster's boundary cells while it is resolved (zero between), and
    /// the union's coverage of the meeting points of the row being swept.
    var exact: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
    var exactCoverage: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
    var exactCapacity = 0
    var marks: UnsafeMutablePointer<RowMark> = .allocate(capacity: 1)
    var marksCapacity = 0
    /// The band's recorded pieces.
    var pieces = ScratchBuffer<Piece>()

    /// The edge being added: its number in the job (contours are a number
    /// apart), its contour's first edge's number (the closing edge, added
    /// first), and whether it is its contour's last edge.
    var serial: Int32 = 0
    var contourFirst: Int32 = 0
    var isFinal = false

    /// Scratch of the row being resolved.
    let scratch = OverlapScratch()

    /// Rows with more pieces than this, or whose strips and crossings take
    /// more than `workBudget` steps, keep the average winding: a path that
    /// tangled (a random 100,000-point polygon) stays fast, and those rows
    /// are a blur of edges anyway.
    static let maxPieces = 1024
    static let workBudget = 1 << 20
    /// Most pieces a band records (40 bytes each); the rows of a band with
    /// more keep the average winding.
    static let maxStored = 1 << 20
    /// Most crossings a row is cut at; beyond, it is cut evenly into
    /// `sampleRows` strips.
    static let maxCuts = 1024
    static let sampleRows = 256

    func deallocate() {
        hits.deallocate()
        meetings.deallocate()
        exact.deallocate()
        exactCoverage.deallocate()
        marks.deallocate()
        pieces.deallocate()
        scratch.deallocate()
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
            exactCoverage.deallocate()
            exactCapacity = max(stride + 1, exactCapacity * 2)
            exact = .allocate(capacity: exactCapacity)
            exact.initialize(repeating: 0, count: exactCapacity)
            exactCoverage = .allocate(capacity: exactCapacity)
            exactCoverage.initialize(repeating: 0, count: exactCapacity)
        }
        if rows > marksCapacity {
            marks.deallocate()
            marksCapacity = max(rows, marksCapacity * 2)
            marks = .allocate(capacity: marksCapacity)
        }
        marks.initialize(repeating: RowMark(), count: rows)
        pieces.count = 0
    }

    /// Numbers a contour's edges: call before its first edge.
    @inline(__always)
    mutating func beginContour() {
        serial &+= 2
        contourFirst = serial
    }

    /// Appends `piece` to row `k`'s records (dropped past `maxStored`).
    @inline(__always)
    mutating func record(row k: Int, _ piece: Piece) {
        guard pieces.count < Self.maxStored else { return }
        var p = piece
        p.next = marks[k].head
        marks[k].head = Int32(pieces.count)
        marks[k].stored &+= 1
        pieces.append(p)
    }
}

/// Growable buffers of plain values for the resolver (raw memory: no
/// uniqueness or exclusivity checks in its loops).
struct ScratchBuffer<T> {
    var base: UnsafeMutablePointer<T> = .allocate(capacity: 64)
    var count = 0
    var capacity = 64

    mutating func reserve(_ n: Int) {
        guard n > capacity else { return }
        let grown = UnsafeMutablePointer<T>.allocate(capacity: max(n, capacity * 2))
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = max(n, capacity * 2)
    }

    @inline(__always)
    mutating func append(_ value: T) {
        if count == capacity { reserve(count + 1) }
        (base + count).initialize(to: value)
        count += 1
    }

    @inline(__always) subscript(i: Int) -> T {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    func deallocate() { base.deallocate() }
}

/// The resolver's scratch, kept between rows and jobs.
final class OverlapScratch {
    var rowPieces = ScratchBuffer<OverlapState.Segment>()
    var boundary = ScratchBuffer<OverlapState.Piece>()
    var events = ScratchBuffer<Double>()
    var order = ScratchBuffer<Int32>()
    var active = ScratchBuffer<Int32>()
    var byLeft = ScratchBuffer<Int32>()
    var left = ScratchBuffer<Double>()
    var right = ScratchBuffer<Double>()
    var xAt = ScratchBuffer<Double>()
    var runTop = ScratchBuffer<Double>(), cuts = ScratchBuffer<Double>()
    var runDirection = ScratchBuffer<Int32>()
    /// The row's pieces and its clusters of meeting points (first, last).
    var allPieces = ScratchBuffer<OverlapState.Segment>(), clusters = ScratchBuffer<Int32>()
    /// A step of the winding left of a cluster: where and by how much.
    struct Step {
        var y: Double
        var d: Int32
    }
    /// The winding's steps left of a cluster.
    var leftSteps = ScratchBuffer<Step>()
    /// Those steps merged by height, the ones that cancel left out.
    var stepY = ScratchBuffer<Double>(), stepD = ScratchBuffer<Int32>()
    /// A strip of the lean resolver: its heights and the pieces that bound
    /// the inside in it, a bit each (piece i: bit i), where the inside
    /// begins rightward (`opens`, bit 31: the winding left of the pieces is
    /// inside) and where it ends (`closes`).
    struct Strip {
        var top: Double, bottom: Double
        var opens: UInt32, closes: UInt32
    }
    var strips = ScratchBuffer<Strip>()

    /// Room for the lean resolver's largest cluster from the start (the
    /// buffers only grow), so it reserves nothing per cluster.
    init() {
        let pieces = Rasterizer.smallClusterPieces, steps = Rasterizer.smallClusterSteps
        rowPieces.reserve(pieces + 1)
        leftSteps.reserve(steps + 2)
        events.reserve(2 * pieces + steps + pieces * (pieces - 1) / 2 + 3)
        strips.reserve(2 * pieces + steps + pieces * (pieces - 1) / 2 + 1)
        active.reserve(pieces)
        xAt.reserve(pieces)
    }

    func deallocate() {
        rowPieces.deallocate(); boundary.deallocate(); events.deallocate()
        order.deallocate(); active.deallocate(); byLeft.deallocate(); left.deallocate()
        right.deallocate(); xAt.deallocate(); runTop.deallocate(); cuts.deallocate(); runDirection.deallocate()
        allPieces.deallocate(); clusters.deallocate(); leftSteps.deallocate()
        stepY.deallocate(); stepD.deallocate(); strips.deallocate()
    }
}

extension Rasterizer {
    /// Most contours `cannotMeet` compares pairwise.
    static let maxSeparateContours = 8

    /// Whether `polygons` cannot meet themselves inside a pixel, so a job
    /// can skip the detection: each contour convex (`isConvex`), and any two
    /// that share a pixel of their bounding boxes a ring: one inside the
    /// other and turning the other way, no contour inside two others. The
    /// winding is then 0 or s everywhere (s the outer contours' sign; a hole
    /// adds -s), the case the average already gets exactly. A single filled
    /// rounded rectangle, ellipse or chart polygon costs no bookkeeping, nor
    /// does the stroke of one (its two offset loops), however thin.
    static func cannotMeet(_ polygons: [Polyline]) -> Bool {
        var boxes: [(Double, Double, Double, Double)] = []
        var contours: [(points: [Point], turn: Double, containers: Int)] = []
        for poly in polygons where poly.points.count > 1 {
            guard boxes.count < maxSeparateContours, let turn = convexTurn(poly.points) else { return false }
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for p in poly.points {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
            let box = (minX.rounded(.down), minY.rounded(.down), maxX.rounded(.up), maxY.rounded(.up))
            var containers = 0
            for (j, b) in boxes.enumerated() where box.0 < b.2 && b.0 < box.2 && box.1 < b.3 && b.1 < box.3 {
                let other = contours[j]
                guard turn != 0, other.turn != 0, (turn > 0) != (other.turn > 0) else { return false }
                if inside(other.points, convex: poly.points, turn: turn) {
                    contours[j].containers += 1
                    guard contours[j].containers == 1 else { return false }
                } else if inside(poly.points, convex: other.points, turn: other.turn) {
                    containers += 1
                    guard containers == 1 else { return false }
                } else {
                    return false
                }
            }
            boxes.append(box)
            contours.append((poly.points, turn, containers))
        }
        return true
    }

    /// Most point-edge tests `inside` makes before it gives up (the
    /// detection then runs, as for any shape).
    static let maxContainmentTests = 1 << 16

    /// Whether every point of `points` lies inside or on the convex polygon
    /// `hull`, which turns the way `turn`'s sign says.
    /// An edge whose side `points`' bounding box lies on entirely (the box's
    /// corner nearest the outside clear of the edge's line by more than a
    /// rounding error) needs no test of each point: a ring's loops are mostly
    /// straight runs along each other.
    static func inside(_ points: [Point], convex hull: [Point], turn: Double) -> Bool {
        guard points.count * hull.count <= maxContainmentTests else { return false }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let sign = turn > 0 ? 1.0 : -1.0
        var a = hull[hull.count - 1]
        for b in hull {
            let ex = b.x - a.x, ey = b.y - a.y
            if ex != 0 || ey != 0 {
                // sign * cross is linear in the point: least at the corner
                // with y low where sign * ex > 0 and x high where sign * ey > 0.
                let cx = sign * ey > 0 ? maxX : minX, cy = sign * ex > 0 ? minY : maxY
                let clear = sign * (ex * (cy - a.y) - ey * (cx - a.x))
                let roundoff = 1e-9 * (abs(ex) + abs(ey)) * (abs(cx) + abs(cy) + abs(a.x) + abs(a.y) + 1)
                if clear > roundoff {
                    a = b
                    continue
                }
                for p in points {
                    let cross = ex * (p.y - a.y) - ey * (p.x - a.x)
                    if cross != 0 && (cross > 0) != (turn > 0) { return false }
                }
            }
            a = b
        }
        return true
    }

    /// Whether the closed polygon `points` is convex and simple, so no two
    /// of its pieces meet inside a pixel: every turn the same way (repeated
    /// points and straight steps aside, no step straight back) and y turning
    /// back at most twice around it (it winds once, not several times).
    static func isConvex(_ points: [Point]) -> Bool { convexTurn(points) != nil }

    /// As `isConvex`: nil when `points` is not convex, else the sign of its
    /// turns (0 when it has none: all its points on one line, or one point).
    static func convexTurn(_ points: [Point]) -> Double? {
        let n = points.count
        // The last step with length, into the first point.
        var t = n - 1
        var (px, py) = (0.0, 0.0)
        while t > 0 && px == 0 && py == 0 {
            (px, py) = (points[t].x - points[t - 1].x, points[t].y - points[t - 1].y)
            t -= 1
        }
        if px == 0 && py == 0 { return 0 }
        var turn = 0.0
        var turnsBack = 0
        var lastDy = py
        var previous = points[n - 1]
        for p in points {
            let dx = p.x - previous.x, dy = p.y - previous.y
            previous = p
            if dx == 0 && dy == 0 { continue }
            // A turn by a billionth of a radian is a straight step: offset
            // points where a line meets its arc at a tangent land a rounding
            // error either side of straight.
            let cross = px * dy - py * dx
            if abs(cross) > 1e-9 * (abs(px) + abs(py)) * (abs(dx) + abs(dy)) {
                if turn == 0 { turn = cross } else if (cross > 0) != (turn > 0) { return nil }
            } else if px * dx + py * dy < 0 {
                return nil
            }
            if dy != 0 {
                if lastDy != 0 && (dy > 0) != (lastDy > 0) { turnsBack += 1 }
                lastDy = dy
            }
            (px, py) = (dx, dy)
        }
        return turnsBack <= 2 ? (turn > 0 ? 1 : turn < 0 ? -1 : 0) : nil
    }

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
        let (a, b) = x1 > x0 ? (lo, hi) : (hi, lo)
        notePiece(row: k, from: from, to: to, OverlapState.Piece(xTop: a, yTop: y, xBottom: b, yBottom: y, direction: 0))
    }

    /// Notes `piece` of the current edge, crossing pixels `from...to` of
    /// row `k` (none when to < from: a vertical piece on a pixel boundary
    /// passes through no pixel, so the winding inside each pixel does not
    /// change across it), and records it (a horizontal edge, from xTop to
    /// xBottom, only noted): where pieces that do not follow or precede it along its
    /// contour crossed them already, they are meeting points and the row is
    /// flagged (see the top of this file).
    ///
    /// Inlined where it is called (`@_transparent`: `@inline(__always)`
    /// left it a call from `accumulate`, once per piece): 2% fewer
    /// instructions in the paths scene.
    @_transparent
    func notePiece(row k: Int, from: Int, to: Int, _ piece: OverlapState.Piece) {
        // Runs are of one kind: down, up, horizontal rightward or leftward.
        let kind: Int32 = piece.direction > 0 ? 0 : piece.direction < 0 ? 1 : piece.xBottom > piece.xTop ? 2 : 3
        let m = overlap.marks + k
        let rowBits = overlap.hits + k * blocksPerRow
        let s = overlap.serial, first = overlap.contourFirst
        // A held first edge of an earlier contour is now an ordinary piece.
        if m.pointee.heldSerial >= 0 && m.pointee.heldSerial != first {
            Self.setBits(rowBits, Int(m.pointee.heldFrom), Int(m.pointee.heldTo))
            m.pointee.heldSerial = -1
        }
        let meetings = overlap.meetings + k * blocksPerRow
        var met = false
        let crosses = from <= to
        if crosses && Self.anyBits(rowBits, from, to) {
            met = true
            Self.copyBits(from: rowBits, to: meetings, from, to)
        }
        // A piece on a pixel boundary (from > to) crosses no pixel: a range
        // that meets none.
        var lo = crosses ? Int32(from) : .max, hi = crosses ? Int32(to) : .min
        if m.pointee.lastSerial == s {
            // The same edge, split at the region's left side.
            lo = Self.lesser(lo, m.pointee.lastFrom)
            hi = Self.greater(hi, m.pointee.lastTo)
        } else if m.pointee.lastSerial >= 0 {
            let chained = m.pointee.lastSerial == s &- 1 || (m.pointee.lastSerial == first && overlap.isFinal)
            if m.pointee.lastSerial == s &- 1 && m.pointee.lastKind == kind && m.pointee.lastSerial != first {
                // The next edge of a run one way: its pieces follow one
                // another down or up the row, never side by side, so the
                // run's earlier pieces are not checked against it.
                if m.pointee.runTo < 0 {
                    (m.pointee.runFrom, m.pointee.runTo) = (m.pointee.lastFrom, m.pointee.lastTo)
                } else {
                    (m.pointee.runFrom, m.pointee.runTo) = (Self.lesser(m.pointee.runFrom, m.pointee.lastFrom), Self.greater(m.pointee.runTo, m.pointee.lastTo))
                }
            } else {
                if !chained && lo <= m.pointee.lastTo && m.pointee.lastFrom <= hi {
                    met = true
                    Self.setBits(meetings, Int(Self.greater(lo, m.pointee.lastFrom)), Int(Self.lesser(hi, m.pointee.lastTo)))
                }
                if m.pointee.runTo >= 0 {
                    // The run's earlier pieces are no neighbours of this one.
                    if lo <= m.pointee.runTo && m.pointee.runFrom <= hi {
                        met = true
                        Self.setBits(meetings, Int(Self.greater(lo, m.pointee.runFrom)), Int(Self.lesser(hi, m.pointee.runTo)))
                    }
                    Self.setBits(rowBits, Int(m.pointee.runFrom), Int(m.pointee.runTo))
                    m.pointee.runTo = -1
                }
                if m.pointee.lastSerial == first {
                    (m.pointee.heldFrom, m.pointee.heldTo, m.pointee.heldSerial) = (m.pointee.lastFrom, m.pointee.lastTo, m.pointee.lastSerial)
                } else {
                    Self.setBits(rowBits, Int(m.pointee.lastFrom), Int(m.pointee.lastTo))
                }
            }
        }
        if m.pointee.heldSerial >= 0 && m.pointee.heldSerial != s && m.pointee.lastSerial != m.pointee.heldSerial {
            // The contour's first edge, met again: only its neighbours may touch it.
            let chained = s == first &+ 1 || overlap.isFinal
            if !chained && lo <= m.pointee.heldTo && m.pointee.heldFrom <= hi {
                met = true
                Self.setBits(meetings, Int(Self.greater(lo, m.pointee.heldFrom)), Int(Self.lesser(hi, m.pointee.heldTo)))
            }
        }
        (m.pointee.lastFrom, m.pointee.lastTo, m.pointee.lastSerial, m.pointee.lastKind) = (lo, hi, s, kind)
        if met { m.pointee.flagged = true }
        if piece.direction != 0 {
            m.pointee.pieces &+= 1
            overlap.record(row: k, piece)
        }
    }

    /// `min` and `max` of two bounds, inlined into `notePiece` with it
    /// (the generic ones stay calls there).
    @_transparent
    static func lesser(_ a: Int32, _ b: Int32) -> Int32 { a < b ? a : b }
    @_transparent
    static func greater(_ a: Int32, _ b: Int32) -> Int32 { a > b ? a : b }

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

    /// Clears bits from...to.
    @inline(__always)
    static func clearBits(_ words: UnsafeMutablePointer<UInt64>, _ from: Int, _ to: Int) {
        for c in from...to { words[c >> 6] &= ~(1 << UInt64(c & 63)) }
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

    /// x of `p` at height `y` (clamped to its ends; its `slope` set).
    @inline(__always)
    static func x(_ p: OverlapState.Segment, at y: Double) -> Double {
        if y <= p.yTop { return p.xTop }
        if y >= p.yBottom { return p.xBottom }
        return p.xTop + (y - p.yTop) * p.slope
    }

    /// The height where pieces `p` and `q` cross strictly inside the rows
    /// they share and 1, or any height and 0 where they do not: without a
    /// branch on the data (a few pieces in a cluster cross or not at random,
    /// and a mispredicted branch costs more than the arithmetic).
    @inline(__always)
    static func crossing(_ p: OverlapState.Segment, _ q: OverlapState.Segment) -> (Double, Int) {
        let y0 = max(p.yTop, q.yTop), y1 = min(p.yBottom, q.yBottom)
        // x at y0 and at y1, their ends taken as they are, as `x(_:at:)`
        // does: where they share rows (the only case that counts), y0 is a
        // piece's top or inside it, and y1 its bottom or inside it.
        @inline(__always) func x(_ p: OverlapState.Segment, _ y: Double, _ end: Double, _ xEnd: Double) -> Double {
            pick(nonzero(y - end), p.xTop + (y - p.yTop) * p.slope, xEnd)
        }
        let dt = x(p, y0, p.yTop, p.xTop) - x(q, y0, q.yTop, q.xTop)
        let db = x(p, y1, p.yBottom, p.xBottom) - x(q, y1, q.yBottom, q.xBottom)
        let y = y0 + (y1 - y0) * (dt / (dt - db))
        // Opposite signs, neither zero; strictly inside the shared rows.
        let signs = (dt.bitPattern ^ db.bitPattern) >> 63
        let crosses = signs & nonzero(dt) & nonzero(db) & below(y0, y1) & below(y0, y) & below(y, y1)
        return (y, Int(crosses & 1))
    }

    /// All ones where `a < b` (finite values), else zero: from the sign of
    /// `a - b` where it is not zero, which is exact (a rounded difference
    /// keeps its sign and is zero only for equal values, -0 and 0 among
    /// them), and the compiler cannot make a branch of it.
    @_transparent
    static func below(_ a: Double, _ b: Double) -> UInt64 {
        let d = a - b
        return UInt64(bitPattern: Int64(bitPattern: d.bitPattern) >> 63) & nonzero(d)
    }

    /// All ones where `v` is not zero (either sign), else zero.
    @_transparent
    static func nonzero(_ v: Double) -> UInt64 {
        let magnitude = v.bitPattern << 1
        return UInt64(bitPattern: Int64(bitPattern: magnitude | (0 &- magnitude)) >> 63)
    }

    /// `a` where `mask` is all ones, `b` where it is zero.
    @_transparent
    static func pick(_ mask: UInt64, _ a: Double, _ b: Double) -> Double {
        Double(bitPattern: (a.bitPattern & mask) | (b.bitPattern & ~mask))
    }

    /// The union's coverage at the meeting points of flagged row `k`, into
    /// `overlap.exactCoverage` (see the top of this file), a cluster of
    /// neighbouring meeting points at a time. A cluster whose average
    /// winding is exact already (or that is too tangled to resolve) has its
    /// meeting bits cleared and keeps the average. False when none is left.
    func resolveRow(_ k: Int, rule: FillRule) -> Bool {
        let mark = overlap.marks[k]
        guard Int(mark.pieces) <= OverlapState.maxPieces, mark.stored == mark.pieces else { return false }
        let st = overlap.scratch
        var all = st.allPieces, clusters = st.clusters
        all.count = 0
        var r = mark.head
        while r >= 0 {
            let p = overlap.pieces[Int(r)]
            all.append(OverlapState.Segment(p))
            r = p.next
        }
        // The runs of meeting points, as (first, last) pairs.
        let meet = overlap.meetings + k * blocksPerRow
        clusters.count = 0
        for b in 0..<blocksPerRow {
            var word = meet[b]
            while word != 0 {
                let c = Int32((b << 6) + word.trailingZeroBitCount)
                word &= word - 1
                if clusters.count > 0 && clusters[clusters.count - 1] == c - 1 {
                    clusters[clusters.count - 1] = c
                } else {
                    clusters.append(c)
                    clusters.append(c)
                }
            }
        }
        (st.allPieces, st.clusters) = (all, clusters)
        var work = 0
        var any = false
        for c in Swift.stride(from: 0, to: clusters.count, by: 2) {
            let lo = Int(clusters[c]), hi = Int(clusters[c + 1])
            let top = Double(k + rowLow)
            let small = resolvesSmallClusters ? resolveSmallCluster(lo, hi, top: top, rule: rule) : nil
            if small ?? resolveCluster(lo, hi, top: top, rule: rule, work: &work) {
                any = true
            } else {
                Self.clearBits(meet, lo, hi)
            }
        }
        return any
    }

    /// Meeting points `lo...hi` of the row (from height `top`) whose pieces
    /// are in the scratch's `allPieces`: cut into strips at the ends and crossings of the pieces
    /// that reach into those pixels, over the winding that the pieces left
    /// of them add (pieces right of them do not matter). Writes the union's
    /// coverage of those pixels into `overlap.exactCoverage` and returns
    /// true; false, writing nothing, when the average is exact there
    /// (`WindingTally`) or they are too tangled to resolve.
    func resolveCluster(_ lo: Int, _ hi: Int, top: Double, rule: FillRule, work: inout Int) -> Bool {
        let st = overlap.scratch
        // The scratch as locals for the duration (raw buffers, written back).
        let all = st.allPieces
        var pieces = st.rowPieces, boundary = st.boundary
        var events = st.events, order = st.order, active = st.active
        var byLeft = st.byLeft, left = st.left, right = st.right, xAt = st.xAt
        var runTop = st.runTop, runDirection = st.runDirection, cuts = st.cuts
        var leftSteps = st.leftSteps
        var stepY = st.stepY, stepD = st.stepD
        defer {
            (st.stepY, st.stepD) = (stepY, stepD)
            (st.rowPieces, st.boundary, st.events, st.order) = (pieces, boundary, events, order)
            (st.active, st.byLeft, st.left, st.right, st.xAt) = (active, byLeft, left, right, xAt)
            (st.runTop, st.runDirection, st.cuts) = (runTop, runDirection, cuts)
            st.leftSteps = leftSteps
        }
        // The pieces reaching into the pixels, and the steps of the winding
        // at their left side (where pieces left of them begin and end).
        let x0 = Double(lo), x1 = Double(hi + 1)
        let bottom = top + 1
        pieces.count = 0
        leftSteps.count = 0
        var xMin = x0
        // Pieces left of the pixels that cross the whole row add one
        // winding from its top to its bottom: summed here, two steps in all.
        var across: Int32 = 0
        for a in 0..<all.count {
            let p = all[a]
            let pLo = min(p.xTop, p.xBottom), pHi = max(p.xTop, p.xBottom)
            if pHi <= x0 {
                if p.yTop == top && p.yBottom == bottom {
                    across += p.direction
                } else {
                    leftSteps.append(OverlapScratch.Step(y: p.yTop, d: p.direction))
                    leftSteps.append(OverlapScratch.Step(y: p.yBottom, d: -p.direction))
                }
            } else if pLo < x1 {
                pieces.append(p)
                xMin = min(xMin, pLo)
            }
        }
        if across != 0 {
            leftSteps.append(OverlapScratch.Step(y: top, d: across))
            leftSteps.append(OverlapScratch.Step(y: bottom, d: -across))
        }
        let n = pieces.count
        Self.sort(leftSteps.base, leftSteps.count) { $0.y < $1.y }
        // The steps merged by height, those that cancel dropped (where one
        // edge of a run ends and the next begins the winding does not
        // change): fewer strips to walk.
        stepY.reserve(leftSteps.count)
        stepD.reserve(leftSteps.count)
        var steps = 0
        var a = 0
        while a < leftSteps.count {
            let y = leftSteps[a].y
            var d: Int32 = 0
            while a < leftSteps.count && leftSteps[a].y == y {
                d += leftSteps[a].d
                a += 1
            }
            if d != 0 {
                stepY[steps] = y
                stepD[steps] = d
                steps += 1
            }
        }

        // Crossings: pairs whose spans in x overlap are the candidates.
        byLeft.count = 0
        left.reserve(n)
        right.reserve(n)
        for i in 0..<n {
            let p = pieces[i]
            left[i] = min(p.xTop, p.xBottom)
            right[i] = max(p.xTop, p.xBottom)
            byLeft.append(Int32(i))
        }
        Self.sort(byLeft.base, n) { left[Int($0)] < left[Int($1)] }
        cuts.count = 0
        work += n * 4
        var cut = true
        for a in 0..<n where cut {
            let i = Int(byLeft[a])
            var b = a + 1
            while b < n {
                let j = Int(byLeft[b])
                guard left[j] <= right[i] else { break }
                work += 1
                let (y, crosses) = Self.crossing(pieces[i], pieces[j])
                if crosses != 0 {
                    if cuts.count >= OverlapState.maxCuts {
                        cut = false
                        break
                    }
                    cuts.append(y)
                }
                b += 1
            }
            if work > OverlapState.workBudget { return false }
        }
        if !cut {
            // Too tangled to cut at each crossing: cut evenly instead, into
            // `sampleRows` strips, each taken in the order of its pieces at
            // its middle: exact but for the crossings inside a strip, each
            // off by a sliver of it.
            cuts.count = 0
            for m in 1..<OverlapState.sampleRows {
                cuts.append(top + Double(m) / Double(OverlapState.sampleRows))
            }
        }
        // The strips' edges: the cuts (a strip that begins at one is
        // re-ordered), the pieces' ends and the winding's steps.
        Self.sort(cuts.base, cuts.count)
        events.count = 0
        for c in 0..<cuts.count { events.append(cuts[c]) }
        // The row's top and bottom once, however many pieces and steps end
        // there (strips of no height are skipped anyway).
        var atTop = false, atBottom = false
        for i in 0..<n {
            let p = pieces[i]
            if p.yTop == top { atTop = true } else { events.append(p.yTop) }
            if p.yBottom == bottom { atBottom = true } else { events.append(p.yBottom) }
        }
        for i in 0..<steps {
            let y = stepY[i]
            if y == top { atTop = true } else if y == bottom { atBottom = true } else { events.append(y) }
        }
        if atTop { events.append(top) }
        if atBottom { events.append(bottom) }
        guard events.count > 1 else { return false }
        Self.sort(events.base, events.count)
        order.count = 0
        for i in 0..<n { order.append(Int32(i)) }
        Self.sort(order.base, n) { pieces[Int($0)].yTop < pieces[Int($1)].yTop }
        xAt.reserve(n)
        runTop.reserve(n)
        runDirection.reserve(n)
        for i in 0..<n {
            runDirection[i] = 0
            xAt[i] = 0
        }

        // The strips: the windings between the pieces, in x order, from the
        // winding left of them all (`base`; where it is inside, a vertical
        // boundary at `xBase`, left of every piece, opens the inside). Where
        // a piece ends and the next piece of its run along the contour (same
        // way, same point) begins, the next takes its place and the order
        // and windings stay: strips are sorted and walked again only where
        // a piece begins or ends otherwise, at a cut, or where the base
        // steps. A piece bounds the inside from where a walk finds it does
        // (`runTop`) to where one finds it no longer does, or to its end.
        var windings = WindingTally()
        boundary.count = 0
        active.count = 0
        var next = 0, nextCut = 0, nextLeft = 0
        var base: Int32 = 0
        let xBase = xMin.rounded(.down)
        let evenodd = rule == .evenodd
        var leftEdge = LeftEdge(x: xBase)
        @inline(__always) func close(_ i: Int, at end: Double, _ boundary: inout ScratchBuffer<OverlapState.Piece>) {
            let p = pieces[i], top = runTop[i]
            boundary.append(OverlapState.Piece(xTop: Self.x(p, at: top), yTop: top, xBottom: Self.x(p, at: end),
                                               yBottom: end, direction: runDirection[i]))
            runDirection[i] = 0
        }
        for e in 0..<(events.count - 1) {
            let s0 = events[e], s1 = events[e + 1]
            guard s1 > s0 else { continue }
            var changed = e == 0
            while nextCut < cuts.count && cuts[nextCut] < s0 { nextCut += 1 }
            if nextCut < cuts.count && cuts[nextCut] == s0 { changed = true }
            let baseBefore = base
            while nextLeft < steps && stepY[nextLeft] <= s0 {
                base += stepD[nextLeft]
                nextLeft += 1
            }
            if base != baseBefore { changed = true }
            // The pieces beginning here.
            let firstNew = next
            while next < n && pieces[Int(order[next])].yTop <= s0 { next += 1 }
            var kept = 0
            for a in 0..<active.count {
                let i = Int(active[a])
                let p = pieces[i]
                guard p.yBottom <= s0 else {
                    active[kept] = active[a]
                    kept += 1
                    continue
                }
                // Ended: handed on to a piece beginning where it ends, the
                // same way (the only one), or dropped.
                var successor = -1
                for b in firstNew..<next {
                    let j = Int(order[b])
                    let q = pieces[j]
                    if q.direction == p.direction && q.yTop == s0 && q.yBottom > s0 && abs(q.xTop - p.xBottom) < 1e-9 {
                        if successor >= 0 { successor = -2; break }
                        successor = j
                    }
                }
                if successor >= 0 {
                    // Pieces that touched the ended one (coincident, in
                    // either order) may part from its successor either way:
                    // if it is out of order with its neighbours, re-sort.
                    let mid = 0.5 * (s0 + s1), xs = Self.x(pieces[successor], at: mid)
                    if kept > 0 && Self.x(pieces[Int(active[kept - 1])], at: mid) > xs { changed = true }
                    if a + 1 < active.count {
                        let q = pieces[Int(active[a + 1])]
                        if q.yBottom > s0 && Self.x(q, at: mid) < xs { changed = true }
                    }
                    active[kept] = Int32(successor)
                    kept += 1
                    xAt[successor] = -1 // taken
                    if runDirection[i] != 0 {
                        let d = runDirection[i]
                        close(i, at: s0, &boundary)
                        runDirection[successor] = d
                        runTop[successor] = s0
                    }
                } else {
                    if runDirection[i] != 0 { close(i, at: p.yBottom, &boundary) }
                    changed = true
                }
            }
            active.count = kept
            for b in firstNew..<next {
                let j = Int(order[b])
                if xAt[j] == -1 { continue }
                if pieces[j].yBottom > s0 {
                    active.append(Int32(j))
                    changed = true
                }
            }
            guard changed else { continue }
            windings.note(base)
            leftEdge.step(inside: Self.isInside(base, evenodd: evenodd), at: s0, &boundary)
            let count = active.count
            guard count > 0 else { continue }
            let mid = 0.5 * (s0 + s1)
            for a in 0..<count {
                let i = Int(active[a])
                xAt[i] = Self.x(pieces[i], at: mid)
            }
            Self.sort(active.base, count, nearlySorted: true) { xAt[Int($0)] < xAt[Int($1)] }
            work += count * 4
            if work > OverlapState.workBudget { return false }
            Self.walkStrip(active.base, count, pieces, base: base, evenodd: evenodd, windings: &windings) { i, d in
                if d != runDirection[i] {
                    if runDirection[i] != 0 { close(i, at: s0, &boundary) }
                    runDirection[i] = d
                    runTop[i] = s0
                }
            }
        }
        guard !windings.keepsAverage(evenodd: evenodd) else { return false }
        for a in 0..<active.count {
            let i = Int(active[a])
            if runDirection[i] != 0 { close(i, at: pieces[i].yBottom, &boundary) }
        }
        leftEdge.step(inside: false, at: events[events.count - 1], &boundary)
        writeExact(boundary, from: Int(xBase), lo, hi)
        return true
    }

    /// Whether winding `w` is inside under the rule (even-odd: odd; nonzero:
    /// not zero).
    @inline(__always)
    static func isInside(_ w: Int32, evenodd: Bool) -> Bool { evenodd ? w & 1 != 0 : w != 0 }

    /// One strip's pieces in x order (`order`, `count` of them) from the
    /// winding `base` left of them: each winding after a piece goes to
    /// `windings`, and each piece to `turn` with the direction it bounds the
    /// inside by (+1 where the inside begins rightward, -1 where it ends, 0
    /// where neither). The rule both resolvers walk by.
    @inline(__always)
    static func walkStrip(_ order: UnsafePointer<Int32>, _ count: Int, _ pieces: ScratchBuffer<OverlapState.Segment>,
                          base: Int32, evenodd: Bool, windings: inout WindingTally, turn: (Int, Int32) -> Void) {
        var w = base
        // Inside as 1 or 0: the turn is their difference, without a branch.
        var was: Int32 = Self.isInside(base, evenodd: evenodd) ? 1 : 0
        for a in 0..<count {
            let i = Int(order[a])
            w &+= pieces[i].direction
            windings.note(w)
            let now: Int32 = Self.isInside(w, evenodd: evenodd) ? 1 : 0
            turn(i, now &- was)
            was = now
        }
    }

    /// The union's coverage of pixels `lo...hi` into `overlap.exactCoverage`
    /// from the pieces that bound its inside (`boundary`, each +1 where the
    /// inside begins rightward, -1 where it ends): their cells summed across
    /// the pixels from `first` (left of every boundary piece), then cleared.
    func writeExact(_ boundary: ScratchBuffer<OverlapState.Piece>, from first: Int, _ lo: Int, _ hi: Int) {
        let exact = overlap.exact
        var last = hi
        for b in 0..<boundary.count {
            let p = boundary[b]
            let d = (p.yBottom - p.yTop) * Double(p.direction)
            last = Swift.max(last, Self.addCells(exact, from: min(p.xTop, p.xBottom), to: max(p.xTop, p.xBottom), d))
        }
        sumExact(from: first, lo, hi, last: last)
    }

    /// The cells a resolver accumulated into `overlap.exact` (from `first`,
    /// left of everything it added, to `last`) summed across pixels
    /// `lo...hi` into `overlap.exactCoverage`, then cleared.
    @inline(__always)
    func sumExact(from first: Int, _ lo: Int, _ hi: Int, last: Int) {
        let exact = overlap.exact
        var sum = 0.0
        for c in first...hi {
            sum += exact[c]
            if c >= lo { overlap.exactCoverage[c] = sum }
        }
        (exact + first).update(repeating: 0, count: last - first + 1)
    }

    /// Sorts `count` values in place: by insertion when few (a row's
    /// handful), else by the standard library's sort.
    static func sort(_ v: UnsafeMutablePointer<Double>, _ count: Int) {
        sort(v, count, by: <)
    }

    /// Sorts `count` values in place by `less`: by insertion when few (a
    /// row's handful; up to 256 when `nearlySorted`, a strip's pieces in the
    /// order of the strip above but for a few, where insertion takes about
    /// one comparison each), else by the standard library's sort.
    @inline(__always)
    static func sort<T>(_ v: UnsafeMutablePointer<T>, _ count: Int, nearlySorted: Bool = false,
                        by less: (T, T) -> Bool) {
        guard count <= (nearlySorted ? 256 : 32) else {
            var all = UnsafeMutableBufferPointer(start: v, count: count)
            all.sort(by: less)
            return
        }
        var a = 1
        while a < count {
            let key = v[a]
            var b = a - 1
            while b >= 0 && less(key, v[b]) {
                v[b + 1] = v[b]
                b -= 1
            }
            v[b + 1] = key
            a += 1
        }
    }
}
