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

    /// The box of `corners` when they are an axis-aligned rectangle's four
    /// corners in order (a fifth back at the first is dropped): sides
    /// horizontal and vertical in turn, none empty, every point finite. (A
    /// degenerate outline such as a line drawn back on itself is not a
    /// rectangle, whatever its bounding box.)
    static func axisAlignedRectangle(corners: [Point]) -> Rect? {
        var pts = corners
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4, pts.allSatisfy(\.isFinite) else { return nil }
        let horizontalFirst = pts[0].y == pts[1].y
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            let horizontal = (i % 2 == 0) == horizontalFirst
            if horizontal ? (a.y != b.y || a.x == b.x) : (a.x != b.x || a.y == b.y) { return nil }
        }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
