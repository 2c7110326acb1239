import CellGeometry
import CellRaster

/// Where everything of one cell lies, in the cell's coordinates (origin at
/// its top-left, `width` x `height`), after UITableViewCell of iOS 5/6:
///
/// - left to right: the editing control (a 32 pt band: the content moves
///   right by it), the indentation (10 pt a level), the image slot (10 pt
///   in), the labels (10 pt past the image), the badge (13 pt left of the
///   accessory side), the accessory, the reorder grip (a 38 pt band);
/// - the labels by style: `default` one bold 17 pt label centred
///   vertically; `subtitle` the badge seed's two lines (bold 18 pt at
///   y 10, 14 pt at y 32 of a 60 pt row, the pair kept centred in other
///   heights); `value1` the label at the left and the detail right-aligned
///   at the right, both centred; `value2` a small bold label right-aligned
///   in a 67 pt column and the detail 6 pt after it.
///
/// When label and value1 detail compete for the width, the detail keeps
/// its natural width up to 40% of what both may use and the label gets the
/// rest; each is truncated with "…" in its rectangle.
///
/// Rows whose `lines` or `detailLines` let a label wrap to more lines get
/// blocks of that many lines: centred as one line is (`default`, `value1`),
/// the label over the detail 10 pt from the top (`subtitle`), the small
/// label beside the first line of the detail (`value2`, as the address of a
/// Contacts card). `fittingHeight` is the height that holds them, 11 pt
/// above and below (10 for `subtitle`).
public struct CellLayout: Equatable, Sendable {
    public var editingControl: Rect?
    public var image: Rect?
    public var label: Rect?
    public var detail: Rect?
    public var badge: Rect?
    /// The swipe-to-delete confirmation button (`deleteButton`), in place
    /// of the badge and the accessory.
    public var deleteButton: Rect?
    /// The right edge the badge is placed against.
    public var badgeRight: Double?
    public var accessory: Rect?
    public var reorder: Rect?
    /// What the image, the labels' side and the accessory leave free: from
    /// where the labels start to where the badge or accessory begins, the
    /// row's whole height. A row's `draw` function gets it.
    public var content: Rect
    /// The label's and the detail's fonts: the row's own, else the theme's
    /// for the style (measured here, drawn with by the table).
    public var labelFont: KitFont
    public var detailFont: KitFont
    /// How many lines the label and the detail are laid out in (1 unless
    /// the row lets them wrap and their text needs more).
    public var labelLines = 1
    public var detailLines = 1
    /// The height the row's content needs: its labels' lines and the
    /// padding around them (at least the image's height and 4 pt). A row
    /// without a `height` of its own is the larger of this and the table's
    /// row height.
    public var fittingHeight = 0.0

    /// The editing band's width and the reorder band's.
    public static let editingWidth = 32.0
    public static let reorderWidth = 38.0
    /// A drawn image slot's side, the Settings icons' size.
    public static let imageSide = 29.0
    /// value2's label column.
    public static let value2LabelWidth = 67.0
    /// The badge seed's row height, in which its two lines sit at 10 and 32.
    public static let subtitleRowHeight = 60.0
    /// Space above and below wrapped labels (a one-line label in a 44 pt row
    /// leaves about this much).
    public static let verticalPadding = 11.0
    /// The swipe-to-delete button: 30 pt tall, at least 64 pt wide (its
    /// title and 12 pt each side), 10 pt from the right edge; bold 16 pt.
    public static let deleteButtonHeight = 30.0
    public static let deleteButtonMinWidth = 64.0
    public static let deleteButtonFont = KitFont.boldSystem(16)
    public static let deleteButtonTitle = "Delete"

