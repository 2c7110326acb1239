/// A glyph's outline in font units (y up) and the bounds of its curves,
/// made once per glyph of a face and shared by every placement of it:
/// placing a glyph copies one reference, where an outline and an owner
/// would be two to retain and a hundred bytes to copy, for every glyph of
/// every text call.
///
/// Its identity names the outline for caches (glyph masks): whoever makes
/// shapes keeps each for as long as it may be drawn (CellText keeps a
/// face's for the process), and a cache holds the shapes it has keys for,
/// so an identity in a key is never another outline's.
public final class GlyphShape: Sendable {
    /// The outline in font units, y up.
    public let outline: Path
    /// The outline's bounds in font units (a color glyph's: its bitmap's box).
    public let bounds: Rect
    /// A color glyph's bitmap (an emoji), drawn in its own colors over
    /// `bounds`; its outline is empty. nil for an outline glyph.
    public let color: ColorGlyphImage?

    public init(outline: Path, bounds: Rect) {
        self.outline = outline
        self.bounds = bounds
        color = nil
    }

    /// A color glyph: `image` spread over `bounds` (font units, y up), no outline.
    public init(color image: ColorGlyphImage, bounds: Rect) {
        outline = Path()
        self.bounds = bounds
        color = image
    }
}

/// One glyph of laid-out text, as the rasterizer needs it: its shape (the
/// outline, in font units) and where that goes in user space.
///
/// Why here: text layout (CellText) produces these and the canvas
/// (CellRaster) draws them; neither depends on the other.
public struct PlacedGlyph: Sendable {
    /// The glyph's outline and bounds, shared with every placement of it.
    public let shape: GlyphShape
    /// From font units to user space: scale by size / units-per-em, flip y,
    /// move to the glyph's origin on the baseline.
    public let transform: AffineTransform

    public init(shape: GlyphShape, transform: AffineTransform) {
        self.shape = shape
        self.transform = transform
    }

    /// The outline in font units, y up.
    public var outline: Path { shape.outline }
    /// The outline's bounds in font units.
    public var bounds: Rect { shape.bounds }
}

extension Path {
    /// The outlines of `glyphs`, each moved to its place, as one path (sized
    /// once, not grown glyph by glyph).
    public init(placing glyphs: [PlacedGlyph]) {
        self.init()
        reserveCapacity(adding: glyphs.reduce(0) { $0 + $1.outline.elements.count })
        for glyph in glyphs { addPath(glyph.outline, transform: glyph.transform) }
    }
}
