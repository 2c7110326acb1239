import CellGeometry

/// The scan converter: exact area coverage of polygons, in the cell
/// accumulation family (FreeType's smooth rasterizer, font-rs, Blend2D).
///
/// Each edge adds, per pixel row it crosses, signed area into an accumulation
/// row; a running sum along the row then gives every pixel's average winding
/// number, to which the fill rule is applied (nonzero: |w| clamped to 1;
/// even-odd: |w| folded mod 2). Pixel (i, j) is the square [i, i+1] x [j, j+1]
/// with no sampling offset, so a 1 px line on an integer coordinate covers two
/// rows at 50%, as in Core Graphics.
///
/// Edges are clipped to the target rectangle: parts above or below are
/// dropped, parts left of it are projected onto its left side (they still
/// wind every pixel to their right), parts right of it onto its right side.
/// That keeps any finite coordinate, however large, cheap and exact.
public final class Rasterizer {
    var accumulation: UnsafeMutablePointer<Float>
    private var accumulationCapacity: Int
    var rowStart: UnsafeMutablePointer<Int32>
    var rowEnd: UnsafeMutablePointer<Int32>
    private var rowCapacity: Int
    private var coverage: UnsafeMutablePointer<UInt8>
    private var coverageCapacity: Int
    /// The spans of the row being swept, handed on together (one call per
    /// row, not per span).
    private var rowSpans: UnsafeMutablePointer<Span>
    private var rowSpansCapacity: Int
    /// One bit per accumulation cell, a 64-bit word per block of 64 cells:
    /// set when an edge wrote into the cell. The sweep finds written cells
    /// with trailing-zero counts, jumps over blocks with no bit set (a big
    /// shape's interior costs nothing per pixel) and zeroes only the blocks
    /// that have one, with their word, so the accumulation buffer and these
    /// bits are all zeros between jobs and need no clearing.
    private var touched: UnsafeMutablePointer<UInt64>
    private var touchedCapacity = 0
    /// Words of `touched` per row: `(stride + 63) / 64`.
    var blocksPerRow = 0
    /// A job of several bands (`bandRows`): its edges (`edges`); their
    /// numbers bucketed by first band (`bucketed`, bucket b from
    /// `bucketStart[b]`); the edges still going on below the band
    /// (`activeEdges`) and the next band's list.
    private var edges: UnsafeMutablePointer<BandedEdge>
    private var bucketed: UnsafeMutablePointer<Int32>
    private var activeEdges: UnsafeMutablePointer<Int32>, mergedEdges: UnsafeMutablePointer<Int32>
    private var edgeCapacity = 0
    private var bucketStart: UnsafeMutablePointer<Int>
    private var bucketCapacity = 0

    /// Where pieces of the outline meet inside one pixel (Rasterizer+Overlap.swift),
    /// kept behind a pointer: the per-piece bookkeeping then pays no
    /// run-time exclusivity checks, as a class's stored struct would.
    private let overlapStorage: UnsafeMutablePointer<OverlapState> = {
        let p = UnsafeMutablePointer<OverlapState>.allocate(capacity: 1)
        p.initialize(to: OverlapState())
        return p
    }()
    var overlap: OverlapState {
        unsafeAddress { UnsafePointer(overlapStorage) }
        unsafeMutableAddress { overlapStorage }
    }
    /// Whether the current job looks for meeting pieces: not for polygons
    /// that cannot meet themselves (`cannotMeet`).
    var detecting = true
    /// Whether clusters of meeting points with few pieces take the lean
    /// resolver (`resolveSmallCluster`; default true). Off, every cluster
    /// takes the general one: the tests compare the two.
    var resolvesSmallClusters = true
    /// Whether a job's meeting points get the union's coverage at all
    /// (default true). Off, every pixel keeps the average winding's: the
    /// tests show with it that their outlines have meeting points.
    var resolvesOverlap = true

    /// The region of the current job, in device pixels.
    var region = IntRect.empty
    /// The first column of the region (local) where spans are emitted: cells
    /// left of it are only summed (`sumFrom`).
    private var window = 0
    var stride = 0
    /// The rows of the region (local) the current job accumulates and
    /// emits (`fillSpanRows`' `rows`); the others are skipped.
    var rowLow = 0
    var rowHigh = 0

