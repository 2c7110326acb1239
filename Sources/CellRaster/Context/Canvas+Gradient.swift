import CellGeometry

/// CGContextDrawLinearGradient / CGContextDrawRadialGradient: the gradient
/// fills the whole clip (no shape), in the current user space, with alpha,
/// blend mode and shadow; past its ends only where the options extend it.
extension Canvas {
    public func drawLinearGradient(_ gradient: Gradient, from start: Point, to end: Point,
                                   extendStart: Bool = false, extendEnd: Bool = false) {
        let paint = Paint.linear(LinearGradient(gradient: gradient, start: start, end: end,
                                                extendStart: extendStart, extendEnd: extendEnd))
        fillClip(with: paint)
    }

    public func drawRadialGradient(_ gradient: Gradient, start: Point, startRadius: Double,
                                   end: Point, endRadius: Double,
                                   extendStart: Bool = false, extendEnd: Bool = false) {
        let paint = Paint.radial(RadialGradient(gradient: gradient, start: start, startRadius: startRadius,
                                                end: end, endRadius: endRadius,
                                                extendStart: extendStart, extendEnd: extendEnd))
        fillClip(with: paint)
    }

    /// Paints every pixel of the clip (the clip mask gives the coverage).
    func fillClip(with paint: Paint) {
        guard !drawableBounds.isEmpty else { return }
        submit(.paint(opPaint(paint), opStyle))
    }
}
