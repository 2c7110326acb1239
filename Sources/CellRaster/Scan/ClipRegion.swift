import CellGeometry

/// The clip in force: a pixel-aligned rectangle (the fast path: no mask, no
/// per-pixel work), an axis-aligned rectangle off the pixel grid (its
/// coverage computed per row, no mask either), or an anti-aliased coverage
/// mask with its bounds.
public enum ClipRegion {
    case rect(IntRect)
    case box(ClipBox)
    case mask(ClipMask)

    /// Whether this is `mask` itself.
    func holds(_ mask: ClipMask) -> Bool {
        if case .mask(let m) = self { return m === mask }
        return false
    }

    /// The pixels that can be painted at all.
    public var bounds: IntRect {
        switch self {
        case .rect(let r): return r
        case .box(let b): return b.area
        case .mask(let m): return m.bounds
        }
    }
}

/// A clip that is one axis-aligned device rectangle with edges between
/// pixels (a label's frame, a cell's frame at a fractional scale), cut from
/// a pixel-aligned clip or from another such box: the coverage a mask of
/// it would hold, computed for each row as `RectSpans` computes the
/// rectangle's spans (a partly covered pixel at each end, a constant run
/// between), times the coverage of the box it was cut from. Such a clip
/// costs no mask to fill and nothing per pixel where drawing lies inside
/// it; the bytes drawn through it are the bytes drawn through its mask.
public final class ClipBox {
    /// The pixels it may cover (the rectangle's pixels within the clip it
    /// was cut from); outside, its coverage is 0.
    public let area: IntRect
    /// The rectangle, cut to `area`.
    let frame: RectSpans.Frame
    /// The box it was cut from, whose coverage multiplies its own (nil:
    /// cut from a pixel-aligned rectangle).
    let parent: ClipBox?
    /// How many boxes the chain holds, this one included: at most
    /// `maxDepth` (a box cut from a chain that long becomes a mask), so the
    /// chain's memory and the recursion through it stay bounded whatever a
    /// script nests.
    let depth: Int
    static let maxDepth = 8
    /// The pixels it covers fully: drawing within them is not clipped.
    let interior: IntRect
    /// Rows that every rectangle of the chain covers whole: their coverage
    /// is the same (written once for all of them by `Canvas.deliver`).
    let wholeRows: Range<Int>
    /// The full run of each of `wholeRows`.
    private var wholeRun = (start: 0, end: 0)

    /// `rect` (device space) within `area` (and within `parent`, whose area
    /// holds `area`); nil when it misses `area`.
    init?(_ rect: Rect, area: IntRect, antialias: Bool, within parent: ClipBox? = nil) {
        guard !area.isEmpty, let frame = RectSpans.Frame(rect, bounds: area, antialias: antialias) else {
            return nil
        }
        precondition((parent?.depth ?? 0) < Self.maxDepth, "a chain of boxes is at most maxDepth long")
        self.area = area
        self.frame = frame
        self.parent = parent
        depth = (parent?.depth ?? 0) + 1
        // Rows between y0's ceiling and y1's floor are covered whole; their
        // constant run is what is full.
        let whole = frame.row(covering: 1)
        let y0 = Int(frame.y0.rounded(.up)), y1 = Int(frame.y1.rounded(.down))
        var rows = y0..<Swift.max(y0, y1)
        if let outer = parent?.wholeRows { rows = rows.clamped(to: outer) }
        wholeRows = rows
        if whole.innerCoverage == 255, whole.innerCount > 0, y0 < y1 {
            interior = IntRect(x0: whole.innerX, y0: y0, x1: whole.innerX + whole.innerCount, y1: y1)
                .intersection(parent?.interior ?? area)
        } else {
            interior = .empty
        }
        if let y = rows.first { wholeRun = fullRun(y: y) }
    }

    private init(area: IntRect, frame: RectSpans.Frame, parent: ClipBox?, interior: IntRect, wholeRows: Range<Int>) {
        (self.area, self.frame, self.parent, self.interior, self.wholeRows) = (area, frame, parent, interior, wholeRows)
        depth = (parent?.depth ?? 0) + 1
        if let y = wholeRows.first { wholeRun = fullRun(y: y) }
    }

