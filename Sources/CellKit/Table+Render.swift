import CellGeometry
import CellRaster

/// Drawing a table, back to front as UIKit composites its views: the
/// background, the two-tone stretchers, the header view, each section (its
/// title, its cells — each in a layer of its own, as each UITableViewCell
/// has its own backing store — its footer), the footer view, and the
/// rounded-corner overlay on top of it all.
extension Table {
    public func render(in canvas: Canvas) throws {
        let frame = Rect(x: spec.x, y: spec.y, width: spec.width, height: spec.height)
        try canvas.withSavedState {
            canvas.clipRect(frame)
            canvas.setFillColor(spec.backgroundColor)
            canvas.fillRect(frame)
            try canvas.withSavedState {
                canvas.translate(spec.x, spec.y - scrollTop)
                try renderContent(canvas)
            }
            spec.cornerOverlay?.draw(in: canvas, frame: frame)
        }
    }

    /// Everything in content coordinates.
    func renderContent(_ canvas: Canvas) throws {
        let visible = visibleContent
        // What lies in whole pixels of its own (the stretchers, a header
        // without a `draw` function, cells drawn in place) is collected and
        // drawn together, on as many threads as the canvas may use
        // (Canvas.drawDisjoint), until something else is drawn (a title, a
        // bevel, a footer, a cell that needs a layer).
        //
        // The first cell of each kind (state, position, size) goes first in
        // its batch: it draws the background's layer (ViewLayers) that the
        // others of its kind composite. In table order, two threads took
        // the first two middle cells together and both drew that layer.
        var pending: [(frame: Rect, first: Bool, draw: (Canvas) throws -> Void)] = []
        var kinds = Set<CellKind>()
        func drawPending() throws {
            guard !pending.isEmpty else { return }
            let pieces = pending.filter(\.first) + pending.filter { !$0.first }
            pending.removeAll()
            try canvas.drawDisjoint(pieces.map(\.frame)) { i, piece in try pieces[i].draw(piece) }
        }
        /// `draw` at `frame`: with the pending pieces when it lies in whole
        /// pixels and calls no script, else now (after them).
        func draw(at frame: Rect, callsScript: Bool = false, first: Bool = false,
                  _ draw: @escaping (Canvas) throws -> Void) throws {
            if !callsScript, canvas.userRect(exactlyCovering: frame) != nil {
                pending.append((frame, first, draw))
            } else {
                try drawPending()
                try draw(canvas)
            }
        }
        if let color = spec.topColor, let r = Stretchers.top(contentOffset: spec.contentOffset, width: spec.width) {
            try draw(at: r) { c in
                c.setFillColor(color)
                c.fillRect(r)
            }
        }
        if let color = spec.bottomColor,
           let r = Stretchers.bottom(contentOffset: spec.contentOffset, contentHeight: layout.contentHeight,
                                     width: spec.width, height: spec.height) {
            try draw(at: r) { c in
                c.setFillColor(color)
                c.fillRect(r)
            }
        }
        if let header = spec.header, let f = layout.headerFrame, f.intersects(visible) {
            try draw(at: f, callsScript: header.draw != nil) { c in try self.drawView(header, frame: f, in: c) }
        }
        for (si, section) in spec.sections.enumerated() {
            let placed = layout.sections[si]
            if let title = section.title, let f = placed.titleFrame, f.intersects(visible) {
                try drawPending()
                try drawSectionTitle(title, frame: f, in: canvas)
            }
            if spec.style == .grouped, spec.cellStyle == .bevel, let g = placed.groupFrame,
               g.insetBy(dx: -2, dy: -2).intersects(visible) {
                try drawPending()
                try Bevel(radius: spec.radius, fill: .white).draw(in: canvas, rect: g, layers: viewLayers)
            }
            for (ri, row) in section.rows.enumerated() {
                let f = placed.rows[ri]
                guard f.intersects(visible) else { continue }
                let position = spec.style == .grouped ? CellPosition.of(row: ri, count: section.rows.count) : .middle
                // Each cell is its own layer (docs/reference.md). The kit's own drawing of
                // a cell is source-over throughout (the badge's knockout has a
                // layer of its own, see drawCellContent), and source-over into
                // a fresh layer composited with source-over gives what drawing
                // in place gives (to a rounding) when the cell's clip has no
                // partly covered pixels; so the layer is made only where it can
                // matter: around a row's `draw` function, which may use any
                // blend mode, and for cells off the pixel grid, whose clipped
                // rim must be applied to the cell as a whole. That saves
                // clearing and compositing a cell's pixels per row
                // (KitShortcutTests compare both ways).
                if row.callsBack || alwaysLayerCells || canvas.userRect(exactlyCovering: f) == nil {
                    try drawPending()
                    try canvas.drawingLayer(at: f) {
                        try canvas.drawingView(at: f) { w, h in
                            try self.drawCell(row, position: position, width: w, height: h, in: canvas)
                        }
                    }
                } else {
                    let kind = CellKind(highlighted: row.highlighted, position: position, width: f.width, height: f.height)
                    try draw(at: f, first: kinds.insert(kind).inserted) { c in
                        try c.drawingView(at: f) { w, h in
                            try self.drawCell(row, position: position, width: w, height: h, in: c)
                        }
                    }
                }
            }
            if let footer = section.footer, let f = placed.footerFrame, f.intersects(visible) {
                try drawPending()
                try drawSectionFooter(footer, frame: f, in: canvas)
            }
        }
        try drawPending()
        if let footer = spec.footer, let f = layout.footerFrame, f.intersects(visible) {
            try drawView(footer, frame: f, in: canvas)
        }
    }

