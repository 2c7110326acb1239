import CellGeometry
import CellRaster

/// A button drawn in a frame: UIButtonTypeRoundedRect (`rounded`) or one
/// of the bar buttons UINavigationBar and UIToolbar draw (`bordered`,
/// `done`, `plain`, and `back`, the back button with its pointed left end).
/// Bars build these from their `BarButton` items; `cell.ui.button` draws
/// one anywhere.
///
/// - rounded: white, radius 9 (`roundedRadius`), a 1 pt gray border, the
///   title bold 15 pt in UIButton's blue (#324F85), a light line below;
///   highlighted: the table's blue selection gradient, title white.
/// - bordered / back: radius 5 (`barRadius`), a 1 pt dark border, the bar's
///   deeper shade as a gloss (the upper half lighter), a faint light line
///   inside along the top and one under the button; title bold 12 pt white
///   with a black shadow 1 pt above. Highlighted: 25% darker.
/// - done: the same in blue (#3F7BE8 to #1C4FD0).
/// - plain: the title or image alone, white with the shadow above;
///   highlighted: a soft white glow behind.
///
/// An image is drawn as a template (its alpha filled with the title's color).
public struct Button {
    public enum Style: String, CaseIterable, Sendable {
        case rounded, bordered, done, plain, back
    }

    /// Default `rounded`.
    public var style: Style
    /// Drawn centred (in `back`, centred in the part right of the point),
    /// tail-truncated to fit. Default none.
    public var title: String?
    /// Drawn left of the title when both are given. Default none.
    public var image: KitImage?
    /// Bar buttons: the bar's tint they take their shade from (default:
    /// the theme's bar colors). Rounded: the title's color.
    public var tint: Color?
    /// Bar buttons: the bar's style (`black`: dark gray buttons). Default `default`.
    public var barStyle: BarStyle = .default
    /// The pressed look. Default false.
    public var highlighted = false
    /// Default: bold 15 pt (rounded), bold 12 pt (bar buttons).
    public var font: KitFont?

    /// UIButtonTypeRoundedRect's corner radius (estimated from screenshots: 9).
    public static let roundedRadius = 9.0
    /// Bar buttons' corner radius (5) and height in a 44 pt bar (30, HIG).
    public static let barRadius = 5.0
    public static let barHeight = 30.0
    /// How far the back button's point reaches in, as a share of its height
    /// (0.42: 12.6 pt of a 30 pt button).
    public static let backPointShare = 0.42

    public init(style: Style = .rounded, title: String? = nil, image: KitImage? = nil) {
        self.style = style
        self.title = title
        self.image = image
    }

    var resolvedFont: KitFont { font ?? (style == .rounded ? .boldSystem(15) : .boldSystem(12)) }

    /// Where the title and image go: the frame less the back button's point.
    public func contentRect(in f: Rect) -> Rect {
        switch style {
        case .back:
            let d = f.height * Self.backPointShare
            return Rect(x: f.x + d + 1, y: f.y, width: Swift.max(0, f.width - d - 7), height: f.height)
        case .rounded: return f.insetBy(dx: 8, dy: 0)
        case .plain: return f
        case .bordered, .done: return f.insetBy(dx: 5, dy: 0)
        }
    }

    /// The button's outline in `f`.
    func shape(_ f: Rect) -> Path {
        switch style {
        case .rounded: return Chrome.rounded(f, Self.roundedRadius)
        case .bordered, .done, .plain: return Chrome.rounded(f, Self.barRadius * f.height / 30)
        case .back:
            let d = f.height * Self.backPointShare, r = Self.barRadius * f.height / 30
            var p = Path()
            p.move(to: Point(f.x + d + 3, f.y))
            p.addArc(tangent1: Point(f.maxX, f.y), tangent2: Point(f.maxX, f.maxY), radius: r)
            p.addArc(tangent1: Point(f.maxX, f.maxY), tangent2: Point(f.x, f.maxY), radius: r)
            p.addArc(tangent1: Point(f.x + d, f.maxY), tangent2: Point(f.x, f.midY), radius: 2.5)
            p.addArc(tangent1: Point(f.x, f.midY), tangent2: Point(f.x + d, f.y), radius: 1.5)
            p.addArc(tangent1: Point(f.x + d, f.y), tangent2: Point(f.maxX, f.y), radius: 2.5)
            p.close()
            return p
        }
    }

