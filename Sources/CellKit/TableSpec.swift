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
    /// Every color and font the table draws with (default `Theme.ios6`).
    public var theme = Theme.ios6
    /// Behind everything; default: the theme's (grouped or plain) background.
    public var background: Color?
    /// The grouped table's stock background (UIKit's
    /// groupTableViewBackgroundColor, a pattern of vertical pinstripes)
    /// instead of a plain color: `Pinstripes`, in the background color and
    /// the theme's `pinstripe`. Default false.
    public var pinstripes = false
    /// Table-wide editing (UITableView's `editing`): every row shows its
    /// editing control (delete unless it says insert), and accessories and
    /// badges are hidden as UIKit hides them; `.multiple` shows the
    /// multiple-selection circles instead (rows' `checked`). Default `.none`.
    public var editing = Editing.none
    public enum Editing: Sendable { case none, on, multiple }
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
    /// Lines between rows (plain tables and bevelled sections); grouped
    /// gradient cells keep their outline either way.
    public var separator = true
    /// How far separators start from the row's left edge, in points
    /// (default 0: the whole width).
    public var separatorInset = 0.0

    public init() {}

    public var backgroundColor: Color {
        background ?? (style == .grouped ? theme.background : theme.plainBackground)
    }

    /// A row as this table shows it. Table-wide editing gives every row
    /// without a control of its own the delete control (`.on`) or the
    /// selection circle (`.multiple`) and hides accessories and badges, as
    /// UIKit hides them in editing mode; a row showing its delete button
    /// hides them too.
    public func shown(_ row: RowSpec) -> RowSpec {
        var r = row
        switch editing {
        case .none: break
        case .on: if r.editing == .none { r.editing = .delete }
        case .multiple: r.editing = .select
        }
        if editing != .none || r.deleteButton {
            r.accessory = .none
            r.badge = nil
        }
        return r
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
    /// Views of any height in place of the title and the footer text
    /// (`viewForHeaderInSection:`), as wide as the table.
    public var headerView: ViewSpec?
    public var footerView: ViewSpec?
    public var rows: [RowSpec] = []

    public init() {}
}

public struct RowSpec {
    /// UITableViewCellStyle: one label; a label over a gray detail; a label
    /// and a blue detail at the right (value1); a small blue label and a
    /// detail after it (value2).
    public enum Style: String, CaseIterable, Sendable { case `default`, subtitle, value1, value2 }
    public enum Accessory: String, CaseIterable, Sendable {
        case none, disclosure, checkmark
        case detailDisclosure = "detail_disclosure", detail
        case `switch`
    }
    /// The control at the left in editing mode: UIKit's red minus and green
    /// plus, and the multiple-selection circle (`select`, filled when the
    /// row is `checked`).
    public enum Editing: String, CaseIterable, Sendable { case none, delete, insert, select }
    /// What fills the image slot at the row's left.
    public enum Image {
        /// Pixels at `scale` pixels per point (an `@2x` image is half its
        /// pixel size), scaled down to fit the row.
        case pixels(PixelBuffer, scale: Double)
        /// A drawing into the slot (canvas, slot rectangle), 29 x 29 pt.
        case draw((Canvas, Rect) throws -> Void)
    }

    public var text: String?
    public var detail: String?
    public var badge: String?
    public var highlighted = false
    /// nil: `.subtitle` when there is a detail, else `.default`.
    public var style: Style?
    public var image: Image?
    public var accessory = Accessory.none
    /// The switch's state (`accessory = .switch`).
    public var on = false
    public var editing = Editing.none
    /// The reorder grip at the right.
    public var reorder = false
    /// Indentation level: the content moves 10 pt right per level.
    public var indent = 0
    /// nil: the table's row height.
    public var height: Double?
    /// nil: the theme's.
    public var textColor: Color?
    public var detailColor: Color?
    public var font: KitFont?
    public var detailFont: KitFont?
    /// Most lines of the label and of the detail (0: as many as the text
    /// has); a row without its own `height` grows to fit them. Default 1:
    /// one line, tail-truncated, as UILabel's numberOfLines.
    public var lines = 1
    public var detailLines = 1
    /// The cell's fill instead of the table's (a red destructive row, a
    /// tinted unread one); grouped cells keep their outline and shape.
    public var background: Color?
    /// A button row: the label centred across the cell (default false).
    public var centered = false
    /// The swipe-to-delete confirmation: a red "Delete" button at the
    /// right in place of the accessory and badge (default false).
    public var deleteButton = false
    /// Selected in multiple-selection editing (`editing = .select`).
    public var checked = false
    /// Custom content, drawn in the cell's coordinates (width, height, the
    /// free content rectangle, the row's state) after its background and
    /// labels, in the cell's layer.
    public var draw: ((Canvas, Double, Double, Rect, RowState) throws -> Void)?

    public init() {}

    /// Whether drawing the row calls the caller's code (`draw`, an image
    /// function): such rows are drawn in order on the calling thread, in a
    /// layer of their own.
    public var callsBack: Bool {
        if draw != nil { return true }
        if case .draw = image { return true }
        return false
    }

    /// The state a row's `draw` is told, so custom content can follow it
    /// (white labels on a selected row).
    public struct RowState: Sendable, Equatable {
        public var highlighted: Bool
        public var editing: Bool
        public var checked: Bool
        public init(highlighted: Bool, editing: Bool, checked: Bool) {
            self.highlighted = highlighted
            self.editing = editing
            self.checked = checked
        }
    }

    /// The style drawn: `style`, or what the fields imply.
    public var resolvedStyle: Style { style ?? (detail != nil ? .subtitle : .default) }
}
