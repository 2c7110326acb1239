import CellGeometry
import CellRaster

/// The accessories UITableViewCell of iOS 5/6 drew at a row's right, each
/// in its rectangle of `CellLayout.accessory`:
///
/// - disclosure: a gray chevron, 3 pt strokes 4.5 pt long, its point
///   15.5 pt from the cell's right edge;
/// - checkmark: a 3 pt round-capped tick in the tint;
/// - detail disclosure: the blue round button, 22 pt across with a 2 pt
///   white ring and a soft shadow below, a white chevron inside;
/// - detail: the tint's circled "i", 20 pt across;
/// - switch: UISwitch, 79 x 27 pt, 10 pt from the right: a rounded track,
///   blue with a white "ON" at the left when on, light gray with a gray
///   "OFF" at the right when off, the knob (a 27 pt disc) over the other end.
///
/// Highlighted rows draw chevron, tick and "i" white, as UIKit did.
enum Accessories {
    static func draw(_ row: RowSpec, in frame: Rect, height h: Double, theme: Theme,
                     text: KitText?, canvas: Canvas) throws {
        // Chevron and tick are placed from the right side they stand against.
        let w = frame.maxX, cy = h / 2
        let highlighted = row.highlighted
        switch row.accessory {
        case .none:
            return
        case .disclosure:
            try chevron(tipX: w - 15.5, centerY: cy, arm: 4.5, width: 3,
                        color: highlighted ? theme.highlightText : theme.accessory, canvas: canvas)
        case .checkmark:
            let x = w - 25
            var p = Path()
            p.move(to: Point(x, cy))
            p.line(to: Point(x + 4.5, cy + 5))
            p.line(to: Point(x + 13, cy - 7))
            var style = StrokeStyle()
            style.width = 3
            style.cap = .round
            style.join = .round
            try stroke(p, style: style, color: highlighted ? theme.highlightText : theme.tint, canvas: canvas)
        case .detailDisclosure:
            try detailDisclosure(center: Point(frame.midX, cy), theme: theme, canvas: canvas)
        case .detail:
            detailButton(center: Point(frame.midX, cy), color: highlighted ? theme.highlightText : theme.tint,
                         canvas: canvas)
        case .switch:
            try toggle(in: Rect(x: frame.x, y: frame.y, width: 79, height: 27), on: row.on, theme: theme,
                       text: text, canvas: canvas)
        }
    }

    /// A right-pointing chevron with its tip at (tipX, centerY).
    static func chevron(tipX x: Double, centerY cy: Double, arm: Double, width: Double, color: Color,
                        canvas: Canvas) throws {
        var p = Path()
        p.move(to: Point(x - arm, cy - arm))
        p.line(to: Point(x, cy))
        p.line(to: Point(x - arm, cy + arm))
        var style = StrokeStyle()
        style.width = width
        style.join = .miter
        try stroke(p, style: style, color: color, canvas: canvas)
    }

    static func stroke(_ p: Path, style: StrokeStyle, color: Color, canvas: Canvas) throws {
        try canvas.withSavedState {
            canvas.setStrokeStyle(style)
            canvas.setStrokeColor(color)
            try canvas.stroke(p)
        }
    }