    /// Lays out `row` in a cell of `width` x `height` with `theme`'s fonts,
    /// measuring text with `text` (nil: labels take their whole rectangles).
    public init(_ row: RowSpec, width w: Double, height h: Double, theme: Theme, text: KitText?) throws {
        switch row.resolvedStyle {
        case .default: (labelFont, detailFont) = (theme.font, theme.subtitleDetailFont)
        case .subtitle: (labelFont, detailFont) = (theme.subtitleFont, theme.subtitleDetailFont)
        case .value1: (labelFont, detailFont) = (theme.font, theme.valueFont)
        case .value2: (labelFont, detailFont) = (theme.value2LabelFont, theme.value2DetailFont)
        }
        labelFont = row.font ?? labelFont
        detailFont = row.detailFont ?? detailFont
        var left = 0.0, right = w
        if row.editing != .none {
            editingControl = Rect(x: 6, y: (h - 29) / 2, width: 29, height: 29)
            left += Self.editingWidth
        }
        if row.reorder {
            reorder = Rect(x: w - Self.reorderWidth, y: 0, width: Self.reorderWidth, height: h)
            right -= Self.reorderWidth
        }
        left += 10 * Double(Swift.max(0, row.indent))
        // The accessory, against the right side.
        if row.deleteButton {
            let tw = try text?.measure(Self.deleteButtonTitle, font: Self.deleteButtonFont).width ?? 40
            let bw = Swift.max(Self.deleteButtonMinWidth, (tw + 24).rounded(.up))
            let frame = Rect(x: right - 10 - bw, y: ((h - Self.deleteButtonHeight) / 2).rounded(), width: bw,
                             height: Self.deleteButtonHeight)
            if frame.minX >= left {
                deleteButton = frame
                right = frame.minX
            }
        }
        let accessorySize: (Double, Double)? = switch deleteButton != nil ? .none : row.accessory {
        case .none: nil
        case .disclosure: (20, 20)
        case .checkmark: (25, 20)
        case .detailDisclosure: (33, 31)
        case .detail: (34, 24)
        case .switch: (89, 27)
        }
        if let (aw, ah) = accessorySize {
            accessory = Rect(x: right - aw, y: ((h - ah) / 2).rounded(), width: aw, height: ah)
            right -= aw
        }
        // The image slot; left out when it would reach the accessory side.
        var labelX = left + 10
        var imageHeight = 0.0
        if let image = row.image {
            var (iw, ih) = (Self.imageSide, Self.imageSide)
            if case .pixels(let p, let scale) = image { (iw, ih) = (Double(p.width) / scale, Double(p.height) / scale) }
            imageHeight = ih
            let fit = Swift.min(1, Swift.max(0, h - 4) / Swift.max(ih, 1))
            (iw, ih) = (iw * fit, ih * fit)
            let slot = Rect(x: left + 10, y: ((h - ih) / 2).rounded(), width: iw, height: ih)
            if slot.maxX <= right {
                self.image = slot
                labelX = slot.maxX + 10
            }
        }
        // The badge, left of the accessory; left out when it would reach
        // the labels' start.
        var textRight = right - 10
        if let value = row.badge, let text, deleteButton == nil {
            var b = Badge(text: value)
            b.font = theme.badgeFont
            let f = try b.frame(right: right - 13, centerY: h / 2, text: text)
            if f.minX >= labelX {
                badge = f
                badgeRight = right - 13
                textRight = f.x - 5
            }
        }
        let width = Swift.max(0, textRight - labelX)
        content = Rect(x: Swift.min(labelX, right), y: 0, width: width, height: h)
        fittingHeight = imageHeight > 0 ? imageHeight + 4 : 0
        // No room for labels at all: none.
        guard width >= 1 else { return }
        func lineHeight(_ font: KitFont) throws -> Double { try text?.measure("Xg", font: font).height ?? font.size * 1.2 }
        func naturalWidth(_ s: String?, _ font: KitFont) throws -> Double { try s.map { try text?.measure($0, font: font).width ?? 0 } ?? 0 }
        if row.centered {
            // A button row: one centred label across the content.
            let lh = try lineHeight(labelFont)
            if row.text != nil { label = Rect(x: labelX, y: ((h - lh) / 2).rounded(), width: width, height: lh) }
            fittingHeight = Swift.max(fittingHeight, lh + 2 * Self.verticalPadding)
            return
        }
        /// Lines `s` takes in `width` (1 for none), at most `most` (0: no limit).
        func lineCount(_ s: String?, _ font: KitFont, _ width: Double, most: Int) throws -> Int {
            guard let s, most != 1, let text, width >= 1 else { return 1 }
            let n = Swift.max(1, try text.lineCount(s, width: width, font: font))
            return most > 0 ? Swift.min(n, most) : n
        }
        if try multiLine(row, width: width, labelX: labelX, textRight: textRight, height: h,
                         lineHeight: lineHeight, naturalWidth: naturalWidth, lineCount: lineCount) {
            return
        }
        switch row.resolvedStyle {
        case .default:
            let lh = try lineHeight(labelFont)
            if row.text != nil { label = Rect(x: labelX, y: ((h - lh) / 2).rounded(), width: width, height: lh) }
        case .subtitle:
            // The seed's two lines span y 10..50 of its 60 pt view; rows of
            // another height keep that block centred.
            let dy = (h - Self.subtitleRowHeight) / 2
            if row.text != nil { label = Rect(x: labelX, y: 10 + dy, width: width, height: 22) }
            if row.detail != nil { detail = Rect(x: labelX, y: 32 + dy, width: width, height: 18) }
        case .value1:
            let gap = 10.0
            let lw = try naturalWidth(row.text, labelFont), dw = try naturalWidth(row.detail, detailFont)
            var detailWidth = dw
            if lw + gap + dw > width {
                detailWidth = Swift.min(dw, Swift.max(width - gap - lw, (width - gap) * 0.4))
            }
            detailWidth = Swift.max(0, Swift.min(detailWidth, width))
            let labelWidth = Swift.max(0, width - (row.detail != nil ? detailWidth + gap : 0))
            let lh = try lineHeight(labelFont), dh = try lineHeight(detailFont)
            if row.text != nil { label = Rect(x: labelX, y: ((h - lh) / 2).rounded(), width: labelWidth, height: lh) }
            if row.detail != nil {
                detail = Rect(x: textRight - detailWidth, y: ((h - dh) / 2).rounded(), width: detailWidth, height: dh)
            }
        case .value2:
            let lh = try lineHeight(labelFont), dh = try lineHeight(detailFont)
            let column = Swift.min(Self.value2LabelWidth, width)
            // Baselines line up closely enough when both are centred.
            if row.text != nil { label = Rect(x: labelX, y: ((h - lh) / 2).rounded(), width: column, height: lh) }
            let dx = labelX + column + 6
            if row.detail != nil, textRight - dx >= 1 {
                detail = Rect(x: dx, y: ((h - dh) / 2).rounded(), width: Swift.max(0, textRight - dx), height: dh)
            }
        }
        let blocks = [label, detail].compactMap { $0 }
        if row.resolvedStyle == .subtitle {
            fittingHeight = Swift.max(fittingHeight, blocks.isEmpty ? 0 : Self.subtitleRowHeight)
        } else if let tallest = blocks.map(\.height).max() {
            fittingHeight = Swift.max(fittingHeight, tallest + 2 * Self.verticalPadding)
        }
    }

