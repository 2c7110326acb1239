import CellGeometry
import CellRaster

/// UIBarButtonItem: an item of a navigation bar or toolbar, drawn as a
/// `Button` of the bar's look, 30 pt tall (HIG) and as wide as its content:
///
/// - bordered / done: the title (bold 12 pt) plus 12 pt each side, at least
///   48 pt; an image (fitted in 20 x 20 pt) plus 10 pt each side, at least 40;
/// - plain: the content plus 6 pt each side (images fitted in 24 x 24 pt).
///
/// Widths are estimated from iOS 6 screenshots ("Edit" about 50 pt wide).
public struct BarButton {
    public enum Style: String, CaseIterable, Sendable {
        case bordered, done, plain
    }

    /// Default none.
    public var title: String?
    /// A template image. Default none.
    public var image: KitImage?
    /// Default `bordered` (UIBarButtonItemStyleBordered).
    public var style: Style = .bordered
    /// The pressed look. Default false.
    public var highlighted = false

    public static let height = Button.barHeight
    public static let font = KitFont.boldSystem(12)
    public static let titlePadding = 12.0, imagePadding = 10.0, plainPadding = 6.0
    public static let minimumTitleWidth = 48.0, minimumImageWidth = 40.0

    public init(title: String? = nil, image: KitImage? = nil, style: Style = .bordered) {
        self.title = title
        self.image = image
        self.style = style
    }

    /// The item's width: its content plus padding, at least the minimum.
    public func width(text: KitText?) throws -> Double {
        let titleWidth = try title.map { try Chrome.width($0, font: Self.font, text: text) } ?? 0
        let box = style == .plain ? 24.0 : 20.0
        let imageWidth = image.map { $0.fitted(in: Rect(x: 0, y: 0, width: box, height: box)).width } ?? 0
        let content = titleWidth + imageWidth + (title != nil && image != nil ? 4 : 0)
        switch style {
        case .plain:
            return (content + 2 * Self.plainPadding).rounded(.up)
        case .bordered, .done:
            if title != nil {
                return Swift.max(Self.minimumTitleWidth, (content + 2 * Self.titlePadding).rounded(.up))
            }
            return Swift.max(Self.minimumImageWidth, (content + 2 * Self.imagePadding).rounded(.up))
        }
    }

    /// The button that draws this item on a bar of `style` and `tint`.
    public func button(barStyle: BarStyle, tint: Color?) -> Button {
        var b = Button(style: Button.Style(rawValue: style.rawValue)!, title: title, image: image)
        b.barStyle = barStyle
        b.tint = tint
        b.highlighted = highlighted
        return b
    }

    /// The back button UINavigationBar draws for the previous item's title:
    /// the title plus 15 pt left of it (the point) and 7 pt right, at least 50 pt.
    public static func backWidth(_ title: String, text: KitText?) throws -> Double {
        Swift.max(50, (try Chrome.width(title, font: font, text: text) + 22).rounded(.up))
    }
}