    public func draw(in canvas: Canvas, frame: Rect, theme: Theme, text: KitText?) throws {
        let f = frame.standardized
        guard f.width > 0, f.height > 0 else { return }
        let chrome = theme.chrome
        let look = BarLook.make(chrome, style: barStyle, tint: style == .rounded ? nil : tint)
        var color = look.text, shadow: Color? = look.textShadow
        switch style {
        case .rounded:
            try drawRounded(f, chrome: chrome, canvas: canvas)
            color = highlighted ? .white : (tint ?? chrome.buttonText)
            shadow = highlighted ? Color(white: 0, alpha: 0.3) : nil
        case .bordered, .back, .done:
            var pair = style == .done ? chrome.doneButtonColors : look.buttonColors
            if highlighted { pair = Theme.Pair(pair.top.mixed(with: .black, 0.25), pair.bottom.mixed(with: .black, 0.25)) }
            let border = style == .done ? chrome.doneButtonColors.bottom.mixed(with: .black, 0.45) : look.buttonBorder
            try drawBar(f, colors: pair, border: border, canvas: canvas)
        case .plain:
            if highlighted {
                let c = Point(f.midX, f.midY), r = Swift.max(f.height, 20) * 0.75
                let g = try Gradient(stops: [.init(location: 0, color: Color(white: 1, alpha: 0.75)),
                                             .init(location: 1, color: Color(white: 1, alpha: 0))])
                canvas.withSavedState {
                    canvas.drawRadialGradient(g, start: c, startRadius: 0, end: c, endRadius: r)
                }
            }
        }
        try drawContent(in: contentRect(in: f), color: color, shadow: shadow, text: text, canvas: canvas)
    }

    /// Title and image, centred together in `r`.
    func drawContent(in r: Rect, color: Color, shadow: Color?, text: KitText?, canvas: Canvas) throws {
        let font = resolvedFont
        let iconBox = style == .plain ? Swift.min(r.height - 4, 24) : Swift.min(r.height - 10, 20)
        var iconWidth = 0.0
        if let image { iconWidth = image.fitted(in: Rect(x: 0, y: 0, width: iconBox, height: iconBox)).width }
        let gap = image != nil && title != nil ? 4.0 : 0
        let titleWidth = try title.map { Swift.min(try Chrome.width($0, font: font, text: text), r.width - iconWidth - gap) } ?? 0
        let total = iconWidth + gap + titleWidth
        var x = (r.midX - total / 2).rounded()
        if let image {
            let sh = try shadow.flatMap { $0.a > 0 ? try Shadow(dx: 0, dy: -1, blur: 0, color: $0) : nil }
            Chrome.template(image, in: Rect(x: x, y: r.midY - iconBox / 2, width: iconWidth, height: iconBox),
                            color: color, shadow: sh, canvas: canvas)
            x += iconWidth + gap
        }
        if let title {
            let rect = image == nil ? r : Rect(x: x, y: r.y, width: Swift.max(0, r.maxX - x), height: r.height)
            try Chrome.label(title, in: rect, font: font, color: color, alignment: image == nil ? .center : .left,
                             shadow: shadow, text: text, canvas: canvas)
        }
    }

    private func drawRounded(_ f: Rect, chrome: ChromeTheme, canvas: Canvas) throws {
        let r = Self.roundedRadius
        if chrome.buttonFill.luma > 0.5 {
            // The light line under the button (the table's engraving).
            canvas.withSavedState {
                canvas.setFillColor(Color(white: 1, alpha: 0.6))
                canvas.fill(Chrome.rounded(Rect(x: f.x, y: f.y + 1, width: f.width, height: f.height), r))
            }
        }
        canvas.withSavedState {
            canvas.setFillColor(chrome.buttonBorder)
            canvas.fill(Chrome.rounded(f, r))
        }
        let inner = f.insetBy(dx: 1, dy: 1)
        if highlighted {
            Chrome.fill(inner, with: try Chrome.linear(chrome.buttonHighlightColors), in: Chrome.rounded(inner, r - 1),
                        canvas: canvas)
        } else {
            canvas.withSavedState {
                canvas.setFillColor(chrome.buttonFill)
                canvas.fill(Chrome.rounded(inner, r - 1))
            }
        }
    }

    private func drawBar(_ f: Rect, colors: Theme.Pair, border: Color, canvas: Canvas) throws {
        // The light line under the button, then the border, then the gloss inside.
        canvas.withSavedState {
            canvas.setFillColor(Color(white: 1, alpha: 0.22))
            canvas.fill(shape(Rect(x: f.x, y: f.y + 1, width: f.width, height: f.height)))
            canvas.setFillColor(border)
            canvas.fill(shape(f))
        }
        let inner = f.insetBy(dx: 1, dy: 1)
        var innerShape = shape(inner)
        if style == .back {
            // The point keeps its slope: move the inner outline's tip in less than a full point.
            innerShape = shape(Rect(x: f.x + 1.3, y: f.y + 1, width: f.width - 2.3, height: f.height - 2))
        }
        Chrome.fill(inner, with: try Chrome.gloss(colors), in: innerShape, canvas: canvas)
        // The inner light line along the top.
        canvas.withSavedState {
            canvas.clip(innerShape)
            canvas.setFillColor(Color(white: 1, alpha: highlighted ? 0.08 : 0.2))
            var band = innerShape
            band.addPath(innerShape, transform: .translation(0, 1))
            canvas.fill(band, rule: .evenodd)
        }
    }
}
