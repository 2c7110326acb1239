import CellGeometry
import CellRaster

/// The gradient cell background (docs/components.md;
/// UACellBackgroundView): a vertical gradient clipped to the cell's shape for
/// its position, stroked by the same path while the clip is still in force
/// (so only the inner half of the line shows). Geometry is the seed's own,
/// quirks included: `miny` starts one point above the view (`miny -= 1`) and
/// only top and single cells take it back, so middle and bottom cells' top
/// edges lie outside the view and are clipped away: the row above's bottom
/// line is the separator.
public struct CellBackground {
    public var position: CellPosition = .single
    /// The gradient's top and bottom colors: #FFFFFF and #DDDDDD, as docs/reference.md
    /// gives them (the seed's TABLE_CELL_BACKGROUND writes #DDDDDD as 0.866,
    /// 220.8 / 255, a fifth of a level away).
    public var colors: (Color, Color) = (.white, Color(hex: "#DDDDDD")!) {
        didSet { gradient = Self.gradient(colors) }
    }
    /// Built when the colors are set, so copies of one background share its
    /// gradient (and the gradient's color table) across many cells.
    private var gradient = CellBackground.gradient((.white, Color(hex: "#DDDDDD")!))
    /// Corner radius (kDefaultMargin, 10).
    public var radius: Double = 10
    /// UIColor grayColor.
    public var stroke: Color = Color(white: 0.5)
    public var lineWidth: Double = 1

    public init() {}

    static func gradient(_ colors: (Color, Color)) -> Gradient {
        // Two stops at 0 and 1 are always valid.
        try! Gradient(stops: [.init(location: 0, color: colors.0), .init(location: 1, color: colors.1)])
    }

    /// The seed's path for a view of `w` x `h` at `position`, with its `miny`.
    public func path(width w: Double, height h: Double) -> (path: Path, miny: Double) {
        let minx = 0.0, midx = w / 2, maxx = w
        var miny = -1.0
        let midy = h / 2, maxy = h
        var p = Path()
        switch position {
        case .top:
            miny += 1
            p.move(to: Point(minx, maxy))
            p.addArc(tangent1: Point(minx, miny), tangent2: Point(midx, miny), radius: radius)
            p.addArc(tangent1: Point(maxx, miny), tangent2: Point(maxx, maxy), radius: radius)
            p.line(to: Point(maxx, maxy))
            p.line(to: Point(minx, maxy))
        case .bottom:
            p.move(to: Point(minx, miny))
            p.addArc(tangent1: Point(minx, maxy), tangent2: Point(midx, maxy), radius: radius)
            p.addArc(tangent1: Point(maxx, maxy), tangent2: Point(maxx, miny), radius: radius)
            p.line(to: Point(maxx, miny))
            p.line(to: Point(minx, miny))
        case .middle:
            p.move(to: Point(minx, miny))
            p.line(to: Point(maxx, miny))
            p.line(to: Point(maxx, maxy))
            p.line(to: Point(minx, maxy))
            p.line(to: Point(minx, miny))
        case .single:
            miny += 1
            p.move(to: Point(minx, midy))
            p.addArc(tangent1: Point(minx, miny), tangent2: Point(midx, miny), radius: radius)
            p.addArc(tangent1: Point(maxx, miny), tangent2: Point(maxx, midy), radius: radius)
            p.addArc(tangent1: Point(maxx, maxy), tangent2: Point(midx, maxy), radius: radius)
            p.addArc(tangent1: Point(minx, maxy), tangent2: Point(minx, midy), radius: radius)
        }
        p.close()
        return (p, miny)
    }

    /// Draws the background of a cell whose frame is `frame` (user space),
    /// as the seed's view does: in a layer of its own (its backing store).
    /// Cells of one size and look share one layer of `layers`, drawn once
    /// and placed at each cell (a fresh set by default: nothing shared).
    public func draw(in canvas: Canvas, frame: Rect, layers: ViewLayers = ViewLayers()) throws {
        try layers.draw(at: frame, look: Look(self), in: canvas) { view, w, h in
            try self.drawContent(in: view, width: w, height: h)
        }
    }

    /// The view's drawing in its own coordinates. Every setting it uses is
    /// made here (a view's drawing does not inherit the table's line style).
    func drawContent(in canvas: Canvas, width w: Double, height h: Double) throws {
        let (path, miny) = self.path(width: w, height: h)
        try canvas.withSavedState {
            canvas.setStrokeColor(stroke)
            var style = StrokeStyle()
            style.width = lineWidth
            canvas.setStrokeStyle(style)
            canvas.setAntialias(true)
            canvas.clip(path)
            canvas.drawLinearGradient(gradient, from: Point(0, miny), to: Point(0, h))
            try canvas.stroke(path)
        }
    }

    /// What the drawing depends on besides the size: its layer's look (`ViewLayers`).
    struct Look: Hashable, Sendable {
        var position: CellPosition
        var top: Color, bottom: Color, stroke: Color
        var radius: Double, lineWidth: Double

        init(_ b: CellBackground) {
            position = b.position
            (top, bottom) = b.colors
            stroke = b.stroke
            radius = b.radius
            lineWidth = b.lineWidth
        }
    }
}
