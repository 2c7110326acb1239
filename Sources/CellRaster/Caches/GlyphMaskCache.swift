import CellGeometry
import FoundationEssentials
import Glibc

/// Coverage masks of glyphs, rasterized once and reused by every text call
/// of the process (every canvas, every thread).
///
/// A mask is the exact coverage the rasterizer gives the glyph's outline at
/// one scale (device pixels per font unit) and one sub-pixel phase: the
/// glyph's origin is placed at a quarter-pixel position (`phases` steps per
/// pixel in x and in y) and the mask then moves by whole pixels. So a cached
/// glyph lands at most 1/8 pixel from where its outline would (invisible at
/// any size: FreeType-based renderers position glyphs in quarter pixels too),
/// and its pixels are exactly those of its outline filled at the quantized
/// position (`GlyphMaskTests` checks both).
///
/// Why: filling text as outlines costs flattening, edge setup and a sweep for
/// every glyph of every frame; interface mockups repeat a few sizes of a few
/// dozen glyphs, so after the first frame text is a copy of small masks.
///
/// Bounded: masks larger than `maxMaskSide` pixels are not made (big display
/// text is drawn as outlines, where caching would cost more than it saves),
/// and when the masks pass `budgetBytes` the cache starts over.
final class GlyphMaskCache: @unchecked Sendable {
    static let shared = GlyphMaskCache()

    /// Sub-pixel positions per pixel, in x and in y.
    static let phases = 4
    /// Widest or tallest mask made, in pixels.
    static let maxMaskSide = 160
    /// Pixels (bytes) of masks kept before the cache starts over: 8 MiB.
    static let budgetBytes = 8 << 20

    struct Key: Equatable {
        /// The glyph's shape (`GlyphShape`'s identity names its outline).
        var shape: ObjectIdentifier
        /// Device pixels per font unit, bit for bit.
        var scaleBits: UInt64
        var phaseX: UInt8
        var phaseY: UInt8

        /// The fields folded into one word and mixed (a multiply and a
        /// shift): the table's slot. A lookup per glyph drawn is on the path
        /// of every text call, where a `Hasher` run cost more than the rest
        /// of the lookup.
        var mixed: UInt64 {
            let shape = UInt64(UInt(bitPattern: shape))
            let small = UInt64(phaseX) << 8 | UInt64(phaseY)
            let h = (small ^ (shape &* 0x9E37_79B9_7F4A_7C15) ^ (scaleBits &* 0xC2B2_AE3D_27D4_EB4F)) &* 0xFF51_AFD7_ED55_8CCD
            return h ^ (h >> 29)
        }
    }

    /// Masks by key, open addressing with linear probing over a power-of-two
    /// number of slots, at most half full.
    private struct Table {
        private var slots: [(key: Key, mask: Mask)?] = Array(repeating: nil, count: 1024)
        private var count = 0

        /// The slot holding `key`, or the empty slot where it would go.
        private func slot(of key: Key) -> Int {
            var i = Int(truncatingIfNeeded: key.mixed) & (slots.count - 1)
            while let entry = slots[i], entry.key != key { i = (i + 1) & (slots.count - 1) }
            return i
        }

        subscript(key: Key) -> Mask? { slots[slot(of: key)]?.mask }

        /// Adds `mask` for a key not in the table.
        mutating func insert(_ mask: Mask, for key: Key) {
            if (count + 1) * 2 > slots.count {
                let old = slots
                slots = Array(repeating: nil, count: slots.count * 2)
                for case let entry? in old { slots[slot(of: entry.key)] = entry }
            }
            slots[slot(of: key)] = (key, mask)
            count += 1
        }

        mutating func removeAll() {
            slots = Array(repeating: nil, count: slots.count)
            count = 0
        }
    }

    /// A glyph's coverage: `width` x `height` bytes, row by row, whose top-left
    /// pixel is `(left, top)` from the pixel holding the glyph's origin.
    final class Mask: @unchecked Sendable {
        let left: Int, top: Int, width: Int, height: Int
        /// The coverage bytes: fixed storage, so spans can point into it
        /// while the mask is alive (text goes to the compositor straight
        /// from here).
        let pixels: UnsafeMutablePointer<UInt8>
        /// Keeps the glyph's shape alive, so that its identity in the key
        /// stays its own.
        let owner: GlyphShape

