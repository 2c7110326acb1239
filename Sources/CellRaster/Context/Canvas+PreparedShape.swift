import CellGeometry

/// A shape flattened once, in device space, to be painted or clipped with
/// many times under different clips: a drawing split into boxes (pieces of
/// one layer drawn side by side) paints the same shapes into each box, and
/// flattening and stroking them once instead of per box is most of what
/// the boxes cost.
///
/// Prepared `within` a device box, the polygons are exactly those `fill`,
/// `clip` or `stroke` make when their drawable bounds, widened to the left
/// edge of the surface (`sumFrom`), are that box: curves beyond it are
/// flattened as chords (see `CullBox`). So on a surface whose left edge is
/// the box's, painting a prepared shape under a clip inside the box gives
/// the pixels the unprepared call gives with the box as the clip (coverage
/// is summed from the surface's left whatever the clip). The transform is
/// the one in force when it is prepared.
public struct PreparedShape {
    let polygons: [Polyline]
    let deviceBox: Rect?
}

extension Canvas {
    /// The device pixels drawing can change now: the clip within the
    /// surface drawn on (what `PreparedShape`s are prepared within).
    public var drawableDeviceBounds: IntRect { drawableBounds }

    /// `path` (user space) as `fill` and `clip` flatten it when `box` is
    /// their drawable bounds. As with `fill`, callers with untrusted paths
    /// check `checkComplexity(of:)` first.
    public func prepareFill(_ path: Path, within box: IntRect) -> PreparedShape {
        let device = path.transformed(by: state.ctm)
        let polygons = device.flattened(tolerance: Self.flatteningTolerance, cull: CullBox(box.deviceRect))
        return PreparedShape(polygons: polygons, deviceBox: device.controlPointBounds)
    }

    /// The outline `stroke` makes of `path` (user space) with the line
    /// style in force, when `box` is its drawable bounds (and no shadow).
    public func prepareStroke(_ path: Path, within box: IntRect) throws -> PreparedShape {
        try strokeShape(path.transformed(by: state.ctm), visible: box)
    }

    /// Fills a prepared shape with the fill paint (as `fill`).
    public func fill(_ shape: PreparedShape, rule: FillRule = .nonzero) {
        if recordingTarget != nil { recordFill(Self.path(of: shape.polygons), rule: rule, paint: state.fillPaint) }
        paint(spans(of: shape, rule: rule), with: state.fillPaint)
    }

    /// Paints a prepared stroke outline with the stroke paint (as `stroke`).
    public func stroke(_ outline: PreparedShape) {
        if recordingTarget != nil { recordFill(Self.path(of: outline.polygons), rule: .nonzero, paint: state.strokePaint) }
        paint(spans(of: outline, rule: .nonzero), with: state.strokePaint)
    }

    /// Intersects the clip with a prepared shape (as `clip`).
    public func clip(_ shape: PreparedShape, rule: FillRule = .nonzero) {
        if recording != nil { recordClip(Self.path(of: shape.polygons), rule: rule) }
        clip(toPolygons: shape.polygons, rule: rule)
    }

    /// The shape's spans (also how `stroke` paints its outline).
    func spans(of shape: PreparedShape, rule: FillRule) -> SpanSource {
        let antialias = state.antialias
        let sumFrom = self.sumFrom
        return SpanSource(deviceBox: shape.deviceBox) { job, bounds, emit in
            job.rasterizer.fillSpanRows(shape.polygons, rule: rule, antialias: antialias, bounds: bounds,
                                        sumFrom: sumFrom, rows: job.rows, emit)
        }
    }
}
