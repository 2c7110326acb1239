import CCairo

/// scenes/rects.lua drawn through cairo: the same LCG draws in the same
/// order. Change the two together.
enum RectsScene {
    static let width = 320.0, height = 480.0
    static let background: UInt32 = 0xFFFFFF
    static let seed: UInt64 = 7151

    static func draw(_ cr: OpaquePointer) {
        let W = width, H = height
        var rng = LCG(seed: seed)
        Cairo.setSource(cr, hex: background)
        cairo_paint(cr)
        for _ in 0..<2000 {
            let x = rng.range(-20, W)
            let y = rng.range(-20, H)
            let w = rng.range(4, 120)
            let h = rng.range(4, 90)
            let color = rng.color(0.2, 0.8)
            Cairo.setSource(cr, color)
            cairo_rectangle(cr, x, y, w, h)
            cairo_fill(cr)
        }
    }
}
