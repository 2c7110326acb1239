import CairoOracle
import CellGeometry
import CellRaster

/// Core Graphics' drawing model, built from cairo pieces, for writing the
/// seeds' steps as they run on iOS:
///
/// - A clip is an anti-aliased coverage mask, and clips intersect by
///   multiplying their masks (CGContextClip). cairo's own cairo_clip instead
///   intersects the geometry, so a shape filled exactly along a clip's
///   fractional edge gets the edge's coverage once in cairo and twice
///   (multiplied) in Core Graphics; here each mask is an 8-bit image.
/// - Each primitive is rasterised alone (coverage times paint, on a
///   transparent surface) and composited through the clip mask: for
///   source-over, R = S cov m + D (1 - a cov m).
/// - Copy is bounded by the primitive's coverage: R = D + cov m (S - D),
///   nothing outside the shape changes. Written as DEST_OUT then ADD through
///   the coverage mask, not with cairo's SOURCE operator.
/// - A transparency layer is a fresh transparent surface; at its end it is
///   composited source-over through the clip in force when it began (a
///   view's backing store, `beginViewLayer`, is not clipped inside).
///
/// User space is cairo's, scaled by `scale` (y down, points), as a Canvas'.
final class CGContextOnCairo {
    let width: Int, height: Int, scale: Double
    private let canvas: OpaquePointer
    private var target: OpaquePointer
    private var ctm = cairo_matrix_t()
    /// The clip's coverage (CAIRO_FORMAT_A8), or nil for none.
    private var clip: OpaquePointer?
    private var saved: [(cairo_matrix_t, OpaquePointer?)] = []
    private var layers: [(target: OpaquePointer, clip: OpaquePointer?)] = []

    init(width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
        canvas = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        target = canvas
        cairo_matrix_init_scale(&ctm, scale, scale)
    }

    deinit {
        for (_, c) in saved { if let c { cairo_surface_destroy(c) } }
        if let clip { cairo_surface_destroy(clip) }
        cairo_surface_destroy(canvas)
    }

    // MARK: state

    func save() {
        if let clip { cairo_surface_reference(clip) }
        saved.append((ctm, clip))
    }

    func restore() {
        let (m, c) = saved.removeLast()
        if let clip { cairo_surface_destroy(clip) }
        ctm = m
        clip = c
    }

    func translate(_ x: Double, _ y: Double) {
        cairo_matrix_translate(&ctm, x, y)
    }

    /// A context on `surface` in user space, flattening as finely as
    /// CairoOracle does.
    private func context(on surface: OpaquePointer, userSpace: Bool) -> OpaquePointer {
        let cr = cairo_create(surface)!
        if userSpace { cairo_set_matrix(cr, &ctm) }
        cairo_set_tolerance(cr, 0.02)
        return cr
    }

    private func surface(_ format: cairo_format_t) -> OpaquePointer {
        cairo_image_surface_create(format, Int32(width), Int32(height))!
    }

    /// Intersects the clip with the path `build` adds (user space).
    func clip(rule: cairo_fill_rule_t = CAIRO_FILL_RULE_WINDING, _ build: (OpaquePointer) -> Void) {
        let coverage = surface(CAIRO_FORMAT_A8)
        let cr = context(on: coverage, userSpace: true)
        build(cr)
        cairo_set_fill_rule(cr, rule)
        if let clip {
            // The old mask times the path's coverage. cairo keeps the path in
            // device space, so the matrix can change after building it.
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, clip, 0, 0)
        } else {
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
        }
        cairo_fill(cr)
        cairo_destroy(cr)
        if let clip { cairo_surface_destroy(clip) }
        clip = coverage
    }

    // MARK: drawing

    /// One primitive, source-over: `paint` sets a source and fills, strokes
    /// or paints on a fresh transparent surface in user space; the result
    /// is composited through the clip.
    func draw(_ paint: (OpaquePointer) -> Void) {
        let layer = surface(CAIRO_FORMAT_ARGB32)
        let pcr = context(on: layer, userSpace: true)
        paint(pcr)
        cairo_destroy(pcr)
        let cr = context(on: target, userSpace: false)
        cairo_set_source_surface(cr, layer, 0, 0)
        if let clip { cairo_mask_surface(cr, clip, 0, 0) } else { cairo_paint(cr) }
        cairo_destroy(cr)
        cairo_surface_destroy(layer)
    }

    /// One primitive with blend mode copy: `shape` fills or strokes a path
    /// with an opaque source (its coverage); `color` replaces what lies
    /// below in proportion to coverage x clip.
    func drawCopy(_ color: Color, _ shape: (OpaquePointer) -> Void) {
        let coverage = surface(CAIRO_FORMAT_A8)
        let scr = context(on: coverage, userSpace: true)
        cairo_set_source_rgba(scr, 0, 0, 0, 1)
        shape(scr)
        cairo_destroy(scr)
        if let clip {
            let ccr = context(on: coverage, userSpace: false)
            cairo_set_operator(ccr, CAIRO_OPERATOR_IN)
            cairo_set_source_surface(ccr, clip, 0, 0)
            cairo_paint(ccr)
            cairo_destroy(ccr)
        }
        let cr = context(on: target, userSpace: false)
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_mask_surface(cr, coverage, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        cairo_mask_surface(cr, coverage, 0, 0)
        cairo_destroy(cr)
        cairo_surface_destroy(coverage)
    }

    func beginLayer() {
        save()
        if let clip { cairo_surface_reference(clip) }
        layers.append((target, clip))
        target = surface(CAIRO_FORMAT_ARGB32)
    }

    /// A view's backing store, as the kit draws a view through its layer:
    /// a fresh transparent surface that nothing clips but its own bounds,
    /// composited at `endLayer` through the clip in force now (so the
    /// frame's partly covered edge pixels apply once, to the whole view,
    /// as Core Animation composites a view's layer).
    func beginViewLayer() {
        beginLayer()
        if let clip { cairo_surface_destroy(clip) }
        clip = nil
    }

    func endLayer() {
        let (below, clipAtBegin) = layers.removeLast()
        let cr = context(on: below, userSpace: false)
        cairo_set_source_surface(cr, target, 0, 0)
        if let clipAtBegin { cairo_mask_surface(cr, clipAtBegin, 0, 0) } else { cairo_paint(cr) }
        cairo_destroy(cr)
        cairo_surface_destroy(target)
        if let clipAtBegin { cairo_surface_destroy(clipAtBegin) }
        target = below
        restore()
    }

    /// The canvas' pixels, premultiplied RGBA8.
    var pixels: PixelBuffer {
        CairoPixels.pixels(of: canvas, width: width, height: height)
    }
}
