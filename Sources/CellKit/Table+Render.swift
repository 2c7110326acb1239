import CellGeometry
import CellRaster

/// Drawing a table, back to front as UIKit composites its views: the
/// background, the two-tone stretchers, the header view, each section (its
/// title, its cells — each in a layer of its own, as each UITableViewCell
/// has its own backing store — its footer), the footer view, and the
/// rounded-corner overlay on top of it all.
extension Table {
    /// Draws the table into `canvas` at its frame, as a named group
    /// (`table`, tagged with the table, so a preview finds its rows in the
    /// canvas' display list) holding a group per section (`section-N`) and
    /// per row (`section-N-row-M`).
    public func render(in canvas: Canvas) throws {
        let frame = Rect(x: spec.x, y: spec.y, width: spec.width, height: spec.height)
        canvas.beginGroup(name: "table", tag: self)
        defer { try? canvas.endGroup() }
        try canvas.withSavedState {
            canvas.clipRect(frame)
            canvas.setFillColor(spec.backgroundColor)
            canvas.fillRect(frame)
            if spec.pinstripes {
                canvas.setFillColor(spec.theme.pinstripe)
                canvas.fill(Pinstripes.path(in: frame))
            }
            try canvas.withSavedState {
                canvas.translate(spec.x, spec.y - scrollTop)
                try renderContent(canvas)
            }
            spec.cornerOverlay?.draw(in: canvas, frame: frame)
        }
    }

    /// Everything in content coordinates, back to front.
    func renderContent(_ canvas: Canvas) throws {
        let visible = visibleContent
        if let color = spec.topColor, let r = Stretchers.top(contentOffset: spec.contentOffset, width: spec.width) {
            canvas.setFillColor(color)
            canvas.fillRect(r)
        }
        if let color = spec.bottomColor,
           let r = Stretchers.bottom(contentOffset: spec.contentOffset, contentHeight: layout.contentHeight,
                                     width: spec.width, height: spec.height) {
            canvas.setFillColor(color)
            canvas.fillRect(r)
        }
        if let header = spec.header, let f = layout.headerFrame, f.intersects(visible) {
            try drawView(header, frame: f, in: canvas)
        }
        for (si, section) in spec.sections.enumerated() {
            let placed = layout.sections[si]
            canvas.beginGroup(name: "section-\(si + 1)")
            defer { try? canvas.endGroup() }
            if let view = section.headerView, let f = placed.headerViewFrame, f.intersects(visible) {
                try drawView(view, frame: f, in: canvas)
            }
            if let title = section.title, let f = placed.titleFrame, f.intersects(visible) {
                try drawSectionTitle(title, frame: f, in: canvas)
            }
            if spec.style == .grouped, spec.cellStyle == .bevel, let g = placed.groupFrame,
               g.insetBy(dx: -2, dy: -2).intersects(visible) {
                try Bevel(radius: spec.radius, fill: .white).draw(in: canvas, rect: g, layers: viewLayers)
            }
            for (ri, given) in section.rows.enumerated() {
                let row = spec.shown(given)
                let f = placed.rows[ri]
                guard f.intersects(visible) else { continue }
                let position = spec.style == .grouped ? CellPosition.of(row: ri, count: section.rows.count) : .middle
                canvas.beginGroup(name: "section-\(si + 1)-row-\(ri + 1)")
                defer { try? canvas.endGroup() }
                // A cell is drawn at its place: the kit's own drawing of a
                // cell is source-over throughout (the badge's knockout has
                // a layer of its own, see drawCellContent), which is what a
                // layer of its own would give. A row's `draw` or image
                // function may use any blend mode: that cell gets its
                // layer, the backing store UIKit gives each cell.
                if row.callsBack || alwaysLayerCells {
                    try canvas.drawingLayer(at: f) {
                        try canvas.drawingView(at: f) { w, h in
                            try self.drawCell(row, position: position, width: w, height: h, in: canvas)
                        }
                    }
                } else {
                    try canvas.drawingView(at: f) { w, h in
                        try self.drawCell(row, position: position, width: w, height: h, in: canvas)
                    }
                }
            }
            if let footer = section.footer, let f = placed.footerFrame, f.intersects(visible) {
                try drawSectionFooter(footer, frame: f, in: canvas)
            }
            if let view = section.footerView, let f = placed.footerViewFrame, f.intersects(visible) {
                try drawView(view, frame: f, in: canvas)
            }
        }
        if let footer = spec.footer, let f = layout.footerFrame, f.intersects(visible) {
            try drawView(footer, frame: f, in: canvas)
        }
    }

    /// A header or footer view: fill, optional title, optional custom drawing.
    func drawView(_ view: ViewSpec, frame: Rect, in canvas: Canvas) throws {
        try view.draw(in: canvas, frame: frame, text: text)
    }

    /// One cell in its own coordinates: background by style, position and
    /// state, then its content.
    func drawCell(_ row: RowSpec, position: CellPosition, width w: Double, height h: Double, in canvas: Canvas) throws {
        let bounds = Rect(x: 0, y: 0, width: w, height: h)
        // A row's own fill (or a checked row's tint) in place of the table's.
        let fill = row.highlighted ? nil : row.background ?? (row.checked && row.editing == .select ? spec.theme.checkedBackground : nil)
        switch (spec.style, spec.cellStyle) {
        case (.grouped, .gradient), (.grouped, .plain):
            var bg = row.highlighted ? backgrounds.selected : backgrounds.normal
            bg.position = position
            if let fill { bg.colors = (fill, fill) }
            try bg.draw(in: canvas, frame: bounds, layers: viewLayers)
        case (.grouped, .bevel):
            // The section's bevel is drawn beneath; cells add separators and
            // the selection.
            if row.highlighted || fill != nil {
                var bg = row.highlighted ? backgrounds.selected : backgrounds.normal
                bg.position = position
                bg.stroke = .clear
                if let fill { bg.colors = (fill, fill) }
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
                canvas.setFillColor(fill ?? spec.theme.plainBackground)
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