    public init() {
        accumulationCapacity = 0
        accumulation = .allocate(capacity: 1)
        rowCapacity = 0
        rowStart = .allocate(capacity: 1)
        rowEnd = .allocate(capacity: 1)
        coverageCapacity = 0
        coverage = .allocate(capacity: 1)
        rowSpansCapacity = 0
        rowSpans = .allocate(capacity: 1)
        touched = .allocate(capacity: 1)
        edges = .allocate(capacity: 1)
        bucketed = .allocate(capacity: 1)
        activeEdges = .allocate(capacity: 1)
        mergedEdges = .allocate(capacity: 1)
        bucketStart = .allocate(capacity: 1)
    }

    deinit {
        accumulation.deallocate()
        rowStart.deallocate()
        rowEnd.deallocate()
        coverage.deallocate()
        rowSpans.deallocate()
        touched.deallocate()
        edges.deallocate()
        bucketed.deallocate()
        activeEdges.deallocate()
        mergedEdges.deallocate()
        bucketStart.deallocate()
        overlap.deallocate()
        overlapStorage.deinitialize(count: 1)
        overlapStorage.deallocate()
    }

    /// A run of pixels in one row: `count` pixels from `x` whose coverage is
    /// either per pixel (`coverage` non-nil) or one value for all (`constant`),
    /// which lets compositors fill shape interiors with block operations.
    public struct Span {
        public var y: Int
        public var x: Int
        public var count: Int
        public var coverage: UnsafePointer<UInt8>?
        public var constant: UInt8
    }

    /// Shortest run of equal coverage reported as a constant span.
    static let constantRunLength = 16

    /// Rasterizes `polygons` (device space; each implicitly closed) under `rule`
    /// within `bounds`, calling `body` for the spans of non-zero coverage
    /// (0...255), row by row, left to right. With `antialias` off a pixel is
    /// in when at least half of it is covered.
    ///
    /// `sumFrom` (a column left of `bounds.x0`, default none): coverage is
    /// summed along each row from there (or from the shape's left, if that
    /// is further right) rather than from `bounds.x0`, and spans are still
    /// emitted only within `bounds`. Edges left of the summed part are
    /// projected onto it; summing through them instead adds the same areas
    /// in a different order, which can round a Float sum differently. With
    /// the same `sumFrom`, a pixel's coverage does not depend on where
    /// `bounds` starts, so a drawing made in pieces clipped side by side
    /// gives exactly the pixels it gives whole.
    public func fillSpans(_ polygons: [Polyline], rule: FillRule, antialias: Bool = true, bounds: IntRect,
                          sumFrom: Int? = nil, rows: Range<Int>? = nil, _ body: (Span) -> Void) {
        fillSpanRows(polygons, rule: rule, antialias: antialias, bounds: bounds, sumFrom: sumFrom, rows: rows) { row in
            for span in row { body(span) }
        }
    }

    /// `fillSpans` a row at a time: `body` gets each row's spans together,
    /// left to right (valid only during the call). Compositors take them
    /// this way to pay their per-call costs once per row.
    ///
    /// `rows` (device rows; default all): only these rows are accumulated and
    /// emitted. The job is laid out from `bounds` as without it, and every
    /// row is computed from the same numbers, so a drawing split into bands
    /// of rows, each rasterized on its own, gives exactly the pixels it gives
    /// whole (Canvas draws in bands on several threads this way).
    public func fillSpanRows(_ polygons: [Polyline], rule: FillRule, antialias: Bool = true, bounds: IntRect,
                             sumFrom: Int? = nil, rows: Range<Int>? = nil,
                             _ body: (UnsafeBufferPointer<Span>) -> Void) {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for poly in polygons where poly.points.count > 1 {
            for p in poly.points {
                guard p.isFinite else { return } // a non-finite point draws nothing
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return }
        detecting = resolvesOverlap && !Self.cannotMeet(polygons)
        // Closed polygons wind nothing outside their bounding box.
        var limit = bounds
        if let sumFrom, sumFrom < bounds.x0 { limit.x0 = sumFrom }
        let area = IntRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY, limit: limit)
        guard !area.isEmpty, area.x1 > bounds.x0 else { return }
        if let rows, rows.upperBound <= area.y0 || rows.lowerBound >= area.y1 { return }
        let low = Swift.max(0, (rows?.lowerBound ?? area.y0) - area.y0)
        let high = Swift.min(area.height, (rows?.upperBound ?? area.y1) - area.y0)
        begin(area)
        window = Swift.max(0, bounds.x0 - area.x0)
        let bands = (high - low + Self.bandRows - 1) / Self.bandRows
        guard bands > 1, stride * (high - low) * MemoryLayout<Float>.size > Self.bandedBytes,
              prepareBands(polygons, low: low, high: high, bands: bands) else {
            // One band: every edge, then the sweep.
            (rowLow, rowHigh) = (low, high)
            beginRows()
            overlap.serial = 0
            for poly in polygons where poly.points.count > 1 {
                let pts = poly.points
                overlap.beginContour()
                var previous = pts[pts.count - 1]
                for t in 0..<pts.count {
                    let p = pts[t]
                    overlap.isFinal = t == pts.count - 1
                    addEdge(previous, p)
                    overlap.serial &+= 1
                    previous = p
                }
            }
            sweep(rule: rule, antialias: antialias, body)
            return
        }
        // Band by band: the edges that reach the band, in the polygons'
        // order (each cell then gets the same additions in the same order
        // as in one pass, so the same Float sums), then its sweep.
        var active = 0
        for band in 0..<bands {
            rowLow = low + band * Self.bandRows
            rowHigh = Swift.min(high, rowLow + Self.bandRows)
            beginRows()
            // The active edges (those begun above that go on into this band)
            // merged with those beginning here, both in edge order.
            var a = 0, n = 0
            var b = bucketStart[band]
            let bEnd = bucketStart[band + 1]
            while a < active || b < bEnd {
                let e: Int32
                if b >= bEnd || (a < active && activeEdges[a] < bucketed[b]) {
                    e = activeEdges[a]
                    a += 1
                } else {
                    e = bucketed[b]
                    b += 1
                }
                let edge = edges[Int(e)]
                overlap.serial = edge.serial
                overlap.contourFirst = edge.contourFirst
                overlap.isFinal = edge.isFinal
                addEdge(edge.from, edge.to)
                if Int(edge.lastBand) > band {
                    mergedEdges[n] = e
                    n += 1
                }
            }
            swap(&activeEdges, &mergedEdges)
            active = n
            sweep(rule: rule, antialias: antialias, body)
        }
    }

