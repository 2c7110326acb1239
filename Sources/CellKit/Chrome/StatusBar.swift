import CellGeometry
import CellRaster

/// The status bar of iOS 6: 20 pt (HIG). Styles: `default`, a light gray
/// gradient (#E8E8E8 to #B5B5B5) with black text and icons over a white
/// shadow 1 pt below; `black`, opaque black with white text; `translucent`,
/// black at 50% (what is below shows through) with white text.
///
/// At the left, 6 pt in: five signal bars 3 pt wide, 1 pt apart, 4 to 12 pt
/// tall standing on y = 15 (`signal` of them solid, the rest at 30%), the
/// carrier name (13 pt) 4 pt after them, the Wi-Fi fan (a wedge and two
/// arcs, 14 x 10 pt; `wifi` of them solid, none drawn at 0) 5 pt after it.
/// The time bold 14 pt, centred. At the right, 5 pt in: the battery, a
/// 25 x 11 pt rounded outline (1 pt) with a 2 x 4 pt nub, filled from the
/// left in the text color 2 pt inside the outline, in red at 20% or less.
/// The 20 pt height is the HIG's; sizes and fonts are estimated from memory
/// of screenshots.
public struct StatusBar {
    public enum Style: String, CaseIterable, Sendable {
        case `default`, black, translucent
    }

    /// Default `default`.
    public var style: Style = .default
    /// Default "Carrier" (the simulator's).
    public var carrier = "Carrier"
    /// Default "9:41 AM" (Apple's keynote time).
    public var time = "9:41 AM"
    /// The battery's level, 0...1. Default 1.
    public var battery = 1.0
    /// Signal bars 0...5 and Wi-Fi arcs 0...3. Default 5 and 3.
    public var signal = 5
    public var wifi = 3
    /// Default 13 pt (carrier), bold 14 pt (time).
    public var carrierFont = KitFont.system(13)
    public var timeFont = KitFont.boldSystem(14)

    public static let height = 20.0
    public static let batterySize = (width: 25.0, height: 11.0)
    /// The bars' baseline, the left and right margins.
    public static let baseline = 15.0, leftMargin = 6.0, rightMargin = 5.0

    public init(style: Style = .default) { self.style = style }

    public var height: Double { Self.height }

    /// The battery's outline and its fill, relative to the bar.
    public func batteryFrames(width w: Double) -> (outline: Rect, fill: Rect) {
        let (bw, bh) = Self.batterySize
        let outline = Rect(x: w - Self.rightMargin - 2 - bw, y: ((Self.height - bh) / 2).rounded(), width: bw, height: bh)
        let level = Swift.min(1, Swift.max(0, battery.isFinite ? battery : 0))
        let fill = Rect(x: outline.x + 2, y: outline.y + 2, width: (outline.width - 4) * level, height: outline.height - 4)
        return (outline, fill)
    }

    /// The signal bars, relative to the bar.
    public static func signalBars() -> [Rect] {
        (0..<5).map { i in
            let h = 4 + 2 * Double(i)
            return Rect(x: leftMargin + 4 * Double(i), y: baseline - h, width: 3, height: h)
        }
    }

    public func draw(in canvas: Canvas, at origin: Point, width w: Double, theme: Theme, text: KitText?) throws {
        guard w > 0 else { return }
        let c = theme.chrome
        let bar = Rect(x: origin.x, y: origin.y, width: w, height: Self.height)
        let ink: Color, shadow: Shadow?
        switch style {
        case .default:
            Chrome.fill(bar, with: try Chrome.linear(c.statusBarColors), canvas: canvas)
            ink = c.statusBarText
            shadow = c.statusBarShadow.a > 0 ? try Shadow(dx: 0, dy: 1, blur: 0, color: c.statusBarShadow) : nil
        case .black:
            Chrome.fillRect(bar, .black, canvas: canvas)
            ink = .white
            shadow = nil
        case .translucent:
            Chrome.fillRect(bar, Color(white: 0, alpha: 0.5), canvas: canvas)
            ink = .white
            shadow = nil
        }
        let dim = ink.withAlpha(ink.a * 0.3)
        try canvas.withSavedState {
            // Everything in one layer, composited with the shadow once.
            canvas.clipRect(bar.insetBy(dx: 0, dy: -1))
            canvas.setShadow(shadow)
            canvas.beginLayer()
            defer { try? canvas.endLayer() }
            canvas.translate(origin.x, origin.y)
            let level = Swift.min(5, Swift.max(0, signal))
            for (i, r) in Self.signalBars().enumerated() {
                canvas.setFillColor(i < level ? ink : dim)
                canvas.fillRect(r)
            }
            var x = Self.leftMargin + 19 + 4
            if !carrier.isEmpty {
                let cw = Swift.min(try Chrome.width(carrier, font: carrierFont, text: text), w / 3)
                try Chrome.label(carrier, in: Rect(x: x, y: 0, width: cw, height: Self.height), font: carrierFont,
                                 color: ink, alignment: .left, text: text, canvas: canvas)
                x += cw + 5
            }
            if wifi > 0 { wifiFan(left: x, level: Swift.min(3, wifi), ink: ink, dim: dim, canvas: canvas) }
            let tw = try Chrome.width(time, font: timeFont, text: text)
            try Chrome.label(time, in: Rect(x: (w - tw) / 2 - 1, y: 0, width: tw + 2, height: Self.height),
                             font: timeFont, color: ink, text: text, canvas: canvas)
            // The battery: outline, nub, fill.
            let (o, fill) = batteryFrames(width: w)
            canvas.setFillColor(ink)
            canvas.fill(Path.build {
                $0.addRoundedRect(o, radius: 2.5)
                $0.addRoundedRect(o.insetBy(dx: 1, dy: 1), radius: 1.5)
            }, rule: .evenodd)
            canvas.fill(Path.build {
                $0.addRoundedRect(Rect(x: o.maxX - 0.5, y: o.midY - 2, width: 2.5, height: 4), radius: 1)
            })
            if fill.width > 0 {
                canvas.setFillColor(battery <= 0.2 ? Color(hex: "#E3000C")! : ink)
                canvas.fill(Chrome.rounded(fill, 0.5))
            }
        }
    }

    /// The Wi-Fi fan, 14 pt wide, its point on the baseline: a wedge of
    /// radius 3, then bands 4.5...6.5 and 8...10, 90 degrees wide.
    func wifiFan(left x: Double, level: Int, ink: Color, dim: Color, canvas: Canvas) {
        let c = Point(x + 7, Self.baseline)
        let a0 = -Double.pi * 3 / 4, a1 = -Double.pi / 4
        let bands: [(Double, Double)] = [(0, 3), (4.5, 6.5), (8, 10)]
        for (i, (r0, r1)) in bands.enumerated() {
            var p = Path()
            p.addArc(center: c, radius: r1, start: a0, end: a1, clockwise: false)
            if r0 > 0 {
                p.addArc(center: c, radius: r0, start: a1, end: a0, clockwise: true)
            } else {
                p.line(to: c)
            }
            p.close()
            canvas.setFillColor(i < level ? ink : dim)
            canvas.fill(p)
        }
    }
}