    /// A header or footer view: fill, optional title, optional custom drawing.
    func drawView(_ view: ViewSpec, frame: Rect, in canvas: Canvas) throws {
        try canvas.drawingView(at: frame) { w, h in
            let bounds = Rect(x: 0, y: 0, width: w, height: h)
            if let (top, bottom) = view.gradient {
                let g = try Gradient(stops: [.init(location: 0, color: top), .init(location: 1, color: bottom)])
                canvas.drawLinearGradient(g, from: Point(0, 0), to: Point(0, h))
            } else if let color = view.color {
                canvas.setFillColor(color)
                canvas.fillRect(bounds)
            }
            if let title = view.title { try drawViewTitle(title, color: view.titleColor, bounds: bounds, in: canvas) }
            if let draw = view.draw { try canvas.isolating { try draw(canvas, w, h) } }
        }
    }

    /// One cell in its own coordinates: background by style, position and
    /// state, then its content.
    func drawCell(_ row: RowSpec, position: CellPosition, width w: Double, height h: Double, in canvas: Canvas) throws {
        let bounds = Rect(x: 0, y: 0, width: w, height: h)
        switch (spec.style, spec.cellStyle) {
        case (.grouped, .gradient), (.grouped, .plain):
            var bg = row.highlighted ? backgrounds.selected : backgrounds.normal
            bg.position = position
            try bg.draw(in: canvas, frame: bounds, layers: viewLayers)
        case (.grouped, .bevel):
            // The section's bevel is drawn beneath; cells add separators and
            // the selection.
            if row.highlighted {
                var bg = backgrounds.selected
                bg.position = position
                bg.stroke = .clear
                try bg.draw(in: canvas, frame: bounds, layers: viewLayers)
            }
            if spec.separator, position == .top || position == .middle {
                canvas.setFillColor(spec.theme.bevelSeparator)
                canvas.fillRect(separatorRect(width: w, height: h))
            }
        case (.plain, _):
            if row.highlighted {
                canvas.drawLinearGradient(backgrounds.selectionGradient, from: Point(0, 0), to: Point(0, h))
            } else {
                canvas.setFillColor(spec.theme.plainBackground)
                canvas.fillRect(bounds)
            }
            if spec.separator {
                canvas.setFillColor(spec.theme.separator)
                canvas.fillRect(separatorRect(width: w, height: h))
            }
        }
        try drawCellContent(row, width: w, height: h, in: canvas)
    }

    /// The 1 pt line at a cell's bottom, from `separatorInset`.
    func separatorRect(width w: Double, height h: Double) -> Rect {
        let inset = Swift.min(Swift.max(0, spec.separatorInset), w)
        return Rect(x: inset, y: h - 1, width: w - inset, height: 1)
    }
}

/// What a cell's background layer depends on within one table.
private struct CellKind: Hashable {
    var highlighted: Bool
    var position: CellPosition
    var width: Double, height: Double
}

/// The cell backgrounds a table uses, built once per table so their
/// gradients (and color tables) are shared by all its cells.
struct CellBackgrounds {
    var normal = CellBackground()
    var selected = CellBackground()
    let selectionGradient: Gradient

    init(_ spec: TableSpec) {
        let theme = spec.theme
        normal.radius = spec.radius
        selected.radius = spec.radius
        let highlight = (theme.highlightColors.top, theme.highlightColors.bottom)
        selected.colors = highlight
        if spec.cellStyle == .plain {
            normal.colors = (theme.plainBackground, theme.plainBackground)
            normal.stroke = theme.plainBorder
            selected.stroke = theme.plainBorder
        } else {
            normal.colors = (theme.cellColors.top, theme.cellColors.bottom)
            normal.stroke = theme.border
            selected.stroke = theme.border
        }
        selectionGradient = CellBackground.gradient(highlight)
    }
}

extension Rect {
    func intersects(_ o: Rect) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }

    func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}
