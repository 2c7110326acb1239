import CCairo
import CellText
import Foundation

/// scenes/reference.lua (the reference scene, built there with the
/// table kit) written directly against cairo: the geometry CellKit draws,
/// as a cairo programmer would write it for speed.
///
/// What celllua's kit does, and what this does for it (see Benchmarks/README.md):
/// - the canvas background: `cairo_paint`;
/// - each section's bevel (`ui.bevel`, CellKit's `Bevel`): a layer clipped to
///   the section's rect grown by 1 pt (and the bevel's 1 pt below), because its
///   outer stroke uses `copy` inside the layer: a group under that rect clip,
///   the stroke with CAIRO_OPERATOR_SOURCE (bounded by the stroke's coverage,
///   as celllua's `copy` is);
/// - the table: the top stretcher and the header (a rect filled with a
///   linear pattern; the kit fills its clip with a gradient draw), then each
///   cell under its rect clip, as the kit renders them (a cell's layer is
///   made only for rows with a `draw` function): the cell background's path
///   for its position (UACellBackgroundView's, `miny` quirk included), clipped
///   to, the gradient painted through that clip and the path stroked 1 pt gray
///   while it is in force; the badge in a group under its frame grown by
///   1 pt (the kit's badge layer): its pill (two arcs), its digits cleared
///   (CAIRO_OPERATOR_CLEAR) so the cell shows through; the summary and the
///   detail;
/// - the rounded-corner overlay: the kit fills the canvas' rect and a rounded
///   rect even-odd; the area that fills is the four corners outside the
///   quarter circles, which is what is filled here.
///
/// Text: each string shaped once per frame with CellText's `Font.shape` and
/// drawn with `cairo_show_glyphs` (CairoText), at the positions the kit's
/// labels use (left-aligned, the baseline `ascent` below the label rect's
/// top). The badge's string is shaped once and used for its size and its
/// digits (the kit measures, then shapes again to draw).
enum ReferenceScene {
    static let width = 320.0
    /// The table is pulled down this far: the top stretcher's height.
    static let pulledDown = 60.0
    static let headerHeight = 44.0
    static let rowsPerSection = 5
    static let rowHeight = 44.0, inset = 10.0, sectionSpacing = 20.0, radius = 10.0
    /// Below the last section: the reference scene's 1080 pt for 20 rows.
    static let bottomMargin = 16.0
    /// The bevel's offsets (1 pt, the kit's default).
    static let bevelOffset = 1.0

    /// The canvas height for `rows` rows (a multiple of 5), as the script computes it.
    static func height(rows: Int) -> Double {
        let sections = Double(rows / rowsPerSection)
        return pulledDown + headerHeight + sections * (sectionSpacing + Double(rowsPerSection) * rowHeight) + bottomMargin
    }

    /// The script's `names`, `details` and badge numbers (row `i` is 1-based).
    static let names = ["Inbox", "Drafts", "Sent", "Archive", "Flagged", "Travel", "Receipts"]
    static let details = [
        "From: Matt Coneybeare", "Re: grouped table views", "The bevel, pixel by pixel",
        "Everything since 2009", "Badges count unread mail",
    ]
    static func badge(_ i: Int) -> Int { (i * i * 37 + i * 11) % 999 + 1 }

    static let summaryFace = CairoText.Face("Helvetica-Bold", 18)
    static let detailFace = CairoText.Face("Helvetica", 14)
    static let badgeFace = CairoText.Face("Helvetica-Bold", 13)

    /// The kit's colors: TableSpec's grouped background, the script's
    /// stretcher and header, CellBackground's gradient and grayColor stroke,
    /// Badge's default color, Table+Content's detail gray.
    static let background: UInt32 = 0xC5CCD4
    static let topStretcher: UInt32 = 0x4A5A6A
    static let headerTop: UInt32 = 0x6D84A2, headerBottom: UInt32 = 0x2D4A6D
    static let cellBottom = 221.0 / 255  // #DDDDDD
    static let badgeColor = RGBA(r: 0.53, g: 0.6, b: 0.738, a: 1)
    static let gray = 0.5

    enum Position { case single, top, middle, bottom }

