import FoundationEssentials
import Glibc

/// How overlapping regions of a path are filled.
public enum FillRule: String, CaseIterable, Sendable {
    /// Inside where the winding number is not zero (Core Graphics' default).
    case nonzero
    /// Inside where the winding number is odd.
    case evenodd
}

/// A path with Core Graphics semantics: subpaths of lines, quadratic and cubic
/// Béziers, closed or open. Arcs are stored as cubic Béziers.
///
/// Drawing calls without a current point start a subpath at their first point
/// (as the HTML canvas does), so `line_to` on an empty path acts as `move_to`.
/// After `close`, the current point is the subpath's start, and a following
/// drawing call begins a new subpath there (as in Core Graphics).
public struct Path: Sendable, Equatable {
    public enum Element: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close

        /// Every point of the element mapped through `t`.
        public func transformed(by t: AffineTransform) -> Element {
            switch self {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .quad(let c, let p): return .quad(t.apply(c), t.apply(p))
            case .cubic(let c1, let c2, let p): return .cubic(t.apply(c1), t.apply(c2), t.apply(p))
            case .close: return .close
            }
        }
    }

    public private(set) var elements: [Element] = []
    /// The end of the last element, or nil for an empty path.
    public private(set) var currentPoint: Point?
    private var subpathStart: Point?
    /// True right after `close`: the next drawing call needs a `move` first.
    private var needsMove = false

    public init() {}

    public var isEmpty: Bool { elements.isEmpty }

    /// Makes room for `count` more elements (a path built from many pieces,
    /// such as a line of glyphs, grows once instead of repeatedly).
    public mutating func reserveCapacity(adding count: Int) {
        elements.reserveCapacity(elements.count + count)
    }

    /// True when a drawing call would continue the current subpath (there is
    /// a current point and the subpath is not closed).
    public var hasOpenSubpath: Bool { currentPoint != nil && !needsMove }

    // MARK: construction

    public mutating func move(to p: Point) {
        // Room for a typical shape at once (a rounded rect is 10 elements),
        // instead of growing the array 1, 2, 4, 8, 16 on the way.
        if elements.capacity == 0 { elements.reserveCapacity(16) }
        // Consecutive moves collapse into the last one.
        if case .move = elements.last { elements.removeLast() }
        elements.append(.move(p))
        currentPoint = p
        subpathStart = p
        needsMove = false
    }

    /// Makes sure a subpath is open, starting it at `p` if there is none.
    private mutating func ensureSubpath(_ p: Point) {
        if currentPoint == nil {
            move(to: p)
        } else if needsMove, let start = subpathStart {
            move(to: start)
        }
    }

    public mutating func line(to p: Point) {
        ensureSubpath(p)
        elements.append(.line(p))
        currentPoint = p
    }

    public mutating func quad(control c: Point, to p: Point) {
        ensureSubpath(c)
        elements.append(.quad(c, p))
        currentPoint = p
    }

    public mutating func curve(control1 c1: Point, control2 c2: Point, to p: Point) {
        ensureSubpath(c1)
        elements.append(.cubic(c1, c2, p))
        currentPoint = p
    }

    /// Appends `element` through the construction calls above (so a
    /// repeated `move` or a `close` acts as those calls do).
    public mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): line(to: p)
        case .quad(let c, let p): quad(control: c, to: p)
        case .cubic(let c1, let c2, let p): curve(control1: c1, control2: c2, to: p)
        case .close: close()
        }
    }

    /// Closes the current subpath (nothing happens on an empty or closed one).
    public mutating func close() {
        guard currentPoint != nil, !needsMove else { return }
        elements.append(.close)
        currentPoint = subpathStart
        needsMove = true
    }

    // MARK: shapes

    /// CGPathAddArc: the arc of the circle at `center` with `radius` from angle
    /// `start` to `end` (radians; the point at angle t is `center + r (cos t, sin t)`).
    /// `clockwise == false` sweeps with increasing angle, `true` with decreasing.
    /// A sweep of 2π or more in the arc's direction draws the full circle. With a
    /// current point, a line joins it to the arc's start; else the arc starts a
    /// subpath.
    public mutating func addArc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool) {
        let r = abs(radius)
        let twoPi = 2 * Double.pi
        let raw = clockwise ? start - end : end - start
        var sweep: Double
        if raw >= twoPi {
            sweep = twoPi
        } else {
            sweep = raw.truncatingRemainder(dividingBy: twoPi)
            if sweep < 0 { sweep += twoPi }
        }
        if clockwise { sweep = -sweep }
        let p0 = Point(center.x + r * cos(start), center.y + r * sin(start))
        // As CGPathAddArc: with a current point (also right after `close`,
        // where it is the subpath's start) a line joins it to the arc.
        if currentPoint == nil {
            move(to: p0)
        } else {
            line(to: p0)
        }
        appendArc(center: center, radius: r, start: start, sweep: sweep)
    }

    /// Appends cubic Béziers approximating an arc from the current point (which
    /// must be at angle `start`), in pieces of at most a quarter turn.
    private mutating func appendArc(center: Point, radius r: Double, start: Double, sweep: Double) {
        // A sweep or radius overflowed by extreme inputs draws no arc (and
        // must not reach Int(_:), which traps on NaN).
        guard r > 0, r.isFinite, sweep.isFinite, sweep != 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        // Control distance for a circular arc of angle `step`: 4/3 tan(step/4).
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = start
        for _ in 0..<pieces {
            let b = a + step
            let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
            let p1 = Point(center.x + r * (ca - k * sa), center.y + r * (sa + k * ca))
            let p2 = Point(center.x + r * (cb + k * sb), center.y + r * (sb - k * cb))
            let p3 = Point(center.x + r * cb, center.y + r * sb)
            curve(control1: p1, control2: p2, to: p3)
            a = b
        }
    }

    /// CGPathAddArcToPoint (HTML `arcTo`): a line from the current point to the
    /// first tangent point, then an arc of `radius` tangent to the lines
    /// current→p1 and p1→p2, ending at the second tangent point, which becomes
    /// the current point. Degenerate cases (coincident points, collinear
    /// points, zero radius) add a line to `p1`.
    public mutating func addArc(tangent1 p1: Point, tangent2 p2: Point, radius: Double) {
        ensureSubpath(p1)
        guard let p0 = currentPoint else { return }
        let v0 = Point(p0.x - p1.x, p0.y - p1.y), v2 = Point(p2.x - p1.x, p2.y - p1.y)
        let l0 = hypot(v0.x, v0.y), l2 = hypot(v2.x, v2.y)
        let cross = v0.x * v2.y - v0.y * v2.x
        guard radius > 0, l0 > 0, l2 > 0, abs(cross) > 1e-12 * l0 * l2 else {
            line(to: p1)
            return
        }
        let u0 = Point(v0.x / l0, v0.y / l0), u2 = Point(v2.x / l2, v2.y / l2)
        // Angle between the two legs at p1, and the distance from p1 to the tangent points.
        let cosTheta = max(-1, min(1, u0.x * u2.x + u0.y * u2.y))
        let theta = acos(cosTheta)
        let tangentDistance = radius / tan(theta / 2)
        let t0 = Point(p1.x + u0.x * tangentDistance, p1.y + u0.y * tangentDistance)
        let t2 = Point(p1.x + u2.x * tangentDistance, p1.y + u2.y * tangentDistance)
        // Center along the bisector, at distance r / sin(theta/2) from p1.
        var bx = u0.x + u2.x, by = u0.y + u2.y
        let bl = hypot(bx, by)
        bx /= bl
        by /= bl
        let centerDistance = radius / sin(theta / 2)
        let center = Point(p1.x + bx * centerDistance, p1.y + by * centerDistance)
        // Extreme finite inputs can overflow the construction: then, as in the
        // degenerate cases, a line to p1.
        guard center.x.isFinite, center.y.isFinite, t0.x.isFinite, t0.y.isFinite,
              t2.x.isFinite, t2.y.isFinite else {
            line(to: p1)
            return
        }
        line(to: t0)
        let a0 = atan2(t0.y - center.y, t0.x - center.x)
        let a1 = atan2(t2.y - center.y, t2.x - center.x)
        var sweep = a1 - a0
        // The arc is the short way round (less than π), turning with the corner.
        if sweep > Double.pi { sweep -= 2 * Double.pi }
        if sweep < -Double.pi { sweep += 2 * Double.pi }
        appendArc(center: center, radius: radius, start: a0, sweep: sweep)
        // Land exactly on the tangent point, whatever rounding did.
        if case .cubic(let c1, let c2, _) = elements.last {
            elements[elements.count - 1] = .cubic(c1, c2, t2)
        }
        currentPoint = t2
    }

    /// `rect` (standardized) as `addRect` draws it, with every point
    /// mapped by `transform`: the path a rectangle fill or stroke records,
    /// made with one allocation instead of a path grown element by element
    /// and then copied through the transform.
    public init(rect: Rect, transform t: AffineTransform) {
        elements.reserveCapacity(5)
        addRect(rect.standardized) { t.apply($0) }
    }

    /// CGPathAddRect: a closed subpath from the top-left, clockwise on screen
    /// (y down): (x, y) → (x+w, y) → (x+w, y+h) → (x, y+h).
    public mutating func addRect(_ r: Rect) {
        addRect(r) { $0 }
    }

    /// `addRect`'s four corners, each through `map`.
    @inline(__always)
    private mutating func addRect(_ r: Rect, _ map: (Point) -> Point) {
        move(to: map(Point(r.x, r.y)))
        line(to: map(Point(r.x + r.width, r.y)))
        line(to: map(Point(r.x + r.width, r.y + r.height)))
        line(to: map(Point(r.x, r.y + r.height)))
        close()
    }

    /// A rounded rectangle, clockwise on screen, starting at the end of its
    /// top-left corner. `radius` is clamped to half the shorter side; 0 gives a
    /// plain rectangle. The rect is standardized first.
    public mutating func addRoundedRect(_ rect: Rect, radius: Double) {
        let r0 = rect.standardized
        let r = max(0, min(radius, r0.width / 2, r0.height / 2))
        guard r > 0 else {
            addRect(r0)
            return
        }
        let (x0, y0, x1, y1) = (r0.x, r0.y, r0.maxX, r0.maxY)
        let pi = Double.pi
        move(to: Point(x0 + r, y0))
        line(to: Point(x1 - r, y0))
        appendArc(center: Point(x1 - r, y0 + r), radius: r, start: -pi / 2, sweep: pi / 2)
        line(to: Point(x1, y1 - r))
        appendArc(center: Point(x1 - r, y1 - r), radius: r, start: 0, sweep: pi / 2)
        line(to: Point(x0 + r, y1))
        appendArc(center: Point(x0 + r, y1 - r), radius: r, start: pi / 2, sweep: pi / 2)
        line(to: Point(x0, y0 + r))
        appendArc(center: Point(x0 + r, y0 + r), radius: r, start: pi, sweep: pi / 2)
        close()
    }

    /// CGPathAddEllipseInRect: starts at (x + w, y + h/2) and runs with
    /// increasing angle (clockwise on screen), closed.
    public mutating func addEllipse(in rect: Rect) {
        let r = rect.standardized
        let rx = r.width / 2, ry = r.height / 2
        let cx = r.x + rx, cy = r.y + ry
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1) // quarter-circle control distance
        move(to: Point(cx + rx, cy))
        curve(control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry), to: Point(cx, cy + ry))
        curve(control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry), to: Point(cx - rx, cy))
        curve(control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry), to: Point(cx, cy - ry))
        curve(control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry), to: Point(cx + rx, cy))
        close()
    }

    /// Appends `other`'s subpaths (transformed), as CGPathAddPath. With
    /// `continuing`, a leading `move` of `other` is skipped so its first
    /// segment continues this path's open subpath.
    public mutating func addPath(_ other: Path, transform: AffineTransform = .identity, continuing: Bool = false) {
        if elements.count + other.elements.count > elements.capacity {
            elements.reserveCapacity(Swift.max(elements.count + other.elements.count, 2 * elements.capacity))
        }
        var skip = continuing
        for element in other.elements {
            if skip {
                skip = false
                if case .move = element, hasOpenSubpath { continue }
            }
            append(element.transformed(by: transform))
        }
    }

    // MARK: transforming and measuring

    /// Every point mapped through `t` (affine maps keep Béziers Béziers).
    public func transformed(by t: AffineTransform) -> Path {
        var out = Path()
        out.elements.reserveCapacity(elements.count)
        out.addPath(self, transform: t)
        return out
    }

    public mutating func transform(by t: AffineTransform) {
        self = transformed(by: t)
    }

    /// True when every coordinate is finite.
    public var isFinite: Bool {
        elements.allSatisfy { e in
            switch e {
            case .move(let p), .line(let p): return p.isFinite
            case .quad(let c, let p): return c.isFinite && p.isFinite
            case .cubic(let c1, let c2, let p): return c1.isFinite && c2.isFinite && p.isFinite
            case .close: return true
            }
        }
    }

    /// The box of every point and control point: a cheap superset of
    /// `bounds` (curves lie in their control hull), or nil when empty.
    public var controlPointBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The tight bounding box of the path's curves (CGPathGetPathBoundingBox:
    /// control points outside the curve do not count), or nil when empty.
    public var bounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        var last = Point.zero
        for e in elements {
            switch e {
            case .move(let p), .line(let p):
                add(p)
                last = p
            case .quad(let c, let p):
                add(p)
                for t in Bezier.quadExtrema(last, c, p) { add(Bezier.quadPoint(last, c, p, t)) }
                last = p
            case .cubic(let c1, let c2, let p):
                add(p)
                for t in Bezier.cubicExtrema(last, c1, c2, p) { add(Bezier.cubicPoint(last, c1, c2, p, t)) }
                last = p
            case .close:
                break
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `p` is inside the path under `rule` (open subpaths count as
    /// closed, as for filling). Curves are flattened finely for the test,
    /// except those wholly to one side of `p` (above, below, left or right),
    /// which become chords: the winding number at `p` is the same (`CullBox`).
    public func contains(_ p: Point, rule: FillRule = .nonzero) -> Bool {
        var winding = 0
        for poly in flattened(tolerance: 1e-3, cull: CullBox(Rect(x: p.x, y: p.y, width: 0, height: 0))) {
            let pts = poly.points
            guard pts.count > 1 else { continue }
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y <= p.y {
                    if b.y > p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .nonzero ? winding != 0 : winding % 2 != 0
    }
}
