import CellGeometry
import CellKit
import CellRaster
import Testing

/// Text with fixed metrics, so that line counts and heights do not depend on
/// the fonts a machine has: every character is half the font's size wide, a
/// line 1.2 times its size tall; text wraps at whole characters.
struct FixedText: KitText {
    func measure(_ text: String, font: KitFont) throws -> (width: Double, height: Double) {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        let widest = paragraphs.map(\.count).max() ?? 0
        return (Double(widest) * font.size / 2, Double(paragraphs.count) * font.size * 1.2)
    }

    func draw(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment, canvas: Canvas) throws {}

    func lineCount(_ text: String, width: Double, font: KitFont) throws -> Int {
        let perLine = Swift.max(1, Int(width / (font.size / 2)))
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .reduce(0) { $0 + Swift.max(1, ($1.count + perLine - 1) / perLine) }
    }

    func drawWrapped(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment,
                     canvas: Canvas) throws {}
}

/// Rows that hold real content: labels of several lines and rows growing to
/// fit them, the swipe-to-delete button, button rows, table-wide editing
/// and multiple selection, section header and footer views, row fills and
/// the pinstriped background.
@Suite struct RowContentTests {
    let text = FixedText()
    let theme = Theme.ios6

    func layout(_ r: RowSpec, width: Double = 300, height: Double = 44) throws -> CellLayout {
        try CellLayout(r, width: width, height: height, theme: theme, text: text)
    }

    /// The address of a Contacts card: value2 with a three-line detail. The
    /// detail is three lines tall, the small label beside its first line,
    /// and the row needs the three lines and 11 pt above and below.
    @Test func aValue2DetailSpansItsLines() throws {
        var r = RowSpec()
        r.style = .value2
        r.text = "home"
        r.detail = "1 Infinite Loop\nCupertino CA 95014\nUSA"
        #expect(try layout(r).detailLines == 1, "one line unless the row says more")
        r.detailLines = 0
        let line = theme.value2DetailFont.size * 1.2, small = theme.value2LabelFont.size * 1.2
        let fitted = try layout(r).fittingHeight
        #expect(abs(fitted - (3 * line + 22)) < 1e-9)
        let l = try layout(r, height: fitted.rounded(.up))
        #expect(l.detailLines == 3)
        #expect(abs(l.detail!.height - 3 * line) < 1e-9)
        #expect(l.detail!.minY >= 11 - 1 && l.detail!.maxY <= fitted.rounded(.up) - 10)
        // The label's first line centred on the detail's first line.
        #expect(abs(l.label!.midY - (l.detail!.minY + line / 2)) <= 0.5 + 1e-9, "\(l.label!) \(l.detail!)")
        #expect(l.label!.height == small)
        #expect(l.label!.maxX <= l.detail!.minX)
        // At most two lines when the row says two.
        r.detailLines = 2
        #expect(try layout(r).detailLines == 2)
    }

    /// Rows grow with their lines: a table lays out a row without a height
    /// at the larger of the table's row height and what its lines need; a
    /// row with a height keeps it.
    @Test func rowsGrowWithTheirLines() throws {
        var long = RowSpec()
        long.text = String(repeating: "x", count: 100) // 850 pt of 17 pt text: four lines in 280
        long.lines = 0
        var fixed = long
        fixed.height = 50
        var one = long
        one.lines = 1
        var spec = TableSpecs.grouped([0])
        spec.sections[0].rows = [long, fixed, one]
        let t = try Table(spec, text: text)
        let rows = t.layout.sections[0].rows
        let needed = 4 * 17 * 1.2 + 22
        #expect(rows[0].height == needed.rounded(.up))
        #expect(rows[1].height == 50)
        #expect(rows[2].height == 44)
        #expect(rows[1].minY == rows[0].maxY && rows[2].minY == rows[1].maxY)
        // Labels stay before the accessory and inside the row at every width.
        for width in [200.0, 320, 768] {
            var r = long
            r.accessory = .disclosure
            r.badge = "12"
            let h = try layout(r, width: width).fittingHeight.rounded(.up)
            let l = try layout(r, width: width, height: h)
            #expect(l.label!.maxX <= l.badge!.minX - 5 + 1e-9)
            #expect(l.label!.minY >= 0 && l.label!.maxY <= h)
        }
    }