    static func draw(_ cr: OpaquePointer, rows: Int) {
        let W = width, H = height(rows: rows)
        let sections = rows / rowsPerSection
        let sectionHeight = Double(rowsPerSection) * rowHeight
        /// Content y 0 (the header's top) on the canvas.
        let contentTop = pulledDown
        func sectionTop(_ s: Int) -> Double {
            contentTop + headerHeight + sectionSpacing + Double(s) * (sectionSpacing + sectionHeight)
        }

        Cairo.setSource(cr, hex: background)
        cairo_paint(cr)
        CairoText.setUnhinted(cr)
        cairo_set_line_width(cr, 1)

        // 1. each section's bevel, beneath its cells
        for s in 0..<sections {
            bevel(cr, x: inset, y: sectionTop(s), w: W - 2 * inset, h: sectionHeight)
        }

        // 2. the top stretcher and the header
        Cairo.setSource(cr, hex: topStretcher)
        cairo_rectangle(cr, 0, 0, W, pulledDown)
        cairo_fill(cr)
        let header = linearPattern(y0: contentTop, y1: contentTop + headerHeight,
                                   top: rgb(headerTop), bottom: rgb(headerBottom))
        cairo_set_source(cr, header)
        cairo_rectangle(cr, 0, contentTop, W, headerHeight)
        cairo_fill(cr)
        cairo_pattern_destroy(header)

        // 3. the cells, each in a group. The gradients in cell coordinates:
        // from the path's miny (0 for top and single cells, -1 for the others) to h.
        let fromZero = linearPattern(y0: 0, y1: rowHeight, top: (1, 1, 1), bottom: (cellBottom, cellBottom, cellBottom))
        let fromAbove = linearPattern(y0: -1, y1: rowHeight, top: (1, 1, 1), bottom: (cellBottom, cellBottom, cellBottom))
        for s in 0..<sections {
            for r in 0..<rowsPerSection {
                let position: Position = rowsPerSection == 1 ? .single
                    : r == 0 ? .top : r == rowsPerSection - 1 ? .bottom : .middle
                let gradient = position == .top || position == .single ? fromZero : fromAbove
                cell(cr, x: inset, y: sectionTop(s) + Double(r) * rowHeight, w: W - 2 * inset, h: rowHeight,
                     position: position, gradient: gradient, row: s * rowsPerSection + r + 1)
            }
        }
        cairo_pattern_destroy(fromZero)
        cairo_pattern_destroy(fromAbove)

        // 4. the rounded-corner overlay
        corners(cr, W, H, radius)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_fill(cr)
    }

    // MARK: pieces

    static func rgb(_ hex: UInt32) -> (Double, Double, Double) {
        (Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    /// A vertical two-stop linear pattern (EXTEND_PAD: the kit's gradient
    /// draws fill exactly the rect or clip they span).
    static func linearPattern(y0: Double, y1: Double, top: (Double, Double, Double),
                              bottom: (Double, Double, Double)) -> OpaquePointer {
        let p = cairo_pattern_create_linear(0, y0, 0, y1)!
        cairo_pattern_add_color_stop_rgb(p, 0, top.0, top.1, top.2)
        cairo_pattern_add_color_stop_rgb(p, 1, bottom.0, bottom.1, bottom.2)
        cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD)
        return p
    }

    /// CellKit's Bevel, 1 pt offsets, white fill, in a group of its own.
    static func bevel(_ cr: OpaquePointer, x: Double, y: Double, w: Double, h: Double) {
        let d = bevelOffset
        cairo_save(cr)
        cairo_rectangle(cr, x - 1, y - 1, w + 2, h + 2 + d)
        cairo_clip(cr)
        cairo_push_group(cr)
        // 1. the bevel: the shape stretched d taller, white at 80%
        cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
        Cairo.roundedRect(cr, x, y, w, h + d, radius)
        cairo_fill(cr)
        // 2. the fill
        cairo_set_source_rgb(cr, 1, 1, 1)
        Cairo.roundedRect(cr, x, y, w, h, radius)
        cairo_fill_preserve(cr)
        // 3. the inner shadow: the band between the shape and the shape d
        // lower, even-odd, inside the shape, black at 8%
        cairo_save(cr)
        cairo_clip(cr)
        Cairo.roundedRect(cr, x, y, w, h, radius)
        Cairo.roundedRect(cr, x, y + d, w, h, radius)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.08)
        cairo_fill(cr)
        cairo_restore(cr)
        // 4. the outer stroke, 1 pt, black at 18%, replacing what is below it
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.18)
        Cairo.roundedRect(cr, x, y, w, h, radius)
        cairo_stroke(cr)
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// One cell in a group under its rect: background, badge, summary, detail.
    static func cell(_ cr: OpaquePointer, x: Double, y: Double, w: Double, h: Double, position: Position,
                     gradient: OpaquePointer, row i: Int) {
        cairo_save(cr)
        cairo_rectangle(cr, x, y, w, h)
        cairo_clip(cr)
        cairo_translate(cr, x, y)

        // The gradient cell background: clipped to its path, the gradient
        // painted through the clip, the path stroked within it.
        cairo_save(cr)
        cellPath(cr, position, w, h)
        cairo_clip_preserve(cr)
        cairo_set_source(cr, gradient)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, gray, gray, gray)
        cairo_stroke(cr)
        cairo_restore(cr)

