import CellGeometry
@testable import CellKit

import CellRaster
import CellTestSupport
import Testing

/// The kit's drawing shortcuts give the pixels of the drawing they stand
/// for: cells without a `draw` function drawn in place instead of in a layer
/// of their own, the rounded overlay through four corner squares, the
/// bevel's layer only around its edges. And the badge's knockout shows the
/// cell's own background, as the seed's badge view over its cell does.
@Suite struct KitShortcutTests {
    static let blue = Color(hex: "#058CF5")!

    /// A grouped table of every kind of row the kit draws itself.
    static func spec(cellStyle: TableSpec.CellStyle = .gradient) -> TableSpec {
        var spec = TableSpec()
        spec.width = 320
        spec.height = 400
        spec.cellStyle = cellStyle
        var rows: [RowSpec] = []
        for i in 0..<6 {
            var row = RowSpec()
            row.text = ["Inbox", "Drafts", "Sent", "Archive", "VIP", "Junk"][i]
            if i % 2 == 0 { row.detail = "From: someone \(i)" }
            if i != 4 { row.badge = String(7 * i + 3) }
            row.highlighted = i == 1
            row.accessory = i == 3 ? .disclosure : (i == 5 ? .checkmark : .none)
            rows.append(row)
        }
        var first = SectionSpec()
        first.title = "Mail"
        first.rows = Array(rows[0..<4])
        var second = SectionSpec()
        second.rows = Array(rows[4...])
        second.footer = "Two more."
        spec.sections = [first, second]
        spec.cornerOverlay = RoundedOverlay(radius: 10, color: .black)
        return spec
    }

    func render(_ spec: TableSpec, scale: Double, layered: Bool, offset: Point = Point(0, 0),
                threads: Int = 1) throws -> Canvas {
        let canvas = try Canvas(width: 330, height: 410, scale: scale)
        canvas.parallelism = threads
        canvas.translate(offset.x, offset.y)
        let table = try Table(spec, text: CellTextKit())
        table.alwaysLayerCells = layered
        try table.render(in: canvas)
        return canvas
    }

    /// Source-over into a fresh layer, composited with source-over, is
    /// drawing in place: the same pixels, or one level apart where two
    /// translucent edges meet (the order of the two roundings differs).
    @Test(arguments: [1.0, 2.0, 3.0])
    func cellsWithoutLayersMatchCellsInLayers(scale: Double) throws {
        for style in [TableSpec.CellStyle.gradient, .bevel, .plain] {
            for offset in [Point(0, 0), Point(0.3, 0.45)] {
                let plain = try render(Self.spec(cellStyle: style), scale: scale, layered: false, offset: offset)
                let layered = try render(Self.spec(cellStyle: style), scale: scale, layered: true, offset: offset)
                let d = try #require(ImageComparison.compare(plain.buffer, layered.buffer, tolerance: 1))
                #expect(d.pixelsOver == 0, "\(style) at scale \(scale), offset \(offset): \(d)")
            }
        }
    }

    /// Cells and bevel edges drawn on several threads (Canvas.drawDisjoint)
    /// are the pixels drawn in order, to the bit: every style, at three
    /// scales, on the pixel grid and off it (where cells run in order).
    @Test(arguments: [1.0, 2.0, 3.0])
    func cellsOnThreadsMatchCellsInOrder(scale: Double) throws {
        for style in [TableSpec.CellStyle.gradient, .bevel, .plain] {
            for offset in [Point(0, 0), Point(0.3, 0.45)] {
                let inOrder = try render(Self.spec(cellStyle: style), scale: scale, layered: false, offset: offset)
                let together = try render(Self.spec(cellStyle: style), scale: scale, layered: false, offset: offset,
                                          threads: 4)
                let d = try #require(ImageComparison.compare(together.buffer, inOrder.buffer))
                #expect(d.pixelsOver == 0, "\(style) at scale \(scale), offset \(offset): \(d)")
            }
        }
    }

    /// The same with state the script set before rendering: a shadow, a
    /// blend mode with alpha, an open layer under a rounded clip mask.
    @Test(arguments: ["shadow", "multiply", "layer"])
    func cellsOnThreadsMatchCellsInOrderWhateverTheState(setting: String) throws {
        func render(threads: Int) throws -> Canvas {
            let canvas = try Canvas(width: 330, height: 410, scale: 2, background: Color(hex: "#C5CCD4"))
            canvas.parallelism = threads
            switch setting {
            case "shadow":
                canvas.setShadow(try Shadow(dx: 1.5, dy: 2, blur: 3, color: Color(white: 0, alpha: 0.5)))
            case "multiply":
                canvas.setBlendMode(.multiply)
                canvas.setAlpha(0.6)
            default:
                var round = Path()
                round.addRoundedRect(Rect(x: 4.25, y: 3.5, width: 320, height: 400), radius: 23)
                canvas.clip(round)
                canvas.beginLayer(alpha: 0.8)
            }
            let table = try Table(Self.spec(cellStyle: .bevel), text: CellTextKit())
            try table.render(in: canvas)
            if setting == "layer" { try canvas.endLayer() }
            return canvas
        }
        let d = try #require(ImageComparison.compare(try render(threads: 4).buffer, try render(threads: 1).buffer))
        #expect(d.pixelsOver == 0, "\(setting): \(d)")
    }

