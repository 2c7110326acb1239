import CellGeometry
import CellRaster

/// UISearchBar of iOS 6: 44 pt (HIG), 88 with a scope bar; a gray-blue
/// gradient (#CDD5DD to #A9B6C3) with a dark line at its bottom; the field
/// 31 pt tall with round ends, 7 pt from the sides and 6 pt from the top,
/// white in a 1 pt gray border with a soft shadow inside along its top and
/// a light line under it; a gray magnifier 15 pt into it, the text (or the
/// gray placeholder) 14 pt from 26 pt in. Scopes: a `bar` segmented control
/// 30 pt tall, 7 pt from the sides and 7 pt below the field's band, in the
/// search bar's own tint. The field's 31 pt height is UIKit's; the rest is
/// estimated from memory of screenshots.
public struct SearchBar {
    /// Shown gray while `text` is empty. Default none (UIKit's).
    public var placeholder: String?
    /// Default none.
    public var text: String?
    /// The scope bar's titles. Default none (no scope bar).
    public var scopes: [String] = []
    /// The selected scope (0-based). Default 0.
    public var scope = 0
    /// tintColor: the gradient derived from one color, as a navigation
    /// bar's. Default none: the theme's search bar colors.
    public var tint: Color?
    /// Default `default`; `black`: the black bar's colors.
    public var style: BarStyle = .default
    /// Default 14 pt.
    public var font = KitFont.system(14)

    public static let height = 44.0, scopeBarHeight = 44.0
    public static let fieldHeight = 31.0, fieldMargin = 7.0, fieldTop = 6.0
    public static let textInset = 26.0

    public init(placeholder: String? = nil) { self.placeholder = placeholder }

    public var height: Double { scopes.isEmpty ? Self.height : Self.height + Self.scopeBarHeight }

    /// The field, relative to the bar.
    public func fieldFrame(width w: Double) -> Rect {
        Rect(x: Self.fieldMargin, y: Self.fieldTop, width: Swift.max(0, w - 2 * Self.fieldMargin), height: Self.fieldHeight)
    }

    /// The scope bar's segmented control, and its frame relative to the bar.
    public func scopeControl(width w: Double, theme: Theme) -> (control: SegmentedControl, frame: Rect)? {
        guard !scopes.isEmpty else { return nil }
        var s = SegmentedControl(segments: scopes.map { .title($0) }, style: .bar)
        s.selected = scope
        s.barStyle = style
        s.tint = tint ?? colors(theme).top.mixed(with: colors(theme).bottom, 0.6)
        let frame = Rect(x: Self.fieldMargin, y: Self.height + 7, width: Swift.max(0, w - 2 * Self.fieldMargin),
                         height: SegmentedControl.barHeight)
        return (s, frame)
    }

    /// "field", then "scope1", "scope2", ... relative to the bar.
    public func parts(width: Double) -> [(name: String, rect: Rect)] {
        var out = [("field", fieldFrame(width: width))]
        if let (control, frame) = scopeControl(width: width, theme: .ios6) {
            for (i, r) in control.segmentFrames(width: frame.width).enumerated() {
                out.append(("scope\(i + 1)", Rect(x: r.x + frame.x, y: frame.y, width: r.width, height: r.height)))
            }
        }
        return out
    }

    func colors(_ theme: Theme) -> Theme.Pair {
        if style == .black { return BarLook.black.colors }
        if let tint { return BarLook.fromTint(tint, theme: theme.chrome).colors }
        return theme.chrome.searchBarColors
    }

    public func draw(in canvas: Canvas, at origin: Point, width w: Double, theme: Theme, text: KitText?) throws {
        guard w > 0 else { return }
        let c = theme.chrome
        let bar = Rect(x: origin.x, y: origin.y, width: w, height: height)
        let pair = colors(theme)
        Chrome.fill(bar, with: try Chrome.linear(pair), canvas: canvas)
        Chrome.fillRect(Rect(x: bar.x, y: bar.y, width: w, height: 1), pair.top.mixed(with: .white, 0.3), canvas: canvas)
        let line = style == .black ? Color.black : (tint.map { $0.mixed(with: .black, 0.5) } ?? c.searchBarLine)
        Chrome.fillRect(Rect(x: bar.x, y: bar.maxY - 1, width: w, height: 1), line, canvas: canvas)

        let f0 = fieldFrame(width: w)
        let f = Rect(x: f0.x + origin.x, y: f0.y + origin.y, width: f0.width, height: f0.height)
        let r = f.height / 2
        canvas.withSavedState {
            canvas.setFillColor(Color(white: 1, alpha: 0.35))
            canvas.fill(Chrome.rounded(Rect(x: f.x, y: f.y + 1, width: f.width, height: f.height), r))
            canvas.setFillColor(c.searchFieldBorder)
            canvas.fill(Chrome.rounded(f, r))
        }
        let inner = f.insetBy(dx: 1, dy: 1)
        let innerShape = Chrome.rounded(inner, r - 1)
        try canvas.withSavedState {
            canvas.clip(innerShape)
            canvas.setFillColor(c.searchFieldFill)
            canvas.fillRect(inner)
            let sh = try Gradient(stops: [.init(location: 0, color: Color(white: 0, alpha: 0.22)),
                                          .init(location: 1, color: Color(white: 0, alpha: 0))])
            canvas.drawLinearGradient(sh, from: Point(inner.x, inner.y), to: Point(inner.x, inner.y + 3.5))
        }
        try magnifier(center: Point(f.x + 15, f.midY - 1), color: c.searchFieldPlaceholder, canvas: canvas)
        let textRect = Rect(x: f.x + Self.textInset, y: f.y, width: Swift.max(0, f.maxX - 12 - f.x - Self.textInset),
                            height: f.height)
        if let t = self.text, !t.isEmpty {
            try Chrome.label(t, in: textRect, font: font, color: c.searchFieldText, alignment: .left, text: text,
                             canvas: canvas)
        } else if let p = placeholder, !p.isEmpty {
            try Chrome.label(p, in: textRect, font: font, color: c.searchFieldPlaceholder, alignment: .left, text: text,
                             canvas: canvas)
        }
        if let (control, frame) = scopeControl(width: w, theme: theme) {
            try control.draw(in: canvas, at: Point(frame.x + origin.x, frame.y + origin.y), width: frame.width,
                             theme: theme, text: text)
        }
    }

    /// The magnifying glass: a 4.5 pt ring 1.6 pt thick, a 2.2 pt handle down to the right.
    func magnifier(center c: Point, color: Color, canvas: Canvas) throws {
        var ring = Path()
        ring.addEllipse(in: Rect(x: c.x - 4.5, y: c.y - 4.5, width: 9, height: 9))
        var style = StrokeStyle()
        style.width = 1.6
        try Accessories.stroke(ring, style: style, color: color, canvas: canvas)
        var handle = Path()
        let k = 0.7071
        handle.move(to: Point(c.x + 4.5 * k + 0.6, c.y + 4.5 * k + 0.6))
        handle.line(to: Point(c.x + 8.3 * k + 1, c.y + 8.3 * k + 1))
        style.width = 2.2
        style.cap = .round
        try Accessories.stroke(handle, style: style, color: color, canvas: canvas)
    }
}
