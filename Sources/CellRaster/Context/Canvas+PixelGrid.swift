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
        func whole(_ v: Double) -> Bool { v.isFinite && v == v.rounded() && abs(v) < 1e9 }
        guard whole(rect.minX), whole(rect.minY), whole(rect.maxX), whole(rect.maxY) else { return nil }
        return IntRect(x0: Int(rect.minX), y0: Int(rect.minY), x1: Int(rect.maxX), y1: Int(rect.maxY))
    }

    /// The box of `corners` when they are an axis-aligned rectangle's four
    /// corners in order (a fifth back at the first is dropped): sides
    /// horizontal and vertical in turn, none empty, every point finite. (A
    /// degenerate outline such as a line drawn back on itself is not a
    /// rectangle, whatever its bounding box.)
    static func axisAlignedRectangle(corners: [Point]) -> Rect? {
        // No arrays made: every clip and rectangle fill asks this.
        var count = corners.count
        if count == 5, corners[4] == corners[0] { count = 4 }
        guard count == 4 else { return nil }
        let p0 = corners[0], p1 = corners[1], p2 = corners[2], p3 = corners[3]
        guard p0.isFinite, p1.isFinite, p2.isFinite, p3.isFinite else { return nil }
        func horizontal(_ a: Point, _ b: Point) -> Bool { a.y == b.y && a.x != b.x }
        func vertical(_ a: Point, _ b: Point) -> Bool { a.x == b.x && a.y != b.y }
        let sides = p0.y == p1.y
            ? horizontal(p0, p1) && vertical(p1, p2) && horizontal(p2, p3) && vertical(p3, p0)
            : vertical(p0, p1) && horizontal(p1, p2) && vertical(p2, p3) && horizontal(p3, p0)
        guard sides else { return nil }
        let minX = Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x))
        let maxX = Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x))
        let minY = Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y))
        let maxY = Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y))
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
