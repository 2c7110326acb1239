import CCairo

/// scenes/blend.lua drawn through cairo: the same LCG draws in the same
/// order. cairo's PDF blend operators are the same W3C formulas (HSL ones
/// with the same 0.30 / 0.59 / 0.11 luminance), and for these modes cairo's
/// "mask the source" equals celllua's "bounded by coverage". Change the two
/// together.
enum BlendScene {
    static let width = 320.0, height = 480.0
    static let background: UInt32 = 0xFFFFFF
    static let seed: UInt64 = 1_357_911

    /// The scripts' `modes` list, in its order.
    static let operators: [cairo_operator_t] = [
        CAIRO_OPERATOR_MULTIPLY, CAIRO_OPERATOR_SCREEN, CAIRO_OPERATOR_OVERLAY, CAIRO_OPERATOR_SOFT_LIGHT,
        CAIRO_OPERATOR_HARD_LIGHT, CAIRO_OPERATOR_DARKEN, CAIRO_OPERATOR_LIGHTEN, CAIRO_OPERATOR_COLOR_DODGE,
        CAIRO_OPERATOR_COLOR_BURN, CAIRO_OPERATOR_DIFFERENCE, CAIRO_OPERATOR_EXCLUSION, CAIRO_OPERATOR_HSL_HUE,
        CAIRO_OPERATOR_HSL_SATURATION, CAIRO_OPERATOR_HSL_COLOR, CAIRO_OPERATOR_HSL_LUMINOSITY,
    ]

    static func draw(_ cr: OpaquePointer) {
        let W = width, H = height
        var rng = LCG(seed: seed)
        Cairo.setSource(cr, hex: background)
        cairo_paint(cr)

        // 1. the backdrop: opaque bands
        for i in 0..<12 {
            Cairo.setSource(cr, rng.color(1, 1))
            cairo_rectangle(cr, 0, Double(i) * H / 12, W, H / 12)
            cairo_fill(cr)
        }

        // 2. shapes, each in a blend mode of its own
        for _ in 0..<300 {
            let op = operators[rng.pick(operators.count)]
            let kind = rng.pick(2)
            let cx = rng.range(-20, W + 20)
            let cy = rng.range(-20, H + 20)
            let w = rng.range(20, 120)
            let h = rng.range(20, 100)
            let color = rng.color(0.5, 1)
            cairo_set_operator(cr, op)
            Cairo.setSource(cr, color)
            if kind == 0 {
                Cairo.ellipse(cr, cx - w / 2, cy - h / 2, w, h)
            } else {
                let r = min(rng.range(2, 16), w / 2, h / 2)
                Cairo.roundedRect(cr, cx - w / 2, cy - h / 2, w, h, r)
            }
            cairo_fill(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }
}
