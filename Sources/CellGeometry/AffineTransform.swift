import FoundationEssentials
import Glibc

/// A 2D affine transform with Core Graphics' layout and conventions:
/// a point maps to `(a*x + c*y + tx, b*x + d*y + ty)`.
///
/// Composition follows CGAffineTransformConcat: `t1.concatenating(t2)` applies
/// `t1` first, then `t2`. The canvas' `translate`/`scale`/`rotate` prepend to the
/// current transform (they act in user space), as CGContextTranslateCTM does.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `angle` radians: with y down it turns clockwise on screen.
    public static func rotation(_ angle: Double) -> AffineTransform {
        let cs = cos(angle), sn = sin(angle)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other`. Inlinable: text places every
    /// glyph with one, and a call per glyph costs as much as the arithmetic.
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform is singular.
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// True when axis-aligned rectangles stay axis-aligned (no rotation or skew),
    /// which lets rectangle fills take an exact fast path.
    public var isRectilinear: Bool { b == 0 && c == 0 }

    /// How much the transform stretches each axis: the lengths of the
    /// images of the unit vectors (x, y).
    public var axisScales: (x: Double, y: Double) {
        ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
    }

    /// True when the transform keeps lengths (a rotation, a reflection and
    /// a translation, to within floating-point rounding): what is drawn at
    /// one size lands at the same size.
    public var isIsometry: Bool {
        let e = 1e-9
        return abs(a * a + b * b - 1) < e && abs(c * c + d * d - 1) < e && abs(a * c + b * d) < e
    }

    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The bounding box of `rect` after this transform.
    public func apply(_ rect: Rect) -> Rect {
        let r = rect.standardized
        // The four corners, without an array (this runs for every clip and rect).
        let p0 = apply(Point(r.x, r.y)), p1 = apply(Point(r.maxX, r.y))
        let p2 = apply(Point(r.x, r.maxY)), p3 = apply(Point(r.maxX, r.maxY))
        let x0 = Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x))
        let x1 = Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x))
        let y0 = Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y))
        let y1 = Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The largest factor by which the transform stretches a length (its
    /// largest singular value): a distance r before the transform is at most
    /// r * maxStretch after it: tolerances are divided by it.
    public var maxStretch: Double {
        let p = (a * a + b * b + c * c + d * d) / 2
        let q = (a * a + b * b - c * c - d * d) / 2
        let r = a * c + b * d
        return (p + (q * q + r * r).squareRoot()).squareRoot()
    }
}