    /// UITableViewCellAccessoryDetailDisclosureButton: a 2 pt white ring
    /// around a blue disc lit from above, a shadow 1 pt below, a white
    /// chevron inside.
    static func detailDisclosure(center c: Point, theme: Theme, canvas: Canvas) throws {
        let r = 11.0
        let disc = Path.build { $0.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)) }
        canvas.withSavedState {
            canvas.setShadow(try? Shadow(dx: 0, dy: 1, blur: 1.5, color: Color(white: 0, alpha: 0.45)))
            canvas.setFillColor(.white)
            canvas.fill(disc)
        }
        let inner = r - 2
        let blue = Path.build { $0.addEllipse(in: Rect(x: c.x - inner, y: c.y - inner, width: 2 * inner, height: 2 * inner)) }
        let g = try Gradient(stops: [.init(location: 0, color: Color(hex: "#5AA6F9")!),
                                     .init(location: 0.5, color: Color(hex: "#2B7DEB")!),
                                     .init(location: 0.5, color: Color(hex: "#1B6DE0")!),
                                     .init(location: 1, color: Color(hex: "#1656C6")!)])
        canvas.withSavedState {
            canvas.clip(blue)
            canvas.drawLinearGradient(g, from: Point(c.x, c.y - inner), to: Point(c.x, c.y + inner))
        }
        try chevron(tipX: c.x + 2.5, centerY: c.y, arm: 3.5, width: 2.5, color: .white, canvas: canvas)
    }

    /// The detail button: a 1.5 pt circle 20 pt across with an "i" in it
    /// (a dot over a bar), in `color`.
    static func detailButton(center c: Point, color: Color, canvas: Canvas) {
        let r = 9.25
        var ring = Path()
        ring.addEllipse(in: Rect(x: c.x - r - 0.75, y: c.y - r - 0.75, width: 2 * r + 1.5, height: 2 * r + 1.5))
        ring.addEllipse(in: Rect(x: c.x - r + 0.75, y: c.y - r + 0.75, width: 2 * r - 1.5, height: 2 * r - 1.5))
        var i = Path()
        i.addEllipse(in: Rect(x: c.x - 1.3, y: c.y - 6.3, width: 2.6, height: 2.6))
        i.addRect(Rect(x: c.x - 1.1, y: c.y - 1.8, width: 2.2, height: 7.8))
        canvas.withSavedState {
            canvas.setFillColor(color)
            canvas.fill(ring, rule: .evenodd)
            canvas.fill(i)
        }
    }

    /// UISwitch of iOS 5/6 in `frame` (79 x 27 pt).
    static func toggle(in f: Rect, on: Bool, theme: Theme, text: KitText?, canvas: Canvas) throws {
        let r = f.height / 2
        let track = Path.build { $0.addRoundedRect(f, radius: r) }
        let inset = Path.build { $0.addRoundedRect(f.insetBy(dx: 1, dy: 1), radius: r - 1) }
        try canvas.withSavedState {
            // The rim: a darker edge all round.
            canvas.setFillColor(on ? theme.switchOn.mixed(with: .black, 0.35) : theme.switchOff.mixed(with: .black, 0.34))
            canvas.fill(track)
            canvas.clip(inset)
            let top = on ? theme.switchOn.mixed(with: .black, 0.2) : theme.switchOff.mixed(with: .black, 0.13)
            let bottom = on ? theme.switchOn.mixed(with: .white, 0.25) : theme.switchOff
            let g = try Gradient(stops: [.init(location: 0, color: top), .init(location: 1, color: bottom)])
            canvas.drawLinearGradient(g, from: Point(f.x, f.y), to: Point(f.x, f.maxY))
            // The inner shadow along the top edge.
            canvas.setFillColor(Color(white: 0, alpha: 0.12))
            canvas.fill(Path.build {
                $0.addRect(f.insetBy(dx: -4, dy: -4))
                $0.addRoundedRect(Rect(x: f.x + 1, y: f.y + 2.5, width: f.width - 2, height: f.height - 2), radius: r - 1)
            }, rule: .evenodd)
        }
        // The label in the half the knob leaves.
        if let text {
            let font = KitFont.boldSystem(16)
            let label = on ? "ON" : "OFF"
            let lh = try text.measure(label, font: font).height
            let half = on ? Rect(x: f.x, y: f.y, width: f.width - f.height, height: f.height)
                          : Rect(x: f.x + f.height, y: f.y, width: f.width - f.height, height: f.height)
            try canvas.withSavedState {
                if on { canvas.setShadow(try Shadow(dx: 0, dy: -1, blur: 0, color: Color(white: 0, alpha: 0.4))) }
                try text.draw(label, in: Rect(x: half.x, y: (f.midY - lh / 2).rounded(), width: half.width, height: lh),
                              font: font, color: on ? .white : Color(white: 0.5), alignment: .center, canvas: canvas)
            }
        }
        // The knob.
        let kx = on ? f.maxX - f.height : f.x
        let knob = Path.build { $0.addEllipse(in: Rect(x: kx, y: f.y, width: f.height, height: f.height)) }
        let face = Path.build { $0.addEllipse(in: Rect(x: kx + 1, y: f.y + 1, width: f.height - 2, height: f.height - 2)) }
        try canvas.withSavedState {
            canvas.setShadow(try Shadow(dx: 0, dy: 0.5, blur: 1.5, color: Color(white: 0, alpha: 0.4)))
            canvas.setFillColor(Color(white: 0.6))
            canvas.fill(knob)
        }
        try canvas.withSavedState {
            canvas.clip(face)
            let g = try Gradient(stops: [.init(location: 0, color: Color(white: 0.8)), .init(location: 1, color: Color(white: 0.99))])
            canvas.drawLinearGradient(g, from: Point(kx, f.maxY), to: Point(kx, f.y))
        }
    }
}

