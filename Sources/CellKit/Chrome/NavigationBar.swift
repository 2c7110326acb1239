import CellGeometry
import CellRaster

/// UINavigationBar of iOS 6: 44 pt (74 with a prompt, HIG), the bar's
/// gloss with a lighter 1 pt line at its top and a dark one at its bottom;
/// a back button or a left item 5 pt from the left, a right item 5 pt
/// from the right, both 30 pt tall and 7 pt below the 44 pt band's top;
/// the title bold 20 pt white with a black shadow 1 pt above, centred in
/// the bar when it fits between the buttons (6 pt from each), else moved
/// just enough to fit, else tail-truncated there. The prompt: 13 pt white,
/// centred in the 30 pt above the band.
public struct NavigationBar {
    /// Default none.
    public var title: String?
    /// A line above the title in a 74 pt bar. Default none.
    public var prompt: String?
    /// The back button's title (the previous item's). Shown at the left
    /// unless `left` is given (as UIKit hides the back button then). Default none.
    public var back: String?
    public var left: BarButton?
    public var right: BarButton?
    /// tintColor: the bar's gradient and its buttons derived from one color.
    /// Default none: the theme's bar colors.
    public var tint: Color?
    /// Default `default`; `black`: the near-black bar.
    public var style: BarStyle = .default
    /// Default bold 20 pt (title), 13 pt (prompt).
    public var titleFont = KitFont.boldSystem(20)
    public var promptFont = KitFont.system(13)

    public static let height = 44.0
    public static let promptHeight = 30.0
    /// Buttons' distance from the bar's sides (5) and from its 44 pt band's top (7).
    public static let buttonMargin = 5.0, buttonTop = 7.0
    /// The least gap between the title and a button.
    public static let titleGap = 6.0
    /// The share of the bar's width a back button or left or right item may
    /// take at most (its title is truncated past it).
    public static let maximumButtonShare = 0.4

    public init(title: String? = nil) { self.title = title }

    public var height: Double { prompt == nil ? Self.height : Self.height + Self.promptHeight }

    /// Where each part lies, relative to the bar's origin.
    public struct Layout: Equatable {
        public var back: Rect?
        public var left: Rect?
        public var right: Rect?
        public var title: Rect?
        public var prompt: Rect?
    }

    public func layout(width w: Double, text: KitText?) throws -> Layout {
        var out = Layout()
        let band = height - Self.height
        let maxButton = (w * Self.maximumButtonShare).rounded(.down)
        let y = band + Self.buttonTop
        if let left {
            let bw = Swift.min(maxButton, try left.width(text: text))
            out.left = Rect(x: Self.buttonMargin, y: y, width: bw, height: BarButton.height)
        } else if let back {
            let bw = Swift.min(maxButton, try BarButton.backWidth(back, text: text))
            out.back = Rect(x: Self.buttonMargin, y: y, width: bw, height: BarButton.height)
        }
        if let right {
            let bw = Swift.min(maxButton, try right.width(text: text))
            out.right = Rect(x: w - Self.buttonMargin - bw, y: y, width: bw, height: BarButton.height)
        }
        if let title {
            let lo = (out.left ?? out.back).map { $0.maxX + Self.titleGap } ?? 8
            let hi = out.right.map { $0.minX - Self.titleGap } ?? w - 8
            let tw = try Chrome.width(title, font: titleFont, text: text)
            let th = try Chrome.lineHeight(titleFont, text: text)
            let ty = band + ((Self.height - th) / 2).rounded()
            if hi > lo {
                let centred = (w - tw) / 2
                let x: Double, width: Double
                if tw <= hi - lo {
                    x = Swift.min(Swift.max(centred, lo), hi - tw)
                    width = tw
                } else {
                    x = lo
                    width = hi - lo
                }
                out.title = Rect(x: x, y: ty, width: width, height: th)
            }
        }
        if let prompt {
            let pw = Swift.min(try Chrome.width(prompt, font: promptFont, text: text), w - 16)
            let ph = try Chrome.lineHeight(promptFont, text: text)
            out.prompt = Rect(x: (w - pw) / 2, y: ((Self.promptHeight - ph) / 2 + 1).rounded(), width: pw, height: ph)
        }
        return out
    }

    /// The parts a screen can name: "back", "left", "right", "title",
    /// "prompt", relative to the bar's origin.
    public func parts(width: Double, text: KitText?) throws -> [(name: String, rect: Rect)] {
        let l = try layout(width: width, text: text)
        return [("back", l.back), ("left", l.left), ("right", l.right), ("title", l.title), ("prompt", l.prompt)]
            .compactMap { name, rect in rect.map { (name, $0) } }
    }

    public func draw(in canvas: Canvas, at origin: Point, width w: Double, theme: Theme, text: KitText?) throws {
        guard w > 0 else { return }
        let look = BarLook.make(theme.chrome, style: style, tint: tint)
        let h = height
        let bar = Rect(x: origin.x, y: origin.y, width: w, height: h)
        Chrome.fill(bar, with: try Chrome.gloss(look.colors), canvas: canvas)
        Chrome.fillRect(Rect(x: bar.x, y: bar.y, width: w, height: 1),
                        look.colors.top.mixed(with: .white, 0.35), canvas: canvas)
        Chrome.fillRect(Rect(x: bar.x, y: bar.maxY - 1, width: w, height: 1), look.line, canvas: canvas)
        let l = try layout(width: w, text: text)
        func moved(_ r: Rect) -> Rect { Rect(x: r.x + origin.x, y: r.y + origin.y, width: r.width, height: r.height) }
        if let r = l.prompt, let prompt {
            try Chrome.label(prompt, in: moved(r), font: promptFont, color: look.text, shadow: look.textShadow,
                             text: text, canvas: canvas)
        }
        if let r = l.title, let title {
            try Chrome.label(title, in: moved(r), font: titleFont, color: look.text, shadow: look.textShadow,
                             text: text, canvas: canvas)
        }
        if let r = l.back, let back {
            var b = Button(style: .back, title: back)
            b.barStyle = style
            b.tint = tint
            try b.draw(in: canvas, frame: moved(r), theme: theme, text: text)
        }
        if let r = l.left, let left {
            try left.button(barStyle: style, tint: tint).draw(in: canvas, frame: moved(r), theme: theme, text: text)
        }
        if let r = l.right, let right {
            try right.button(barStyle: style, tint: tint).draw(in: canvas, frame: moved(r), theme: theme, text: text)
        }
    }
}
