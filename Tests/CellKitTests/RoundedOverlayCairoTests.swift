import CairoOracle
import CellGeometry
import CellKit
import CellRaster
import Testing

/// RoundedCornerOverlay's drawRect:: the view's
/// rect and the rounded rect of the same bounds added to one path, filled
/// even-odd with bgColor, in a view clipped to its bounds; on cairo with
/// Core Graphics' model (CGContextOnCairo).
func seedRoundedOverlay(_ g: CGContextOnCairo, frame: Rect, radius: Double, color: Color) {
    g.save()
    g.clip { cairo_rectangle($0, frame.x, frame.y, frame.width, frame.height) }
    g.translate(frame.x, frame.y)
    g.draw { cr in
        cairo_rectangle(cr, 0, 0, frame.width, frame.height)
        cgRoundedRect(cr, 0, 0, frame.width, frame.height, radius)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        CairoPixels.setSource(cr, color)
        cairo_fill(cr)
    }
    g.restore()
}

@Suite struct RoundedOverlayCairoTests {
    static let cases: [(String, Rect, Double)] = [
        ("screen", Rect(x: 0, y: 0, width: 160, height: 120), 10),
        ("fractional", Rect(x: 5.3, y: 4.6, width: 90.5, height: 60.25), 12.5),
    ]

    /// Over a content color, so the interior that must stay untouched is
    /// checked too. Tolerance: the four quarter-circle edges and, for the
    /// fractional frame, the clip's edges are the only anti-aliased pixels,
    /// one edge per pixel: one cairo grid step (17 levels), none past it.
    /// Flat areas differ by color quantisation only (cairo truncates 0.9 *
    /// 0.1 * 255, celllua rounds): mean under 0.5. Measured: max 11, mean
    /// 0.26. (Before the overlay's rounded rect was wound against its
    /// bounds, the fractional frame had a line along each side: 443 pixels
    /// past 17 levels at scale 2, up to 93 levels.)
    @Test(arguments: [1.0, 2, 3])
    func matchesTheSeed(scale: Double) throws {
        for (name, frame, radius) in Self.cases {
            let size = ((frame.maxX + 5).rounded(.up), (frame.maxY + 5).rounded(.up))
            let content = Color(r: 0.9, g: 0.4, b: 0.1)
            let color = Color(r: 0.1, g: 0.1, b: 0.2, a: 0.9)
            let canvas = try Canvas(width: size.0, height: size.1, scale: scale)
            canvas.setFillColor(content)
            canvas.fillRect(Rect(x: 0, y: 0, width: size.0, height: size.1))
            RoundedOverlay(radius: radius, color: color).draw(in: canvas, frame: frame)
            let g = CGContextOnCairo(width: canvas.pixelWidth, height: canvas.pixelHeight, scale: scale)
            g.draw { cr in
                CairoPixels.setSource(cr, content)
                cairo_paint(cr)
            }
            seedRoundedOverlay(g, frame: frame, radius: radius, color: color)
            KitComparison.check("overlay-\(name)@\(Int(scale))x", canvas.buffer, g.pixels,
                                Tolerance(maxChannel: 17, maxPixelsOverEdgeLevels: 0, maxMean: 0.5))
        }
    }
}
