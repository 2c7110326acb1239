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

    /// A mask over `area` whose creator fills every row, then calls
    /// `findFullRuns` for it, before anything reads it (row by row, in
    /// bands, when drawing is recorded).
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

    /// Records the longest run of 255s of each row in `rows` (eight bytes
    /// at a time through the interior). Call once those rows are filled.
    func findFullRuns(rows: Range<Int>) {
        let all: UInt64 = ~0
        let width = area.width
        for y in Swift.max(rows.lowerBound, area.y0)..<Swift.max(Swift.min(rows.upperBound, area.y1), area.y0) {
            let row = pointer(x: area.x0, y: y)
            var bestStart = 0, bestEnd = 0
            var i = 0
            while i < width {
                while i < width, row[i] != 255 { i += 1 }
                let start = i
                while i + 8 <= width, UnsafeRawPointer(row + i).loadUnaligned(as: UInt64.self) == all { i += 8 }
                while i < width, row[i] == 255 { i += 1 }
                if i - start > bestEnd - bestStart {
                    bestStart = start
                    bestEnd = i
                }
            }
            fullStart[y - area.y0] = Int32(area.x0 + bestStart)
            fullEnd[y - area.y0] = Int32(area.x0 + bestEnd)
        }
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
