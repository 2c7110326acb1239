/// The clip in force: a pixel-aligned rectangle (the fast path: no mask, no
/// per-pixel work) or an anti-aliased coverage mask with its bounds.
public enum ClipRegion {
    case rect(IntRect)
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
        case .mask(let m): return m.bounds
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
