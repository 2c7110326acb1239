import CellGeometry
import CellKit
import CellRaster
import CellText
import Testing

/// A cell's geometry (`CellLayout`) for every style, with and without an
/// image, indentation, editing controls, badges and every accessory, at
/// widths from 200 to 768 pt: nothing overlaps, everything lies in the
/// cell, labels end before the badge and the accessory, and the metrics are
/// UIKit's of iOS 5/6.
@Suite struct CellLayoutTests {
    let text = CellTextKit()
    let theme = Theme.ios6

    func row(_ style: RowSpec.Style, label: String = "Wi-Fi", detail: String? = "HomeNet") -> RowSpec {
        var r = RowSpec()
        r.style = style
        r.text = label
        r.detail = style == .default ? nil : detail
        return r
    }

    @Test func nothingOverlapsAndLabelsStopBeforeTheRightSide() throws {
        let long = String(repeating: "Long words ", count: 8)
        var checked = 0
        for width in [200.0, 300, 320, 500, 768] {
            for style in RowSpec.Style.allCases {
                for accessory in RowSpec.Accessory.allCases {
                    for (image, indent, editing, reorder, badge, swiped) in [(false, 0, RowSpec.Editing.none, false, false, false),
                                                                      (true, 0, .none, false, true, false),
                                                                      (false, 2, .delete, true, false, false),
                                                                      (true, 1, .insert, true, true, false),
                                                                      (true, 0, .select, false, true, true),
                                                                      (false, 1, .delete, false, true, true)] {
                        var r = row(style, label: long, detail: long)
                        r.accessory = accessory
                        r.indent = indent
                        r.editing = editing
                        r.reorder = reorder
                        r.badge = badge ? "12" : nil
                        if image { r.image = .draw { _, _ in } }
                        r.deleteButton = swiped
                        // Swiped rows also wrap their labels (onto as many lines as 44 pt hold).
                        if swiped { (r.lines, r.detailLines) = (0, 0) }
                        let l = try CellLayout(r, width: width, height: 44, theme: theme, text: text)
                        let parts = [l.editingControl, l.image, l.label, l.detail, l.badge, l.accessory, l.reorder, l.deleteButton]
                        let name = "\(style) \(accessory) w\(width) image \(image) indent \(indent) \(editing) badge \(badge)"
                        for (i, a) in parts.enumerated() {
                            guard let a else { continue }
                            #expect(a.minX >= 0 && a.maxX <= width + 1e-9 && a.minY >= 0 && a.maxY <= 44, "\(name): part \(i) \(a)")
                            for b in parts[(i + 1)...] {
                                guard let b else { continue }
                                #expect(!overlaps(a, b), "\(name): \(a) overlaps \(b)")
                            }
                        }
                        let rightSide = [l.badge?.minX, l.accessory?.minX, l.reorder?.minX, l.deleteButton?.minX]
                            .compactMap { $0 }.min() ?? width
                        for label in [l.label, l.detail].compactMap({ $0 }) {
                            #expect(label.maxX <= rightSide - 5 + 1e-9, "\(name): \(label) reaches \(rightSide)")
                            #expect(label.width >= 0)
                        }
                        #expect(l.content.maxX <= rightSide + 1e-9)
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 5 * 4 * 6 * 6)
    }

    func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX - 1e-9 && b.minX < a.maxX - 1e-9 && a.minY < b.maxY - 1e-9 && b.minY < a.maxY - 1e-9
    }

    /// UIKit's positions: labels 10 pt in; past a 29 pt image plus 10; 32 pt
    /// further in editing mode; 10 pt per indentation level; value2's label
    /// column 67 pt and its detail 6 pt after; rows with and without images
    /// keep their own label positions.
    @Test func theEraMetrics() throws {
        func layout(_ r: RowSpec, width: Double = 300) throws -> CellLayout {
            try CellLayout(r, width: width, height: 44, theme: theme, text: text)
        }
        var plain = row(.default)
        #expect(try layout(plain).label?.minX == 10)
        plain.image = .draw { _, _ in }
        let withImage = try layout(plain)
        #expect(withImage.image == Rect(x: 10, y: 8, width: 29, height: 29))
        #expect(withImage.label?.minX == 49)
        var editing = row(.default)
        editing.editing = .delete
        #expect(try layout(editing).label?.minX == 42)
        #expect(try layout(editing).editingControl == Rect(x: 6, y: 7.5, width: 29, height: 29))
        var indented = row(.default)
        indented.indent = 2
        #expect(try layout(indented).label?.minX == 30)
        let value2 = try layout(row(.value2))
        #expect(value2.label?.minX == 10 && value2.label?.width == 67)
        #expect(value2.detail?.minX == 83)
        var sw = row(.default)
        sw.accessory = .switch
        #expect(try layout(sw).accessory == Rect(x: 211, y: 9, width: 89, height: 27))
        // An image taller than the row is scaled down to fit it, 2 pt clear.
        var big = row(.default)
        big.image = .pixels(PixelBuffer(width: 80, height: 80, filledWith: .clear), scale: 1)
        #expect(try layout(big).image == Rect(x: 10, y: 2, width: 40, height: 40))
    }

    /// value1: both natural when they fit; when they compete, the detail
    /// keeps up to 40% of the width and both truncate with "…".
    @Test func value1SharesTheWidthAndTruncates() throws {
        let short = try CellLayout(row(.value1), width: 300, height: 44, theme: theme, text: text)
        let labelWidth = try text.measure("Wi-Fi", font: theme.font).width
        #expect(short.label!.width > labelWidth)
        #expect(abs(short.detail!.width - (try text.measure("HomeNet", font: theme.valueFont).width)) < 1e-9)
        #expect(short.detail!.maxX == 290)
        let long = String(repeating: "word ", count: 20)
        let both = try CellLayout(row(.value1, label: long, detail: long), width: 300, height: 44, theme: theme, text: text)
        let available = 290.0 - 10
        #expect(abs(both.detail!.width - (available - 10) * 0.4) < 1e-9)
        #expect(abs(both.label!.width + 10 + both.detail!.width - available) < 1e-9)
        for (s, r, font) in [(long, both.label!, theme.font), (long, both.detail!, theme.valueFont)] {
            let laid = TextLayout(text: s, font: try text.font(font), in: r, truncation: .tail)
            #expect(laid.lines.count == 1)
            #expect(laid.lines[0].shaped.text.hasSuffix("…"))
            #expect(laid.width <= r.width + 1e-6)
        }
    }

    /// The content rectangle a row's `draw` gets: past the image, before
    /// the badge and the accessory, the whole height.
    @Test func contentIsWhatTheOthersLeaveFree() throws {
        var r = row(.default)
        r.image = .draw { _, _ in }
        r.badge = "3"
        r.accessory = .disclosure
        let l = try CellLayout(r, width: 300, height: 44, theme: theme, text: text)
        #expect(l.content.minX == 49)
        #expect(l.content.maxX == l.badge!.minX - 5)
        #expect(l.content.minY == 0 && l.content.height == 44)
    }
}
