import CairoOracle
import CellGeometry
import Foundation
import Testing

/// The test-side CGPathAddArcToPoint for cairo, checked on its own: where it
/// ends and what it spans, for corners turning either way, obtuse and acute,
/// and the degenerate cases that become a line to the corner.
@Suite struct CairoArcToPointTests {
    /// Runs `build` on a scratch context; returns the current point and the
    /// path's extents (x0, y0, x1, y1).
    func trace(_ build: (OpaquePointer) -> Void) -> (Point, [Double]) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 4, 4)!
        let cr = cairo_create(surface)!
        cairo_set_tolerance(cr, 0.001)
        build(cr)
        var x = 0.0, y = 0.0, x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_get_current_point(cr, &x, &y)
        cairo_path_extents(cr, &x0, &y0, &x1, &y1)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return (Point(x, y), [x0, y0, x1, y1])
    }

    /// cairo keeps path coordinates in 24.8 fixed point: equal within 1/256.
    func close(_ a: [Double], _ b: [Double], _ eps: Double = 1.0 / 256) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= eps }
    }

    @Test func rightAngleCornerBothWays() {
        // Right then down (a clockwise turn on screen): tangent points 4 from the corner.
        let (p, e) = trace { cr in
            cairo_move_to(cr, 0, 0)
            cgArcToPoint(cr, 10, 0, 10, 10, 4)
        }
        #expect(close([p.x, p.y], [10, 4]))
        #expect(close(e, [0, 0, 10, 4]))
        // Down then right (counter-clockwise): the arc bulges toward (0, 10).
        let (q, f) = trace { cr in
            cairo_move_to(cr, 0, 0)
            cgArcToPoint(cr, 0, 10, 10, 10, 4)
        }
        #expect(close([q.x, q.y], [4, 10]))
        #expect(close(f, [0, 0, 4, 10]))
    }

    /// Tangent points lie on the lines, past a segment's end if need be:
    /// the corner of a 60 degree turn with r = 10 is r tan(30 deg) away.
    @Test func tangentPointsFollowTheTurn() {
        let a = Double.pi / 3
        let (p, _) = trace { cr in
            cairo_move_to(cr, 0, 0)
            cgArcToPoint(cr, 2, 0, 2 + cos(a), sin(a), 10)
        }
        let along = 10 * tan(a / 2)
        #expect(close([p.x, p.y], [2 + along * cos(a), along * sin(a)]))
    }

    /// The same corners through celllua's Path: both definitions end at the
    /// same point (a check of the test helper, not of the kit).
    static let corners: [(Point, Point, Point, Double)] = [
        (Point(0, 0), Point(30, 5), Point(12, 40), 7),
        (Point(5, 50), Point(5, 0), Point(60, 0), 10),
        (Point(0, 0), Point(20, 0), Point(0, 3), 2),  // acute: tangent points past both ends
    ]

    @Test func endsWhereCellluaEnds() {
        for (p0, p1, p2, r) in Self.corners {
            var path = Path()
            path.move(to: p0)
            path.addArc(tangent1: p1, tangent2: p2, radius: r)
            let (p, _) = trace { cr in
                cairo_move_to(cr, p0.x, p0.y)
                cgArcToPoint(cr, p1.x, p1.y, p2.x, p2.y, r)
            }
            let ours = path.currentPoint!
            #expect(close([p.x, p.y], [ours.x, ours.y]), "\(p0) \(p1) \(p2) \(r)")
        }
    }

    @Test func degenerateCasesAreALineToTheCorner() {
        for (p1, p2, r) in [((10.0, 0.0), (20.0, 0.0), 5.0),  // collinear, straight on
                            ((10, 0), (3, 0), 5),              // collinear, straight back
                            ((0, 0), (5, 5), 5),               // p1 = p0
                            ((10, 0), (10, 0), 5),             // p2 = p1
                            ((10, 0), (10, 10), 0)] {          // no radius
            let (p, _) = trace { cr in
                cairo_move_to(cr, 0, 0)
                cgArcToPoint(cr, p1.0, p1.1, p2.0, p2.1, r)
            }
            #expect(close([p.x, p.y], [p1.0, p1.1]), "\(p1) \(p2) \(r)")
        }
    }
}