    /// Rows accumulated and swept at a time: a band's cells are still in
    /// the cache when the sweep reads them (those of a whole large shape,
    /// accumulated edge by edge down its height, are not).
    static let bandRows = 32
    /// The cells a job accumulates beyond which it goes band by band: below,
    /// they stay in the cache anyway, and one pass over the edges costs less
    /// than sorting them into bands.
    static let bandedBytes = 256 << 10
    /// Most edges sorted into bands (52 bytes each); a polygon with more is
    /// rasterized in one pass.
    static let maxBandedEdges = 1 << 18

    /// An edge of a banded job and the bands (from the job's first row) it reaches.
    private struct BandedEdge {
        var from: Point, to: Point
        var firstBand: Int32, lastBand: Int32
        /// Its place in its contour, for the overlap detection (`OverlapState`).
        var serial: Int32, contourFirst: Int32, isFinal: Bool
    }

    /// The edges reaching rows `low..<high` (region rows), each with its
    /// first and last band, bucketed by first band in edge order
    /// (`bucketed`, from `bucketStart[band]`). False when there are too
    /// many to band.
    private func prepareBands(_ polygons: [Polyline], low: Int, high: Int, bands: Int) -> Bool {
        var total = 0
        for poly in polygons where poly.points.count > 1 { total += poly.points.count }
        guard total <= Self.maxBandedEdges else { return false }
        // (`mergedEdges` also holds a position per band while bucketing.)
        let needed = Swift.max(total, bands)
        if needed > edgeCapacity {
            edges.deallocate()
            bucketed.deallocate()
            activeEdges.deallocate()
            mergedEdges.deallocate()
            edgeCapacity = Swift.max(needed, edgeCapacity * 2)
            edges = .allocate(capacity: edgeCapacity)
            bucketed = .allocate(capacity: edgeCapacity)
            activeEdges = .allocate(capacity: edgeCapacity)
            mergedEdges = .allocate(capacity: edgeCapacity)
        }
        if bands + 1 > bucketCapacity {
            bucketStart.deallocate()
            bucketCapacity = Swift.max(bands + 1, bucketCapacity * 2)
            bucketStart = .allocate(capacity: bucketCapacity)
        }
        bucketStart.update(repeating: 0, count: bands + 1)
        // The edges with height that reach the rows, and how many begin in each band.
        let top = Double(region.y0 + low), bottom = Double(region.y0 + high)
        var count = 0
        // Edges numbered as the one-pass loop numbers them (OverlapState).
        overlap.serial = 0
        for poly in polygons where poly.points.count > 1 {
            let pts = poly.points
            overlap.beginContour()
            var previous = pts[pts.count - 1]
            for t in 0..<pts.count {
                let p = pts[t]
                let y0 = Swift.min(previous.y, p.y), y1 = Swift.max(previous.y, p.y)
                let number = overlap.serial
                overlap.serial &+= 1
                if y0 == y1 && y0 > top && y0 < bottom && y0 != y0.rounded(.down) {
                    // Horizontal inside a row: noted for the overlap detection only.
                    let band = (Int((y0 - Double(region.y0)).rounded(.down)) - low) / Self.bandRows
                    edges[count] = BandedEdge(from: previous, to: p, firstBand: Int32(band), lastBand: Int32(band),
                                              serial: number, contourFirst: overlap.contourFirst, isFinal: t == pts.count - 1)
                    bucketStart[band + 1] += 1
                    count += 1
                } else if y0 != y1 && y1 > top && y0 < bottom {
                    // Rows floor(y0)..<ceil(y1) (region rows), within low..<high:
                    // clamped as Doubles first (an edge may reach 1e300).
                    let a = Swift.max((y0 - Double(region.y0)).rounded(.down), Double(low))
                    let b = Swift.min((y1 - Double(region.y0)).rounded(.up), Double(high))
                    let first = (Int(a) - low) / Self.bandRows, last = (Int(b) - 1 - low) / Self.bandRows
                    edges[count] = BandedEdge(from: previous, to: p, firstBand: Int32(first), lastBand: Int32(last),
                                              serial: number, contourFirst: overlap.contourFirst, isFinal: t == pts.count - 1)
                    bucketStart[first + 1] += 1
                    count += 1
                }
                previous = p
            }
        }
        for band in 0..<bands { bucketStart[band + 1] += bucketStart[band] }
        // Stable: each bucket keeps the edges' order. (`mergedEdges` lends
        // its space for the running positions.)
        for band in 0..<bands { mergedEdges[band] = Int32(bucketStart[band]) }
        for e in 0..<count {
            let band = Int(edges[e].firstBand)
            bucketed[Int(mergedEdges[band])] = Int32(e)
            mergedEdges[band] += 1
        }
        return true
    }

