import CellGeometry

/// The grouped table's stock background of iOS 4-6
/// (groupTableViewBackgroundColor): a pattern of vertical pinstripes, 3 pt
/// of the lighter `pinstripe` color in every 7 pt over the background
/// color, from the frame's left edge. The period and widths are estimated
/// from screenshots of the Settings app (the pattern image itself is not
/// documented).
public enum Pinstripes {
    /// The stripes' period and the light stripe's width, in points.
    public static let period = 7.0
    public static let stripeWidth = 3.0

    /// The light stripes that cover `frame`, as one path of rectangles.
    public static func path(in frame: Rect) -> Path {
        var p = Path()
        guard frame.width > 0, frame.height > 0 else { return p }
        var x = frame.minX + period - stripeWidth
        while x < frame.maxX {
            p.addRect(Rect(x: x, y: frame.minY, width: Swift.min(stripeWidth, frame.maxX - x), height: frame.height))
            x += period
        }
        return p
    }
}
