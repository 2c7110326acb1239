import CellGeometry

/// What a glyph fill says, for a writer that keeps text as text (SVG's
/// `<text>` with `--svg-text text`): the characters of each run of one
/// face, the font by name, and where each run's pen starts, in the glyphs'
/// own space (before the operation's transform). Runs whose font cannot be
/// named (a file no font lookup finds, the last resort's box for a missing
/// character, text not in left-to-right order) come as their glyphs'
/// outlines instead.
///
/// Made only when a writer asks (`pieces`): the raster backend never reads
/// it, so drawing text costs one object more, not the work of naming.
public final class GlyphText: Sendable {
    /// A font as CSS and design tools name it.
    public struct Face: Hashable, Sendable {
        /// Family names, most specific first (the face's own, then the
        /// family the script asked for when that differs).
        public let families: [String]
        /// 100...900: the face's OS/2 weight class (400 regular, 700 bold).
        public let weight: Int
        public let italic: Bool

        public init(families: [String], weight: Int, italic: Bool) {
            self.families = families
            self.weight = weight
            self.italic = italic
        }
    }

    /// Characters of one face set from one pen position.
    public struct Run: Sendable {
        /// The characters, in logical order (no line breaks).
        public let text: String
        public let face: Face
        /// The font size in the glyphs' space (points for text drawn
        /// without a scale of its own).
        public let size: Double
        /// The start of the pen on the baseline, in the glyphs' space.
        public let origin: Point
        /// Each character's x in the glyphs' space, when shaping moved the
        /// glyphs off their plain advances (kerning, offsets) and each
        /// character is one glyph; nil when the plain advances place them.
        public let xs: [Double]?
        /// Space added after every character (tracking), in the glyphs' space.
        public let letterSpacing: Double
        /// OpenType features set (by tag: 0 off, 1 on, n an alternate).
        public let features: [(tag: String, value: Int)]
        /// Variation axis settings of the face (design units).
        public let variations: [(tag: String, value: Double)]

        public init(text: String, face: Face, size: Double, origin: Point, xs: [Double]?, letterSpacing: Double = 0,
                    features: [(tag: String, value: Int)] = [], variations: [(tag: String, value: Double)] = []) {
            self.text = text
            self.face = face
            self.size = size
            self.origin = origin
            self.xs = xs
            self.letterSpacing = letterSpacing
            self.features = features
            self.variations = variations
        }
    }

    public enum Piece: Sendable {
        case text(Run)
        /// Glyphs that stay outlines, placed in the glyphs' space.
        case outline([PlacedGlyph])
    }

    private let make: @Sendable () -> [Piece]
    /// What `make` keeps alive (the laid-out text it reads), counted in the
    /// display list's bytes.
    public let keptBytes: Int

    /// `make` gives the pieces when a writer asks; it must describe the
    /// glyphs the operation fills (it is called once per writing).
    public init(keeping keptBytes: Int, _ make: @escaping @Sendable () -> [Piece]) {
        self.keptBytes = keptBytes
        self.make = make
    }

    /// The text, run by run, in drawing order.
    public var pieces: [Piece] { make() }
}
