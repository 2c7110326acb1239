import FoundationEssentials
import Glibc

/// The part of the plane whose coverage matters (a canvas' clip box, in
/// device pixels), used to flatten cheaply what cannot be seen there: a curve
/// lying wholly beyond one side of the box is flattened as its chord.
///
/// Why a chord changes nothing inside the box, for fills. Let C be such a
/// curve and K its chord (same endpoints). All of C lies in the convex hull of
/// its control points, and so does K; the hull lies in the open half-plane H
/// beyond one side of the box (that is what `excludes` checks, strictly). The
/// path with K in place of C differs from the original by the closed loop
/// "C, then K backwards", which lies in H. A closed loop inside a half-plane
/// winds zero times around every point outside that half-plane (H is convex,
/// so the loop can be shrunk to a point inside H without crossing the point).
/// Winding numbers add, so every point of the box keeps its winding number, so
/// the fill rule gives the same inside/outside there, so the exact area
/// coverage of every pixel in the box is unchanged. Equivalently: the net
/// signed crossings of a horizontal scanline by the curve depend only on its
/// endpoints when the curve cannot cross the scanline inside the box.
///
/// The rasterizer does this arithmetic in floating point: edges above, below
/// or right of its region contribute nothing to the region's pixels in either
/// case, so those are bit-exact; edges left of it add their height to the
/// region's first column, where many short pieces and one chord can round
/// differently (by about 1e-7 of a pixel's coverage), which could move a
/// pixel by one 8-bit level only where its coverage lies on a rounding tie.
///
/// For strokes the same argument runs over the pieces the stroker's outline is
/// the sum of (see `Stroker`): replacing a curve by its chord changes only the
/// pieces within the stroke's reach of the curve's control hull (its segment
/// rectangles, the joins at its ends, a cap), so the box is first grown by that
/// reach (`Stroker.reach`, mapped to box units through the transform, see
/// `grown(byPathDistance:)`) and everything changed lies outside the original
/// box. A dashed
/// stroke must also keep the curve's length, or the dashes after it would
/// shift: there the chord becomes a two-segment detour of the same length,
/// bent away from the box (see `Path.flattenedForStroking`).
public struct CullBox: Sendable, Equatable {
    /// The box, in its own space (device pixels for a canvas).
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Maps path coordinates into the box's space (the CTM, for a stroke
    /// flattened in user space); identity by default.
    public var transform: AffineTransform

    public init(_ rect: Rect, transform: AffineTransform = .identity) {
        minX = rect.minX
        minY = rect.minY
        maxX = rect.maxX
        maxY = rect.maxY
        self.transform = transform
    }

    /// The box grown so that whatever lies within `distance` (in path units)
    /// of a point beyond one of its new sides lies beyond the old side: box x
    /// is a·x + c·y + tx of the path point, so moving by r moves it by at most
    /// r·hypot(a, c), and box y by at most r·hypot(b, d). Plus `slack` box
    /// units against rounding. A NaN or infinite margin culls nothing.
    public func grown(byPathDistance distance: Double, slack: Double = 0) -> CullBox {
        let t = transform
        var mx = distance * hypot(t.a, t.c) + slack, my = distance * hypot(t.b, t.d) + slack
        if mx.isNaN { mx = .infinity }
        if my.isNaN { my = .infinity }
        var box = self
        box.minX -= mx
        box.maxX += mx
        box.minY -= my
        box.maxY += my
        return box
    }

    /// A side of the box, and what lies beyond it.
    enum Side { case left, right, top, bottom }

    /// The side that the points (path space) all lie strictly beyond, or nil.
    /// A NaN coordinate never counts as beyond.
    @inline(__always)
    func side(beyondAll a: Point, _ b: Point, _ c: Point) -> Side? {
        let p = transform.apply(a), q = transform.apply(b), r = transform.apply(c)
        if p.x < minX && q.x < minX && r.x < minX { return .left }
        if p.x > maxX && q.x > maxX && r.x > maxX { return .right }
        if p.y < minY && q.y < minY && r.y < minY { return .top }
        if p.y > maxY && q.y > maxY && r.y > maxY { return .bottom }
        return nil
    }

    @inline(__always)
    func side(beyondAll a: Point, _ b: Point, _ c: Point, _ d: Point) -> Side? {
        let p = transform.apply(a), q = transform.apply(b), r = transform.apply(c), s = transform.apply(d)
        if p.x < minX && q.x < minX && r.x < minX && s.x < minX { return .left }
        if p.x > maxX && q.x > maxX && r.x > maxX && s.x > maxX { return .right }
        if p.y < minY && q.y < minY && r.y < minY && s.y < minY { return .top }
        if p.y > maxY && q.y > maxY && r.y > maxY && s.y > maxY { return .bottom }
        return nil
    }

    /// True when a quadratic curve's control polygon lies wholly beyond one side.
    @inline(__always)
    func excludes(_ p0: Point, _ c: Point, _ p1: Point) -> Bool { side(beyondAll: p0, c, p1) != nil }

    /// True when a cubic curve's control polygon lies wholly beyond one side.
    @inline(__always)
    func excludes(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point) -> Bool {
        side(beyondAll: p0, c1, c2, p1) != nil
    }

    /// True when all `points` (path space) lie strictly beyond one side of the
    /// box; false for none.
    func excludes(all points: [Point]) -> Bool {
        guard !points.isEmpty else { return false }
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for point in points {
            let p = transform.apply(point)
            guard p.isFinite else { return false }
            minX = Swift.min(minX, p.x)
            maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y)
            maxY = Swift.max(maxY, p.y)
        }
        return maxX < self.minX || minX > self.maxX || maxY < self.minY || minY > self.maxY
    }
}
