import CellGeometry
import CellRaster

/// A cell's content and the table's labels, laid out by `CellLayout`
/// (the styles, image slot, badge, accessory and editing controls of
/// UITableViewCell of iOS 5/6) in the theme's colors and fonts.
extension Table {
    func drawCellContent(_ row: RowSpec, width w: Double, height h: Double, in canvas: Canvas) throws {
        let theme = spec.theme
        let layout = try CellLayout(row, width: w, height: h, theme: theme, text: text)
        if let slot = layout.editingControl {
            try EditingControls.drawControl(row.editing, checked: row.checked, turned: row.deleteButton, in: slot,
                                            theme: theme, canvas: canvas)
        }
        if let slot = layout.image, let image = row.image {
            switch image {
            case .pixels(let pixels, _): canvas.drawImage(pixels, in: slot)
            case .draw(let draw): try canvas.isolating { try draw(canvas, slot) }
            }
        }
        if let text, let value = row.badge, let f = layout.badge, let right = layout.badgeRight {
            var badge = Badge(text: value)
            badge.color = theme.badge
            badge.highlightColor = theme.badgeHighlight
            badge.highlighted = row.highlighted
            badge.font = theme.badgeFont
            // The seed's badge is drawn by a view of its own (DDBadgeView,
            // over the cell's background): its knockout clears that view's
            // backing store, so the cell's background shows through the
            // digits. The view draws nothing else before the knockout, so a
            // layer around the pill (and its anti-aliased rim) is that store.
            try canvas.drawingLayer(at: f.insetBy(dx: -1, dy: -1)) {
                try badge.draw(in: canvas, right: right, centerY: h / 2, text: text)
            }
        }
        if let text { try drawLabels(row, layout: layout, theme: theme, text: text, canvas: canvas) }
        if let frame = layout.accessory {
            try Accessories.draw(row, in: frame, height: h, theme: theme, text: text, canvas: canvas)
        }
        if let frame = layout.deleteButton {
            try EditingControls.drawDeleteButton(in: frame, colors: theme.deleteColors, text: text, canvas: canvas)
        }
        if let grip = layout.reorder { EditingControls.drawReorderGrip(in: grip, color: theme.accessory, canvas: canvas) }
        if let draw = row.draw {
            let state = RowSpec.RowState(highlighted: row.highlighted, editing: row.editing != .none,
                                         checked: row.checked)
            try canvas.isolating { try draw(canvas, w, h, layout.content, state) }
        }
    }

    /// The label and the detail in their rectangles and fonts (`CellLayout`),
    /// colored and aligned by style: value1's detail is blue at the right,
    /// value2's label blue at the right of its column; highlighted rows draw
    /// both in the highlight text color.
    func drawLabels(_ row: RowSpec, layout: CellLayout, theme: Theme, text: KitText, canvas: Canvas) throws {
        let light = row.highlighted ? theme.highlightText : nil
        let style = row.resolvedStyle
        if let s = row.text, let r = layout.label {
            let color = row.textColor ?? (style == .value2 ? theme.value : theme.text)
            let alignment: KitAlignment = row.centered ? .center : style == .value2 ? .right : .left
            if layout.labelLines > 1 {
                try text.drawWrapped(s, in: r, font: layout.labelFont, color: light ?? color, alignment: alignment,
                                     canvas: canvas)
            } else {
                try text.draw(s, in: r, font: layout.labelFont, color: light ?? color, alignment: alignment, canvas: canvas)
            }
        }
        if let s = row.detail, let r = layout.detail {
            let color = row.detailColor ?? (style == .value1 ? theme.value : style == .value2 ? theme.text : theme.detail)
            let alignment: KitAlignment = style == .value1 ? .right : .left
            if layout.detailLines > 1 {
                try text.drawWrapped(s, in: r, font: layout.detailFont, color: light ?? color, alignment: alignment,
                                     canvas: canvas)
            } else {
                try text.draw(s, in: r, font: layout.detailFont, color: light ?? color, alignment: alignment, canvas: canvas)
            }
        }
    }

    /// A grouped section's title (the theme's; iOS 6: bold 17 pt, #4C566C,
    /// white shadow 1 pt below), or a plain table's header bar.
    func drawSectionTitle(_ title: String, frame: Rect, in canvas: Canvas) throws {
        guard let text else { return }
        try canvas.withSavedState {
            if spec.style == .plain {
                let g = try Gradient(stops: [.init(location: 0, color: spec.theme.plainHeaderColors.top),
                                             .init(location: 1, color: spec.theme.plainHeaderColors.bottom)])
                canvas.withSavedState {
                    canvas.clipRect(frame)
                    canvas.drawLinearGradient(g, from: Point(0, frame.minY), to: Point(0, frame.maxY))
                }
                canvas.setShadow(try Shadow(dx: 0, dy: 1, blur: 0, color: spec.theme.plainHeaderShadow))
                try text.draw(title, in: Rect(x: frame.x + 12, y: frame.y + 1, width: frame.width - 24, height: frame.height - 2),
                              font: .boldSystem(18), color: spec.theme.plainHeaderText, alignment: .left, canvas: canvas)
            } else {
                canvas.setShadow(try Shadow(dx: 0, dy: 1, blur: 0, color: spec.theme.sectionShadow))
                try text.draw(title, in: frame, font: spec.theme.sectionTitleFont, color: spec.theme.sectionTitle,
                              alignment: .left, canvas: canvas)
            }
        }
    }

    /// A grouped section's footer: the theme's (15 pt), centred, wrapped.
    func drawSectionFooter(_ footer: String, frame: Rect, in canvas: Canvas) throws {
        guard let text else { return }
        try canvas.withSavedState {
            canvas.setShadow(try Shadow(dx: 0, dy: 1, blur: 0, color: spec.theme.sectionShadow))
            try text.drawWrapped(footer, in: frame, font: spec.theme.sectionFooterFont, color: spec.theme.sectionFooter,
                                 alignment: .center, canvas: canvas)
        }
    }

}
