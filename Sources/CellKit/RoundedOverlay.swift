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
            canvas.fill(path, rule: .evenodd)
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
