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
    /// (about 100 bytes plus 24 per glyph in units, 48 scaled).
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
    }

    private let sized = Locked<[SizedKey: SizedEntry]>([:])

    /// `text` shaped with `face` (and `fallback`) at `size`: from the cache,
    /// or from `scale`, which scales the font-unit glyphs (`units`).
    func glyphs(_ text: String, face: FontFace, fallback: Font.FallbackChain, size: Double,
                scale: () -> (glyphs: [ShapedGlyph], width: Double)) -> (glyphs: [ShapedGlyph], width: Double) {
        let key = SizedKey(key: Key(face: ObjectIdentifier(face), fallback: ObjectIdentifier(fallback), text: text),
                           size: size.bitPattern)
        if let hit = sized.withLock({ $0[key] }) { return (hit.glyphs, hit.width) }
        let made = scale()
        sized.withLock {
            if $0.count >= Self.maxEntries { $0.removeAll(keepingCapacity: true) }
            $0[key] = SizedEntry(faces: (face, fallback), glyphs: made.glyphs, width: made.width)
        }
        return made
    }

    /// The glyphs of `text` shaped with `face` (and the faces of `fallback`
    /// for what it lacks), from the cache or from `shape`.
    func units(_ text: String, face: FontFace, fallback: Font.FallbackChain, shape: () -> [Glyph]) -> [Glyph] {
        let key = Key(face: ObjectIdentifier(face), fallback: ObjectIdentifier(fallback), text: text)
        if let hit = entries.withLock({ $0[key] }) { return hit.glyphs }
        let glyphs = shape()
        entries.withLock {
            if $0.count >= Self.maxEntries { $0.removeAll(keepingCapacity: true) }
            $0[key] = Entry(faces: (face, fallback), glyphs: glyphs)
        }
        return glyphs
    }
}
