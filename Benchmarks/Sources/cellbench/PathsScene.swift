import CCairo
import Foundation

/// scenes/paths.lua drawn through cairo: the same LCG draws, in the same
/// order, with the same arithmetic, so both sides paint the same shapes.
/// Change the two together.
enum PathsScene {
    static let width = 320.0, height = 480.0
    static let background: UInt32 = 0xF2EFE8
    static let seed: UInt64 = 20_240_601

    static func draw(_ cr: OpaquePointer) {
        let W = width, H = height, pi = Double.pi
        var rng = LCG(seed: seed)
        Cairo.setSource(cr, hex: background)
        cairo_paint(cr)

        // 1. translucent filled shapes all over the canvas
        for _ in 0..<470 {
            let kind = rng.pick(4)
            let cx = rng.range(-20, W + 20)
            let cy = rng.range(-20, H + 20)
            shape(cr, &rng, kind, cx, cy)
            Cairo.setSource(cr, rng.color(0.25, 0.8))
            cairo_fill(cr)
        }

        // 2. even-odd fills: pentagrams (hollow centre) and rings (two circles)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        for i in 1...4 {
            let cx = rng.range(40, W - 40)
            let cy = rng.range(40, H - 40)
            let radius = rng.range(30, 60)
            if i % 2 == 1 {
                for v in 0...4 {
                    let a = -pi / 2 + 4 * pi * Double(v) / 5
                    let x = cx + radius * cos(a)
                    let y = cy + radius * sin(a)
                    if v == 0 { cairo_move_to(cr, x, y) } else { cairo_line_to(cr, x, y) }
                }
                cairo_close_path(cr)
            } else {
                let inner = radius * 0.6
                Cairo.ellipse(cr, cx - radius, cy - radius, 2 * radius, 2 * radius)
                Cairo.ellipse(cr, cx - inner, cy - inner, 2 * inner, 2 * inner)
            }
            Cairo.setSource(cr, rng.color(0.5, 0.9))
            cairo_fill(cr)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)

        // 3. a group of fills inside a rounded-rectangle clip
        cairo_save(cr)
        Cairo.roundedRect(cr, 40, 150, 240, 160, 24)
        cairo_clip(cr)
        for _ in 0..<30 {
            let kind = rng.pick(2)
            let cx = rng.range(20, 300)
            let cy = rng.range(130, 330)
            if kind == 0 {
                let radius = rng.range(15, 50)
                polygon(cr, &rng, cx, cy, radius)
            } else {
                ellipse(cr, &rng, cx, cy)
            }
            Cairo.setSource(cr, rng.color(0.4, 0.9))
            cairo_fill(cr)
        }
        cairo_restore(cr)

        // 4. stroked open polylines and curves
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for _ in 0..<300 {
            var x = rng.range(0, W)
            var y = rng.range(0, H)
            cairo_move_to(cr, x, y)
            let segments = 2 + rng.pick(5)
            for _ in 0..<segments {
                if rng.next() < 0.5 {
                    x = x + rng.range(-40, 40)
                    y = y + rng.range(-40, 40)
                    cairo_line_to(cr, x, y)
                } else {
                    let c1x = x + rng.range(-30, 30)
                    let c1y = y + rng.range(-30, 30)
                    let ex = x + rng.range(-50, 50)
                    let ey = y + rng.range(-50, 50)
                    let c2x = ex + rng.range(-30, 30)
                    let c2y = ey + rng.range(-30, 30)
                    cairo_curve_to(cr, c1x, c1y, c2x, c2y, ex, ey)
                    x = ex
                    y = ey
                }
            }
            cairo_set_line_width(cr, rng.range(1, 4))
            Cairo.setSource(cr, rng.color(0.3, 0.9))
            cairo_stroke(cr)
        }
    }

    private static func shape(_ cr: OpaquePointer, _ rng: inout LCG, _ kind: Int, _ cx: Double, _ cy: Double) {
        switch kind {
        case 0:
            let radius = rng.range(8, 48)
            polygon(cr, &rng, cx, cy, radius)
        case 1:
            ellipse(cr, &rng, cx, cy)
        case 2:
            roundedRect(cr, &rng, cx, cy)
        default:
            let radius = rng.range(10, 50)
            blob(cr, &rng, cx, cy, radius)
        }
    }

    private static func polygon(_ cr: OpaquePointer, _ rng: inout LCG, _ cx: Double, _ cy: Double, _ radius: Double) {
        let pi = Double.pi
        let n = 3 + rng.pick(6)
        let a0 = rng.range(0, 2 * pi)
        for i in 0..<n {
            let a = a0 + 2 * pi * Double(i) / Double(n)
            let r = radius * rng.range(0.5, 1)
            let x = cx + r * cos(a)
            let y = cy + r * sin(a)
            if i == 0 { cairo_move_to(cr, x, y) } else { cairo_line_to(cr, x, y) }
        }
        cairo_close_path(cr)
    }

    private static func ellipse(_ cr: OpaquePointer, _ rng: inout LCG, _ cx: Double, _ cy: Double) {
        let w = rng.range(8, 70)
        let h = rng.range(8, 70)
        Cairo.ellipse(cr, cx - w / 2, cy - h / 2, w, h)
    }

    private static func roundedRect(_ cr: OpaquePointer, _ rng: inout LCG, _ cx: Double, _ cy: Double) {
        let w = rng.range(16, 110)
        let h = rng.range(12, 80)
        let r = min(rng.range(2, 16), w / 2, h / 2)
        Cairo.roundedRect(cr, cx - w / 2, cy - h / 2, w, h, r)
    }

    /// A closed Catmull-Rom curve through 5-7 points around (cx, cy), as cubics.
    private static func blob(_ cr: OpaquePointer, _ rng: inout LCG, _ cx: Double, _ cy: Double, _ radius: Double) {
        let pi = Double.pi
        let n = 5 + rng.pick(3)
        var xs = [Double](repeating: 0, count: n), ys = xs
        for i in 0..<n {
            // Lua's i is 1-based: (i - 1) there is i here.
            let a = 2 * pi * Double(i) / Double(n)
            let r = radius * rng.range(0.55, 1)
            xs[i] = cx + r * cos(a)
            ys[i] = cy + r * sin(a)
        }
        cairo_move_to(cr, xs[0], ys[0])
        for i in 0..<n {
            let h = (i + n - 1) % n, j = (i + 1) % n, k = (i + 2) % n
            cairo_curve_to(cr, xs[i] + (xs[j] - xs[h]) / 6, ys[i] + (ys[j] - ys[h]) / 6,
                           xs[j] - (xs[k] - xs[i]) / 6, ys[j] - (ys[k] - ys[i]) / 6,
                           xs[j], ys[j])
        }
        cairo_close_path(cr)
    }
}
