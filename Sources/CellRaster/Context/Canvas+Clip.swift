import CellGeometry

/// Clipping: each clip intersects the one in force; `restore` undoes it.
/// Pixel-aligned rectangles stay rectangles (no mask); anything else becomes
/// an anti-aliased 8-bit mask multiplied into the previous clip.
extension Canvas {
    /// Intersects the clip with `path` (user space), or with the current path
    /// (consumed) when nil.
    public func clip(_ path: Path? = nil, rule: FillRule = .nonzero) {
        clipDevice(devicePath(path), rule: rule)
    }

    /// Intersects the clip with a device-space path (noted in the state's
    /// clip chain, which the operations drawn under it carry).
    func clipDevice(_ device: Path, rule: FillRule) {
        chainClip(device, rule: rule)
        // The mask covers no more than the clip in force (CullBox).
        let polygons = device.flattened(tolerance: Self.flatteningTolerance,
                                        cull: CullBox(clipFlatteningBox.deviceRect))
        clip(toPolygons: polygons, rule: rule)
    }

    /// Intersects the clip with device polygons: a plain rectangle when they
    /// are one on whole pixels, else a mask.
    func clip(toPolygons polygons: [Polyline], rule: FillRule) {
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
        case .box(let b):
            state.clip = b.cut(to: rect).map { .box($0) } ?? .rect(.empty)
        case .mask(let m):
            let bounds = m.bounds.intersection(rect)
            let mask = ClipMask(unfilledArea: bounds)
            // Filled where drawing is (recorded while the canvas records): the
            // old mask's rows may themselves still be waiting to be filled.
            perform(rows: bounds, holding: bounds.width * bounds.height) { job in
                let rows = job.clamp(bounds)
                guard !rows.isEmpty else { return }
                mask.clearFullRuns(rows: rows.y0..<rows.y1)
                for y in rows.y0..<rows.y1 {
                    mask.pointer(x: bounds.x0, y: y).update(from: m.pointer(x: bounds.x0, y: y), count: bounds.width)
                    mask.noteFullRun(y: y, x0: bounds.x0, x1: bounds.x1, copiedFrom: m)
                }
            }
            setClip(.mask(mask))
        }
    }

    private func clip(toDevicePolygons polygons: [Polyline], rule: FillRule) {
        let previous = state.clip
        // The new clip lies within the old one and within the path's
        // bounding box: the mask covers only that (a cell's clip costs a
        // cell's pixels whatever clip it is cut from).
        var area = clipArea
        var minPX = Double.infinity, minPY = Double.infinity, maxPX = -Double.infinity, maxPY = -Double.infinity
        for poly in polygons {
            for p in poly.points where p.isFinite {
                minPX = Swift.min(minPX, p.x)
                maxPX = Swift.max(maxPX, p.x)
                minPY = Swift.min(minPY, p.y)
                maxPY = Swift.max(maxPY, p.y)
            }
        }
        area = minPX <= maxPX
            ? area.intersection(IntRect.covering(minX: minPX, minY: minPY, maxX: maxPX, maxY: maxPY, limit: area))
            : .empty
        // The mask's bounds are its area: the path's box within the old
        // clip (where it is zero, drawing through it changes nothing). It
        // is filled where drawing is: at once, or recorded and filled in
        // bands with the drawing that uses it (`DrawingBatch`).
        let antialias = state.antialias, sumFrom = self.sumFrom
        // An axis-aligned rectangle off the pixel grid (a cell's frame at a
        // fractional scale): its spans directly, the rasterizer's values;
        // cut from a pixel-aligned clip, no mask at all (`ClipBox`).
        let box = polygons.count == 1 ? Self.axisAlignedRectangle(corners: polygons[0].points) : nil
        if let box {
            switch previous {
            case .rect:
                setClip(ClipBox(box, area: area, antialias: antialias).map { .box($0) } ?? .rect(.empty))
                return
            case .box(let outer) where outer.depth < ClipBox.maxDepth:
                setClip(ClipBox(box, area: area, antialias: antialias, within: outer).map { .box($0) } ?? .rect(.empty))
                return
            case .box, .mask:
                break
            }
        }
        let mask = ClipMask(unfilledArea: area)
        perform(rows: area, holding: area.width * area.height) { job in
            let rows = job.clamp(area)
            guard !rows.isEmpty else { return }
            mask.pointer(x: area.x0, y: rows.y0).update(repeating: 0, count: rows.height * area.width)
            // The full runs come from the constant spans as they are written
            // (and the old mask's runs under them), not from a second pass
            // over the bytes.
            mask.clearFullRuns(rows: rows.y0..<rows.y1)
            func add(_ span: Rasterizer.Span) {
                let row = mask.pointer(x: span.x, y: span.y)
                switch (previous, span.coverage) {
                case (.rect, let coverage?):
                    row.update(from: coverage, count: span.count)
                case (.rect, nil):
                    row.update(repeating: span.constant, count: span.count)
                    if span.constant == 255 { mask.noteFullRun(y: span.y, x0: span.x, x1: span.x + span.count) }
                case (.box(let b), let coverage?):
                    b.write(y: span.y, x: span.x, count: span.count, to: row)
                    for n in 0..<span.count { row[n] = multiply255(coverage[n], row[n]) }
                case (.box(let b), nil):
                    b.write(y: span.y, x: span.x, count: span.count, to: row)
                    if span.constant == 255 {
                        let full = b.fullRun(y: span.y)
                        mask.noteFullRun(y: span.y, x0: Swift.max(span.x, full.start),
                                         x1: Swift.min(span.x + span.count, full.end))
                    } else {
                        for n in 0..<span.count { row[n] = multiply255(span.constant, row[n]) }
                    }
                case (.mask(let m), let coverage?):
                    let old = m.pointer(x: span.x, y: span.y)
                    for n in 0..<span.count { row[n] = multiply255(coverage[n], old[n]) }
                case (.mask(let m), nil):
                    let old = m.pointer(x: span.x, y: span.y)
                    if span.constant == 255 {
                        row.update(from: old, count: span.count)
                        mask.noteFullRun(y: span.y, x0: span.x, x1: span.x + span.count, copiedFrom: m)
                    } else {
                        for n in 0..<span.count { row[n] = multiply255(span.constant, old[n]) }
                    }
                }
            }
            if let box {
                RectSpans.emit(box, bounds: IntRect(x0: area.x0, y0: rows.y0, x1: area.x1, y1: rows.y1),
                               antialias: antialias) { spans in
                    for span in spans { add(span) }
                }
            } else {
                job.rasterizer.fillSpans(polygons, rule: rule, antialias: antialias, bounds: area, sumFrom: sumFrom,
                                         rows: rows.y0..<rows.y1, add)
            }
        }
        setClip(.mask(mask))
    }

    /// Puts `region` in force, counting the masks the states hold: the mask
    /// it replaces goes unless the saved state below holds it too.
    private func setClip(_ region: ClipRegion) {
        if case .mask(let old) = state.clip, !savedStateHolds(old) { clipMaskBytes -= old.byteCount }
        if case .mask(let new) = region { clipMaskBytes += new.byteCount }
        state.clip = region
    }

    /// The pixel rectangle flattened device polygons are, if they are one axis-aligned
    /// rectangle with whole-pixel edges (the clip fast path).
    static func pixelAlignedRect(_ polys: [Polyline]) -> IntRect? {
        guard polys.count == 1, let box = axisAlignedRectangle(corners: polys[0].points) else { return nil }
        return wholePixels(box)
    }
}
