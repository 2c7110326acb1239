import CellGeometry
@testable import CellKit

import CellRaster
import CellTestSupport
import Testing

/// The kit describes what it draws and the engine draws it: cells drawn in
/// place give what a layer of their own gives, views placed through their
/// layers give the views drawn in place, threads change no pixel, the
/// badge's knockout shows the cell's own background (as the seed's badge
/// view over its cell does), and the display list is the design.
@Suite struct KitDrawingTests {
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
    /// translucent edges meet (the order of the two roundings differs). On
    /// the pixel grid, where a cell's frame cuts no pixel; off it, a cell in
    /// place clips each of its operations to the frame's edge pixels, where
    /// a layer clips the whole once, and the two differ there.
    @Test(arguments: [1.0, 2.0, 3.0])
    func cellsWithoutLayersMatchCellsInLayers(scale: Double) throws {
        for style in [TableSpec.CellStyle.gradient, .bevel, .plain] {
            for offset in [Point(0, 0), Point(1, 2)] {
                let plain = try render(Self.spec(cellStyle: style), scale: scale, layered: false, offset: offset)
                let layered = try render(Self.spec(cellStyle: style), scale: scale, layered: true, offset: offset)
                let d = try #require(ImageComparison.compare(plain.buffer, layered.buffer, tolerance: 1))
                #expect(d.pixelsOver == 0, "\(style) at scale \(scale), offset \(offset): \(d)")
            }
        }
    }

    /// A table drawn on several threads (bands of rows) is the pixels drawn
    /// on one, to the bit: every style, at three scales, on the pixel grid
    /// and off it.
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

    /// A bevel placed through its view layer (drawn once, composited as it
    /// is on the pixel grid, drawn again at its place off it) is the seed's
    /// four steps drawn in a layer at its place (the layer, not its frame,
    /// casts the shadow): exactly on the grid; off it (a fractional place, a
    /// rotation) within 3 levels, the rounding of coverage summed across a
    /// layer that starts at the bevel's left edge instead of the canvas'.
    @Test(arguments: [1.0, 2.0, 3.0])
    func bevelThroughItsLayerIsTheBevelDrawnInPlace(scale: Double) throws {
        let cases: [(Rect, Color, (Canvas) -> Void)] = [
            (Rect(x: 10, y: 10, width: 300, height: 220), .white, { _ in }),
            (Rect(x: 10.25, y: 9.6, width: 147.3, height: 88.1), .white, { _ in }),
            (Rect(x: 10, y: 10, width: 300, height: 220), Color(r: 1, g: 1, b: 1, a: 0.6), { _ in }),
            (Rect(x: 10, y: 10, width: 300, height: 220), .white, { c in c.setShadow(try? Shadow(dx: 0, dy: 2, blur: 3)) }),
            (Rect(x: 10, y: 10, width: 300, height: 220), .white, { c in c.rotate(0.05) }),
            (Rect(x: 10, y: 10, width: 300, height: 220), .white, { c in c.setAlpha(0.5) }),
        ]
        for (rect, fill, setup) in cases {
            let placed = try Canvas(width: 330, height: 250, scale: scale)
            let inPlace = try Canvas(width: 330, height: 250, scale: scale)
            for c in [placed, inPlace] {
                c.fillAll(Color(hex: "#C5CCD4")!)
                setup(c)
            }
            let bevel = Bevel(radius: 10, fill: fill)
            try bevel.draw(in: placed, rect: rect)
            let frame = Rect(x: rect.x - 1, y: rect.y - 1, width: rect.width + 2, height: rect.height + 3)
            inPlace.save()
            inPlace.beginLayer()
            inPlace.translate(frame.x, frame.y)
            try bevel.drawSteps(in: inPlace, rect: Rect(x: 1, y: 1, width: rect.width, height: rect.height), offset: 1)
            try inPlace.endLayer()
            try inPlace.restore()
            let onGrid = placed.devicePixels(exactlyCovering: frame) != nil
            let d = try #require(ImageComparison.compare(placed.buffer, inPlace.buffer, tolerance: onGrid ? 0 : 3))
            #expect(d.pixelsOver == 0, "\(rect) \(fill) scale \(scale): \(d)")

        }
    }

    /// The kit's drawing listed as the design: a table of gradient cells,
    /// or on bevels, with the overlay, without text, holds no subpath of
    /// more than 16 commands (a rounded rect stays four curves and four
    /// lines, where it once was a 52-segment polygon) and no clip that only
    /// cut work in pieces; each view is a definition placed once per cell
    /// or section (a bevel per section, a background per gradient cell and
    /// per highlighted row on bevels).
    @Test func theListIsTheDesign() throws {
        var spec = Self.spec(cellStyle: .bevel)
        for s in spec.sections.indices {
            for r in spec.sections[s].rows.indices {
                spec.sections[s].rows[r].text = nil
                spec.sections[s].rows[r].detail = nil
                spec.sections[s].rows[r].badge = nil
            }
            spec.sections[s].title = nil
            spec.sections[s].footer = nil
        }
        for (style, views) in [(TableSpec.CellStyle.gradient, 6), (.bevel, 3)] {
            spec.cellStyle = style
            let canvas = try Canvas(width: 330, height: 410, scale: 2)
            try Table(spec, text: CellTextKit()).render(in: canvas)
            var longest = 0, placements = 0, clips = 0
            func subpaths(_ p: Path) -> Int {
                var most = 0, n = 0
                for e in p.elements {
                    if case .move = e { n = 0 }
                    n += 1
                    most = max(most, n)
                }
                return most
            }
            func walk(_ list: DisplayList) {
                list.forEach { op in
                    switch op {
                    case .fill(let p, _, _, let s), .stroke(let p, _, _, _, let s):
                        longest = max(longest, subpaths(p))
                        clips = max(clips, s.clip?.depth ?? 0)
                    case .canvas(let snapshot, _, _, _):
                        placements += 1
                        walk(snapshot.list)
                    case .layer(let inner, _, _, _, _):
                        walk(inner)
                    default:
                        break
                    }
                }
            }
            walk(canvas.displayList)
            #expect(longest <= 16, "\(style): a subpath of \(longest) commands")
            #expect(clips <= 3, "\(style): clips \(clips) deep")
            #expect(placements == views, "\(style): \(placements) views placed")
        }
    }
}
