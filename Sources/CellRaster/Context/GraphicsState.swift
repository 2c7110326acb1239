import CellGeometry

/// The part of the drawing state that `save`/`restore` push and pop, as in
/// CGContextSaveGState. Defaults are Core Graphics': black fill and stroke,
/// width 1, butt caps, miter joins with limit 10, alpha 1, blend `normal`,
/// no shadow, antialiasing on, no clip. The current path is not part of it (as in Core Graphics).
public struct GraphicsState {
    /// User space to device pixels; starts as the canvas scale.
    public var ctm: AffineTransform
    public var fillPaint: Paint = .black
    public var strokePaint: Paint = .black
    public var strokeStyle = StrokeStyle()
    /// Multiplies the alpha of everything drawn (CGContextSetAlpha).
    public var alpha: Double = 1
    public var blendMode: BlendMode = .normal
    public var shadow: Shadow?
    public var antialias = true
    public var clip: ClipRegion
    /// The clip as the display list has it (`ClipChain`); nil: none.
    public internal(set) var clipChain: ClipChain?

    public init(ctm: AffineTransform, clip: ClipRegion) {
        self.ctm = ctm
        self.clip = clip
    }
}
