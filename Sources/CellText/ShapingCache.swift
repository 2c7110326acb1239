import CellGeometry

/// HarfBuzz's output per face and text, in font units, kept for the
/// process: a table shapes the same labels, details and badge numbers on
/// every row and every frame, and shaping costs far more than scaling a
/// remembered result (ShapedLine is the cached glyphs times size / em).
///
/// Bounded: past `maxEntries` the cache starts over (a cheap, predictable
/// bound; scripts that shape thousands of distinct strings pay HarfBuzz as
/// before). Entries keep their faces alive, so a face's identity is never
/// reused while an entry names it.
final class ShapingCache: Sendable {
    static let shared = ShapingCache()
    /// Most texts remembered, in font units and scaled to a size each
    /// (about 100 bytes plus 24 per glyph in units, 48 scaled and, once
    /// drawn, 56 placed).
    static let maxEntries = 4096

    /// One shaped glyph in font units.
    struct Glyph: Sendable {
        var id: UInt32
        /// 0: the font's own face; from 1, its fallback chain's.
        var faceIndex: UInt8
        var cluster: Int
        var advance: Int32
        var offsetX: Int32
        var offsetY: Int32
    }

    private struct Key: Hashable {
        var face: ObjectIdentifier
        var fallback: ObjectIdentifier
        var text: String
    }

    private struct Entry {
        let faces: (FontFace, Font.FallbackChain)
        let glyphs: [Glyph]
    }

    private let entries = Locked<[Key: Entry]>([:])

    /// The same texts scaled to a size (`Font.shape`'s glyphs and width),
    /// so a text drawn again at its size (every frame's labels) is neither
    /// scaled nor copied again: its glyph array is shared.
    private struct SizedKey: Hashable {
        var key: Key
        var size: UInt64 // the size's bits
    }

    private struct SizedEntry {
        let faces: (FontFace, Font.FallbackChain)
        let glyphs: [ShapedGlyph]
        let width: Double
        /// The glyphs' outlines placed, once the line is first drawn.
        let placement: LinePlacement
    }

    private let sized = Locked<[SizedKey: SizedEntry]>([:])

    /// `text` shaped with `face` (and `fallback`) at `size`: from the cache,
    /// or from `scale`, which scales the font-unit glyphs (`units`). The
    /// placement is the entry's, shared by every line shaped from it.
    func glyphs(_ text: String, face: FontFace, fallback: Font.FallbackChain, size: Double,
                scale: () -> (glyphs: [ShapedGlyph], width: Double))
        -> (glyphs: [ShapedGlyph], width: Double, placement: LinePlacement) {
        let key = SizedKey(key: Key(face: ObjectIdentifier(face), fallback: ObjectIdentifier(fallback), text: text),
                           size: size.bitPattern)
        let entry = Self.remembered(key, in: sized) {
            let made = scale()
            return SizedEntry(faces: (face, fallback), glyphs: made.glyphs, width: made.width,
                              placement: LinePlacement())
        }
        return (entry.glyphs, entry.width, entry.placement)
    }

    /// The glyphs of `text` shaped with `face` (and the faces of `fallback`
    /// for what it lacks), from the cache or from `shape`.
    func units(_ text: String, face: FontFace, fallback: Font.FallbackChain, shape: () -> [Glyph]) -> [Glyph] {
        let key = Key(face: ObjectIdentifier(face), fallback: ObjectIdentifier(fallback), text: text)
        return Self.remembered(key, in: entries) { Entry(faces: (face, fallback), glyphs: shape()) }.glyphs
    }

    /// `table[key]`, or `make()` stored there (the table emptied first when
    /// it holds `maxEntries`). The lock is not held while `make` runs.
    private static func remembered<K: Hashable, V>(_ key: K, in table: Locked<[K: V]>, make: () -> V) -> V {
        if let hit = table.withLock({ $0[key] }) { return hit }
        let made = make()
        table.withLock {
            if $0.count >= maxEntries { $0.removeAll(keepingCapacity: true) }
            $0[key] = made
        }
        return made
    }
}
