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

/// An 8-bit coverage mask the size of the canvas. Immutable once built, so
/// saved graphics states can share it.
public final class ClipMask {
    public let width: Int
    public let height: Int
    /// Where the mask is non-zero; everything outside is 0.
    public let bounds: IntRect
    public let data: UnsafeMutablePointer<UInt8>

    init(width: Int, height: Int, bounds: IntRect, data: UnsafeMutablePointer<UInt8>) {
        self.width = width
        self.height = height
        self.bounds = bounds
        self.data = data
    }

    deinit {
        data.deallocate()
    }

    /// Coverage 0...255 at (x, y).
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return data[y * width + x]
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