    /// Lays out labels of more than one line; false (nothing done) when
    /// both fit in one, which keeps the one-line geometry above. The row's
    /// `fittingHeight` holds every line its text needs; a row of a fixed
    /// height shows the lines that fit in it (4 pt clear above and below,
    /// at least one), the last one shown ending in "…".
    private mutating func multiLine(_ row: RowSpec, width: Double, labelX: Double, textRight: Double, height h: Double,
                                    lineHeight: (KitFont) throws -> Double,
                                    naturalWidth: (String?, KitFont) throws -> Double,
                                    lineCount: (String?, KitFont, Double, Int) throws -> Int) throws -> Bool {
        guard row.lines != 1 || row.detailLines != 1 else { return false }
        let lh = try lineHeight(labelFont), dh = try lineHeight(detailFont)
        let pad = Self.verticalPadding
        func fit(_ n: Int, _ lineHeight: Double, _ room: Double) -> Int {
            Swift.max(1, Swift.min(n, Int(((room + 1e-9) / Swift.max(lineHeight, 1e-9)).rounded(.down))))
        }
        switch row.resolvedStyle {
        case .default:
            let needed = try lineCount(row.text, labelFont, width, row.lines)
            guard needed > 1, row.text != nil else { return false }
            fittingHeight = Swift.max(fittingHeight, Double(needed) * lh + 2 * pad)
            labelLines = fit(needed, lh, h - 8)
            let block = Double(labelLines) * lh
            label = Rect(x: labelX, y: Swift.max(0, ((h - block) / 2).rounded()), width: width, height: block)
        case .subtitle:
            let n0 = try lineCount(row.text, labelFont, width, row.lines)
            let m0 = try lineCount(row.detail, detailFont, width, row.detailLines)
            guard n0 > 1 || m0 > 1 else { return false }
            func heights(_ n: Int, _ m: Int) -> (Double, Double) {
                (row.text == nil ? 0 : Swift.max(22, Double(n) * lh), row.detail == nil ? 0 : Swift.max(18, Double(m) * dh))
            }
            let (l0, d0) = heights(n0, m0)
            fittingHeight = Swift.max(fittingHeight, 10 + l0 + d0 + 10)
            // The detail gives way first, then the label.
            let m = fit(m0, dh, h - 8 - heights(1, 1).0)
            let n = fit(n0, lh, h - 8 - heights(1, m).1)
            (labelLines, detailLines) = (n, m)
            let (labelHeight, detailHeight) = heights(n, m)
            // 10 pt from the top when the row has room, else the pair centred.
            let top = h >= labelHeight + detailHeight + 20 ? 10 : Swift.max(0, ((h - labelHeight - detailHeight) / 2).rounded())
            if row.text != nil { label = Rect(x: labelX, y: top, width: width, height: labelHeight) }
            if row.detail != nil { detail = Rect(x: labelX, y: top + labelHeight, width: width, height: detailHeight) }
        case .value1:
            let gap = 10.0
            let lw = try naturalWidth(row.text, labelFont), dw = try naturalWidth(row.detail, detailFont)
            var detailWidth = dw
            if lw + gap + dw > width { detailWidth = Swift.min(dw, Swift.max(width - gap - lw, (width - gap) * 0.4)) }
            detailWidth = Swift.max(0, Swift.min(detailWidth, width))
            let labelWidth = Swift.max(0, width - (row.detail != nil ? detailWidth + gap : 0))
            let n0 = try lineCount(row.text, labelFont, labelWidth, row.lines)
            let m0 = try lineCount(row.detail, detailFont, detailWidth, row.detailLines)
            guard n0 > 1 || m0 > 1 else { return false }
            fittingHeight = Swift.max(fittingHeight, Swift.max(row.text == nil ? 0 : Double(n0) * lh,
                                                               row.detail == nil ? 0 : Double(m0) * dh) + 2 * pad)
            (labelLines, detailLines) = (fit(n0, lh, h - 8), fit(m0, dh, h - 8))
            let lb = Double(labelLines) * lh, db = Double(detailLines) * dh
            if row.text != nil { label = Rect(x: labelX, y: Swift.max(0, ((h - lb) / 2).rounded()), width: labelWidth, height: lb) }
            if row.detail != nil {
                detail = Rect(x: textRight - detailWidth, y: Swift.max(0, ((h - db) / 2).rounded()), width: detailWidth, height: db)
            }
        case .value2:
            let column = Swift.min(Self.value2LabelWidth, width)
            let dx = labelX + column + 6
            let detailWidth = Swift.max(0, textRight - dx)
            let n0 = try lineCount(row.text, labelFont, column, row.lines)
            let m0 = try lineCount(row.detail, detailFont, detailWidth, row.detailLines)
            guard n0 > 1 || m0 > 1 else { return false }
            let hasDetail = row.detail != nil && detailWidth >= 1
            // The small label's first line centred on the detail's first line.
            let offset = hasDetail ? ((dh - lh) / 2).rounded() : 0
            fittingHeight = Swift.max(fittingHeight, Swift.max(row.text == nil ? 0 : Double(n0) * lh + offset,
                                                               hasDetail ? Double(m0) * dh : 0) + 2 * pad)
            (labelLines, detailLines) = (fit(n0, lh, h - 8 - offset), fit(m0, dh, h - 8))
            let lb = row.text == nil ? 0 : Double(labelLines) * lh
            let db = hasDetail ? Double(detailLines) * dh : 0
            let top = Swift.max(0, ((h - Swift.max(lb + offset, db)) / 2).rounded())
            if row.text != nil { label = Rect(x: labelX, y: top + offset, width: column, height: lb) }
            if hasDetail { detail = Rect(x: dx, y: top, width: detailWidth, height: db) }
        }
        return true
    }
}
