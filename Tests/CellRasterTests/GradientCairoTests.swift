import CairoOracle
import CellGeometry
import CellRaster
import Testing

/// Gradient paints against cairo 1.16 / pixman: a `set_fill` paint extends
/// both ends, as cairo's EXTEND_PAD does; cairo's radial gradients follow the
/// same PDF two-circle rule (largest t with r(t) >= 0; nothing painted where
/// no circle reaches), and pixman interpolates stops in straight alpha and
/// premultiplies afterwards, as celllua does. Both sample at pixel centres.
///
/// The shapes cover the whole canvas (no anti-aliased edges to compare), so
/// only the color computation differs: cairo passes stop colors through
/// 16 bits and pixman's gradient walker rounds in its own way, celllua
/// rounds once from a 1024-entry table. Tolerance: 1 level per channel on
/// every pixel (measured: a quarter of the pixels or fewer differ, by 1).
@Suite struct GradientCairoTests {
    struct Stop {
        var t: Double, r: Double, g: Double, b: Double, a: Double
    }

    static let stops = [
        Stop(t: 0, r: 0.1, g: 0.3, b: 0.9, a: 1),
        Stop(t: 0.35, r: 1, g: 1, b: 1, a: 0.4),
        Stop(t: 0.6, r: 0.9, g: 0.5, b: 0.1, a: 1),
        Stop(t: 1, r: 0.2, g: 0.8, b: 0.3, a: 0.7),
    ]

    var gradient: Gradient {
        try! Gradient(stops: Self.stops.map { .init(location: $0.t, color: Color(r: $0.r, g: $0.g, b: $0.b, a: $0.a)) })
    }

    func addStops(_ pattern: OpaquePointer, extend: cairo_extend_t = CAIRO_EXTEND_PAD) {
        for s in Self.stops { cairo_pattern_add_color_stop_rgba(pattern, s.t, s.r, s.g, s.b, s.a) }
        cairo_pattern_set_extend(pattern, extend)
    }

    /// The same paint filling the whole canvas in both, at scale 2 under a
    /// rotation (the paint is read in the rotated user space in both).
    func compare(_ name: String, celllua paint: Paint, cairo pattern: OpaquePointer, rotate: Double = 0.3) throws {
        let canvas = try Canvas(width: 60, height: 50, scale: 2)
        canvas.translate(30, 25)
        canvas.rotate(rotate)
        canvas.translate(-30, -25)
        canvas.setFill(paint)
        canvas.fillRect(Rect(x: -100, y: -100, width: 300, height: 300))
        let reference = CairoRender.render(width: 120, height: 100) { cr in
            cairo_scale(cr, 2, 2)
            cairo_translate(cr, 30, 25)
            cairo_rotate(cr, rotate)
            cairo_translate(cr, -30, -25)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
        }
        cairo_pattern_destroy(pattern)
        CairoRender.check(name, canvas.buffer, reference, tolerance: 1, maxChannel: 1, maxPixelsOver: 0)
    }

    @Test func linear() throws {
        let pattern = cairo_pattern_create_linear(8, 10, 50, 38)!
        addStops(pattern)
        try compare("gradient-linear",
                    celllua: .linear(LinearGradient(gradient: gradient, start: Point(8, 10), end: Point(50, 38))),
                    cairo: pattern)
    }

    @Test func radialConcentric() throws {
        let pattern = cairo_pattern_create_radial(30, 25, 5, 30, 25, 22)!
        addStops(pattern)
        try compare("gradient-radial-concentric",
                    celllua: .radial(RadialGradient(gradient: gradient, start: Point(30, 25), startRadius: 5,
                                                    end: Point(30, 25), endRadius: 22)),
                    cairo: pattern)
    }

    @Test func radialFocalInside() throws {
        let pattern = cairo_pattern_create_radial(22, 20, 0, 30, 25, 24)!
        addStops(pattern)
        try compare("gradient-radial-focal",
                    celllua: .radial(RadialGradient(gradient: gradient, start: Point(22, 20), startRadius: 0,
                                                    end: Point(30, 25), endRadius: 24)),
                    cairo: pattern)
    }

    /// Neither circle contains the other: a cone, with unpainted (transparent)
    /// pixels outside it in both.
    @Test func radialCone() throws {
        let pattern = cairo_pattern_create_radial(12, 25, 4, 44, 22, 9)!
        addStops(pattern)
        try compare("gradient-radial-cone",
                    celllua: .radial(RadialGradient(gradient: gradient, start: Point(12, 25), startRadius: 4,
                                                    end: Point(44, 22), endRadius: 9)),
                    cairo: pattern, rotate: 0)
    }

    /// CG's gradient draws without extension paint nothing past the ends;
    /// cairo's EXTEND_NONE leaves those pixels transparent, which drawn over
    /// a background leaves them as they were. The same with copy: cairo's
    /// SOURCE operator is unbounded (it clears them), so this compares over.
    /// Compositing the translucent stops over the background rounds once more
    /// in each renderer: tolerance 3 levels (measured: 3 on the linear draw,
    /// 2 on the radial one); a pixel painted in one and not the other, at the
    /// ends, would differ by far more.
    @Test(arguments: [false, true])
    func drawsWithoutExtension(radial: Bool) throws {
        let canvas = try Canvas(width: 60, height: 50, scale: 2)
        canvas.fillAll(Color(r: 0.95, g: 0.9, b: 0.8))
        canvas.translate(30, 25)
        canvas.rotate(-0.2)
        canvas.translate(-30, -25)
        if radial {
            canvas.drawRadialGradient(gradient, start: Point(12, 25), startRadius: 4, end: Point(40, 22), endRadius: 12)
        } else {
            canvas.drawLinearGradient(gradient, from: Point(15, 10), to: Point(45, 30))
        }
        let reference = CairoRender.render(width: 120, height: 100) { cr in
            cairo_set_source_rgb(cr, 0.95, 0.9, 0.8)
            cairo_paint(cr)
            cairo_scale(cr, 2, 2)
            cairo_translate(cr, 30, 25)
            cairo_rotate(cr, -0.2)
            cairo_translate(cr, -30, -25)
            let pattern = radial ? cairo_pattern_create_radial(12, 25, 4, 40, 22, 12)! : cairo_pattern_create_linear(15, 10, 45, 30)!
            addStops(pattern, extend: CAIRO_EXTEND_NONE)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        }
        CairoRender.check("gradient-draw-\(radial ? "radial" : "linear")", canvas.buffer, reference,
                          tolerance: 3, maxChannel: 3, maxPixelsOver: 0)
    }
}