    /// `fillSpans` with every span expanded to per-pixel coverage:
    /// `span(y, x, count, coverage)`.
    public func fill(
        _ polygons: [Polyline], rule: FillRule, antialias: Bool = true, bounds: IntRect,
        span: (Int, Int, Int, UnsafePointer<UInt8>) -> Void
    ) {
        var constantRow: [UInt8] = []
        fillSpans(polygons, rule: rule, antialias: antialias, bounds: bounds) { s in
            if let coverage = s.coverage {
                span(s.y, s.x, s.count, coverage)
            } else {
                if constantRow.count < s.count { constantRow = [UInt8](repeating: 0, count: s.count) }
                for n in 0..<s.count { constantRow[n] = s.constant }
                constantRow.withUnsafeBufferPointer { span(s.y, s.x, s.count, $0.baseAddress!) }
            }
        }
    }

    // MARK: accumulation

    private func begin(_ area: IntRect) {
        region = area
        stride = area.width + 2
        // 16 bytes of slack: short runs are written with one 16-byte store.
        if stride + 16 > coverageCapacity {
            coverage.deallocate()
            coverageCapacity = max(stride + 16, coverageCapacity * 2)
            coverage = .allocate(capacity: coverageCapacity)
        }
        // A row has at most one span per pixel, plus the one past its last touched cell.
        if stride + 1 > rowSpansCapacity {
            rowSpans.deallocate()
            rowSpansCapacity = max(stride + 1, rowSpansCapacity * 2)
            rowSpans = .allocate(capacity: rowSpansCapacity)
        }
    }

    /// Readies the buffers for the rows `rowLow..<rowHigh` (of `region`),
    /// indexed from rowLow.
    private func beginRows() {
        let height = rowHigh - rowLow
        let needed = stride * height
        if needed > accumulationCapacity {
            accumulation.deallocate()
            accumulationCapacity = max(needed, accumulationCapacity * 2)
            accumulation = .allocate(capacity: accumulationCapacity)
            accumulation.initialize(repeating: 0, count: accumulationCapacity)
        }
        // (The buffer is all zeros: every sweep clears what its job wrote.)
        blocksPerRow = (stride + 63) >> 6
        if blocksPerRow * height > touchedCapacity {
            touched.deallocate()
            touchedCapacity = max(blocksPerRow * height, touchedCapacity * 2)
            touched = .allocate(capacity: touchedCapacity)
            touched.initialize(repeating: 0, count: touchedCapacity)
        }
        if height > rowCapacity {
            rowStart.deallocate()
            rowEnd.deallocate()
            rowCapacity = max(height, rowCapacity * 2)
            rowStart = .allocate(capacity: rowCapacity)
            rowEnd = .allocate(capacity: rowCapacity)
        }
        rowStart.update(repeating: Int32.max, count: height)
        rowEnd.update(repeating: -1, count: height)
        if detecting { overlap.beginRows(height, blocks: blocksPerRow, stride: stride) }
    }

