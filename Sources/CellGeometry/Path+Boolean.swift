import CClipper

/// Path booleans: union, intersection, difference and xor of two paths'
/// filled areas, each under its fill rule, as a new path.
///
/// The areas are combined by Clipper 6 (libpolyclipping) on polygons: each
/// curve is flattened to within `tolerance` (default 0.005: a two-hundredth
/// of a point, invisible at any scale a mockup is drawn at) and its points
/// rounded to 1/65536 unit. Curves come back as curves: every flattened
/// point remembers the curve and parameter it came from, and where the
/// result runs along consecutive points of one curve, that stretch is
/// written as the part of the curve between them (de Casteljau), so SVG and
/// PDF output stays curves and a circle minus a notch is still arcs. Only
/// the pieces next to a new crossing point stay chords (within the
/// tolerance of the curve). Every subpath counts as closed, as a fill
/// closes it.
///
/// The result holds closed, non-overlapping contours (outer ones one way
/// round, holes the other), so it fills the same under either rule.
extension Path {
    public enum BooleanOperation: Sendable {
        case union, intersection, difference, xor
    }

    public enum BooleanError: Error, CustomStringConvertible, Equatable {
        /// A coordinate beyond `Path.booleanCoordinateLimit`.
        case outOfRange
        /// More flattened points than `Path.booleanPointLimit`.
        case tooComplex(Int)
        case failed(String)

        public var description: String {
            switch self {
            case .outOfRange:
                return "path coordinates beyond ±\(Int(Path.booleanCoordinateLimit)) cannot be combined"
            case .tooComplex(let n):
                return "paths too complex to combine: \(n) points flattened, at most \(Path.booleanPointLimit)"
            case .failed(let why): return why
            }
        }
    }

    /// Largest coordinate a boolean takes: 1e12 units, far beyond any
    /// drawing, well within Clipper's 62-bit range at 1/65536 unit.
    public static let booleanCoordinateLimit = 1e12
    /// Most points the two operands may flatten to together: Clipper keeps
    /// about `booleanBytesPerPoint` per point while it works, so this is
    /// at most some 80 MB.
    public static let booleanPointLimit = 500_000
    /// What Clipper and the curve tags hold per flattened point while a
    /// boolean runs (its edges, output points, the tag table).
    public static let booleanBytesPerPoint = 160
    /// Integer units per path unit handed to Clipper.
    static let booleanGrid = 65536.0