        init(left: Int, top: Int, width: Int, height: Int, pixels: [UInt8], owner: GlyphShape) {
            self.left = left
            self.top = top
            self.width = width
            self.height = height
            self.pixels = .allocate(capacity: Swift.max(1, pixels.count))
            self.pixels.initialize(from: pixels, count: pixels.count)
            self.owner = owner
        }

        deinit { pixels.deallocate() }

        var byteCount: Int { width * height }
    }

    private let lock = Lock()
    // Used only under `lock`, which already keeps accesses from overlapping:
    // no run-time exclusivity check on each glyph's lookup (about 80
    // instructions each).
    @exclusivity(unchecked) private var masks = Table()
    @exclusivity(unchecked) private var bytes = 0

    /// Bytes of masks held now.
    var cachedBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    /// The mask of the glyph `shape` at `scale` device pixels per font unit
    /// with its origin at (`phaseX`, `phaseY`) / `phases` of a pixel,
    /// rasterized with `rasterizer` if it is not cached. nil when it would
    /// be larger than `maxMaskSide`.
    func mask(for shape: GlyphShape, scale: Double, phaseX: Int, phaseY: Int, rasterizer: Rasterizer) -> Mask? {
        let b = shape.bounds
        guard (b.maxX - b.minX) * scale + 2 <= Double(Self.maxMaskSide),
              (b.maxY - b.minY) * scale + 2 <= Double(Self.maxMaskSide) else { return nil }
        let key = Key(shape: ObjectIdentifier(shape), scaleBits: scale.bitPattern,
                      phaseX: UInt8(phaseX), phaseY: UInt8(phaseY))
        lock.lock()
        if let mask = masks[key] {
            lock.unlock()
            return mask
        }
        lock.unlock()
        let mask = Self.rasterize(shape, scale: scale, phaseX: phaseX, phaseY: phaseY, rasterizer: rasterizer)
        lock.lock()
        defer { lock.unlock() }
        // Another thread may have made it meanwhile: keep the first.
        if let made = masks[key] { return made }
        if bytes + mask.byteCount > Self.budgetBytes {
            masks.removeAll()
            bytes = 0
        }
        masks.insert(mask, for: key)
        bytes += mask.byteCount
        return mask
    }

    /// The outline filled (nonzero, anti-aliased, the canvas's flattening
    /// tolerance) with its origin at the phase's offset inside pixel (0, 0).
    static func rasterize(_ shape: GlyphShape, scale: Double, phaseX: Int, phaseY: Int,
                          rasterizer: Rasterizer) -> Mask {
        let ox = Double(phaseX) / Double(phases), oy = Double(phaseY) / Double(phases)
        let toMask = AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: ox, ty: oy)
        let b = shape.bounds
        let area = IntRect.covering(minX: ox + b.minX * scale, minY: oy - b.maxY * scale,
                                    maxX: ox + b.maxX * scale, maxY: oy - b.minY * scale,
                                    limit: IntRect(x0: -maxMaskSide, y0: -maxMaskSide, x1: maxMaskSide, y1: maxMaskSide))
        guard !area.isEmpty else { return Mask(left: 0, top: 0, width: 0, height: 0, pixels: [], owner: shape) }
        var pixels = [UInt8](repeating: 0, count: area.width * area.height)
        let polygons = shape.outline.transformed(by: toMask).flattened(tolerance: Canvas.flatteningTolerance)
        pixels.withUnsafeMutableBufferPointer { out in
            rasterizer.fillSpans(polygons, rule: .nonzero, antialias: true, bounds: area) { span in
                let row = out.baseAddress! + (span.y - area.y0) * area.width + (span.x - area.x0)
                if let coverage = span.coverage {
                    row.update(from: coverage, count: span.count)
                } else {
                    row.update(repeating: span.constant, count: span.count)
                }
            }
        }
        return Mask(left: area.x0, top: area.y0, width: area.width, height: area.height, pixels: pixels,
                    owner: shape)
    }
}