    /// Adds the edge a→b (device space) to the accumulation rows.
    private func addEdge(_ a: Point, _ b: Point) {
        // Local coordinates: the region's top-left is (0, 0).
        var x0 = a.x - Double(region.x0), y0 = a.y - Double(region.y0)
        var x1 = b.x - Double(region.x0), y1 = b.y - Double(region.y0)
        guard y0 != y1 else {
            if detecting { noteHorizontal(y: y0, from: x0, to: x1) }
            return
        }
        var direction: Float = 1
        if y0 > y1 {
            swap(&x0, &x1)
            swap(&y0, &y1)
            direction = -1
        }
        let height = Double(region.height), width = Double(region.width)
        guard y1 > 0, y0 < height else { return }
        // Positions along the edge go from the nearest known point by slope
        // (precise even when the far end is huge), or by fraction of the
        // height when the slope overflows (an edge a hair high, very wide).
        let slope = (x1 - x0) / (y1 - y0)
        func x(from xa: Double, _ ya: Double, to xb: Double, _ yb: Double, at y: Double) -> Double {
            let bySlope = xa + (y - ya) * slope
            return bySlope.isFinite ? bySlope : xa + (xb - xa) * ((y - ya) / (yb - ya))
        }
        if y0 < 0 {
            x0 = x(from: x0, y0, to: x1, y1, at: 0)
            y0 = 0
        }
        if y1 > height {
            x1 = x(from: x0, y0, to: x1, y1, at: height)
            y1 = height
        }
        guard x0.isFinite, x1.isFinite else { return }
        // Split where the edge crosses x = 0 or x = width (at most twice, in
        // order of y); clamp the pieces. No allocation: this runs per edge.
        var ya = y0, xa = x0
        func piece(to yb: Double, _ xb: Double) {
            if yb > ya {
                if xa >= width && xb >= width {
                    // Right of the region: it winds no pixel of it.
                } else if xa <= 0 && xb <= 0 {
                    // Left of the region: it winds every pixel of its rows.
                    accumulateLeft(yTop: ya, yBottom: yb, direction: direction)
                } else {
                    accumulate(xTop: min(max(xa, 0), width), yTop: ya,
                               xBottom: min(max(xb, 0), width), yBottom: yb, direction: direction)
                }
            }
            ya = yb
            xa = xb
        }
        var t0 = Double.infinity, t1 = Double.infinity
        if (x0 < 0) != (x1 < 0) && x0 != 0 && x1 != 0 { t0 = (0 - x0) / (x1 - x0) }
        if (x0 < width) != (x1 < width) && x0 != width && x1 != width { t1 = (width - x0) / (x1 - x0) }
        let (first, second) = t0 <= t1 ? ((t0, 0.0), (t1, width)) : ((t1, width), (t0, 0.0))
        if first.0.isFinite { piece(to: y0 + first.0 * (y1 - y0), first.1) }
        if second.0.isFinite { piece(to: y0 + second.0 * (y1 - y0), second.1) }
        piece(to: y1, x1)
    }

    /// The floor and the ceiling of `x` (finite, 0 <= x < 2^53: the
    /// rasterizer's coordinates, clamped to its region) as an Int, by
    /// conversion: x86-64's baseline has no rounding instruction, so
    /// `rounded(.down)` is a call into the C library at every use.
    @inline(__always)
    static func floorIndex(_ x: Double) -> Int { Int(x) }

    @inline(__always)
    static func ceilIndex(_ x: Double) -> Int {
        let i = Int(x)
        return Double(i) < x ? i + 1 : i
    }

    /// ∫ clamp(s, 0, 1) ds from -∞ to u: the area a unit-wide ramp sweeps.
    @inline(__always)
    private static func ramp(_ u: Double) -> Double {
        u <= 0 ? 0 : (u < 1 ? 0.5 * u * u : u - 0.5)
    }

