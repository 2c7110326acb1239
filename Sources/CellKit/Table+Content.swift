import CellGeometry
import CellRaster

/// A cell's content and the table's labels, after the badge seed's layout:
/// a bold 18 pt summary in (10, 10, badge x - 15, 22), a 14 pt gray detail
/// in (10, 32, badge x - 15, 18) (moved as a block to stay centred in rows
/// not 60 pt tall), the badge 13 pt from the right edge; a row
/// without detail centres a bold 17 pt label, as UITableViewCellStyleDefault.
extension Table {
    static let titleColor = Color(r: 0.298, g: 0.337, b: 0.424)   // #4C566C, grouped titles and footers
    static let detailColor = Color(white: 0.5)                     // grayColor
    static let chevronColor = Color(white: 0.5)
    static let checkmarkColor = Color(r: 0.196, g: 0.31, b: 0.522)
    /// The row height the badge seed's summary/detail layout is centred in.
    static let seedRowHeight = 60.0
    /// Width an accessory takes from the content view.
    static let accessoryWidth = 20.0

    func drawCellContent(_ row: RowSpec, width w: Double, height h: Double, in canvas: Canvas) throws {
        let contentWidth = w - (row.accessory == .none ? 0 : Self.accessoryWidth)
        var textRight = contentWidth - 10
        if let text, let value = row.badge {
            var badge = Badge(text: value)
            badge.color = spec.badgeColor
            badge.highlightColor = spec.badgeHighlightColor
            badge.highlighted = row.highlighted
            // The seed's badge is drawn by a view of its own (DDBadgeView,
            // over the cell's background): its knockout clears that view's
            // backing store, so the cell's background shows through the
            // digits. The view draws nothing else before the knockout, so a
            // layer around the pill (and its anti-aliased rim) is that store.
            let f = try badge.frame(right: contentWidth - 13, centerY: h / 2, text: text)
            try canvas.drawingLayer(at: f.insetBy(dx: -1, dy: -1)) {
                try badge.draw(in: canvas, right: contentWidth - 13, centerY: h / 2, text: text)
            }
            textRight = f.x - 5
        }
        if let text {
            let summaryColor = row.highlighted ? Color.white : .black
            if let detail = row.detail {
                // The seed's two lines span y 10..50 of its view; rows of
                // another height keep that block centred (a 60 pt row gets
                // the seed's positions exactly, a 44 pt row its lines 8 pt up).
                let dy = (h - Self.seedRowHeight) / 2
                if let s = row.text {
                    try text.draw(s, in: Rect(x: 10, y: 10 + dy, width: textRight - 10, height: 22), font: .boldSystem(18),
                                  color: summaryColor, alignment: .left, canvas: canvas)
                }
                try text.draw(detail, in: Rect(x: 10, y: 32 + dy, width: textRight - 10, height: 18), font: .system(14),
                              color: row.highlighted ? .white : Self.detailColor, alignment: .left, canvas: canvas)
            } else if let s = row.text {
                let font = KitFont.boldSystem(17)
                let lh = try text.measure(s, font: font).height
                try text.draw(s, in: Rect(x: 10, y: ((h - lh) / 2).rounded(), width: textRight - 10, height: lh),
                              font: font, color: summaryColor, alignment: .left, canvas: canvas)
            }
        }
        try drawAccessory(row.accessory, highlighted: row.highlighted, width: w, height: h, in: canvas)
        if let draw = row.draw { try canvas.isolating { try draw(canvas, w, h) } }
    }

    /// The disclosure chevron or the checkmark, at the right.
    func drawAccessory(_ accessory: RowSpec.Accessory, highlighted: Bool, width w: Double, height h: Double,
                       in canvas: Canvas) throws {
        let cy = h / 2
        var p = Path()
        var style = StrokeStyle()
        let color: Color
        switch accessory {
        case .none:
            return
        case .disclosure:
            let x = w - 15.5
            p.move(to: Point(x - 4.5, cy - 4.5))
            p.line(to: Point(x, cy))
            p.line(to: Point(x - 4.5, cy + 4.5))
            style.width = 3
            style.join = .miter
            color = highlighted ? .white : Self.chevronColor
        case .checkmark:
            let x = w - 25
            p.move(to: Point(x, cy))
            p.line(to: Point(x + 4.5, cy + 5))
            p.line(to: Point(x + 13, cy - 7))
            style.width = 3
            style.cap = .round
            style.join = .round
            color = highlighted ? .white : Self.checkmarkColor
        }
        try canvas.withSavedState {
            canvas.setStrokeStyle(style)
            canvas.setStrokeColor(color)
            try canvas.stroke(p)
        }
    }

    /// A grouped section's title (bold 17 pt, #4C566C, white shadow 1 pt
    /// below), or a plain table's gray header bar with white text.
    func drawSectionTitle(_ title: String, frame: Rect, in canvas: Canvas) throws {
        guard let text else { return }
        try canvas.withSavedState {
            if spec.style == .plain {
                let g = try Gradient(stops: [.init(location: 0, color: Color(hex: "#90A0AC")!),
                                             .init(location: 1, color: Color(hex: "#B8C1C8")!)])
                canvas.withSavedState {
                    canvas.clipRect(frame)
                    canvas.drawLinearGradient(g, from: Point(0, frame.minY), to: Point(0, frame.maxY))
                }
                canvas.setShadow(try Shadow(dx: 0, dy: 1, blur: 0, color: Color(white: 0, alpha: 0.35)))
                try text.draw(title, in: Rect(x: frame.x + 12, y: frame.y + 1, width: frame.width - 24, height: frame.height - 2),
                              font: .boldSystem(18), color: .white, alignment: .left, canvas: canvas)
            } else {
                canvas.setShadow(try Shadow(dx: 0, dy: 1, blur: 0, color: .white))
                try text.draw(title, in: frame, font: .boldSystem(17), color: Self.titleColor, alignment: .left, canvas: canvas)
            }
        }
    }

    /// A grouped section's footer: 15 pt, centred, wrapped.
    func drawSectionFooter(_ footer: String, frame: Rect, in canvas: Canvas) throws {
        guard let text else { return }
        try canvas.withSavedState {
            canvas.setShadow(try Shadow(dx: 0, dy: 1, blur: 0, color: .white))
            try text.drawWrapped(footer, in: frame, font: .system(15), color: Self.titleColor, alignment: .center,
                                 canvas: canvas)
        }
    }

    /// A header or footer view's title: bold 20 pt, centred, with a dark
    /// shadow above (the navigation bar's look).
    func drawViewTitle(_ title: String, color: Color, bounds: Rect, in canvas: Canvas) throws {
        guard let text else { return }
        let font = KitFont.boldSystem(20)
        let lh = try text.measure(title, font: font).height
        try canvas.withSavedState {
            canvas.setShadow(try Shadow(dx: 0, dy: -1, blur: 0, color: Color(white: 0, alpha: 0.3)))
            try text.draw(title, in: Rect(x: 10, y: ((bounds.height - lh) / 2).rounded(), width: bounds.width - 20, height: lh),
                          font: font, color: color, alignment: .center, canvas: canvas)
        }
    }
}