    /// This clip within the pixel rectangle `rect` (nil: nothing left).
    func cut(to rect: IntRect) -> ClipBox? {
        let a = area.intersection(rect)
        guard !a.isEmpty else { return nil }
        return ClipBox(area: a, frame: frame, parent: parent, interior: interior.intersection(a), wholeRows: wholeRows)
    }

    /// The rectangle's own coverage of row `y`.
    @inline(__always)
    private func ownRow(_ y: Int) -> RectSpans.Row {
        guard y >= frame.j0 && y < frame.j1 else { return RectSpans.Row() }
        return frame.row(covering: frame.rowCoverage(y))
    }

    /// The fully covered columns of row `y` (empty when start >= end), as
    /// a mask of the box notes them: its rectangle's constant run when that
    /// is 255, within the full columns of the box it was cut from.
    func fullRun(y: Int) -> (start: Int, end: Int) {
        if wholeRows.contains(y) && wholeRun.start < wholeRun.end { return wholeRun }
        let row = ownRow(y)
        guard row.innerCoverage == 255 else { return (0, 0) }
        var run = (start: row.innerX, end: row.innerX + row.innerCount)
        if let parent {
            let outer = parent.fullRun(y: y)
            run = (Swift.max(run.start, outer.start), Swift.min(run.end, outer.end))
        }
        return run
    }

    /// Writes the coverage of columns `x..<x + count` of row `y` to `out`.
    func write(y: Int, x: Int, count: Int, to out: UnsafeMutablePointer<UInt8>) {
        let row = ownRow(y)
        out.update(repeating: 0, count: count)
        let end = x + count
        if row.leftCoverage != 0 && row.leftX >= x && row.leftX < end { out[row.leftX - x] = row.leftCoverage }
        if row.rightCoverage != 0 && row.rightX >= x && row.rightX < end { out[row.rightX - x] = row.rightCoverage }
        let a = Swift.max(row.innerX, x), b = Swift.min(row.innerX + row.innerCount, end)
        if a < b && row.innerCoverage != 0 { (out + (a - x)).update(repeating: row.innerCoverage, count: b - a) }
        guard let parent else { return }
        // Times the outer box's coverage, which is 255 within its full run.
        let outer = parent.fullRun(y: y)
        let full = outer.start < outer.end ? outer : (start: end, end: end)
        timesOuter(parent, y: y, from: x, to: Swift.min(end, full.start), out: out - x)
        timesOuter(parent, y: y, from: Swift.max(x, full.end), to: end, out: out - x)
    }

    /// A box's coverage of its rows over the columns `columns`, a row
    /// written when first asked for and kept while the next rows asked for
    /// are the same (its whole rows are): for compositing row by row. A
    /// value (no reference counting in the row loops); `deallocate` it.
    struct Rows {
        private let box: ClipBox
        private let x0: Int, count: Int
        private let bytes: UnsafeMutablePointer<UInt8>
        /// The row `bytes` holds: -1 for the whole rows', Int.min for none.
        private var held = Int.min

        init(_ box: ClipBox, columns: IntRect) {
            self.box = box
            (x0, count) = (columns.x0, Swift.max(1, columns.width))
            bytes = .allocate(capacity: count)
        }

        func deallocate() { bytes.deallocate() }

        /// The box's coverage of row `y` from column `x` (within the columns) on.
        mutating func coverage(y: Int, from x: Int) -> UnsafePointer<UInt8> {
            let key = box.wholeRows.contains(y) ? -1 : y
            if held != key {
                box.write(y: y, x: x0, count: count, to: bytes)
                held = key
            }
            return UnsafePointer(bytes + (x - x0))
        }
    }

    /// `out[x0..<x1]` (indexed by column) times `parent`'s coverage there.
    private func timesOuter(_ parent: ClipBox, y: Int, from x0: Int, to x1: Int, out: UnsafeMutablePointer<UInt8>) {
        guard x0 < x1 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: x1 - x0) { outer in
            let o = outer.baseAddress!
            parent.write(y: y, x: x0, count: x1 - x0, to: o)
            for i in 0..<(x1 - x0) { out[x0 + i] = multiply255(out[x0 + i], o[i]) }
        }
    }
}

