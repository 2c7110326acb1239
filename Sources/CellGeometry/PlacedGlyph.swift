/// One glyph of laid-out text, as the rasterizer needs it: its outline in
/// font units (y up), where that goes in user space, and an identity for
/// caching its coverage.
///
/// Why here: text layout (CellText) produces these and the canvas
/// (CellRaster) draws them; neither depends on the other.
public struct PlacedGlyph {
    /// The face the outline comes from. Its object identity plus `id` name
    /// the outline for caches (faces live as long as the process, so an
    /// identity is never reused for another face).
    public let owner: AnyObject
    /// The glyph's id in its face.
    public let id: UInt32
    /// The outline in font units, y up.
    public let outline: Path
    /// The outline's bounds in font units.
    public let bounds: Rect
    /// From font units to user space: scale by size / units-per-em, flip y,
    /// move to the glyph's origin on the baseline.
    public let transform: AffineTransform

    public init(owner: AnyObject, id: UInt32, outline: Path, bounds: Rect, transform: AffineTransform) {
        self.owner = owner
        self.id = id
        self.outline = outline
        self.bounds = bounds
        self.transform = transform
    }
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
