/// The clip in force: a pixel-aligned rectangle (the fast path: no mask, no
/// per-pixel work) or an anti-aliased coverage mask with its bounds.
public enum ClipRegion {
    case rect(IntRect)
    case mask(ClipMask)

    /// The pixels that can be painted at all.
    public var bounds: IntRect {
        switch self {
        case .rect(let r): return r
        case .mask(let m): return m.bounds
        }
    }
}

/// An 8-bit coverage mask over `area` (the clip it was cut from, not the
/// whole canvas: a cell's rounded clip costs a cell's pixels). Immutable once
/// built, so saved graphics states can share it.
public final class ClipMask {
    /// The pixels the mask stores; everything outside is 0.
    public let area: IntRect
    /// Where the mask is non-zero (within `area`); set by the creator once
    /// it has filled the mask.
    public internal(set) var bounds: IntRect
    /// `area.width * area.height` bytes, row-major (at least one byte).
    let data: UnsafeMutablePointer<UInt8>

    /// A zeroed mask over `area`; the creator fills it and sets `bounds`.
    init(area: IntRect) {
        self.area = area
        bounds = area
        let n = Swift.max(1, area.width * area.height)
        data = .allocate(capacity: n)
        data.initialize(repeating: 0, count: n)
    }

    deinit {
        data.deallocate()
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
