import CellGeometry
import CellRaster

/// UIBarStyle: the default look (the theme's bar colors, or a `tint`'s)
/// or black (a near-black gloss, gray-black buttons).
public enum BarStyle: String, CaseIterable, Sendable {
    case `default`, black
}

/// An image for a bar item, a tab or a segment: its pixels and its size in
/// points (a 60 x 60 pixel icon drawn as 30 x 30 pt is sharp at scale 2).
/// Bars use only its alpha (a template image, as UIKit does): the shape is
/// filled with the item's color or gradient.
public struct KitImage {
    public var buffer: PixelBuffer
    public var width: Double
    public var height: Double

    /// `width` x `height` points; by default the pixel size.
    public init(_ buffer: PixelBuffer, width: Double? = nil, height: Double? = nil) {
        self.buffer = buffer
        self.width = width ?? Double(buffer.width)
        self.height = height ?? Double(buffer.height)
    }

    /// Its size fitted in `box` (kept when it fits, else scaled down keeping
    /// its aspect), centred there and made integral at its origin.
    func fitted(in box: Rect) -> Rect {
        let k = Swift.min(1, box.width / Swift.max(width, 1e-9), box.height / Swift.max(height, 1e-9))
        let w = width * k, h = height * k
        return Rect(x: (box.midX - w / 2).rounded(), y: (box.midY - h / 2).rounded(), width: w, height: h)
    }
}

/// The colors one bar draws with, from the theme, its style and its tint.
struct BarLook: Equatable {
    var colors: Theme.Pair
    var line: Color
    var buttonColors: Theme.Pair
    var buttonBorder: Color
    var text: Color
    var textShadow: Color

    /// UIBarStyleBlack: #4B4B4B to #050505, black lines and borders, buttons
    /// a little lighter than the bar.
    static let black = BarLook(
        colors: Theme.Pair(Color(hex: "#4B4B4B")!, Color(hex: "#050505")!), line: .black,
        buttonColors: Theme.Pair(Color(hex: "#5A5A5A")!, Color(hex: "#1A1A1A")!), buttonBorder: .black,
        text: .white, textShadow: Color(white: 0, alpha: 0.6))

    static func make(_ theme: ChromeTheme, style: BarStyle, tint: Color?) -> BarLook {
        if style == .black { return black }
        guard let tint else {
            return BarLook(colors: theme.barColors, line: theme.barLine, buttonColors: theme.barButtonColors,
                           buttonBorder: theme.barButtonBorder, text: theme.barText, textShadow: theme.barTextShadow)
        }
        return fromTint(tint, theme: theme)
    }

    /// A `tintColor` look: the bar from 40% lighter at the top to 10% darker
    /// at the bottom (#7B8FAB gives the default bar), its line 60% darker,
    /// buttons the tint more saturated, from itself to 35% darker.
    static func fromTint(_ tint: Color, theme: ChromeTheme) -> BarLook {
        let t = tint.withAlpha(1)
        let deep = t.saturated(1.5)
        return BarLook(colors: Theme.Pair(t.mixed(with: .white, 0.4), t.mixed(with: .black, 0.1)),
                       line: t.mixed(with: .black, 0.62),
                       buttonColors: Theme.Pair(deep.mixed(with: .white, 0.05), deep.mixed(with: .black, 0.35)),
                       buttonBorder: t.mixed(with: .black, 0.6), text: theme.barText, textShadow: theme.barTextShadow)
    }
}

extension Color {
    func withAlpha(_ a: Double) -> Color { Color(r: r, g: g, b: b, a: a) }

    /// Moved away from its own gray (the channels' mean) by `factor`, clamped.
    func saturated(_ factor: Double) -> Color {
        let m = (r + g + b) / 3
        func c(_ v: Double) -> Double { Swift.min(1, Swift.max(0, m + (v - m) * factor)) }
        return Color(r: c(r), g: c(g), b: c(b), a: a)
    }

    /// Rec. 601 luma, for tests and for choosing light or dark marks.
    var luma: Double { 0.299 * r + 0.587 * g + 0.114 * b }
}

/// Drawing the chrome's components share.
enum Chrome {
    /// The iOS 5/6 bar gloss from a pair: top, then 55% of the way down the
    /// colors at the middle, a faint step to 66%, then the bottom.
    static func gloss(_ pair: Theme.Pair) throws -> Gradient {
        try Gradient(stops: [.init(location: 0, color: pair.top),
                             .init(location: 0.5, color: pair.top.mixed(with: pair.bottom, 0.55)),
                             .init(location: 0.5, color: pair.top.mixed(with: pair.bottom, 0.66)),
                             .init(location: 1, color: pair.bottom)])
    }

