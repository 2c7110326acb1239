import CCairo

/// scenes/gradients.lua drawn through cairo: the same LCG draws in the same
/// order. A celllua gradient paint (`set_fill(cell.linear(...))`) extends
/// both ends: cairo's EXTEND_PAD. A CG-style radial draw paints nothing past
/// its end circle: EXTEND_NONE (and the clip is that circle anyway). Change
/// the two together.
enum GradientsScene {
    static let width = 320.0, height = 480.0
    static let seed: UInt64 = 90210

    static func addStop(_ pattern: OpaquePointer, _ t: Double, _ c: RGBA) {
        cairo_pattern_add_color_stop_rgba(pattern, t, c.r, c.g, c.b, c.a)
    }

    static func draw(_ cr: OpaquePointer) {
        let W = width, H = height
        var rng = LCG(seed: seed)

        // 1. the background: a vertical ramp over the whole canvas
        let top = rng.color(1, 1)
        let bottom = rng.color(1, 1)
        let background = cairo_pattern_create_linear(0, 0, 0, H)!
        addStop(background, 0, top)
        addStop(background, 1, bottom)
        cairo_set_source(cr, background)
        cairo_paint(cr)
        cairo_pattern_destroy(background)

        // 2. rounded rectangles, each with its own gradient paint
        for _ in 0..<150 {
            let x = rng.range(-10, W - 40)
            let y = rng.range(-10, H - 20)
            let w = rng.range(30, 140)
            let h = rng.range(16, 60)
            let r = min(rng.range(3, 12), w / 2, h / 2)
            let n = 2 + rng.pick(2)
            let pattern = cairo_pattern_create_linear(x, y, x, y + h)!
            for i in 0..<n {
                addStop(pattern, Double(i) / Double(n - 1), rng.color(0.6, 1))
            }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, pattern)
            Cairo.roundedRect(cr, x, y, w, h, r)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
        }

        // 3. radial draws, each clipped to its end circle
        for _ in 0..<6 {
            let cx = rng.range(50, W - 50)
            let cy = rng.range(50, H - 50)
            let R = rng.range(25, 60)
            let fx = cx + rng.range(-0.5, 0.5) * R
            let fy = cy + rng.range(-0.5, 0.5) * R
            let inner = rng.color(1, 1)
            let outer = rng.color(0.3, 0.8)
            cairo_save(cr)
            Cairo.ellipse(cr, cx - R, cy - R, 2 * R, 2 * R)
            cairo_clip(cr)
            let pattern = cairo_pattern_create_radial(fx, fy, 0, cx, cy, R)!
            addStop(pattern, 0, inner)
            addStop(pattern, 1, outer)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
            cairo_restore(cr)
        }
    }
}
