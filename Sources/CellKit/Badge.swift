import CellGeometry
import CellRaster

/// The badge of DDBadgeViewCell (docs/components.md): a pill from two
/// arcs, as wide as its text plus 7 pt each side and as tall plus 2 pt, its
/// text knocked out with the `clear` blend mode so whatever is below the
/// current layer shows through the digits.
public struct Badge {
    public var text: String
    public var color = Color(r: 0.53, g: 0.6, b: 0.738)
    public var highlighted = false
    /// The highlighted badge's color (the seed: white).
    public var highlightColor = Color.white
    /// `[UIFont boldSystemFontOfSize:13.]`
    public var font = KitFont.boldSystem(13)

    public init(text: String) { self.text = text }

    /// The badge's frame for its right edge and vertical centre: the text's
    /// size, placed, made integral (CGRectIntegral), outset 7 x 2.
    public func frame(right: Double, centerY: Double, text measure: KitText) throws -> Rect {
        let size = try measure.measure(text, font: font)
        let x0 = (right - 7 - size.width).rounded(.down), x1 = (right - 7).rounded(.up)
        let y0 = (centerY - size.height / 2).rounded(.down), y1 = (centerY + size.height / 2).rounded(.up)
        return Rect(x: x0 - 7, y: y0 - 2, width: x1 - x0 + 14, height: y1 - y0 + 4)
    }

    /// Draws the badge and returns its frame.
    @discardableResult
    public func draw(in canvas: Canvas, right: Double, centerY: Double, text measure: KitText) throws -> Rect {
        let f = try frame(right: right, centerY: centerY, text: measure)
        let r = f.height / 2
        var pill = Path()
        pill.addArc(center: Point(f.x + f.width - r, f.y + r), radius: r, start: .pi / 2, end: .pi * 3 / 2, clockwise: true)
        pill.addArc(center: Point(f.x + r, f.y + r), radius: r, start: .pi * 3 / 2, end: .pi / 2, clockwise: true)
        canvas.withSavedState {
            canvas.setFillColor(highlighted ? highlightColor : color)
            canvas.fill(pill)
        }
        try canvas.withSavedState {
            canvas.setBlendMode(.clear)
            let textRect = Rect(x: f.x + 7, y: f.y + 2, width: f.width - 14, height: f.height - 4)
            try measure.draw(text, in: textRect, font: font, color: .black, alignment: .left, canvas: canvas)
        }
        return f
    }
}
