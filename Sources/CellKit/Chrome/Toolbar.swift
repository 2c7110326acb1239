import CellGeometry
import CellRaster

/// UIToolbar of iOS 6: 44 pt (HIG), the navigation bar's gloss with the
/// dark line at its top and a lighter one under it; items left to right,
/// 12 pt from the sides and 10 pt apart, vertically centred, flexible
/// spaces sharing what is left equally (none: the items stay at the left),
/// a fixed space of N pt in place of the 10 pt gap. Margins and gaps are
/// estimated from screenshots.
public struct Toolbar {
    public enum Item {
        case button(BarButton)
        case flexibleSpace
        case fixedSpace(Double)
    }

    /// Default none.
    public var items: [Item] = []
    /// Default none: the theme's bar colors.
    public var tint: Color?
    /// Default `default`.
    public var style: BarStyle = .default

    public static let height = 44.0
    public static let margin = 12.0, spacing = 10.0

    public init(items: [Item] = []) { self.items = items }

    public var height: Double { Self.height }

    /// Each button item's frame relative to the bar (nil for spaces), in
    /// the order of `items`.
    public func layout(width w: Double, text: KitText?) throws -> [Rect?] {
        var widths: [Double?] = []
        for item in items {
            if case .button(let b) = item { widths.append(try b.width(text: text)) } else { widths.append(nil) }
        }
        // The gaps: between two buttons with nothing between them, `spacing`;
        // a run of spaces between them (or at an end) adds its fixed widths
        // and its flexible spaces' shares instead.
        var fixed = 2 * Self.margin, flexible = 0
        var previousWasButton = false
        for (i, item) in items.enumerated() {
            switch item {
            case .button:
                if previousWasButton { fixed += Self.spacing }
                fixed += widths[i]!
                previousWasButton = true
            case .flexibleSpace:
                flexible += 1
                previousWasButton = false
            case .fixedSpace(let n):
                fixed += Swift.max(0, n)
                previousWasButton = false
            }
        }
        let share = flexible > 0 ? Swift.max(0, (w - fixed) / Double(flexible)) : 0
        var x = Self.margin
        previousWasButton = false
        var out: [Rect?] = []
        for (i, item) in items.enumerated() {
            switch item {
            case .button:
                if previousWasButton { x += Self.spacing }
                let bw = widths[i]!
                out.append(Rect(x: x.rounded(), y: (Self.height - BarButton.height) / 2, width: bw, height: BarButton.height))
                x += bw
                previousWasButton = true
            case .flexibleSpace:
                x += share
                out.append(nil)
                previousWasButton = false
            case .fixedSpace(let n):
                x += Swift.max(0, n)
                out.append(nil)
                previousWasButton = false
            }
        }
        return out
    }

    /// "item1", "item2", ... (counting every entry of `items`, spaces too,
    /// so a name is the item's index), relative to the bar.
    public func parts(width: Double, text: KitText?) throws -> [(name: String, rect: Rect)] {
        try layout(width: width, text: text).enumerated().compactMap { i, r in r.map { ("item\(i + 1)", $0) } }
    }

    public func draw(in canvas: Canvas, at origin: Point, width w: Double, theme: Theme, text: KitText?) throws {
        guard w > 0 else { return }
        let look = BarLook.make(theme.chrome, style: style, tint: tint)
        let bar = Rect(x: origin.x, y: origin.y, width: w, height: Self.height)
        Chrome.fill(bar, with: try Chrome.gloss(look.colors), canvas: canvas)
        Chrome.fillRect(Rect(x: bar.x, y: bar.y, width: w, height: 1), look.line, canvas: canvas)
        Chrome.fillRect(Rect(x: bar.x, y: bar.y + 1, width: w, height: 1),
                        look.colors.top.mixed(with: .white, 0.3), canvas: canvas)
        for (item, rect) in zip(items, try layout(width: w, text: text)) {
            guard case .button(let b) = item, let r = rect else { continue }
            try b.button(barStyle: style, tint: tint).draw(
                in: canvas, frame: Rect(x: r.x + origin.x, y: r.y + origin.y, width: r.width, height: r.height),
                theme: theme, text: text)
        }
    }
}
