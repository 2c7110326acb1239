import CellGeometry
import CellRaster

/// The rounded-corner overlay: a view over the
/// content that paints `color` everywhere outside a rounded rectangle, by
/// filling its bounds and the rounded rect together with the even-odd rule,
/// so the content shows through the middle with rounded corners.
///
/// The rounded rect is wound the other way round from the bounds. Under
/// even-odd that is the same shape as the seed's, but the rasterizer applies
/// the rule to a pixel's average winding: wound the same way, the straight
/// sides the two outlines share add up to winding 2 in the pixels they
/// cross, which folds to a visible line along the sides when the frame is
/// not on the pixel grid (0.8 coverage where the side cuts a pixel at 0.6);
/// wound opposite, they cancel exactly.
public struct RoundedOverlay {
    public var radius: Double = 10
    public var color: Color = .black

    public init(radius: Double = 10, color: Color = .black) {
        self.radius = radius
        self.color = color
    }

    public func draw(in canvas: Canvas, frame: Rect) {
        canvas.drawingView(at: frame) { w, h in
            let bounds = Rect(x: 0, y: 0, width: w, height: h)
            var path = Path()
            path.addRect(bounds)
            Self.addCounterClockwiseRoundedRect(bounds, radius: radius, to: &path)
            canvas.setFillColor(color)
            // The fill is empty away from the corners (the shared sides
            // cancel exactly), so it is drawn through four corner squares:
            // each `radius` wide plus a margin of two device pixels on every
            // side, so no clip edge cuts a pixel the fill touches, and
            // the pixels are those of one fill of the whole frame, at the cost
            // of the corners instead of a sweep over every row of the frame.
            let r = Swift.max(0, Swift.min(radius, w / 2, h / 2))
            let pixelsPerPoint = canvas.pixelsPerUnit
            let margin = pixelsPerPoint > 0 ? 2 / pixelsPerPoint : .infinity
            let side = r + 2 * margin
            // Squares that overlap would paint their common pixels twice.
            guard side.isFinite, 2 * side <= Swift.min(w, h) else {
                canvas.fill(path, rule: .evenodd)
                return
            }
            // The squares are apart: on whole pixels, drawn side by side
            // (Canvas.drawDisjoint), else one after the other.
            let far = (x: w - r - margin, y: h - r - margin)
            let squares = [(-margin, -margin), (far.x, -margin), (-margin, far.y), (far.x, far.y)].map {
                Rect(x: $0.0, y: $0.1, width: side, height: side)
            }
            try? canvas.drawDisjoint(squares) { _, piece in piece.fill(path, rule: .evenodd) } // fills throw nothing
        }
    }

    /// The rounded rect of `Path.addRoundedRect` (radius clamped to half the
    /// shorter side), run counter-clockwise on screen.
    static func addCounterClockwiseRoundedRect(_ rect: Rect, radius: Double, to p: inout Path) {
        let b = rect.standardized
        let r = Swift.max(0, Swift.min(radius, b.width / 2, b.height / 2))
        let (x0, y0, x1, y1) = (b.x, b.y, b.maxX, b.maxY)
        let pi = Double.pi
        p.move(to: Point(x0 + r, y0))
        p.addArc(center: Point(x0 + r, y0 + r), radius: r, start: -pi / 2, end: -pi, clockwise: true)
        p.line(to: Point(x0, y1 - r))
        p.addArc(center: Point(x0 + r, y1 - r), radius: r, start: pi, end: pi / 2, clockwise: true)
        p.line(to: Point(x1 - r, y1))
        p.addArc(center: Point(x1 - r, y1 - r), radius: r, start: pi / 2, end: 0, clockwise: true)
        p.line(to: Point(x1, y0 + r))
        p.addArc(center: Point(x1 - r, y0 + r), radius: r, start: 0, end: -pi / 2, clockwise: true)
        p.close()
    }
}