    /// A plain two-color gradient.
    static func linear(_ pair: Theme.Pair) throws -> Gradient {
        try Gradient(stops: [.init(location: 0, color: pair.top), .init(location: 1, color: pair.bottom)])
    }

    /// `gradient` from the top of `rect` to its bottom, inside `shape` (the rect when nil).
    static func fill(_ rect: Rect, with gradient: Gradient, in shape: Path? = nil, canvas: Canvas) {
        canvas.withSavedState {
            if let shape { canvas.clip(shape) } else { canvas.clipRect(rect) }
            canvas.drawLinearGradient(gradient, from: Point(rect.x, rect.y), to: Point(rect.x, rect.maxY))
        }
    }

    static func fillRect(_ rect: Rect, _ color: Color, canvas: Canvas) {
        canvas.withSavedState {
            canvas.setFillColor(color)
            canvas.fillRect(rect)
        }
    }

    /// `text`'s width in `font`; without a text engine, an estimate (0.55 em
    /// a character) so layouts still work.
    static func width(_ s: String, font: KitFont, text: KitText?) throws -> Double {
        guard let text else { return Double(s.count) * font.size * 0.55 }
        return try text.measure(s, font: font).width
    }

    static func lineHeight(_ font: KitFont, text: KitText?) throws -> Double {
        guard let text else { return (font.size * 1.2).rounded() }
        return try text.measure("Ag", font: font).height
    }

    /// One line of text centred vertically in `rect` (aligned and truncated
    /// as `KitText.draw` does), with a sharp shadow at (0, `shadowDY`) when
    /// `shadow` is not clear.
    static func label(_ s: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment = .center,
                      shadow: Color? = nil, shadowDY: Double = -1, text: KitText?, canvas: Canvas) throws {
        guard let text, !s.isEmpty, rect.width > 0 else { return }
        let h = try text.measure(s, font: font).height
        let r = Rect(x: rect.x, y: (rect.midY - h / 2).rounded(), width: rect.width, height: h)
        try canvas.withSavedState {
            if let shadow, shadow.a > 0 { canvas.setShadow(try Shadow(dx: 0, dy: shadowDY, blur: 0, color: shadow)) }
            try text.draw(s, in: r, font: font, color: color, alignment: alignment, canvas: canvas)
        }
    }

    /// A template image: `image`'s alpha fitted in `box`, filled with
    /// `gradient` (top to bottom of the drawn image) or `color`, in a layer
    /// of its own (the image, then the paint with `source_in`), composited
    /// with `shadow` when given.
    @discardableResult
    static func template(_ image: KitImage, in box: Rect, gradient: Gradient? = nil, color: Color = .white,
                         shadow: Shadow? = nil, canvas: Canvas) -> Rect {
        let r = image.fitted(in: box)
        canvas.withSavedState {
            canvas.setShadow(shadow)
            // The layer covers the image (and its shadow's reach) only.
            let reach = shadow.map { abs($0.dx) + abs($0.dy) + $0.blur * 2 + 1 } ?? 1
            canvas.clipRect(r.insetBy(dx: -reach, dy: -reach))
            canvas.beginLayer()
            canvas.drawImage(image.buffer, in: r)
            canvas.setBlendMode(.sourceIn)
            if let gradient {
                canvas.drawLinearGradient(gradient, from: Point(r.x, r.y), to: Point(r.x, r.maxY))
            } else {
                canvas.setFillColor(color)
                canvas.fillRect(r)
            }
            try? canvas.endLayer()
        }
        return r
    }

    /// A rounded rectangle path.
    static func rounded(_ r: Rect, _ radius: Double) -> Path {
        Path.build { $0.addRoundedRect(r, radius: Swift.min(radius, r.width / 2, r.height / 2)) }
    }
}

/// A bar that spans a width and draws itself at a place: what a screen
/// stacks and what each bar's `cell.ui` function draws.
public protocol ChromeBar {
    /// The height it takes, in points.
    var height: Double { get }
    func draw(in canvas: Canvas, at origin: Point, width: Double, theme: Theme, text: KitText?) throws
}

extension StatusBar: ChromeBar {}
extension NavigationBar: ChromeBar {}
extension SearchBar: ChromeBar {}
extension Toolbar: ChromeBar {}
extension TabBar: ChromeBar {}
