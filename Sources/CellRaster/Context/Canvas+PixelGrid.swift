import CellGeometry

extension Canvas {
    /// The device pixels `rect` (user space) covers exactly, or nil: the
    /// transform keeps it axis-aligned (no rotation or shear) and each of
    /// its edges lands on a pixel boundary (within 1e9 pixels of the
    /// origin). Drawing confined to such a rectangle has no partly covered
    /// edge pixel, so it can be clipped without a mask, drawn as a piece of
    /// its own beside others, or composited from a layer made elsewhere.
    public func devicePixels(exactlyCovering rect: Rect) -> IntRect? {
        let m = state.ctm
        guard m.isRectilinear else { return nil }
        let d = m.apply(rect.standardized)
        let edges = [d.minX, d.minY, d.maxX, d.maxY]
        guard edges.allSatisfy({ $0.isFinite && $0 == $0.rounded() && abs($0) < 1e9 }) else { return nil }
        return IntRect(x0: Int(d.minX), y0: Int(d.minY), x1: Int(d.maxX), y1: Int(d.maxY))
    }
}
