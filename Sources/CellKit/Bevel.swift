import CellGeometry
import CellRaster

/// The iOS 5 grouped-section bevel (ios5-bevel-effect.txt): four layers,
/// bottom to top, for a rounded rect:
/// 1. the bevel: white at 80%, the shape stretched `offset` taller so it
///    pokes out below the fill and blends into the rounded corners;
/// 2. the fill;
/// 3. the inner shadow: black at 8%, the band between the shape and the
///    shape moved `offset` down, filled even-odd inside the shape;
/// 4. the outer stroke: black at 18%, 1 pt wide, with `copy`, so what lies
///    below shows through it.
/// All four are drawn in a transparency layer of their own (the view's
/// backing store), so `copy` replaces the bevel's pixels, not the table's.
///
/// The seed measured its offsets as one pixel on a non-retina screen; its
/// Core Graphics code works in points, so the default is 1 pt (2 px at
/// scale 2). `offsetInPixels` makes them one device pixel at any scale.
public struct Bevel {
    public var radius: Double
    public var fill: Color
    public var offset: Double = 1
    public var offsetInPixels = false
    public var bevelColor = Color(white: 1, alpha: 0.8)
    public var shadowColor = Color(white: 0, alpha: 0.08)
    public var strokeColor = Color(white: 0, alpha: 0.18)

    public init(radius: Double, fill: Color) {
        self.radius = radius
        self.fill = fill
    }

    public func draw(in canvas: Canvas, rect: Rect) throws {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        let d = offsetInPixels ? 1 / Swift.max(canvas.scale, 1e-9) : offset
        let shape = Path.build { $0.addRoundedRect(r, radius: radius) }
        // The layer holds the whole effect: the stroke's outer half and the
        // bevel poking out below.
        let frame = Rect(x: r.x - 1, y: r.y - 1, width: r.width + 2, height: r.height + 2 + d)
        try canvas.drawingLayer(at: frame) {
            canvas.setFillColor(bevelColor)
            canvas.fill(Path.build { $0.addRoundedRect(Rect(x: r.x, y: r.y, width: r.width, height: r.height + d), radius: radius) })
            canvas.setFillColor(fill)
            canvas.fill(shape)
            canvas.withSavedState {
                canvas.clip(shape)
                let band = Path.build {
                    $0.addRoundedRect(r, radius: radius)
                    $0.addRoundedRect(Rect(x: r.x, y: r.y + d, width: r.width, height: r.height), radius: radius)
                }
                canvas.setFillColor(shadowColor)
                canvas.fill(band, rule: .evenodd)
            }
            try canvas.withSavedState {
                canvas.setBlendMode(.copy)
                canvas.setStrokeColor(strokeColor)
                var style = StrokeStyle()
                style.width = 1
                canvas.setStrokeStyle(style)
                try canvas.stroke(shape)
            }
        }
    }
}
