import CellGeometry
import CellRaster

extension ViewSpec {
    /// Draws the view in `frame` (user space) as a view of its own: its
    /// fill (a color or a vertical gradient), its title and its custom
    /// drawing, in its own coordinates. A table draws its header and footer
    /// views and its sections' views with it; a screen draws a table's
    /// header below the search bar with it.
    public func draw(in canvas: Canvas, frame: Rect, text: KitText?) throws {
        try canvas.drawingView(at: frame) { w, h in
            let bounds = Rect(x: 0, y: 0, width: w, height: h)
            if let (top, bottom) = gradient {
                let g = try Gradient(stops: [.init(location: 0, color: top), .init(location: 1, color: bottom)])
                canvas.drawLinearGradient(g, from: Point(0, 0), to: Point(0, h))
            } else if let color {
                canvas.setFillColor(color)
                canvas.fillRect(bounds)
            }
            if let title, let text { try drawTitle(title, bounds: bounds, text: text, in: canvas) }
            if let draw { try canvas.isolating { try draw(canvas, w, h) } }
        }
    }

    /// The title: bold 20 pt, centred, with a dark shadow above (the
    /// navigation bar's look).
    func drawTitle(_ title: String, bounds: Rect, text: KitText, in canvas: Canvas) throws {
        let font = KitFont.boldSystem(20)
        let lh = try text.measure(title, font: font).height
        try canvas.withSavedState {
            canvas.setShadow(try Shadow(dx: 0, dy: -1, blur: 0, color: Color(white: 0, alpha: 0.3)))
            try text.draw(title, in: Rect(x: 10, y: ((bounds.height - lh) / 2).rounded(), width: bounds.width - 20, height: lh),
                          font: font, color: titleColor, alignment: .center, canvas: canvas)
        }
    }
}
