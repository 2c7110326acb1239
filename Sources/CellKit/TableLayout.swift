import CellGeometry

/// Where everything of a table lies, in content coordinates: x across the
/// table's width, y from the top of its content (the header view's top), as
/// UIScrollView lays out its content. The screen shows content y from
/// `contentOffset` to `contentOffset + height`.
public struct TableLayout {
    public struct Section {
        /// The section's title label, if it has a title.
        public var titleFrame: Rect?
        /// The rows' frames, top to bottom.
        public var rows: [Rect]
        /// The footer text's frame, if it has a footer.
        public var footerFrame: Rect?
        /// The rows' union (the grouped section's rounded box); nil without rows.
        public var groupFrame: Rect?
        /// The section's header and footer views, as wide as the table.
        public var headerViewFrame: Rect?
        public var footerViewFrame: Rect?
    }

    public var headerFrame: Rect?
    public var sections: [Section] = []
    public var footerFrame: Rect?
    public var contentHeight = 0.0

    /// Grouped section titles: a 26 pt band above the section (bold 17 pt label).
    public static let titleHeight = 26.0
    /// Grouped footers: a 6 pt gap and 19 pt per line of 15 pt text.
    public static let footerGap = 6.0
    public static let footerLineHeight = 19.0
    /// Plain section headers: 22 pt bars.
    public static let plainHeaderHeight = 22.0

    /// Lays out `spec`. `footerLines(text, width)` says how many lines a
    /// footer text wraps to (1 when text measuring is not available);
    /// `fittingHeight(row, width)` the height a row whose labels may wrap
    /// needs (`CellLayout.fittingHeight`), asked only for rows without a
    /// `height` whose `lines` or `detailLines` is not 1: they are the larger
    /// of it and the table's row height.
    public init(_ spec: TableSpec, footerLines: (String, Double) -> Int = { _, _ in 1 },
                fittingHeight: (RowSpec, Double) -> Double = { _, _ in 0 }) {
        var y = 0.0
        if let header = spec.header {
            headerFrame = Rect(x: 0, y: 0, width: spec.width, height: header.height)
            y += header.height
        }
        let grouped = spec.style == .grouped
        let inset = grouped ? spec.inset : 0
        let rowWidth = Swift.max(0, spec.width - 2 * inset)
        for section in spec.sections {
            var s = Section(titleFrame: nil, rows: [], footerFrame: nil, groupFrame: nil)
            if grouped { y += spec.sectionSpacing }
            if let view = section.headerView {
                s.headerViewFrame = Rect(x: 0, y: y, width: spec.width, height: view.height)
                y += view.height
            } else if grouped {
                if section.title != nil {
                    s.titleFrame = Rect(x: inset + 9, y: y, width: Swift.max(0, rowWidth - 18), height: Self.titleHeight - 5)
                    y += Self.titleHeight
                }
            } else if section.title != nil {
                s.titleFrame = Rect(x: 0, y: y, width: spec.width, height: Self.plainHeaderHeight)
                y += Self.plainHeaderHeight
            }
            let top = y
            for row in section.rows {
                var h = row.height ?? spec.rowHeight
                if row.height == nil, row.lines != 1 || row.detailLines != 1 {
                    h = Swift.max(h, fittingHeight(spec.shown(row), rowWidth).rounded(.up))
                }
                s.rows.append(Rect(x: inset, y: y, width: rowWidth, height: h))
                y += h
            }
            if !section.rows.isEmpty { s.groupFrame = Rect(x: inset, y: top, width: rowWidth, height: y - top) }
            if let view = section.footerView {
                s.footerViewFrame = Rect(x: 0, y: y, width: spec.width, height: view.height)
                y += view.height
            } else if let footer = section.footer {
                let width = Swift.max(0, rowWidth - 18)
                let lines = Swift.max(1, footerLines(footer, width))
                y += Self.footerGap
                let h = Double(lines) * Self.footerLineHeight
                s.footerFrame = Rect(x: inset + 9, y: y, width: width, height: h)
                y += h
            }
            sections.append(s)
        }
        if grouped && !spec.sections.isEmpty { y += spec.sectionSpacing }
        if let footer = spec.footer {
            footerFrame = Rect(x: 0, y: y, width: spec.width, height: footer.height)
            y += footer.height
        }
        contentHeight = y
    }

    /// The row at content point (x, y), as 0-based (section, row), or nil for
    /// the gaps, titles, footers, header and the space outside the rows.
    public func row(atContentX x: Double, y: Double) -> (section: Int, row: Int)? {
        for (si, s) in sections.enumerated() {
            guard let g = s.groupFrame, y >= g.minY, y < g.maxY, x >= g.minX, x < g.maxX else { continue }
            for (ri, r) in s.rows.enumerated() where y >= r.minY && y < r.maxY {
                return (si, ri)
            }
        }
        return nil
    }
}

/// The two-tone table's stretchers (docs/components.md; PRPTwoToneTableView
/// layoutSubviews), in content coordinates: the top one fills from the
/// content offset down to the content's top when the table is pulled down;
/// the bottom one fills from the content's bottom to the frame's bottom when
/// the content ends above it.
public enum Stretchers {
    public static func top(contentOffset: Double, width: Double) -> Rect? {
        guard contentOffset < 0 else { return nil }
        return Rect(x: 0, y: contentOffset, width: width, height: -contentOffset)
    }

    public static func bottom(contentOffset: Double, contentHeight: Double, width: Double, height: Double) -> Rect? {
        let contentBottom = contentHeight - contentOffset
        let gap = height - contentBottom
        guard gap > 0 else { return nil }
        return Rect(x: 0, y: contentHeight, width: width, height: gap)
    }
}