/// An 8-bit coverage mask over `area` (the clip it was cut from, not the
/// whole canvas: a small rounded clip costs its own pixels). Immutable once
/// built, so saved graphics states can share it.
public final class ClipMask {
    /// The pixels the mask stores; everything outside is 0.
    public let area: IntRect
    /// Where the mask may be non-zero: its area (drawing where it is zero
    /// changes nothing).
    public var bounds: IntRect { area }
    /// `area.width * area.height` bytes, row-major (at least one byte).
    let data: UnsafeMutablePointer<UInt8>
    /// The memory the mask holds: its bytes and its two run tables.
    public var byteCount: Int { Swift.max(1, area.width * area.height) + Swift.max(1, area.height) * 8 }
    /// Per row of `area`: the longest run of fully covered pixels, as device
    /// columns `fullStart[row]..<fullEnd[row]` (empty when start >= end).
    /// Drawing through the mask passes coverage unchanged there, so a
    /// rounded clip's interior costs what an unclipped fill does.
    private var fullStart: UnsafeMutablePointer<Int32>
    private var fullEnd: UnsafeMutablePointer<Int32>

    /// A mask over `area` whose creator fills every row and records its
    /// full runs (`clearFullRuns`, then `noteFullRun`), before anything
    /// reads it (row by row, in bands, when drawing is recorded).
    init(unfilledArea area: IntRect) {
        self.area = area
        let n = Swift.max(1, area.width * area.height)
        data = .allocate(capacity: n)
        let rows = Swift.max(1, area.height)
        fullStart = .allocate(capacity: rows)
        fullEnd = .allocate(capacity: rows)
    }

    deinit {
        data.deallocate()
        fullStart.deallocate()
        fullEnd.deallocate()
    }

    /// Forgets the full runs of `rows`, before `noteFullRun` is told them
    /// as the rows are filled.
    func clearFullRuns(rows: Range<Int>) {
        for y in rows {
            fullStart[y - area.y0] = 0
            fullEnd[y - area.y0] = 0
        }
    }

    /// Columns `x0..<x1` of row `y` are now 255: kept as the row's full run
    /// if longer than the one noted (an empty range changes nothing). A
    /// mask filled from a rasterizer's constant spans learns its runs this
    /// way without reading its bytes again; a run missed (full pixels
    /// written one by one) only leaves the masked path to pass those pixels
    /// unchanged.
    @inline(__always)
    func noteFullRun(y: Int, x0: Int, x1: Int) {
        let k = y - area.y0
        if x1 - x0 > Int(fullEnd[k]) - Int(fullStart[k]) {
            fullStart[k] = Int32(x0)
            fullEnd[k] = Int32(x1)
        }
    }

    /// Columns `x0..<x1` of row `y` were copied from `old`: the part of
    /// `old`'s full run among them is full here too.
    @inline(__always)
    func noteFullRun(y: Int, x0: Int, x1: Int, copiedFrom old: ClipMask) {
        let full = old.fullRun(y: y)
        noteFullRun(y: y, x0: Swift.max(x0, full.start), x1: Swift.min(x1, full.end))
    }

    /// The fully covered columns of row `y` (within `area`).
    @inline(__always)
    func fullRun(y: Int) -> (start: Int, end: Int) {
        (Int(fullStart[y - area.y0]), Int(fullEnd[y - area.y0]))
    }

    /// The byte of device pixel (x, y), which must lie within `area`.
    @inline(__always)
    func pointer(x: Int, y: Int) -> UnsafeMutablePointer<UInt8> {
        data + (y - area.y0) * area.width + (x - area.x0)
    }
}

/// Rounded 8-bit product: a * b / 255.
@inline(__always)
func multiply255(_ a: UInt8, _ b: UInt8) -> UInt8 {
    let t = Int(a) * Int(b) + 128
    return UInt8((t + (t >> 8)) >> 8)
}

@inline(__always)
func div255(_ x: Int) -> Int {
    let t = x + 128
    return (t + (t >> 8)) >> 8
}
