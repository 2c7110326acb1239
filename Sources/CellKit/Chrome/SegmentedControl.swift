import CellGeometry
import CellRaster

/// UISegmentedControl of iOS 6, its segments equally wide (whole points)
/// across the control, 1 pt dividers between them:
///
/// - plain: 44 pt tall, radius 8, a 1 pt gray border, segments white to
///   light gray, titles bold 13 pt gray with a white shadow below; the
///   selected segment a blue gradient (#2A8BEF to #165FD2) with a soft
///   shadow inside along its top, its title white with a dark shadow above;
/// - bordered: the same, flatter (the light gray half as deep);
/// - bar: 30 pt tall, radius 5, a bar button's look (the bar's tint or
///   style), titles bold 12 pt white; the selected segment darker.
///
/// Images are template images in the title's color. Heights are Interface
/// Builder's of that era; radii estimated.
public struct SegmentedControl {
    public enum Style: String, CaseIterable, Sendable {
        case plain, bordered, bar
    }

    public enum Segment {
        case title(String)
        case image(KitImage)
    }

    /// Default none.
    public var segments: [Segment] = []
    /// The selected segment's index (0-based); nil for none. Default 0.
    public var selected: Int? = 0
    /// Default `plain`.
    public var style: Style = .plain
    /// Bar style: the tint and style of the bar it stands on. Default: the theme's bar.
    public var tint: Color?
    public var barStyle: BarStyle = .default
    /// Default bold 13 pt (plain, bordered), bold 12 pt (bar).
    public var font: KitFont?

    public static let height = 44.0, barHeight = 30.0
    public static let radius = 8.0, barRadius = 5.0

    public init(segments: [Segment] = [], style: Style = .plain) {
        self.segments = segments
        self.style = style
    }

    public var height: Double { style == .bar ? Self.barHeight : Self.height }
    var radius: Double { style == .bar ? Self.barRadius : Self.radius }

    /// Each segment's frame relative to the control: whole points, abutting,
    /// the first at 0 and the last ending at `width`.
    public func segmentFrames(width w: Double) -> [Rect] {
        let n = segments.count
        guard n > 0 else { return [] }
        return (0..<n).map { i in
            let x0 = (w * Double(i) / Double(n)).rounded(), x1 = i == n - 1 ? w : (w * Double(i + 1) / Double(n)).rounded()
            return Rect(x: x0, y: 0, width: x1 - x0, height: height)
        }
    }

    /// "segment1", "segment2", ... relative to the control.
    public func parts(width: Double) -> [(name: String, rect: Rect)] {
        segmentFrames(width: width).enumerated().map { ("segment\($0.offset + 1)", $0.element) }
    }

    public func draw(in canvas: Canvas, at origin: Point, width w: Double, theme: Theme, text: KitText?) throws {
        guard w > 0, !segments.isEmpty else { return }
        let c = theme.chrome
        let f = Rect(x: origin.x, y: origin.y, width: w, height: height)
        let look = BarLook.make(c, style: barStyle, tint: tint)
        let isBar = style == .bar
        var colors = isBar ? look.buttonColors : c.segmentedColors
        if style == .bordered { colors.bottom = colors.top.mixed(with: colors.bottom, 0.5) }
        let border = isBar ? look.buttonBorder : c.segmentedBorder
        let selectedColors = isBar
            ? Theme.Pair(look.buttonColors.top.mixed(with: .black, 0.3), look.buttonColors.bottom.mixed(with: .black, 0.3))
            : c.segmentedSelectedColors
        let r = radius
        // The light line under the control, the border, the segments.
        canvas.withSavedState {
            canvas.setFillColor(Color(white: 1, alpha: isBar ? 0.22 : 0.5))
            canvas.fill(Chrome.rounded(Rect(x: f.x, y: f.y + 1, width: f.width, height: f.height), r))
            canvas.setFillColor(border)
            canvas.fill(Chrome.rounded(f, r))
        }
        let inner = f.insetBy(dx: 1, dy: 1)
        let innerShape = Chrome.rounded(inner, r - 1)
        Chrome.fill(inner, with: isBar ? try Chrome.gloss(colors) : try Chrome.linear(colors), in: innerShape,
                    canvas: canvas)
        let frames = segmentFrames(width: w).map { Rect(x: $0.x + f.x, y: f.y, width: $0.width, height: $0.height) }
        if let s = selected, frames.indices.contains(s) {
            let seg = frames[s]
            try canvas.withSavedState {
                canvas.clip(innerShape)
                canvas.clipRect(seg)
                canvas.drawLinearGradient(isBar ? try Chrome.gloss(selectedColors) : try Chrome.linear(selectedColors),
                                          from: Point(seg.x, inner.y), to: Point(seg.x, inner.maxY))
                // The pressed look: a soft shadow inside along the top.
                let sh = try Gradient(stops: [.init(location: 0, color: Color(white: 0, alpha: 0.3)),
                                              .init(location: 1, color: Color(white: 0, alpha: 0))])
                canvas.drawLinearGradient(sh, from: Point(seg.x, inner.y), to: Point(seg.x, inner.y + 4))
            }
        }
        // Dividers, and the light line inside along the top of bar segments.
        canvas.withSavedState {
            canvas.setFillColor(border)
            for seg in frames.dropFirst() { canvas.fillRect(Rect(x: seg.x - 0.5, y: inner.y, width: 1, height: inner.height)) }
        }
        if isBar {
            canvas.withSavedState {
                canvas.clip(innerShape)
                canvas.setFillColor(Color(white: 1, alpha: 0.2))
                for (i, seg) in frames.enumerated() where i != selected {
                    canvas.fillRect(Rect(x: seg.x + (i == 0 ? 0 : 0.5), y: inner.y, width: seg.width - 1, height: 1))
                }
            }
        }
        let font = self.font ?? (isBar ? KitFont.boldSystem(12) : KitFont.boldSystem(13))
        for (i, seg) in frames.enumerated() {
            let on = i == selected
            let color: Color, shadow: Color, dy: Double
            if isBar || on {
                color = isBar ? look.text : c.segmentedSelectedText
                shadow = isBar ? look.textShadow : Color(white: 0, alpha: 0.4)
                dy = -1
            } else {
                color = c.segmentedText
                shadow = c.segmentedColors.top.luma > 0.5 ? Color(white: 1, alpha: 0.8) : Color(white: 0, alpha: 0.5)
                dy = c.segmentedColors.top.luma > 0.5 ? 1 : -1
            }
            let content = seg.insetBy(dx: 6, dy: 0)
            switch segments[i] {
            case .title(let t):
                try Chrome.label(t, in: content, font: font, color: color, shadow: shadow, shadowDY: dy, text: text,
                                 canvas: canvas)
            case .image(let image):
                let box = Swift.min(height - 12, 24)
                Chrome.template(image, in: Rect(x: content.midX - box / 2, y: seg.midY - box / 2, width: box, height: box),
                                color: color, shadow: try Shadow(dx: 0, dy: dy, blur: 0, color: shadow), canvas: canvas)
            }
        }
    }
}