    /// Accumulates a piece projected onto the region's left side: each row
    /// gets its share of the height in its first cell (what `accumulate`
    /// does for x = 0, without the per-row interpolation).
    private func accumulateLeft(yTop: Double, yBottom: Double, direction: Float) {
        var j = Swift.max(Self.floorIndex(yTop), rowLow)
        let jEnd = Swift.min(Self.ceilIndex(yBottom), rowHigh)
        while j < jEnd {
            let r0 = max(yTop, Double(j)), r1 = min(yBottom, Double(j + 1))
            let dy = r1 - r0
            if dy > 0 {
                let k = j - rowLow
                if detecting {
                    notePiece(row: k, from: 0, to: -1,
                              OverlapState.Piece(xTop: 0, yTop: r0, xBottom: 0, yBottom: r1, direction: direction > 0 ? 1 : -1))
                }
                accumulation[k * stride] += Float(dy) * direction
                rowStart[k] = 0
                rowEnd[k] = max(rowEnd[k], 1)
                touched[k * blocksPerRow] |= 1
            }
            j += 1
        }
    }

    /// Adds to `row` the cells of a piece crossing the pixel row from x = `xa`
    /// to `xb` (0 <= xa <= xb, in either vertical order) with `d` = its
    /// height times its direction; returns the last cell written (the first
    /// is floor(xa)).
    @inline(__always)
    static func addCells<T: BinaryFloatingPoint>(_ row: UnsafeMutablePointer<T>, from xa: Double, to xb: Double,
                                                 _ d: T) -> Int {
        let i0 = floorIndex(xa)
        if xb - xa < 1e-9 {
            // Vertical within this row: pixel i0 is covered right of x.
            let f = T(xa - Double(i0))
            row[i0] += d * (1 - f)
            row[i0 + 1] += d * f
            return i0 + 1
        }
        return addCells(row, across: i0, from: xa, to: xb, d, perX: Double(d) / (xb - xa))
    }

    /// The cells of a piece from x = `xa` to `xb` (xb - xa not tiny; `i0` =
    /// floor(xa)) adding `d` in all, `perX` = d / (xb - xa) per unit of x
    /// crossed: pixel i gets the mean over the piece of clamp(i+1 - x, 0, 1),
    /// from F(t) = ramp(t - xa) - ramp(t - xb) at t = i + 1, and the last
    /// cell what remains of `d`. Returns the last cell.
    ///
    /// Only the first and the last t fall on a ramp's bend (xa < i0 + 1
    /// and i1 - 1 < xb), so between them F(t) is `(t - xa) - 0.5`, the
    /// value `ramp` gives there, computed without its two tests per cell
    /// (mispredicted on wide pieces): the same bits as the formula.
    @inline(__always)
    static func addCells<T: BinaryFloatingPoint>(_ row: UnsafeMutablePointer<T>, across i0: Int, from xa: Double,
                                                 to xb: Double, _ d: T, perX: Double) -> Int {
        let i1 = ceilIndex(xb)
        guard i1 > i0 else {
            row[i1] += d
            return i1
        }
        var previous = 0.0
        var i = i0
        if i1 > i0 + 1 {
            previous = ramp(Double(i0 + 1) - xa)
            row[i0] += T(perX * previous)
            i = i0 + 1
            while i < i1 - 1 {
                let f = (Double(i + 1) - xa) - 0.5
                row[i] += T(perX * (f - previous))
                previous = f
                i += 1
            }
        }
        let t = Double(i1)
        let f = ramp(t - xa) - ramp(t - xb)
        row[i] += T(perX * (f - previous))
        row[i1] += d - T(perX * f)
        return i1
    }

