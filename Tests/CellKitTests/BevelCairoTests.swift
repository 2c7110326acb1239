import CairoOracle
import CellGeometry
import CellKit
import CellRaster
import Testing

/// The iOS 5 bevel as its four steps, bottom to top,
/// in a transparency layer of their own (the view's backing store), on
/// cairo with Core Graphics' model (CGContextOnCairo):
/// 1. the bevel: the rounded rect stretched `d` taller (not moved), white at 80%;
/// 2. the fill;
/// 3. the inner shadow: the path and the path `d` lower, even-odd, black at
///    8%, inside the shape (an inner shadow: clipped to the path);
/// 4. the outer stroke, black at 18%, 1 pt, blend mode copy (bounded by the
///    stroke's coverage: CGContextOnCairo.drawCopy).
/// The seed gives the steps in prose, not its code, so this is the prose.
func seedBevel(_ g: CGContextOnCairo, rect r: Rect, radius: Double, fill: Color, offset d: Double) {
    let shape: (OpaquePointer) -> Void = { cgRoundedRect($0, r.x, r.y, r.width, r.height, radius) }
    g.beginLayer()
    g.draw { cr in
        cgRoundedRect(cr, r.x, r.y, r.width, r.height + d, radius)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
        cairo_fill(cr)
    }
    g.draw { cr in
        shape(cr)
        CairoPixels.setSource(cr, fill)
        cairo_fill(cr)
    }
    g.save()
    g.clip(shape)
    g.draw { cr in
        shape(cr)
        cgRoundedRect(cr, r.x, r.y + d, r.width, r.height, radius)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.08)
        cairo_fill(cr)
    }
    g.restore()
    g.drawCopy(Color(white: 0, alpha: 0.18)) { cr in
        shape(cr)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
    }
    g.endLayer()
}

@Suite struct BevelCairoTests {
    /// What lies below the bevel: the grouped table's background, so the
    /// copy stroke's "background shows through" is visible in both.
    static let tableBackground = Color(hex: "#C5CCD4")!

    static let rects: [(String, Rect)] = [
        ("section", Rect(x: 10, y: 8, width: 200, height: 88)),
        ("fractional", Rect(x: 6.4, y: 5.7, width: 120.3, height: 44.5)),
    ]

    func both(rect: Rect, scale: Double, pixelOffset: Bool) throws -> (PixelBuffer, PixelBuffer) {
        let size = ((rect.maxX + 8).rounded(.up), (rect.maxY + 8).rounded(.up))
        let canvas = try Canvas(width: size.0, height: size.1, scale: scale)
        canvas.setFillColor(Self.tableBackground)
        canvas.fillRect(Rect(x: 0, y: 0, width: size.0, height: size.1))
        var bevel = Bevel(radius: 10, fill: .white)
        bevel.offsetInPixels = pixelOffset
        try bevel.draw(in: canvas, rect: rect)
        let d = pixelOffset ? 1 / scale : 1
        let g = CGContextOnCairo(width: canvas.pixelWidth, height: canvas.pixelHeight, scale: scale)
        g.draw { cr in
            CairoPixels.setSource(cr, Self.tableBackground)
            cairo_paint(cr)
        }
        seedBevel(g, rect: rect, radius: 10, fill: .white, offset: d)
        return (canvas.buffer, g.pixels)
    }

    /// Default 1 pt offsets and one-device-pixel offsets, at scale 1, 2, 3.
    /// Tolerance: each pixel carries at most one anti-aliased edge of each
    /// layer step, and the steps' edges do not meet inside one pixel except
    /// under the copy stroke, which replaces what is below it; so one cairo
    /// grid step (17 levels) bounds every pixel, with none past it. Flat
    /// areas differ by compositing rounding only (8-bit intermediate
    /// layers in both): mean under 0.25 of a level. Measured: max 5, mean
    /// at most 0.1.
    @Test(arguments: [false, true], [1.0, 2, 3])
    func matchesTheSeed(pixelOffset: Bool, scale: Double) throws {
        for (name, rect) in Self.rects {
            let (ours, theirs) = try both(rect: rect, scale: scale, pixelOffset: pixelOffset)
            KitComparison.check("bevel-\(pixelOffset ? "pixel" : "point")-\(name)@\(Int(scale))x", ours, theirs,
                                Tolerance(maxChannel: 17, maxPixelsOverEdgeLevels: 0, maxMean: 0.25))
        }
    }
}