    /// The highlighted row's white badge shows the selection's blue through
    /// its digits, not the table's background beneath the cell.
    @Test func badgeDigitsShowTheCellBackground() throws {
        let canvas = try render(Self.spec(), scale: 2, layered: false)
        let table = try Table(Self.spec(), text: CellTextKit())
        let row = try #require(table.rowRect(section: 0, row: 1))
        // The badge is at the row's right; scan its middle line for pixels
        // that are neither the white pill nor anti-aliased grays: the digits.
        let y = Int(((row.midY) * 2).rounded(.down))
        var bluish = 0, grayish = 0
        for x in Int((row.maxX - 60) * 2)..<Int((row.maxX - 10) * 2) {
            let p = canvas.buffer.premultiplied(x: x, y: y)
            if p.b > 200 && p.r < 60 { bluish += 1 }
            if abs(Int(p.r) - 0xC5) < 12 && abs(Int(p.g) - 0xCC) < 12 && abs(Int(p.b) - 0xD4) < 12 { grayish += 1 }
        }
        #expect(bluish > 4, "blue through the digits")
        #expect(grayish == 0, "no table background through the digits")
    }

    /// The overlay through four corner squares is the overlay as one fill,
    /// on and off the pixel grid, at every scale.
    @Test(arguments: [1.0, 2.0, 3.0])
    func overlayCornersMatchOneFill(scale: Double) throws {
        for frame in [Rect(x: 0, y: 0, width: 320, height: 200), Rect(x: 3.3, y: 7.7, width: 151.1, height: 99.9),
                      Rect(x: 1, y: 1, width: 30, height: 25)] {
            for radius in [10.0, 3.5, 40] {
                let fast = try Canvas(width: 330, height: 220, scale: scale)
                let whole = try Canvas(width: 330, height: 220, scale: scale)
                fast.fillAll(.white)
                whole.fillAll(.white)
                RoundedOverlay(radius: radius, color: Color(r: 0, g: 0, b: 0, a: 0.7)).draw(in: fast, frame: frame)
                // The same even-odd fill over the whole frame.
                whole.save()
                whole.clipRect(frame)
                whole.translate(frame.x, frame.y)
                var path = Path()
                path.addRect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))
                RoundedOverlay.addCounterClockwiseRoundedRect(Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                                                              radius: radius, to: &path)
                whole.setFillColor(Color(r: 0, g: 0, b: 0, a: 0.7))
                whole.fill(path, rule: .evenodd)
                try whole.restore()
                #expect(ImageComparison.compare(fast.buffer, whole.buffer)?.maxChannel == 0, "\(frame) r \(radius) scale \(scale)")
            }
        }
    }

    /// The bevel drawn in pieces is the bevel in one layer, exactly; and
    /// where the pieces cannot be exact (a translucent fill, a shadow, a
    /// rotation) it is drawn in one layer.
    @Test(arguments: [1.0, 2.0, 3.0])
    func bevelPiecesMatchOneLayer(scale: Double) throws {
        let cases: [(Rect, Color, (Canvas) -> Void)] = [
            (Rect(x: 10, y: 10, width: 300, height: 220), .white, { _ in }),
            (Rect(x: 10.25, y: 9.6, width: 147.3, height: 88.1), .white, { _ in }),
            (Rect(x: 10, y: 10, width: 300, height: 220), Color(r: 1, g: 1, b: 1, a: 0.6), { _ in }),
            (Rect(x: 10, y: 10, width: 300, height: 220), .white, { c in c.setShadow(try? Shadow(dx: 0, dy: 2, blur: 3)) }),
            (Rect(x: 10, y: 10, width: 300, height: 220), .white, { c in c.rotate(0.05) }),
            (Rect(x: 10, y: 10, width: 300, height: 220), .white, { c in c.setAlpha(0.5) }),
        ]
        for (rect, fill, setup) in cases {
            let fast = try Canvas(width: 330, height: 250, scale: scale)
            let whole = try Canvas(width: 330, height: 250, scale: scale)
            for c in [fast, whole] {
                c.fillAll(Color(hex: "#C5CCD4")!)
                setup(c)
            }
            try Bevel(radius: 10, fill: fill).draw(in: fast, rect: rect)
            try Bevel(radius: 10, fill: fill).drawInOneLayer(in: whole, rect: rect)
            #expect(ImageComparison.compare(fast.buffer, whole.buffer)?.maxChannel == 0, "\(rect) \(fill) scale \(scale)")
        }
        // A bevel composited whole after one of the same size drawn in
        // pieces: the first one's layer left its interior out, so the
        // second must not reuse it (a mutation that dropped the left-out
        // pixels from the key gave it a transparent interior).
        let fast = try Canvas(width: 330, height: 500, scale: scale)
        let whole = try Canvas(width: 330, height: 500, scale: scale)
        for c in [fast, whole] { c.fillAll(Color(hex: "#C5CCD4")!) }
        let first = Rect(x: 10, y: 10, width: 300, height: 220), second = Rect(x: 10, y: 260, width: 300, height: 220)
        try Bevel(radius: 10, fill: .white).draw(in: fast, rect: first)
        try Bevel(radius: 10, fill: .white).drawInOneLayer(in: whole, rect: first)
        for c in [fast, whole] { c.setAlpha(0.5) }
        try Bevel(radius: 10, fill: .white).draw(in: fast, rect: second)
        try Bevel(radius: 10, fill: .white).drawInOneLayer(in: whole, rect: second)
        #expect(ImageComparison.compare(fast.buffer, whole.buffer)?.maxChannel == 0, "in pieces, then whole, scale \(scale)")
        // The pieces are used where they can be.
        let canvas = try Canvas(width: 330, height: 250, scale: 2)
        #expect(Bevel.split(frame: Rect(x: 9, y: 9, width: 302, height: 223), rect: Rect(x: 10, y: 10, width: 300, height: 220),
                            radius: 10, offset: 1, fill: .white, canvas: canvas) != nil)
    }
}
