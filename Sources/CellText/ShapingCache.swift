import CellGeometry

/// HarfBuzz's output per face, features and text, in font units, kept for the
/// process: a table shapes the same labels, details and badge numbers on
/// every row and every frame, and shaping costs far more than scaling a
/// remembered result (ShapedLine is the cached glyphs times size / em).
///
/// Bounded: past `maxEntries` texts or `maxGlyphs` glyphs a table starts
/// over (a cheap, predictable bound; scripts that shape thousands of
/// distinct strings pay HarfBuzz as before), and a text longer than
/// `longestText` bytes is shaped without being kept (labels are short; a
/// page of text would fill the cache for nothing). Entries keep their faces
/// alive, so a face's identity is never reused while an entry names it.
final class ShapingCache: Sendable {
    static let shared = ShapingCache()
    /// Most texts remembered, in font units and scaled to a size each
    /// (about 100 bytes plus 24 per glyph in units, 48 scaled and, once
    /// drawn, 56 placed).
    static let maxEntries = 4096
    /// Most glyphs a table keeps: 65,536 (16 per text on average; some 8 MB
    /// in all, outside the --max-memory count, within its stated margin).
    static let maxGlyphs = 1 << 16
    /// Longest text kept, in UTF-8 bytes: 4 KiB.
    static let longestText = 4096

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
        /// The OpenType features shaped with (canonical: by tag).
        var features: [FontFeature]
    }

    private struct Entry {
        let faces: (FontFace, Font.FallbackChain)
        let glyphs: [Glyph]
    }

    private let entries = Locked<Table<Key, Entry>>(Table())

    /// The same texts scaled to a size (`Font.shape`'s glyphs and width),
    /// so a text drawn again at its size (every frame's labels) is neither
    /// scaled nor copied again: its glyph array is shared.
    private struct SizedKey: Hashable {
        var key: Key
        var size: UInt64 // the size's bits
        var tracking: UInt64 // the tracking's bits
    }

    private struct SizedEntry {
        let faces: (FontFace, Font.FallbackChain)
        let glyphs: [ShapedGlyph]
        let width: Double
        /// The glyphs' outlines placed, once the line is first drawn.
        let placement: LinePlacement
    }

    private let sized = Locked<Table<SizedKey, SizedEntry>>(Table())

    /// A table of remembered results and how many glyphs they hold.
    private struct Table<K: Hashable, V> {
        var values: [K: V] = [:]
        var glyphs = 0
    }

    /// `text` shaped with `face` (and `fallback`) at `size`: from the cache,
    /// or from `scale`, which scales the font-unit glyphs (`units`). The
    /// placement is the entry's, shared by every line shaped from it.
    func glyphs(_ text: String, face: FontFace, fallback: Font.FallbackChain, features: [FontFeature], size: Double,
                tracking: Double, scale: () -> (glyphs: [ShapedGlyph], width: Double))
        -> (glyphs: [ShapedGlyph], width: Double, placement: LinePlacement) {
        let key = SizedKey(key: Key(face: ObjectIdentifier(face), fallback: ObjectIdentifier(fallback), text: text,
                                    features: features),
                           size: size.bitPattern, tracking: tracking.bitPattern)
        let entry = Self.remembered(key, in: sized, keep: text.utf8.count <= Self.longestText, glyphs: \.glyphs.count) {
            let made = scale()
            return SizedEntry(faces: (face, fallback), glyphs: made.glyphs, width: made.width,
                              placement: LinePlacement())
        }
        return (entry.glyphs, entry.width, entry.placement)
    }

    /// The glyphs of `text` shaped with `face` (and the faces of `fallback`
    /// for what it lacks), from the cache or from `shape`.
    func units(_ text: String, face: FontFace, fallback: Font.FallbackChain, features: [FontFeature] = [],
               shape: () -> [Glyph]) -> [Glyph] {
        let key = Key(face: ObjectIdentifier(face), fallback: ObjectIdentifier(fallback), text: text, features: features)
        return Self.remembered(key, in: entries, keep: text.utf8.count <= Self.longestText, glyphs: \.glyphs.count) {
            Entry(faces: (face, fallback), glyphs: shape())
        }.glyphs
    }

    /// `table[key]`, or `make()`, stored there when `keep` (the table
    /// emptied first when it holds `maxEntries` texts or would pass
    /// `maxGlyphs`; `glyphs` counts an entry's). The lock is not held while
    /// `make` runs.
    private static func remembered<K: Hashable, V>(_ key: K, in table: Locked<Table<K, V>>, keep: Bool,
                                                   glyphs: (V) -> Int, make: () -> V) -> V {
        guard keep else { return make() }
        if let hit = table.withLock({ $0.values[key] }) { return hit }
        let made = make()
        let count = glyphs(made)
        table.withLock {
            if $0.values.count >= maxEntries || $0.glyphs + count > maxGlyphs {
                $0.values.removeAll(keepingCapacity: true)
                $0.glyphs = 0
            }
            $0.values[key] = made
            $0.glyphs += count
        }
        return made
    }
}
