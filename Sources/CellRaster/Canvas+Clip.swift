import CellGeometry

/// Clipping: each clip intersects the one in force; `restore` undoes it.
/// Pixel-aligned rectangles stay rectangles (no mask); anything else becomes
/// an anti-aliased 8-bit mask multiplied into the previous clip.
extension Canvas {
    /// Intersects the clip with `path` (user space), or with the current path
    /// (consumed) when nil.
    public func clip(_ path: Path? = nil, rule: FillRule = .nonzero) {
        // The mask covers no more than the clip in force (CullBox).
        let polygons = devicePath(path).flattened(tolerance: Self.flatteningTolerance, cull: CullBox(clipArea.deviceRect))
        if let rect = Self.pixelAlignedRect(polygons) {
            clip(toPixelRect: rect)
            return
        }
        clip(toDevicePolygons: polygons, rule: rule)
    }

    /// The new clip lies within the old one: a mask covers only that.
    var clipArea: IntRect { state.clip.bounds.intersection(fullRect) }

    public func clipRect(_ rect: Rect) {
        var p = Path()
        p.addRect(rect.standardized)
        clip(p)
    }

    /// The clip's bounding box in user space (CGContextGetClipBoundingBox).
    public var clipBoundingBox: Rect {
        guard let inverse = state.ctm.inverted else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return inverse.apply(state.clip.bounds.deviceRect)
    }

    private func clip(toPixelRect rect: IntRect) {
        switch state.clip {
        case .rect(let r):
            state.clip = .rect(r.intersection(rect))
        case .mask(let m):
            let bounds = m.bounds.intersection(rect)
            let mask = ClipMask(area: bounds)
            if !bounds.isEmpty {
                for y in bounds.y0..<bounds.y1 {
                    mask.pointer(x: bounds.x0, y: y).update(from: m.pointer(x: bounds.x0, y: y), count: bounds.width)
                }
            }
            mask.bounds = bounds
            state.clip = .mask(mask)
        }
    }

    private func clip(toDevicePolygons polygons: [Polyline], rule: FillRule) {
        let previous = state.clip
        let area = clipArea
        let mask = ClipMask(area: area)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        if !area.isEmpty {
            rasterizer.fill(polygons, rule: rule, antialias: state.antialias, bounds: area) { y, x, count, coverage in
                let row = mask.pointer(x: x, y: y)
                switch previous {
                case .rect:
                    row.update(from: coverage, count: count)
                case .mask(let m):
                    let old = m.pointer(x: x, y: y)
                    for n in 0..<count { row[n] = multiply255(coverage[n], old[n]) }
                }
                minX = Swift.min(minX, x)
                maxX = Swift.max(maxX, x + count)
                minY = Swift.min(minY, y)
                maxY = Swift.max(maxY, y + 1)
            }
        }
        let bounds = maxX < 0 ? IntRect.empty : IntRect(x0: minX, y0: minY, x1: maxX, y1: maxY)
        mask.bounds = bounds
        state.clip = .mask(mask)
    }

    /// The pixel rectangle flattened device polygons are, if they are one axis-aligned
    /// rectangle with whole-pixel edges (the clip fast path).
    static func pixelAlignedRect(_ polys: [Polyline]) -> IntRect? {
        guard polys.count == 1 else { return nil }
        var pts = polys[0].points
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return nil }
        for p in pts where !(p.isFinite && p.x == p.x.rounded() && p.y == p.y.rounded() && abs(p.x) < 1e9 && abs(p.y) < 1e9) {
            return nil
        }
        // Edges must alternate horizontal and vertical, and enclose an area
        // (a degenerate outline such as a line drawn back on itself is not a
        // rectangle, whatever its bounding box).
        let firstHorizontal = pts[0].y == pts[1].y
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            let horizontal = (i % 2 == 0) == firstHorizontal
            if horizontal ? (a.y != b.y || a.x == b.x) : (a.x != b.x || a.y == b.y) { return nil }
        }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let r = IntRect(x0: Int(xs.min()!), y0: Int(ys.min()!), x1: Int(xs.max()!), y1: Int(ys.max()!))
        return r.isEmpty ? .empty : r
    }
}
