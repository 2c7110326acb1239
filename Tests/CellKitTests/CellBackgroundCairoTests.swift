import CairoOracle
import CellGeometry
import CellKit
import CellRaster
import Testing

/// UACellBackgroundView's drawRect:, step by
/// step on cairo with Core Graphics' model (CGContextOnCairo), for a view at
/// `frame`: the view draws into a backing store of its own, origin at the
/// frame's and clipped to its bounds, which is composited through the frame
/// (its partly covered edge pixels apply once, to the whole view); `miny -= 1`, taken back by top and single cells only;
/// the path per position with CGPathAddArcToPoint; clip; a
/// CGContextDrawLinearGradient from (minx, miny) to (minx, maxy) without
/// extension (cairo: a linear pattern with EXTEND_NONE painted through the
/// clip); the same path stroked, 1 pt grayColor, while the clip is still in
/// force.
func seedCellBackground(_ g: CGContextOnCairo, position: CellPosition, frame: Rect) {
    let kDefaultMargin = 10.0
    g.save()
    g.clip { cairo_rectangle($0, frame.x, frame.y, frame.width, frame.height) }
    g.beginViewLayer()
    g.translate(frame.x, frame.y)
    let minx = 0.0, midx = frame.width / 2, maxx = frame.width
    var miny = 0.0
    let midy = frame.height / 2, maxy = frame.height
    miny -= 1
    if position == .top || position == .single { miny += 1 }
    let top = miny
    let path: (OpaquePointer) -> Void = { cr in
        switch position {
        case .top:
            cairo_move_to(cr, minx, maxy)
            cgArcToPoint(cr, minx, top, midx, top, kDefaultMargin)
            cgArcToPoint(cr, maxx, top, maxx, maxy, kDefaultMargin)
            cairo_line_to(cr, maxx, maxy)
            cairo_line_to(cr, minx, maxy)
        case .bottom:
            cairo_move_to(cr, minx, top)
            cgArcToPoint(cr, minx, maxy, midx, maxy, kDefaultMargin)
            cgArcToPoint(cr, maxx, maxy, maxx, top, kDefaultMargin)
            cairo_line_to(cr, maxx, top)
            cairo_line_to(cr, minx, top)
        case .middle:
            cairo_move_to(cr, minx, top)
            cairo_line_to(cr, maxx, top)
            cairo_line_to(cr, maxx, maxy)
            cairo_line_to(cr, minx, maxy)
            cairo_line_to(cr, minx, top)
        case .single:
            cairo_move_to(cr, minx, midy)
            cgArcToPoint(cr, minx, top, midx, top, kDefaultMargin)
            cgArcToPoint(cr, maxx, top, maxx, midy, kDefaultMargin)
            cgArcToPoint(cr, maxx, maxy, midx, maxy, kDefaultMargin)
            cgArcToPoint(cr, minx, maxy, minx, midy, kDefaultMargin)
        }
        cairo_close_path(cr)
    }
    g.save()
    g.clip(path)
    g.draw { cr in
        // TABLE_CELL_BACKGROUND { 1, 1, 1, 1, 0.866, 0.866, 0.866, 1 }
        let gradient = cairo_pattern_create_linear(minx, top, minx, maxy)!
        cairo_pattern_add_color_stop_rgba(gradient, 0, 1, 1, 1, 1)
        cairo_pattern_add_color_stop_rgba(gradient, 1, 0.866, 0.866, 0.866, 1)
        cairo_pattern_set_extend(gradient, CAIRO_EXTEND_NONE)
        cairo_set_source(cr, gradient)
        cairo_paint(cr)
        cairo_pattern_destroy(gradient)
    }
    g.draw { cr in
        path(cr)
        cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)  // [UIColor grayColor]
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
    }
    g.restore()
    g.endLayer()
    g.restore()
}

@Suite struct CellBackgroundCairoTests {
    /// A canvas of `size` points with the background at `frame`, both ways.
    static func both(_ position: CellPosition, frame: Rect, canvas size: (Double, Double), scale: Double)
        throws -> (PixelBuffer, PixelBuffer) {
        let canvas = try Canvas(width: size.0, height: size.1, scale: scale)
        var bg = CellBackground()
        bg.position = position
        try bg.draw(in: canvas, frame: frame)
        let g = CGContextOnCairo(width: canvas.pixelWidth, height: canvas.pixelHeight, scale: scale)
        seedCellBackground(g, position: position, frame: frame)
        return (canvas.buffer, g.pixels)
    }