    /// `self` `operation` `other`: `rule` is the fill rule of `self`,
    /// `otherRule` of `other` (default the same). `reserve`, if given, is
    /// called with the bytes the work will hold (`booleanBytesPerPoint` per
    /// flattened point) before it starts, and may refuse by throwing.
    public func combined(_ operation: BooleanOperation, with other: Path, rule: FillRule = .nonzero,
                         otherRule: FillRule? = nil, tolerance: Double = 0.005,
                         reserve: ((Int) throws -> Void)? = nil) throws -> Path {
        var curves = CurveTable()
        let a = try BooleanOperand(self, tolerance: tolerance, curves: &curves)
        let b = try BooleanOperand(other, tolerance: tolerance, curves: &curves)
        let total = a.xy.count / 2 + b.xy.count / 2
        guard total <= Self.booleanPointLimit else { throw BooleanError.tooComplex(total) }
        // Nothing at all to combine (Clipper calls that a failure).
        guard total > 0 else { return Path() }
        try reserve?(total * Self.booleanBytesPerPoint)
        let op: Int32
        switch operation {
        case .intersection: op = Int32(CCLIPPER_INTERSECTION)
        case .union: op = Int32(CCLIPPER_UNION)
        case .difference: op = Int32(CCLIPPER_DIFFERENCE)
        case .xor: op = Int32(CCLIPPER_XOR)
        }
        func code(_ r: FillRule) -> Int32 { r == .evenodd ? Int32(CCLIPPER_EVENODD) : Int32(CCLIPPER_NONZERO) }
        var outXY: UnsafeMutablePointer<Int64>? = nil
        var outLengths: UnsafeMutablePointer<UInt32>? = nil
        var outCount = 0
        var error = [CChar](repeating: 0, count: Int(CCLIPPER_ERROR_SIZE))
        let status = a.xy.withUnsafeBufferPointer { axy in
            a.lengths.withUnsafeBufferPointer { al in
                b.xy.withUnsafeBufferPointer { bxy in
                    b.lengths.withUnsafeBufferPointer { bl in
                        cclipper_execute(op, cclipper_polygons(xy: axy.baseAddress, lengths: al.baseAddress, count: al.count),
                                         code(rule),
                                         cclipper_polygons(xy: bxy.baseAddress, lengths: bl.baseAddress, count: bl.count),
                                         code(otherRule ?? rule), &outXY, &outLengths, &outCount, &error)
                    }
                }
            }
        }
        defer {
            cclipper_free(outXY)
            cclipper_free(outLengths)
        }
        guard status == 0 else {
            throw BooleanError.failed(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        var result = Path()
        var k = 0
        for i in 0..<outCount {
            let n = Int(outLengths![i])
            var points: [IntPoint] = []
            points.reserveCapacity(n)
            for _ in 0..<n {
                points.append(IntPoint(x: outXY![2 * k], y: outXY![2 * k + 1]))
                k += 1
            }
            curves.appendContour(points, to: &result)
        }
        return result
    }
}

/// A point on Clipper's integer grid.
struct IntPoint: Hashable {
    var x: Int64
    var y: Int64

    var point: Point { Point(Double(x) / Path.booleanGrid, Double(y) / Path.booleanGrid) }
}

/// The curves the operands were flattened from, and for each flattened
/// point the curves and parameters it lies at.
struct CurveTable {
    /// A curve: its control polygon (3 points for a quadratic, 4 for a cubic).
    var curves: [[Point]] = []
    /// Grid point -> (curve, t) for every flattened point of a curve (its
    /// ends included, so a point shared by two curves has both).
    var tags: [IntPoint: [(curve: Int, t: Double)]] = [:]

    mutating func tag(_ p: IntPoint, curve: Int, t: Double) {
        tags[p, default: []].append((curve, t))
    }

    /// The result contour `points` as a closed subpath of `path`: runs of
    /// points along one curve become that curve's piece, the rest lines.
    func appendContour(_ points: [IntPoint], to path: inout Path) {
        guard points.count >= 3 else { return }
        let n = points.count
        // Start at a point that does not continue a curve run from its
        // predecessor, so no run is cut in two by the start (any point
        // will do when the whole contour is one curve's run).
        var start = 0
        for i in 0..<n where shared(points[(i + n - 1) % n], points[i]) == nil {
            start = i
            break
        }
        path.move(to: points[start].point)
        var i = 0
        while i < n {
            let from = points[(start + i) % n]
            // The longest run of edges along one curve from here, its
            // parameter moving one way.
            var end = i + 1
            var run: (curve: Int, t0: Double, t1: Double)? = nil
            if let (curve, t0, t1) = shared(from, points[(start + end) % n]) {
                run = (curve, t0, t1)
                while end < n, let next = tag(of: points[(start + end + 1) % n], on: curve),
                      let last = run, (next - last.t1) * (last.t1 - last.t0) > 0 {
                    run = (curve, last.t0, next)
                    end += 1
                }
            }
            let to = points[(start + end) % n].point
            if let run, run.t0 != run.t1 {
                let piece = Self.piece(curves[run.curve], from: run.t0, to: run.t1)
                switch piece.count {
                case 3: path.quad(control: piece[1], to: to)
                default: path.curve(control1: piece[1], control2: piece[2], to: to)
                }
            } else {
                path.line(to: to)
            }
            i = end
        }
        path.close()
    }

    /// The curve both points lie on (consecutive flattened points: their
    /// parameters differ), with the parameters: nil if none.
    func shared(_ a: IntPoint, _ b: IntPoint) -> (Int, Double, Double)? {
        guard let ta = tags[a], let tb = tags[b] else { return nil }
        for x in ta {
            for y in tb where y.curve == x.curve && y.t != x.t {
                return (x.curve, x.t, y.t)
            }
        }
        return nil
    }

    func tag(of p: IntPoint, on curve: Int) -> Double? {
        tags[p]?.first { $0.curve == curve }?.t
    }

    /// The part of the curve `c` (control polygon) between parameters
    /// `t0` and `t1` (either order), as its own control polygon.
    static func piece(_ c: [Point], from t0: Double, to t1: Double) -> [Point] {
        // Backwards along the curve: the forward piece, reversed.
        if t1 < t0 { return piece(c, from: t1, to: t0).reversed() }
        // Split at t0, keep the right part, then split that at the
        // parameter t1 takes in it.
        let right = split(c, at: t0).1
        let u = t0 == 1 ? 0 : (t1 - t0) / (1 - t0)
        return split(right, at: u).0
    }

    /// de Casteljau: `c` split at `t` into two control polygons.
    static func split(_ c: [Point], at t: Double) -> ([Point], [Point]) {
        func lerp(_ a: Point, _ b: Point) -> Point { Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }
        var left: [Point] = [c[0]], right: [Point] = [c[c.count - 1]]
        var level = c
        while level.count > 1 {
            level = (0..<(level.count - 1)).map { lerp(level[$0], level[$0 + 1]) }
            left.append(level[0])
            right.append(level[level.count - 1])
        }
        return (left, right.reversed())
    }
}

/// One operand as Clipper's polygons: every subpath flattened and closed.
struct BooleanOperand {
    var xy: [Int64] = []
    var lengths: [UInt32] = []

    init(_ path: Path, tolerance: Double, curves: inout CurveTable) throws {
        var current: Point? = nil
        var start: Point? = nil
        var count: UInt32 = 0
        var last: IntPoint? = nil
        func grid(_ p: Point) throws -> IntPoint {
            guard p.x.isFinite, p.y.isFinite, abs(p.x) <= Path.booleanCoordinateLimit,
                  abs(p.y) <= Path.booleanCoordinateLimit else { throw Path.BooleanError.outOfRange }
            return IntPoint(x: Int64((p.x * Path.booleanGrid).rounded()), y: Int64((p.y * Path.booleanGrid).rounded()))
        }
        func add(_ q: IntPoint) {
            guard q != last else { return }
            xy.append(q.x)
            xy.append(q.y)
            count += 1
            last = q
        }
        func flush() {
            if count > 0 { lengths.append(count) }
            count = 0
            last = nil
        }
        for element in path.elements {
            guard xy.count / 2 <= Path.booleanPointLimit else { throw Path.BooleanError.tooComplex(xy.count / 2) }
            switch element {
            case .move(let p):
                flush()
                add(try grid(p))
                current = p
                start = p
            case .line(let p):
                // After a close, drawing goes on from the closed subpath's start.
                if count == 0 { add(try grid(current ?? p)) }
                add(try grid(p))
                current = p
            case .quad(let c, let p):
                let p0 = current ?? c
                if count == 0 { add(try grid(p0)) }
                let id = curves.curves.count
                curves.curves.append([p0, c, p])
                let n = Path.quadSegments(p0, c, p, tolerance)
                curves.tag(try grid(p0), curve: id, t: 0)
                for s in 1...n {
                    let t = Double(s) / Double(n)
                    let q = try grid(s == n ? p : Bezier.quadPoint(p0, c, p, t))
                    curves.tag(q, curve: id, t: t)
                    add(q)
                }
                current = p
            case .cubic(let c1, let c2, let p):
                let p0 = current ?? c1
                if count == 0 { add(try grid(p0)) }
                let id = curves.curves.count
                curves.curves.append([p0, c1, c2, p])
                let n = Path.cubicSegments(p0, c1, c2, p, tolerance)
                curves.tag(try grid(p0), curve: id, t: 0)
                for s in 1...n {
                    let t = Double(s) / Double(n)
                    let q = try grid(s == n ? p : Bezier.cubicPoint(p0, c1, c2, p, t))
                    curves.tag(q, curve: id, t: t)
                    add(q)
                }
                current = p
            case .close:
                flush()
                current = start
            }
        }
        flush()
    }
}