    /// Accumulates an edge piece already inside the region (0 <= x <= width,
    /// 0 <= yTop < yBottom <= height), row by row.
    ///
    /// No division per row: x at each row boundary goes from the top by the
    /// slope (one division per piece), and a row's share of the piece is
    /// spread over the pixels it crosses at `direction / |slope|` per unit
    /// of x (its height over its width, the same for every row), the last
    /// cell taking what remains of `dy`, so each row adds exactly its
    /// height. A row whose piece stays inside one pixel (most, for curves
    /// flattened into short edges) splits it between two cells by its mean x.
    func accumulate(xTop: Double, yTop: Double, xBottom: Double, yBottom: Double, direction: Float) {
        let pieceHeight = yBottom - yTop
        let slope = (xBottom - xTop) / pieceHeight
        // Winding added per unit of x crossed, where a row crosses pixels.
        let perX = Double(direction) / abs(slope)
        let limit = Double(region.width)
        var j = Swift.max(Self.floorIndex(yTop), rowLow)
        let jEnd = Swift.min(Self.ceilIndex(yBottom), rowHigh)
        var r0 = max(yTop, Double(j))
        var xr0 = r0 == yTop ? xTop : xTop + (r0 - yTop) * slope
        while j < jEnd {
            let r1 = min(yBottom, Double(j + 1))
            let xr1 = r1 == yBottom ? xBottom : xTop + (r1 - yTop) * slope
            let dy = r1 - r0
            if dy > 0 {
                // Interpolation may overshoot the clamped ends by an ulp: clamp again.
                let xa = min(max(min(xr0, xr1), 0), limit), xb = min(max(max(xr0, xr1), 0), limit)
                let d = Float(dy) * direction
                let k = j - rowLow
                let row = accumulation + k * stride
                let i0 = Self.floorIndex(xa)
                let last: Int
                if xb <= Double(i0 + 1) || xb - xa < 1e-9 {
                    // Within pixel i0 (or vertical): it is covered right of the mean x.
                    let f = Float(0.5 * (xa + xb) - Double(i0))
                    row[i0] += d * (1 - f)
                    row[i0 + 1] += d * f
                    last = i0 + 1
                } else {
                    last = Self.addCells(row, across: i0, from: xa, to: xb, d, perX: perX)
                }
                if detecting {
                    // A vertical piece crosses its pixel, or none on a pixel boundary.
                    let to = xb - xa >= 1e-9 ? Swift.max(i0, last - 1) : xa == Double(i0) && xb == xa ? i0 - 1 : i0
                    notePiece(row: k, from: i0, to: to,
                              OverlapState.Piece(xTop: min(max(xr0, 0), limit), yTop: r0,
                                                 xBottom: min(max(xr1, 0), limit), yBottom: r1,
                                                 direction: direction > 0 ? 1 : -1))
                }
                rowStart[k] = min(rowStart[k], Int32(i0))
                rowEnd[k] = max(rowEnd[k], Int32(last))
                // Cells i0...last, in the blocks' words.
                Self.setBits(touched + k * blocksPerRow, i0, last)
            }
            r0 = r1
            xr0 = xr1
            j += 1
        }
    }

    // MARK: sweeping