    /// The swipe-to-delete button takes the accessory's and the badge's
    /// place, 10 pt from the right, 30 pt tall and centred; the labels stop
    /// before it; a delete control turns upright.
    @Test func theDeleteButtonReplacesTheAccessory() throws {
        var r = RowSpec()
        r.text = "Inbox"
        r.badge = "3"
        r.accessory = .disclosure
        r.deleteButton = true
        let l = try layout(r)
        let button = try #require(l.deleteButton)
        #expect(button.maxX == 290 && button.height == 30 && button.midY == 22)
        #expect(button.width >= CellLayout.deleteButtonMinWidth)
        #expect(l.accessory == nil && l.badge == nil)
        #expect(l.label!.maxX <= button.minX)
        var spec = TableSpec()
        #expect(spec.shown(r).accessory == .none && spec.shown(r).badge == nil)
        r.deleteButton = false
        #expect(spec.shown(r).accessory == .disclosure && spec.shown(r).badge == "3")
        spec.editing = .on
        #expect(spec.shown(r).editing == .delete && spec.shown(r).accessory == .none && spec.shown(r).badge == nil)
        r.editing = .insert
        #expect(spec.shown(r).editing == .insert)
        spec.editing = .multiple
        #expect(spec.shown(r).editing == .select)
    }

    /// A button row's label spans the content, to be centred in it.
    @Test func aButtonRowIsCentred() throws {
        var r = RowSpec()
        r.text = "Delete Account"
        r.centered = true
        let l = try layout(r)
        #expect(l.label!.minX == 10 && l.label!.maxX == 290)
    }

    /// Section header and footer views take their height in place of the
    /// title band and the footer text, as wide as the table.
    @Test func sectionViewsTakeTheirHeight() throws {
        var header = ViewSpec()
        header.height = 60
        var footer = ViewSpec()
        footer.height = 30
        var spec = TableSpecs.grouped([2, 1])
        spec.sections[0].title = "ignored beside a view"
        spec.sections[0].headerView = header
        spec.sections[0].footerView = footer
        let t = try Table(spec, text: text)
        let s = t.layout.sections[0]
        #expect(s.headerViewFrame == Rect(x: 0, y: 20, width: 320, height: 60))
        #expect(s.titleFrame == nil)
        #expect(s.rows[0].minY == 80)
        #expect(s.footerViewFrame == Rect(x: 0, y: 80 + 88, width: 320, height: 30))
        #expect(t.layout.sections[1].rows[0].minY == 80 + 88 + 30 + 20)
    }

    func pixel(_ c: Canvas, _ x: Int, _ y: Int) throws -> [Int] {
        let p = try c.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// The pinstripes: the background color, with the lighter stripe in the
    /// last 3 pt of every 7.
    @Test func pinstripesRepeatEverySevenPoints() throws {
        var spec = TableSpecs.grouped([])
        spec.pinstripes = true
        let c = try Canvas(width: 320, height: 40, scale: 1)
        try Table(spec, text: nil).render(in: c)
        let base = [0xC5, 0xCC, 0xD4, 255], stripe = [0xCB, 0xD2, 0xD8, 255]
        for x in 0..<28 {
            #expect(try pixel(c, x, 10) == (x % 7 >= 4 ? stripe : base), "x \(x)")
        }
    }

    /// A row's own fill and a checked row's tint replace the cell's
    /// gradient; the highlight still wins.
    @Test func rowFillsReplaceTheGradient() throws {
        var spec = TableSpecs.grouped([3]) { $0.style = .plain }
        spec.sections[0].rows[0].background = Color(hex: "#D03020")!
        spec.sections[0].rows[1].checked = true
        spec.editing = .multiple
        spec.sections[0].rows[2].background = Color(hex: "#D03020")!
        spec.sections[0].rows[2].highlighted = true
        let c = try Canvas(width: 320, height: 140, scale: 1)
        try Table(spec, text: nil).render(in: c)
        #expect(try pixel(c, 200, 20) == [0xD0, 0x30, 0x20, 255])
        #expect(try pixel(c, 200, 64) == [0xE6, 0xED, 0xF8, 255])
        let highlighted = try pixel(c, 200, 110)
        #expect(highlighted[2] > 200 && highlighted[0] < 40, "the selection blue: \(highlighted)")
        // The checked row's circle is filled (red), an unchecked one's centre is the row's.
        let circle = try pixel(c, 14, 44 + 18)
        #expect(circle[0] > 180 && circle[1] < 120, "\(circle)")
    }

    /// An image's size in points is its pixels over its scale.
    @Test func anImageSlotIsInPoints() throws {
        var r = RowSpec()
        r.text = "General"
        r.image = .pixels(PixelBuffer(width: 58, height: 58, filledWith: .clear), scale: 2)
        #expect(try layout(r).image == Rect(x: 10, y: 8, width: 29, height: 29))
    }
}
