import CCairo
import Foundation

/// Thin helpers over cairo's C API for the comparison side. Paths are built in
/// user space (points): every scene starts with `cairo_scale(cr, scale, scale)`.
enum Cairo {
    static func setSource(_ cr: OpaquePointer, _ c: RGBA) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
    }

    /// "#RRGGBB" as cairo_set_source_rgb would take it.
    static func setSource(_ cr: OpaquePointer, hex: UInt32) {
        cairo_set_source_rgb(cr, Double((hex >> 16) & 0xFF) / 255,
                             Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    /// The same outline as celllua's `rounded_rect` (CellGeometry's
    /// addRoundedRect): straight sides and quarter circles of radius `r` at the
    /// corners, clockwise on screen, closed. `r` must already be clamped to
    /// half the shorter side, as the scripts do.
    static func roundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
        let pi = Double.pi
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, pi / 2, pi)
        cairo_arc(cr, x + r, y + r, r, pi, 3 * pi / 2)
        cairo_close_path(cr)
    }

    /// celllua's `ellipse(x, y, w, h)` (CGPathAddEllipseInRect): a unit circle
    /// scaled into the rect, from angle 0 with increasing angle, closed.
    static func ellipse(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        cairo_new_sub_path(cr)
        cairo_save(cr)
        cairo_translate(cr, x + w / 2, y + h / 2)
        cairo_scale(cr, w / 2, h / 2)
        cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
        cairo_close_path(cr)
        cairo_restore(cr)
    }
}

/// One cairo frame: an ARGB32 image surface of the scene's pixel size, a
/// context scaled to points, the scene drawn, everything destroyed. The
/// surface is returned (referenced) when `keep` is set, for --check.
func cairoFrame(_ scene: Scene, keep: Bool = false) -> OpaquePointer? {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(scene.pixelWidth), Int32(scene.pixelHeight))!
    let cr = cairo_create(surface)!
    cairo_scale(cr, scene.scale, scene.scale)
    scene.drawCairo(cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    if keep { return surface }
    cairo_surface_destroy(surface)
    return nil
}
