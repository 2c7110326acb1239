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
        return Self.wholePixels(m.apply(rect.standardized))
    }

    /// `rect` (device space, standardized) as whole pixels, when each of its
    /// edges lies on a pixel boundary within 1e9 pixels of the origin.
    static func wholePixels(_ rect: Rect) -> IntRect? {
        let edges = [rect.minX, rect.minY, rect.maxX, rect.maxY]
        guard edges.allSatisfy({ $0.isFinite && $0 == $0.rounded() && abs($0) < 1e9 }) else { return nil }
        return IntRect(x0: Int(rect.minX), y0: Int(rect.minY), x1: Int(rect.maxX), y1: Int(rect.maxY))
    }
}
