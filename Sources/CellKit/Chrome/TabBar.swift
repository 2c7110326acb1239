import CellGeometry
import CellRaster

/// UITabBar of iOS 6: 49 pt (HIG), a black gloss (the upper half lighter)
/// under a dark line; items equally wide across the bar. Each: a template
/// icon fitted in 30 x 30 pt, 4 pt below the top, centred; the title bold
/// 10 pt under it (its box 34 to 46 pt); unselected, the icon a gray
/// gradient and the title gray; selected, a lighter rounded rectangle
/// (radius 3) behind the item, 2 pt in from its sides and 2 pt from the
/// bar's top and bottom, the icon a glossy blue and the title white. A
/// badge: a red glossy oval (18 pt tall, at least as wide) in a 2 pt white
/// ring with a shadow, white bold 13 pt text, its left 6 pt right of the
/// item's centre (moved left to stay 2 pt inside the bar) and its top 1 pt
/// below the bar's.
public struct TabBar {
    public struct Item {
        /// Default none.
        public var title: String?
        /// A template image. Default none.
        public var image: KitImage?
        /// Default none.
        public var badge: String?

        public init(title: String? = nil, image: KitImage? = nil, badge: String? = nil) {
            self.title = title
            self.image = image
            self.badge = badge
        }
    }

    /// Default none.
    public var items: [Item] = []
    /// The selected item's index (0-based); nil for none. Default 0.
    public var selected: Int? = 0
    /// Default bold 10 pt (titles), bold 13 pt (badges).
    public var titleFont = KitFont.boldSystem(10)
    public var badgeFont = KitFont.boldSystem(13)

    public static let height = 49.0
    public static let iconSize = 30.0, iconTop = 4.0
    public static let titleTop = 34.0, titleHeight = 12.0
    public static let badgeHeight = 18.0, badgeRing = 2.0

    public init(items: [Item] = []) { self.items = items }

    public var height: Double { Self.height }

    /// Each item's slot (the bar's width shared equally), relative to the bar.
    public func itemFrames(width w: Double) -> [Rect] {
        let n = items.count
        guard n > 0 else { return [] }
        return (0..<n).map { i in
            let x0 = (w * Double(i) / Double(n)).rounded(), x1 = (w * Double(i + 1) / Double(n)).rounded()
            return Rect(x: x0, y: 0, width: x1 - x0, height: Self.height)
        }
    }

    /// "tab1", "tab2", ... relative to the bar.
    public func parts(width: Double) -> [(name: String, rect: Rect)] {
        itemFrames(width: width).enumerated().map { ("tab\($0.offset + 1)", $0.element) }
    }

    /// The selected item's lighter rectangle in its slot.
    public static func selectionFrame(in slot: Rect) -> Rect {
        Rect(x: slot.x + 2, y: slot.y + 2, width: slot.width - 4, height: slot.height - 4)
    }

    /// The icon's box in a slot.
    public static func iconBox(in slot: Rect) -> Rect {
        Rect(x: slot.midX - iconSize / 2, y: slot.y + iconTop, width: iconSize, height: iconSize)
    }

    /// The badge's frame for its text width: the oval with its ring.
    public func badgeFrame(in slot: Rect, textWidth: Double) -> Rect {
        let inner = Swift.max(Self.badgeHeight, (textWidth + 10).rounded(.up))
        let ring = Self.badgeRing
        return Rect(x: slot.midX + 6, y: slot.y + 1, width: inner + 2 * ring, height: Self.badgeHeight + 2 * ring)
    }

