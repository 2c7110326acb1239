import CairoOracle
import Foundation

/// CGPathAddArcToPoint for cairo, which has no arc-to: written here from its
/// definition, not from celllua's code. With the current point p0, the arc
/// of radius `r` tangent to the line p0→p1 and to the line p1→p2 (the
/// infinite lines: a tangent point may lie beyond a segment's end), preceded
/// by a line from p0 to the first tangent point; the second tangent point
/// becomes the current point. When the arc is undefined (p0 = p1, p1 = p2,
/// the three collinear, or r = 0) it is a line to p1.
///
/// Construction: walking p0→p1 then p1→p2 turns by the signed angle `turn`;
/// the tangent points lie `r tan(|turn| / 2)` from p1 along each line, and the
/// centre lies `r` from the first tangent point on the side the path turns
/// to. On cairo's y-down device space a positive turn is increasing angle,
/// which is cairo_arc; a negative turn is cairo_arc_negative.
func cgArcToPoint(_ cr: OpaquePointer, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ r: Double) {
    guard cairo_has_current_point(cr) != 0 else {
        cairo_move_to(cr, x1, y1)
        return
    }
    var x0 = 0.0, y0 = 0.0
    cairo_get_current_point(cr, &x0, &y0)
    let ax = x1 - x0, ay = y1 - y0, bx = x2 - x1, by = y2 - y1
    let la = (ax * ax + ay * ay).squareRoot(), lb = (bx * bx + by * by).squareRoot()
    guard r > 0, la > 0, lb > 0 else {
        cairo_line_to(cr, x1, y1)
        return
    }
    let (ux, uy) = (ax / la, ay / la), (vx, vy) = (bx / lb, by / lb)
    let turn = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    guard abs(sin(turn)) > 1e-12 else {  // collinear: straight on or straight back
        cairo_line_to(cr, x1, y1)
        return
    }
    let along = r * tan(abs(turn) / 2)
    let t0 = (x: x1 - ux * along, y: y1 - uy * along)
    let t1 = (x: x1 + vx * along, y: y1 + vy * along)
    let side = turn > 0 ? 1.0 : -1.0
    // The left-hand normal of (ux, uy) on a y-down plane is (-uy, ux).
    let cx = t0.x - uy * r * side, cy = t0.y + ux * r * side
    let a0 = atan2(t0.y - cy, t0.x - cx), a1 = atan2(t1.y - cy, t1.x - cx)
    // cairo_arc joins the current point to the arc's start with a line.
    if turn > 0 {
        cairo_arc(cr, cx, cy, r, a0, a1)
    } else {
        cairo_arc_negative(cr, cx, cy, r, a0, a1)
    }
}

/// The rounded rectangle as Core Graphics code of the seeds' era builds it
/// (the cell seed's addRoundedRectToPath): four arc-to-points around the
/// corners from the middle of an edge. `r` must not exceed half the shorter
/// side (the kit clamps it; these tests stay within).
func cgRoundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
    let maxx = x + w, maxy = y + h
    cairo_move_to(cr, maxx, y + h / 2)
    cgArcToPoint(cr, maxx, maxy, x + w / 2, maxy, r)
    cgArcToPoint(cr, x, maxy, x, y + h / 2, r)
    cgArcToPoint(cr, x, y, x + w / 2, y, r)
    cgArcToPoint(cr, maxx, y, maxx, y + h / 2, r)
    cairo_close_path(cr)
}
