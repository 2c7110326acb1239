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

    /// Sub-pixel positions per pixel, in x and in y: a power of two
    /// (`Canvas.maskedGlyphSpans` splits a position with a shift and a mask).
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

    /// The masks made since the cache last started over, by key: open
    /// addressing with linear probing over a power-of-two number of slots,
    /// at most half full. It owns the masks: a text call that holds it may
    /// use their bytes (`View.pixels`) without holding each mask, and when
    /// the cache starts over, the masks live on until the last holder lets
    /// the generation go. The keys and the masks' geometry (`View`, plain
    /// values) sit in slots of their own, so a lookup touches no reference:
    /// no retain and release per glyph.
    final class Generation: @unchecked Sendable {
        private var capacity = 1024
        private var keys: UnsafeMutablePointer<Key?>
        private var views: UnsafeMutablePointer<View>
        /// Every mask of the generation (what keeps their bytes).
        private var masks: [Mask] = []

        init() {
            keys = .allocate(capacity: capacity)
            keys.initialize(repeating: nil, count: capacity)
            views = .allocate(capacity: capacity)
            views.initialize(repeating: View(), count: capacity)
        }

        deinit {
            keys.deallocate()
            views.deallocate()
        }

        /// The slot holding `key`, or the empty slot where it would go.
        private func slot(of key: Key) -> Int {
            var i = Int(truncatingIfNeeded: key.mixed) & (capacity - 1)
            while let k = keys[i], k != key { i = (i + 1) & (capacity - 1) }
            return i
        }

        /// The geometry of the mask for `key`, if there is one.
        func view(_ key: Key) -> View? {
            let i = slot(of: key)
            return keys[i] == nil ? nil : views[i]
        }

        /// The mask for `key`, if there is one.
        subscript(key: Key) -> Mask? {
            let i = slot(of: key)
            guard keys[i] != nil else { return nil }
            return masks[views[i].index]
        }

        /// Adds `mask` for a key not in the table.
        func insert(_ mask: Mask, for key: Key) {
            if (masks.count + 1) * 2 > capacity {
                let (oldKeys, oldViews, oldCapacity) = (keys, views, capacity)
                capacity *= 2
                keys = .allocate(capacity: capacity)
                keys.initialize(repeating: nil, count: capacity)
                views = .allocate(capacity: capacity)
                views.initialize(repeating: View(), count: capacity)
                for i in 0..<oldCapacity {
                    guard let k = oldKeys[i] else { continue }
                    let j = slot(of: k)
                    keys[j] = k
                    views[j] = oldViews[i]
                }
                oldKeys.deallocate()
                oldViews.deallocate()
            }
            let i = slot(of: key)
            keys[i] = key
            var view = mask.view
            view.index = masks.count
            views[i] = view
            masks.append(mask)
        }
    }

    /// Where a mask's bytes are and how they lie (`Mask`'s fields, as a
    /// value). Valid while the mask's generation is held.
    struct View {
        var left = 0, top = 0, width = 0, height = 0
        var pixels: UnsafePointer<UInt8>? = nil
        /// The mask's place in its generation's list.
        fileprivate var index = 0
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

        var view: View { View(left: left, top: top, width: width, height: height, pixels: UnsafePointer(pixels)) }
    }

    private let lock = Lock()
    // Used only under `lock`, which already keeps accesses from overlapping:
    // no run-time exclusivity check on each glyph's lookup (about 80
    // instructions each).
    @exclusivity(unchecked) private var current = Generation()
    @exclusivity(unchecked) private var bytes = 0

    /// Bytes of masks held now.
    var cachedBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    /// Whether a glyph of `shape` at `scale` fits a mask (`maxMaskSide`).
    private static func fits(_ shape: GlyphShape, scale: Double) -> Bool {
        let b = shape.bounds
        return (b.maxX - b.minX) * scale + 2 <= Double(maxMaskSide) && (b.maxY - b.minY) * scale + 2 <= Double(maxMaskSide)
    }

    /// The mask of the glyph `shape` at `scale` device pixels per font unit
    /// with its origin at (`phaseX`, `phaseY`) / `phases` of a pixel,
    /// rasterized with `rasterizer` if it is not cached. nil when it would
    /// be larger than `maxMaskSide`.
    func mask(for shape: GlyphShape, scale: Double, phaseX: Int, phaseY: Int, rasterizer: Rasterizer) -> Mask? {
        guard Self.fits(shape, scale: scale) else { return nil }
        let key = Key(shape: ObjectIdentifier(shape), scaleBits: scale.bitPattern,
                      phaseX: UInt8(phaseX), phaseY: UInt8(phaseY))
        lock.lock()
        defer { lock.unlock() }
        if let mask = current[key] { return mask }
        return made(key, shape, scale: scale, phaseX: phaseX, phaseY: phaseY, rasterizer: rasterizer)
    }

    /// Rasterizes the mask for `key` with the lock released and adds it
    /// (starting over past the budget); called and returns with the lock held.
    private func made(_ key: Key, _ shape: GlyphShape, scale: Double, phaseX: Int, phaseY: Int,
                      rasterizer: Rasterizer) -> Mask {
        lock.unlock()
        let mask = Self.rasterize(shape, scale: scale, phaseX: phaseX, phaseY: phaseY, rasterizer: rasterizer)
        lock.lock()
        // Another thread may have made it meanwhile: keep the first.
        if let made = current[key] { return made }
        if bytes + mask.byteCount > Self.budgetBytes {
            current = Generation()
            bytes = 0
        }
        current.insert(mask, for: key)
        bytes += mask.byteCount
        return mask
    }

    /// Looks up the masks of one text call: `body` runs with the cache
    /// locked once for all its glyphs (released only while a missing mask
    /// is rasterized) and gets each mask as a `View`; the generations those
    /// views belong to are returned with `body`'s result, for the caller to
    /// hold while it uses their bytes (one reference per call, where a
    /// reference per glyph cost a retain and a release each).
    func withLookups<R>(_ body: (inout Lookups) -> R) -> (R, held: [Generation]) {
        lock.lock()
        defer { lock.unlock() }
        var lookups = Lookups(cache: self, current: current)
        let result = body(&lookups)
        return (result, lookups.held)
    }

    /// Mask lookups under the cache's lock (`withLookups`).
    struct Lookups {
        fileprivate unowned(unsafe) let cache: GlyphMaskCache
        /// The generations the views handed out belong to, the current last.
        fileprivate(set) var held: [Generation]
        /// The current generation (the last of `held`), reached without a
        /// retain and release per lookup.
        private var current: Unmanaged<Generation>

        fileprivate init(cache: GlyphMaskCache, current: Generation) {
            self.cache = cache
            self.current = .passUnretained(current)
            held = [current]
        }

        /// `mask(for:...)`, as a view whose bytes stay valid while `held` is
        /// held. `glyph`: a shape the caller holds, passed without a retain
        /// and release per glyph (a hit needs only its identity).
        mutating func view(for glyph: Unmanaged<GlyphShape>, scale: Double, phaseX: Int, phaseY: Int,
                           rasterizer: Rasterizer) -> View? {
            let key = Key(shape: ObjectIdentifier(glyph.takeUnretainedValue()), scaleBits: scale.bitPattern,
                          phaseX: UInt8(phaseX), phaseY: UInt8(phaseY))
            if let view = current._withUnsafeGuaranteedRef({ $0.view(key) }) { return view }
            let shape = glyph.takeUnretainedValue()
            // Only masks that fit are ever made: the size is checked on a miss.
            guard GlyphMaskCache.fits(shape, scale: scale) else { return nil }
            let mask = cache.made(key, shape, scale: scale, phaseX: phaseX, phaseY: phaseY, rasterizer: rasterizer)
            // The lock was let go: the cache may have started over meanwhile.
            if cache.current !== current.takeUnretainedValue() {
                held.append(cache.current)
                current = .passUnretained(cache.current)
            }
            return mask.view
        }
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
