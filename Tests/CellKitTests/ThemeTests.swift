import CellGeometry
import CellKit
import CellRaster
import Testing

/// Every theme key changes the pixels it should and only those: a table
/// with one row per kind of cell is drawn with the default theme and with
/// one key changed; the pixels that differ must lie in the rows (or the
/// titles, or the gaps) that key is about, and some must differ.
@Suite struct ThemeTests {
    /// What a key is expected to touch: rows by section index, the section
    /// title and footer, or the background around everything.
    enum Region: Hashable { case row(Int), title, footer, gaps }

    static func rows() -> [RowSpec] {
        func r(_ text: String, _ build: (inout RowSpec) -> Void = { _ in }) -> RowSpec {
            var row = RowSpec()
            row.text = text
            build(&row)
            return row
        }
        return [
            r("Default"),
            r("Subtitle") { $0.detail = "Detail" },
            r("Value 1") { $0.detail = "Detail"; $0.style = .value1 },
            r("Value 2") { $0.detail = "Detail"; $0.style = .value2 },
            r("Badge") { $0.badge = "4" },
            r("Selected") { $0.highlighted = true; $0.badge = "5"; $0.detail = "D"; $0.style = .value1; $0.accessory = .disclosure },
            r("Check") { $0.accessory = .checkmark },
            r("Info") { $0.accessory = .detail },
            r("On") { $0.accessory = .switch; $0.on = true },
            r("Off") { $0.accessory = .switch },
            r("Grip") { $0.accessory = .disclosure; $0.reorder = true },
        ]
    }

    static func spec(_ theme: Theme, style: TableSpec.Style = .grouped, cellStyle: TableSpec.CellStyle = .gradient) -> TableSpec {
        var spec = TableSpec()
        spec.theme = theme
        spec.style = style
        spec.cellStyle = cellStyle
        spec.height = 900
        spec.sections = rows().enumerated().map { i, row in
            var s = SectionSpec()
            s.rows = [row]
            if i == 0 {
                s.title = "Title"
                s.footer = "Footer"
            }
            if style == .plain { s.title = "Header \(i)" }
            // Bevel separators lie between rows: the first section gets two.
            if cellStyle == .bevel, i == 0 { s.rows.append(row) }
            return s
        }
        return spec
    }

    static func draw(_ spec: TableSpec) throws -> (PixelBuffer, Table) {
        let table = try Table(spec)
        let canvas = try Canvas(width: spec.width, height: spec.height, scale: 1, parallelism: 1)
        try table.render(in: canvas)
        return (canvas.buffer, table)
    }

    /// The rectangles a region covers, 2 pt wider all round (anti-aliasing, shadows).
    static func rects(_ region: Region, _ table: Table) -> [Rect] {
        let l = table.layout
        switch region {
        case .row(let i): return [grow(l.sections[i].rows[0], 2)]
        case .title: return l.sections.compactMap { $0.titleFrame.map { grow($0, 2) } }
        case .footer: return [grow(l.sections[0].footerFrame!, 2)]
        case .gaps: return [] // checked apart: changes outside every row
        }
    }

    static func grow(_ r: Rect, _ d: Double) -> Rect { Rect(x: r.x - d, y: r.y - d, width: r.width + 2 * d, height: r.height + 2 * d) }
    static func inside(_ r: Rect, _ p: Point) -> Bool { p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY }

    static let color = Color(hex: "#FF00FF")!
    static let font = KitFont("DejaVuSerif-Bold", 15)

    enum Change { case color(WritableKeyPath<Theme, Color>), pair(WritableKeyPath<Theme, Theme.Pair>), font(WritableKeyPath<Theme, KitFont>) }

