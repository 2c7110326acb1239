import CellGeometry

/// The current path, as in Core Graphics: points go through the CTM when they
/// are added, so changing the transform mid-path bends later segments only.
extension Canvas {
    public func beginPath() { currentPath = Path() }

    public func move(to p: Point) { currentPath.move(to: state.ctm.apply(p)) }
    public func line(to p: Point) { currentPath.line(to: state.ctm.apply(p)) }
    public func quad(control c: Point, to p: Point) {
        currentPath.quad(control: state.ctm.apply(c), to: state.ctm.apply(p))
    }
    public func curve(control1 c1: Point, control2 c2: Point, to p: Point) {
        currentPath.curve(control1: state.ctm.apply(c1), control2: state.ctm.apply(c2), to: state.ctm.apply(p))
    }
    public func closePath() { currentPath.close() }

    public func addArc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool) {
        appendInUserSpace { $0.addArc(center: center, radius: radius, start: start, end: end, clockwise: clockwise) }
    }

    public func addArc(tangent1: Point, tangent2: Point, radius: Double) {
        appendInUserSpace { $0.addArc(tangent1: tangent1, tangent2: tangent2, radius: radius) }
    }

    /// Closed shapes start a subpath of their own, as CGContextAddRect,
    /// CGContextAddEllipseInRect and CGPathAddRoundedRect do: no line joins
    /// them to the current point.
    public func addRect(_ r: Rect) { appendShape { $0.addRect(r) } }
    public func addRoundedRect(_ r: Rect, radius: Double) { appendShape { $0.addRoundedRect(r, radius: radius) } }
    public func addEllipse(in r: Rect) { appendShape { $0.addEllipse(in: r) } }
    public func addPath(_ p: Path) { currentPath.addPath(p, transform: state.ctm) }

    /// The current point in user space, or nil.
    public var currentPointInUserSpace: Point? {
        guard let p = currentPath.currentPoint, let inverse = state.ctm.inverted else { return nil }
        return inverse.apply(p)
    }

    /// Builds a closed shape in user space and appends it through the CTM
    /// as new subpaths.
    private func appendShape(_ build: (inout Path) -> Void) {
        var piece = Path()
        build(&piece)
        currentPath.addPath(piece, transform: state.ctm, continuing: false)
    }

    /// Builds a piece in user space, starting from the current point, and
    /// appends it through the CTM so that it continues an open subpath.
    private func appendInUserSpace(_ build: (inout Path) -> Void) {
        var piece = Path()
        let continuing = currentPath.hasOpenSubpath
        // Seed the piece with the current point, also after `close` (where a
        // following arc starts a subpath there with a joining line, as in CG).
        if let p = currentPointInUserSpace { piece.move(to: p) }
        build(&piece)
        currentPath.addPath(piece, transform: state.ctm, continuing: continuing)
    }
}