    /// Running sums along each row. Where the accumulation cells are zero the
    /// coverage does not change; long runs of that go out as constant spans,
    /// the rest as per-pixel spans.
    private func sweep(rule: FillRule, antialias: Bool, _ rowBody: (UnsafeBufferPointer<Span>) -> Void) {
        let width = region.width
        let minRun = Self.constantRunLength
        let spans = rowSpans
        var count = 0
        @inline(__always) func body(_ span: Span) {
            spans[count] = span
            count += 1
        }
        for j in rowLow..<rowHigh {
            count = 0
            let k = j - rowLow
            let start = Int(rowStart[k])
            guard start != Int(Int32.max) else { continue }
            let y = region.y0 + j
            let row = accumulation + k * stride
            var end = min(Int(rowEnd[k]), width - 1)
            var sum: Float = 0
            var pending = -1 // first pixel of a per-pixel span not yet emitted
            func flush(_ upTo: Int) {
                if pending >= 0 && upTo > pending {
                    body(Span(y: y, x: region.x0 + pending, count: upTo - pending,
                              coverage: UnsafePointer(coverage + pending), constant: 0))
                }
                pending = -1
            }
            let cells = touched + k * blocksPerRow
            // A row whose union `resolveRow` wrote into `overlap.exactCoverage`:
            // its meeting points left in `meet` take their coverage from there.
            let repaired = detecting && overlap.marks[k].flagged && resolveRow(k, rule: rule)
            let meet = overlap.meetings + k * blocksPerRow
            if repaired {
                // Meeting points of horizontal edges may lie past the last
                // written cell (the shape's right side beyond the region).
                var w = blocksPerRow - 1
                while w >= 0 && meet[w] == 0 { w -= 1 }
                if w >= 0 { end = max(end, min(width - 1, (w << 6) + 63 - meet[w].leadingZeroBitCount)) }
            }
            // The cells, with the repaired row's checks only where it is one
            // (two copies of the loop: a plain row tests no meeting bits).
            @inline(__always) func sweepCells(repaired: Bool) {
                let exactCoverage = overlap.exactCoverage
                /// The first non-zero cell from `from` on (or end + 1): the cells
                /// an edge wrote, found by their bits (`touched`) a word of 64
                /// at a time, skipping those whose sum came back to zero; in a
                /// repaired row, meeting points too.
                @inline(__always) func nextTouched(_ from: Int) -> Int {
                    var w = from >> 6
                    guard from <= end else { return end + 1 }
                    var word = (cells[w] | (repaired ? meet[w] : 0)) & (UInt64.max << UInt64(from & 63))
                    let lastWord = end >> 6
                    while true {
                        while word != 0 {
                            let c = (w << 6) + word.trailingZeroBitCount
                            if c > end { return end + 1 }
                            if row[c] != 0 || (repaired && meet[w] & (1 << UInt64(c & 63)) != 0) { return c }
                            word &= word - 1
                        }
                        w += 1
                        if w > lastWord { return end + 1 }
                        word = cells[w] | (repaired ? meet[w] : 0)
                    }
                }
                /// Pixels `a..<b` at coverage `c`: a constant span when long enough,
                /// else part of the pending per-pixel span.
                @inline(__always) func run(_ a: Int, _ b: Int, _ c: UInt8) {
                    if b - a >= minRun {
                        flush(a)
                        if c != 0 {
                            body(Span(y: y, x: region.x0 + a, count: b - a, coverage: nil, constant: c))
                        }
                    } else {
                        if pending < 0 { pending = a }
                        // b - a < 16: one 16-byte store, not a call to memset
                        // (the buffer has 16 bytes of slack; bytes stored past b
                        // are rewritten by the runs that follow before any span
                        // reads them).
                        UnsafeMutableRawPointer(coverage + a).storeBytes(of: SIMD16<UInt8>(repeating: c), as: SIMD16<UInt8>.self)
                    }
                }
                var i = start
                if start < window {
                    // Left of the window: summed, not emitted.
                    while i <= end && i < window {
                        sum += row[i]
                        i = nextTouched(i + 1)
                    }
                    if i > window && window <= end { run(window, i, Self.coverage(sum, rule: rule, antialias: antialias)) }
                }
                while i <= end {
                    sum += row[i]
                    let k = nextTouched(i + 1)
                    if repaired && meet[i >> 6] & (1 << UInt64(i & 63)) != 0 {
                        let v = min(max(exactCoverage[i], 0), 1)
                        run(i, i + 1, antialias ? UInt8(v * 255 + 0.5) : (v >= 0.5 ? 255 : 0))
                        if k > i + 1 { run(i + 1, k, Self.coverage(sum, rule: rule, antialias: antialias)) }
                    } else {
                        run(i, k, Self.coverage(sum, rule: rule, antialias: antialias))
                    }
                    i = k
                }
            }
            if repaired { sweepCells(repaired: true) } else { sweepCells(repaired: false) }
            flush(end + 1)
            // Past the last touched cell the winding is constant to the row's end.
            let tail = Swift.max(end + 1, window)
            if tail < width {
                let c = Self.coverage(sum, rule: rule, antialias: antialias)
                if c != 0 {
                    body(Span(y: y, x: region.x0 + tail, count: width - tail, coverage: nil, constant: c))
                }
            }
            if count > 0 { rowBody(UnsafeBufferPointer(start: spans, count: count)) }
            clearRow(k, from: start)
        }
    }

    /// Leaves the buffers clean for the next job: zeroes the blocks an edge
    /// wrote into in row `k` (all within its written cells, from `start`),
    /// with their bits.
    @inline(__always)
    private func clearRow(_ k: Int, from start: Int) {
        let row = accumulation + k * stride
        let cells = touched + k * blocksPerRow
        let hits = overlap.hits + k * blocksPerRow, meetings = overlap.meetings + k * blocksPerRow
        let detecting = self.detecting
        if detecting && overlap.marks[k].horizontal {
            // A horizontal edge's pixels may reach past the written cells.
            hits.update(repeating: 0, count: blocksPerRow)
            meetings.update(repeating: 0, count: blocksPerRow)
        }
        for b in (start >> 6)...(Int(rowEnd[k]) >> 6) where cells[b] != 0 {
            cells[b] = 0
            if detecting {
                hits[b] = 0
                meetings[b] = 0
            }
            let first = b << 6
            if first + 64 <= stride {
                // A whole block: sixteen vector stores, not a call to memset.
                let raw = UnsafeMutableRawPointer(row + first)
                for q in 0..<16 { raw.storeBytes(of: SIMD4<Float>(), toByteOffset: q * 16, as: SIMD4<Float>.self) }
            } else {
                (row + first).update(repeating: 0, count: stride - first)
            }
        }
    }

    @inline(__always)
    private static func coverage(_ sum: Float, rule: FillRule, antialias: Bool) -> UInt8 {
        var v = abs(sum)
        switch rule {
        case .nonzero:
            v = min(v, 1)
        case .evenodd:
            v = v.truncatingRemainder(dividingBy: 2)
            if v > 1 { v = 2 - v }
        }
        if !antialias { return v >= 0.5 ? 255 : 0 }
        return UInt8(v * 255 + 0.5)
    }
}