        // The badge (Badge.frame / Badge.draw): right edge 13 pt in, centred.
        let digits = badgeFace.font.shape(String(badge(i)))
        let lineHeight = badgeFace.font.lineHeight
        let right = w - 13, centerY = h / 2
        let x0 = (right - 7 - digits.width).rounded(.down), x1 = (right - 7).rounded(.up)
        let y0 = (centerY - lineHeight / 2).rounded(.down), y1 = (centerY + lineHeight / 2).rounded(.up)
        let bx = x0 - 7, by = y0 - 2, bw = x1 - x0 + 14, bh = y1 - y0 + 4
        let r = bh / 2
        // The badge in a group of its own under its frame (grown by 1 pt),
        // as the kit's badge layer: the digits cleared from it show the cell.
        cairo_save(cr)
        cairo_rectangle(cr, bx - 1, by - 1, bw + 2, bh + 2)
        cairo_clip(cr)
        cairo_push_group(cr)
        cairo_arc_negative(cr, bx + bw - r, by + r, r, .pi / 2, .pi * 3 / 2)
        cairo_arc_negative(cr, bx + r, by + r, r, .pi * 3 / 2, .pi / 2)
        cairo_close_path(cr)
        Cairo.setSource(cr, badgeColor)
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        CairoText.show(cr, digits, x: bx + 7, baseline: by + 2 + badgeFace.font.ascent, badgeFace)
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        cairo_restore(cr)

        // The summary and the detail (Table+Content): the badge seed's lines
        // at y 10 and 32 of a 60 pt row, moved to stay centred in this one,
        // as wide as the space left of the badge.
        let textWidth = bx - 5 - 10
        let dy = (h - 60) / 2
        cairo_set_source_rgb(cr, 0, 0, 0)
        label(cr, names[(i - 1) % names.count], x: 10, top: 10 + dy, width: textWidth, summaryFace)
        cairo_set_source_rgb(cr, gray, gray, gray)
        label(cr, details[(i - 1) % details.count], x: 10, top: 32 + dy, width: textWidth, detailFace)
        cairo_restore(cr)
    }

    /// A left-aligned label whose rect starts at (x, top): its baseline
    /// `ascent` below the top. The kit would truncate a line wider than the
    /// rect; the scene's strings all fit, and this checks it.
    static func label(_ cr: OpaquePointer, _ string: String, x: Double, top: Double, width: Double,
                      _ face: CairoText.Face) {
        let shaped = face.font.shape(string)
        guard shaped.width <= width + 1e-6 else {
            fatalError("reference scene: \"\(string)\" (\(shaped.width) pt) is wider than its \(width) pt: the kit truncates it, this side does not")
        }
        CairoText.show(cr, shaped, x: x, baseline: top + face.font.ascent, face)
    }

    /// UACellBackgroundView's path for a `w` x `h` view (CellBackground.path):
    /// `miny` is -1 for middle and bottom cells, so their top edge lies
    /// outside the view and is clipped away. The seed's arc-to-points, for
    /// h >= 2 radius, are quarter circles tangent to the sides.
    static func cellPath(_ cr: OpaquePointer, _ position: Position, _ w: Double, _ h: Double) {
        let r = radius, pi = Double.pi
        switch position {
        case .top:
            cairo_move_to(cr, 0, h)
            cairo_arc(cr, r, r, r, pi, 3 * pi / 2)
            cairo_arc(cr, w - r, r, r, -pi / 2, 0)
            cairo_line_to(cr, w, h)
        case .bottom:
            cairo_move_to(cr, 0, -1)
            cairo_arc_negative(cr, r, h - r, r, pi, pi / 2)
            cairo_arc_negative(cr, w - r, h - r, r, pi / 2, 0)
            cairo_line_to(cr, w, -1)
        case .middle:
            cairo_rectangle(cr, 0, -1, w, h + 1)
            return
        case .single:
            cairo_move_to(cr, 0, h / 2)
            cairo_arc(cr, r, r, r, pi, 3 * pi / 2)
            cairo_arc(cr, w - r, r, r, -pi / 2, 0)
            cairo_arc(cr, w - r, h - r, r, 0, pi / 2)
            cairo_arc(cr, r, h - r, r, pi / 2, pi)
        }
        cairo_close_path(cr)
    }

    /// The overlay's painted area: each corner of the w x h canvas outside
    /// its quarter circle of radius `r`.
    static func corners(_ cr: OpaquePointer, _ w: Double, _ h: Double, _ r: Double) {
        let pi = Double.pi
        cairo_move_to(cr, 0, 0)
        cairo_arc(cr, r, r, r, pi, 3 * pi / 2)
        cairo_close_path(cr)
        cairo_move_to(cr, w, 0)
        cairo_arc(cr, w - r, r, r, -pi / 2, 0)
        cairo_close_path(cr)
        cairo_move_to(cr, w, h)
        cairo_arc(cr, w - r, h - r, r, 0, pi / 2)
        cairo_close_path(cr)
        cairo_move_to(cr, 0, h)
        cairo_arc(cr, r, h - r, r, pi / 2, pi)
        cairo_close_path(cr)
    }
}
