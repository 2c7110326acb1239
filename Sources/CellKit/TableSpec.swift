import CellGeometry
import CellRaster

/// A table view described as data: what `ui.table(spec)` reads. Defaults are
/// UIKit's metrics of the iOS 4/5 era (44 pt rows, 10 pt grouped insets, 20 pt
/// between grouped sections) and the seeds' colors.
public struct TableSpec {
    public enum Style: String, CaseIterable, Sendable { case grouped, plain }
    public enum CellStyle: String, CaseIterable, Sendable { case gradient, plain, bevel }

    /// The table's frame on the canvas, in points.
    public var x = 0.0, y = 0.0
    public var width = 320.0, height = 480.0
    public var style = Style.grouped
    /// Behind everything; default: grouped #C5CCD4, plain white.
    public var background: Color?
    /// The two-tone stretchers: what shows in the
    /// gap when the table is pulled past its top or its bottom. nil: the
    /// background shows, as in a plain UITableView.
    public var topColor: Color?
    public var bottomColor: Color?
    /// The scroll position (UIScrollView contentOffset.y): negative when
    /// pulled down past the top.
    public var contentOffset = 0.0
    public var header: ViewSpec?
    public var footer: ViewSpec?
    public var sections: [SectionSpec] = []
    public var cellStyle = CellStyle.gradient
    public var cornerOverlay: RoundedOverlay?

    /// Row height unless a row sets its own.
    public var rowHeight = 44.0
    /// Grouped sections' left and right inset.
    public var inset = 10.0
    /// Space above each grouped section and below the last one.
    public var sectionSpacing = 20.0
    /// Grouped cells' corner radius.
    public var radius = 10.0
    /// The gradient cell background's colors (#FFFFFF to #DDDDDD).
    public var cellColors: (Color, Color) = (.white, Color(hex: "#DDDDDD")!)
    /// The badge seed's default badge color.
    public var badgeColor = Color(r: 0.53, g: 0.6, b: 0.738)
    /// The badge color of highlighted rows (the seed: white).
    public var badgeHighlightColor = Color.white

    public init() {}

    public var backgroundColor: Color {
        background ?? (style == .grouped ? Color(r: 0xC5 / 255.0, g: 0xCC / 255.0, b: 0xD4 / 255.0) : .white)
    }
}

/// A header or footer view: a height, a fill (color or vertical gradient),
/// an optional title and an optional custom drawing.
public struct ViewSpec {
    public var height = 44.0
    public var color: Color?
    public var gradient: (Color, Color)?
    public var title: String?
    public var titleColor = Color.white
    /// Draws the view's content in its own coordinates (width, height).
    public var draw: ((Canvas, Double, Double) throws -> Void)?

    public init() {}
}

public struct SectionSpec {
    public var title: String?
    public var footer: String?
    public var rows: [RowSpec] = []

    public init() {}
}

public struct RowSpec {
    public enum Accessory: String, CaseIterable, Sendable { case none, disclosure, checkmark }

    public var text: String?
    public var detail: String?
    public var badge: String?
    public var highlighted = false
    public var accessory = Accessory.none
    /// nil: the table's row height.
    public var height: Double?
    /// Custom content, drawn in the cell's coordinates (width, height) after
    /// its background, in the cell's layer.
    public var draw: ((Canvas, Double, Double) throws -> Void)?

    public init() {}
}