/// The editing controls: UIKit's red minus (delete) and green plus
/// (insert) discs at a row's left, 29 pt slots with a 21 pt disc, a 2 pt
/// white ring and a shadow below (the minus turned upright while the row
/// shows its delete button); the multiple-selection circle (a 1 pt gray
/// ring 22 pt across, filled with the theme's `checkMark` and a white tick
/// when checked); the swipe-to-delete button; and the reorder grip at the
/// right, three 17 x 2 pt bars 5 pt apart in the accessory color.
enum EditingControls {
    static func drawControl(_ editing: RowSpec.Editing, checked: Bool = false, turned: Bool = false, in slot: Rect,
                            theme: Theme = .ios6, canvas: Canvas) throws {
        guard editing != .none else { return }
        let c = Point(slot.midX, slot.midY), r = 10.5
        if editing == .select {
            try selectionCircle(center: c, checked: checked, theme: theme, canvas: canvas)
            return
        }
        canvas.withSavedState {
            canvas.setShadow(try? Shadow(dx: 0, dy: 1, blur: 1.5, color: Color(white: 0, alpha: 0.4)))
            canvas.setFillColor(.white)
            canvas.fill(Path.build { $0.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)) })
        }
        let inner = r - 2
        let disc = Path.build { $0.addEllipse(in: Rect(x: c.x - inner, y: c.y - inner, width: 2 * inner, height: 2 * inner)) }
        let colors = editing == .delete ? theme.deleteColors : theme.insertColors
        let g = try Gradient(stops: [.init(location: 0, color: colors.top), .init(location: 1, color: colors.bottom)])
        canvas.withSavedState {
            canvas.clip(disc)
            canvas.drawLinearGradient(g, from: Point(c.x, c.y - inner), to: Point(c.x, c.y + inner))
        }
        canvas.withSavedState {
            canvas.setFillColor(.white)
            if turned && editing == .delete {
                canvas.fillRect(Rect(x: c.x - 1.5, y: c.y - 5.5, width: 3, height: 11))
            } else {
                canvas.fillRect(Rect(x: c.x - 5.5, y: c.y - 1.5, width: 11, height: 3))
            }
            if editing == .insert { canvas.fillRect(Rect(x: c.x - 1.5, y: c.y - 5.5, width: 3, height: 11)) }
        }
    }

    /// iOS 5/6's multiple-selection mark: an empty gray ring, or a filled
    /// disc with a white tick and a soft shadow.
    static func selectionCircle(center c: Point, checked: Bool, theme: Theme, canvas: Canvas) throws {
        let r = 11.0
        let circle = Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
        guard checked else {
            var style = StrokeStyle()
            style.width = 1
            try Accessories.stroke(Path.build { $0.addEllipse(in: circle.insetBy(dx: 0.5, dy: 0.5)) }, style: style,
                                   color: Color(white: 0.6), canvas: canvas)
            return
        }
        let fill = theme.checkMark
        let g = try Gradient(stops: [.init(location: 0, color: fill.mixed(with: .white, 0.25)),
                                     .init(location: 1, color: fill.mixed(with: .black, 0.15))])
        let disc = Path.build { $0.addEllipse(in: circle) }
        canvas.withSavedState {
            canvas.setShadow(try? Shadow(dx: 0, dy: 1, blur: 1, color: Color(white: 0, alpha: 0.35)))
            canvas.setFillColor(fill)
            canvas.fill(disc)
        }
        canvas.withSavedState {
            canvas.clip(disc)
            canvas.drawLinearGradient(g, from: Point(c.x, circle.minY), to: Point(c.x, circle.maxY))
        }
        var tick = Path()
        tick.move(to: Point(c.x - 5, c.y + 0.5))
        tick.line(to: Point(c.x - 1.5, c.y + 4))
        tick.line(to: Point(c.x + 5, c.y - 4))
        var style = StrokeStyle()
        style.width = 2.5
        style.cap = .round
        style.join = .round
        try Accessories.stroke(tick, style: style, color: .white, canvas: canvas)
    }

    /// The swipe-to-delete confirmation: a red glossy button, radius 6, a
    /// darker 1 pt rim, the upper half lighter, "Delete" in bold 16 pt white
    /// with a dark shadow above.
    static func drawDeleteButton(in frame: Rect, colors: Theme.Pair, text: KitText?, canvas: Canvas) throws {
        let shape = Path.build { $0.addRoundedRect(frame, radius: 6) }
        let face = Path.build { $0.addRoundedRect(frame.insetBy(dx: 1, dy: 1), radius: 5) }
        try canvas.withSavedState {
            canvas.setFillColor(colors.bottom.mixed(with: .black, 0.3))
            canvas.fill(shape)
            canvas.clip(face)
            let g = try Gradient(stops: [.init(location: 0, color: colors.top),
                                         .init(location: 0.5, color: colors.top.mixed(with: colors.bottom, 0.5)),
                                         .init(location: 0.5, color: colors.bottom.mixed(with: colors.top, 0.2)),
                                         .init(location: 1, color: colors.bottom)])
            canvas.drawLinearGradient(g, from: Point(frame.x, frame.minY), to: Point(frame.x, frame.maxY))
        }
        guard let text else { return }
        let font = CellLayout.deleteButtonFont
        let lh = try text.measure(CellLayout.deleteButtonTitle, font: font).height
        try canvas.withSavedState {
            canvas.setShadow(try Shadow(dx: 0, dy: -1, blur: 0, color: Color(white: 0, alpha: 0.45)))
            try text.draw(CellLayout.deleteButtonTitle, in: Rect(x: frame.x, y: (frame.midY - lh / 2).rounded(),
                                                                 width: frame.width, height: lh),
                          font: font, color: .white, alignment: .center, canvas: canvas)
        }
    }

    static func drawReorderGrip(in band: Rect, color: Color, canvas: Canvas) {
        let x = band.x + (band.width - 17) / 2, cy = band.midY
        canvas.withSavedState {
            canvas.setFillColor(color)
            for k in -1...1 { canvas.fillRect(Rect(x: x, y: (cy + Double(k) * 5 - 1).rounded(), width: 17, height: 2)) }
        }
    }
}

extension Color {
    /// This color moved `amount` (0...1) of the way to `other`, channel by channel.
    func mixed(with other: Color, _ amount: Double) -> Color {
        Color(r: r + (other.r - r) * amount, g: g + (other.g - g) * amount, b: b + (other.b - b) * amount,
              a: a + (other.a - a) * amount)
    }
}