    /// Frames whose paths are the seed's intended shapes: a plain one, and
    /// one where nothing lands on the pixel grid.
    static let frames: [(String, Rect)] = [
        ("wide", Rect(x: 10, y: 10, width: 300, height: 44)),
        ("fractional", Rect(x: 12.3, y: 5.6, width: 180.7, height: 43.45)),
    ]

    /// Frames smaller than two radii, where the seed's arc-to-points reach
    /// past the point the path starts from (a tangent point lies beyond the
    /// segment's end), so the path runs back over itself.
    static let overshooting: [(String, Rect)] = [
        ("short", Rect(x: 4, y: 4, width: 60, height: 16)),
        ("narrow", Rect(x: 3.5, y: 2.5, width: 15, height: 44)),
    ]

    func compare(_ position: CellPosition, _ name: String, _ frame: Rect, scale: Double, _ t: Tolerance) throws {
        let size = ((frame.maxX + 6).rounded(.up), (frame.maxY + 6).rounded(.up))
        let (ours, theirs) = try Self.both(position, frame: frame, canvas: size, scale: scale)
        KitComparison.check("cell-\(position)-\(name)@\(Int(scale))x", ours, theirs, t)
    }

    /// Every position at scale 1, 2 and 3. Tolerance: edges are where the
    /// two differ. cairo 1.16 samples coverage on a grid (steps of about
    /// 1/15, 17 levels) where celllua computes the exact area; a pixel on
    /// the cell's outline carries two anti-aliased edges at once (the clip's
    /// and the stroke's inner half), so up to two steps: 34 levels. Past one
    /// step (17 levels) only the inner corners of the stroke's miter joins
    /// (the closed path's square corners): there two pieces of the stroke
    /// outline overlap inside one pixel next to its unstroked inside, and
    /// celllua applies the nonzero rule to the pixel's average winding (a
    /// known limit of the accumulation rasterizer, docs/architecture.md), which can
    /// over-cover such a pixel by a quarter: at most 4 such pixels (the
    /// four corners). The gradient's inside agrees to a level or two
    /// (the seed's 0.866 vs the kit's #DDDDDD is 0.17 of a level; each
    /// renderer rounds its stops its own way): mean difference under 0.5.
    /// Measured: max 25, at most 3 pixels past 17, mean at most 0.21.
    @Test(arguments: CellPosition.allCases, [1.0, 2, 3])
    func matchesTheSeed(position: CellPosition, scale: Double) throws {
        for (name, frame) in Self.frames {
            try compare(position, name, frame, scale: scale,
                        Tolerance(maxChannel: 34, maxPixelsOverEdgeLevels: 4, maxMean: 0.5))
        }
    }

    /// The overshooting frames. Where the path runs back over itself,
    /// regions of winding +1 and -1 (or 1 and 2) share pixels; cairo counts
    /// the winding per sample, celllua applies the rule to the pixel's
    /// average winding, so those pixels can differ by anything (measured: up
    /// to 222 levels). They are few: the pixels along the doubled-back
    /// stretches next to the start point and the corners, at most 20 at
    /// scale 3 (measured), 32 allowed; everything else as in
    /// `matchesTheSeed` (mean under 1). The narrow frame at scale 1 adds one
    /// row where the gradient's end (the view's bottom, 46.5 px) falls
    /// exactly on pixel centres: celllua paints the end color there (t = 1
    /// is on the gradient), cairo's EXTEND_NONE leaves it out (14 pixels).
    @Test(arguments: CellPosition.allCases, [1.0, 2, 3])
    func matchesTheSeedWhenArcsOvershoot(position: CellPosition, scale: Double) throws {
        for (name, frame) in Self.overshooting {
            try compare(position, name, frame, scale: scale,
                        Tolerance(maxChannel: 255, maxPixelsOverEdgeLevels: 32, maxMean: 1))
        }
    }
}
