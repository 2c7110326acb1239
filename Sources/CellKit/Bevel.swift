import CellGeometry
import CellRaster

/// The iOS 5 grouped-section bevel: four layers,
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

    /// Draws the bevel around `rect`; bevels of one look and size share one
    /// layer of `layers` (a fresh set by default: nothing shared). The layer
    /// holds the whole effect: the stroke's outer half and the bevel poking
    /// out below.
    public func draw(in canvas: Canvas, rect: Rect, layers: ViewLayers = ViewLayers()) throws {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        let d = offsetInPixels ? 1 / Swift.max(canvas.scale, 1e-9) : offset
        let frame = Rect(x: r.x - 1, y: r.y - 1, width: r.width + 2, height: r.height + 2 + d)
        try layers.draw(at: frame, look: Look(self, offset: d), in: canvas) { view, _, _ in
            try drawSteps(in: view, rect: Rect(x: 1, y: 1, width: r.width, height: r.height), offset: d)
        }
    }

    /// What the bevel's layer depends on besides the canvas' scale and the
    /// frame's size (ViewLayers adds those): the layer's look.
    struct Look: Hashable, Sendable {
        var radius: Double, offset: Double
        var fill: Color, bevel: Color, shadow: Color, stroke: Color

        init(_ b: Bevel, offset: Double) {
            radius = b.radius
            self.offset = offset
            fill = b.fill
            bevel = b.bevelColor
            shadow = b.shadowColor
            stroke = b.strokeColor
        }
    }

    /// The seed's four steps, bottom to top, for `rect` (the layer's
    /// coordinates).
    func drawSteps(in canvas: Canvas, rect r: Rect, offset d: Double) throws {
        let shape = Path.build { $0.addRoundedRect(r, radius: radius) }
        canvas.setFillColor(bevelColor)
        canvas.fill(Path.build { $0.addRoundedRect(Rect(x: r.x, y: r.y, width: r.width, height: r.height + d), radius: radius) })
        canvas.setFillColor(fill)
        canvas.fill(shape)
        canvas.withSavedState {
            canvas.clip(shape)
            canvas.setFillColor(shadowColor)
            canvas.fill(Path.build {
                $0.addRoundedRect(r, radius: radius)
                $0.addRoundedRect(Rect(x: r.x, y: r.y + d, width: r.width, height: r.height), radius: radius)
            }, rule: .evenodd)
        }
        try canvas.withSavedState {
            canvas.setBlendMode(.copy)
            canvas.setStrokeColor(strokeColor)
            canvas.setStrokeStyle(Self.strokeStyle)
            try canvas.stroke(shape)
        }
    }

    /// The outer stroke's style: 1 pt, the defaults otherwise.
    static var strokeStyle: StrokeStyle {
        var style = StrokeStyle()
        style.width = 1
        return style
    }
}
