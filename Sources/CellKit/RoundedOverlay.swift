import CellGeometry
import CellRaster

/// The rounded-corner overlay (rounded-corner-overlay.txt): a view over the
/// content that paints `color` everywhere outside a rounded rectangle, by
/// filling its bounds and the rounded rect together with the even-odd rule,
/// so the content shows through the middle with rounded corners.
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
            let path = Path.build {
                $0.addRect(bounds)
                $0.addRoundedRect(bounds, radius: radius)
            }
            canvas.setFillColor(color)
            canvas.fill(path, rule: .evenodd)
        }
    }
}
