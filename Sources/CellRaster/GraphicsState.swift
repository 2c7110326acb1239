import CellGeometry

/// The part of the drawing state that `save`/`restore` push and pop, as in
/// CGContextSaveGState. Defaults are Core Graphics': black fill, alpha 1.
public struct GraphicsState {
    /// User space to device pixels; starts as the canvas scale.
    public var ctm: AffineTransform
    public var fillColor: Color = .black
    public var strokeColor: Color = .black
    /// Multiplies the alpha of everything drawn (CGContextSetAlpha).
    public var alpha: Double = 1

    public init(ctm: AffineTransform) {
        self.ctm = ctm
    }
}
