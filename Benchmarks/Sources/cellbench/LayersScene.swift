import CCairo

/// scenes/layers.lua drawn through cairo: the same LCG draws in the same
/// order. A celllua layer (`begin_layer({alpha = 0.8})` ... `end_layer()`)
/// is cairo_push_group ... cairo_pop_group_to_source + cairo_paint_with_alpha;
/// both groups are bounded by the clip. Change the two together.
enum LayersScene {
    static let width = 320.0, height = 480.0
    static let background: UInt32 = 0xD8DCE2
    static let seed: UInt64 = 2468

    static func draw(_ cr: OpaquePointer) {
        let H = height
        var rng = LCG(seed: seed)
        Cairo.setSource(cr, hex: background)
        cairo_paint(cr)

        // 1. the backdrop: opaque stripes
        for i in 0..<32 {
            Cairo.setSource(cr, rng.color(1, 1))
            cairo_rectangle(cr, Double(i) * 10, 0, 10, H)
            cairo_fill(cr)
        }

        // 2. twenty cells, one group each
        for i in 0..<20 {
            let x = 10.0, y = 8 + Double(i) * 23.5, w = 300.0, h = 21.0
            let top = rng.color(1, 1)
            let bottom = rng.color(1, 1)
            let dot = rng.color(0.6, 1)
            cairo_save(cr)
            cairo_rectangle(cr, x, y, w, h)
            cairo_clip(cr)
            cairo_push_group(cr)
            let pattern = cairo_pattern_create_linear(0, y, 0, y + h)!
            cairo_pattern_add_color_stop_rgba(pattern, 0, top.r, top.g, top.b, top.a)
            cairo_pattern_add_color_stop_rgba(pattern, 1, bottom.r, bottom.g, bottom.b, bottom.a)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, pattern)
            Cairo.roundedRect(cr, x, y, w, h, 8)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
            Cairo.setSource(cr, dot)
            for k in 0..<3 {
                Cairo.ellipse(cr, x + 12 + Double(k) * 22, y + 4, 13, 13)
                cairo_fill(cr)
            }
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            Cairo.roundedRect(cr, x + w - 60, y + 4, 44, 13, 6.5)
            cairo_fill(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, 0.8)
            cairo_restore(cr)
        }
    }
}