    func check(_ name: String, _ change: Change, _ regions: Set<Region>, style: TableSpec.Style = .grouped,
               cellStyle: TableSpec.CellStyle = .gradient) throws {
        var theme = Theme.ios6
        switch change {
        case .color(let k): theme[keyPath: k] = Self.color
        case .pair(let k): theme[keyPath: k] = Theme.Pair(Self.color, Color(hex: "#00FF00")!)
        case .font(let k): theme[keyPath: k] = Self.font
        }
        let (before, table) = try Self.draw(Self.spec(.ios6, style: style, cellStyle: cellStyle))
        let (after, _) = try Self.draw(Self.spec(theme, style: style, cellStyle: cellStyle))
        let allowed = regions.flatMap { Self.rects($0, table) }
        let rows = (0..<table.layout.sections.count).map { table.layout.sections[$0].rows[0] }
        var changed = 0, stray: (Int, Int)?
        for y in 0..<before.height {
            for x in 0..<before.width {
                let i = (y * before.width + x) * 4
                guard (0..<4).contains(where: { before.data[i + $0] != after.data[i + $0] }) else { continue }
                changed += 1
                let p = Point(Double(x) + 0.5, Double(y) + 0.5)
                let inAllowed = allowed.contains { Self.inside($0, p) }
                // The gaps: outside the rows, or in their rounded corners.
                let inGaps = regions.contains(.gaps) && !rows.contains { r in
                    let corner = (p.x < r.minX + 11 || p.x > r.maxX - 11) && (p.y < r.minY + 11 || p.y > r.maxY - 11)
                    return Self.inside(Self.grow(r, -2), p) && !corner
                }
                if !inAllowed && !inGaps && stray == nil { stray = (x, y) }
            }
        }
        #expect(changed > 0, "\(name) changed nothing")
        #expect(stray == nil, "\(name) changed pixel \(String(describing: stray)) outside \(regions)")
    }

    @Test func everyKeyChangesWhatItShouldAndOnlyThat() throws {
        let all = Set((0..<11).map { Region.row($0) })
        let plainRows = all.subtracting([.row(5)])
        try check("background", .color(\.background), [.gaps])
        try check("cellColors", .pair(\.cellColors), plainRows)
        try check("text", .color(\.text), [.row(0), .row(1), .row(2), .row(3), .row(4), .row(6), .row(7), .row(8), .row(9), .row(10)])
        try check("detail", .color(\.detail), [.row(1)])
        try check("value", .color(\.value), [.row(2), .row(3)])
        try check("sectionTitle", .color(\.sectionTitle), [.title])
        try check("sectionFooter", .color(\.sectionFooter), [.footer])
        try check("sectionShadow", .color(\.sectionShadow), [.title, .footer])
        try check("border", .color(\.border), all)
        try check("highlightColors", .pair(\.highlightColors), [.row(5)])
        try check("highlightText", .color(\.highlightText), [.row(5)])
        try check("badge", .color(\.badge), [.row(4)])
        try check("badgeHighlight", .color(\.badgeHighlight), [.row(5)])
        try check("accessory", .color(\.accessory), [.row(10)])
        try check("tint", .color(\.tint), [.row(6), .row(7)])
        try check("switchOn", .color(\.switchOn), [.row(8)])
        try check("font", .font(\.font), [.row(0), .row(2), .row(4), .row(5), .row(6), .row(7), .row(8), .row(9), .row(10)])
        try check("subtitleFont", .font(\.subtitleFont), [.row(1)])
        try check("subtitleDetailFont", .font(\.subtitleDetailFont), [.row(1)])
        try check("valueFont", .font(\.valueFont), [.row(2), .row(5)])
        try check("value2LabelFont", .font(\.value2LabelFont), [.row(3)])
        try check("value2DetailFont", .font(\.value2DetailFont), [.row(3)])
        try check("sectionTitleFont", .font(\.sectionTitleFont), [.title])
        try check("sectionFooterFont", .font(\.sectionFooterFont), [.footer])
        try check("badgeFont", .font(\.badgeFont), [.row(4), .row(5)])
        // Keys of the plain style, the plain cell style and the bevel.
        try check("plainBackground", .color(\.plainBackground), plainRows.union([.gaps]), style: .plain)
        try check("plainHeaderColors", .pair(\.plainHeaderColors), [.title], style: .plain)
        try check("plainHeaderText", .color(\.plainHeaderText), [.title], style: .plain)
        try check("plainHeaderShadow", .color(\.plainHeaderShadow), [.title], style: .plain)
        try check("separator", .color(\.separator), all, style: .plain)
        try check("plainBorder", .color(\.plainBorder), all, cellStyle: .plain)
        try check("bevelSeparator", .color(\.bevelSeparator), [.row(0)], cellStyle: .bevel)
    }
}