    public func draw(in canvas: Canvas, at origin: Point, width w: Double, theme: Theme, text: KitText?) throws {
        guard w > 0 else { return }
        let c = theme.chrome
        let bar = Rect(x: origin.x, y: origin.y, width: w, height: Self.height)
        // The gloss: a lighter upper half, a darker lower one.
        let top = c.tabBarColors.top, bottom = c.tabBarColors.bottom
        let g = try Gradient(stops: [.init(location: 0, color: top),
                                     .init(location: 0.5, color: top.mixed(with: bottom, 0.35)),
                                     .init(location: 0.5, color: top.mixed(with: bottom, 0.65)),
                                     .init(location: 1, color: bottom)])
        Chrome.fill(bar, with: g, canvas: canvas)
        Chrome.fillRect(Rect(x: bar.x, y: bar.y, width: w, height: 1), c.tabBarLine, canvas: canvas)
        Chrome.fillRect(Rect(x: bar.x, y: bar.y + 1, width: w, height: 1), Color(white: 1, alpha: 0.12), canvas: canvas)

        let unselected = try Gradient(stops: [.init(location: 0, color: c.tabIconColors.top),
                                              .init(location: 1, color: c.tabIconColors.bottom)])
        let s = c.tabSelectedColors
        let selectedGloss = try Gradient(stops: [.init(location: 0, color: s.top.mixed(with: .white, 0.35)),
                                                 .init(location: 0.5, color: s.top),
                                                 .init(location: 0.5, color: s.top.mixed(with: s.bottom, 0.55)),
                                                 .init(location: 1, color: s.bottom)])
        for (i, slot0) in itemFrames(width: w).enumerated() {
            let slot = Rect(x: slot0.x + origin.x, y: slot0.y + origin.y, width: slot0.width, height: slot0.height)
            let item = items[i], isSelected = selected == i
            if isSelected {
                canvas.withSavedState {
                    canvas.setFillColor(c.tabSelectedBackground)
                    canvas.fill(Chrome.rounded(Self.selectionFrame(in: slot), 3))
                }
            }
            if let image = item.image {
                let shadow = isSelected ? nil : try Shadow(dx: 0, dy: -1, blur: 0, color: Color(white: 0, alpha: 0.8))
                Chrome.template(image, in: Self.iconBox(in: slot), gradient: isSelected ? selectedGloss : unselected,
                                shadow: shadow, canvas: canvas)
            }
            if let title = item.title {
                try Chrome.label(title, in: Rect(x: slot.x + 1, y: slot.y + Self.titleTop, width: slot.width - 2,
                                                 height: Self.titleHeight),
                                 font: titleFont, color: isSelected ? c.tabSelectedText : c.tabText, text: text,
                                 canvas: canvas)
            }
            if let badge = item.badge, !badge.isEmpty {
                try drawBadge(badge, slot: slot, barRight: bar.maxX, theme: c, text: text, canvas: canvas)
            }
        }
    }

    private func drawBadge(_ badge: String, slot: Rect, barRight: Double, theme c: ChromeTheme, text: KitText?,
                           canvas: Canvas) throws {
        var f = badgeFrame(in: slot, textWidth: try Chrome.width(badge, font: badgeFont, text: text))
        f.x = Swift.min(f.x, barRight - 2 - f.width) // kept on the bar
        let outer = Chrome.rounded(f, f.height / 2)
        canvas.withSavedState {
            canvas.setShadow(try? Shadow(dx: 0, dy: 1.5, blur: 2, color: Color(white: 0, alpha: 0.6)))
            canvas.setFillColor(c.tabBadgeText)
            canvas.fill(outer)
        }
        let inner = f.insetBy(dx: Self.badgeRing, dy: Self.badgeRing)
        Chrome.fill(inner, with: try Chrome.linear(c.tabBadgeColors), in: Chrome.rounded(inner, inner.height / 2),
                    canvas: canvas)
        // The gloss: a white sheen over the upper half.
        let sheen = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height * 0.55)
        let g = try Gradient(stops: [.init(location: 0, color: Color(white: 1, alpha: 0.55)),
                                     .init(location: 1, color: Color(white: 1, alpha: 0.1))])
        Chrome.fill(sheen, with: g, in: Chrome.rounded(sheen, sheen.height / 2), canvas: canvas)
        try Chrome.label(badge, in: inner, font: badgeFont, color: c.tabBadgeText, text: text, canvas: canvas)
    }
}
