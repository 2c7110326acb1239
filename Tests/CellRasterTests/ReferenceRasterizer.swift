import CellGeometry

/// The slow, obviously correct rasterizer the fast one is tested against:
/// each pixel is sampled on an n x n grid of points at sample centres, each
/// sample is in or out by the winding number of the polygons at that point,
/// and coverage is the fraction of samples in.
struct ReferenceRasterizer {
    var samplesPerAxis = 32

    /// Coverage 0...1 for each pixel of a `width` x `height` grid, row major.
    func coverage(_ polygons: [Polyline], rule: FillRule, width: Int, height: Int) -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        let n = samplesPerAxis
        for j in 0..<height {
            for i in 0..<width {
                var inside = 0
                for sy in 0..<n {
                    let y = Double(j) + (Double(sy) + 0.5) / Double(n)
                    for sx in 0..<n {
                        let x = Double(i) + (Double(sx) + 0.5) / Double(n)
                        let w = winding(polygons, x, y)
                        if rule == .nonzero ? w != 0 : w % 2 != 0 { inside += 1 }
                    }
                }
                out[j * width + i] = Double(inside) / Double(n * n)
            }
        }
        return out
    }

    /// The model the analytic rasterizer implements, sampled: the pixel's
    /// average winding number, then the rule (nonzero: |w| clamped to 1;
    /// even-odd: |w| folded mod 2).
    func averageWindingCoverage(_ polygons: [Polyline], rule: FillRule, width: Int, height: Int) -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        let n = samplesPerAxis
        for j in 0..<height {
            for i in 0..<width {
                var total = 0
                for sy in 0..<n {
                    let y = Double(j) + (Double(sy) + 0.5) / Double(n)
                    for sx in 0..<n {
                        total += winding(polygons, Double(i) + (Double(sx) + 0.5) / Double(n), y)
                    }
                }
                var v = abs(Double(total) / Double(n * n))
                if rule == .nonzero {
                    v = min(v, 1)
                } else {
                    v = v.truncatingRemainder(dividingBy: 2)
                    if v > 1 { v = 2 - v }
                }
                out[j * width + i] = v
            }
        }
        return out
    }

    /// Winding number of the closed polygons around (x, y) (crossings of a ray to +x).
    func winding(_ polygons: [Polyline], _ x: Double, _ y: Double) -> Int {
        var w = 0
        for poly in polygons {
            let pts = poly.points
            guard pts.count > 1 else { continue }
            for k in 0..<pts.count {
                let a = pts[k], b = pts[(k + 1) % pts.count]
                if a.y <= y && b.y > y {
                    if (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y) > 0 { w += 1 }
                } else if a.y > y && b.y <= y {
                    if (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y) < 0 { w -= 1 }
                }
            }
        }
        return w
    }
}

/// A small deterministic generator (64-bit LCG), so failures reproduce.
struct SeededRandom {
    var state: UInt64
    init(_ seed: UInt64) { state = seed &* 6364136223846793005 &+ 1442695040888963407 }
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    mutating func next(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * next() }
}

extension ReferenceRasterizer {
    /// `coverage` computed a sample row at a time (crossings of the row
    /// sorted, then each sample's winding read off them): the same point
    /// samples, fast enough for outlines of thousands of edges at 64 x 64
    /// samples per pixel.
    func scanlineCoverage(_ polygons: [Polyline], rule: FillRule, width: Int, height: Int) -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        let n = samplesPerAxis
        var crossings: [(x: Double, d: Int)] = []
        for j in 0..<height {
            for sy in 0..<n {
                let y = Double(j) + (Double(sy) + 0.5) / Double(n)
                crossings.removeAll(keepingCapacity: true)
                for poly in polygons where poly.points.count > 1 {
                    let pts = poly.points
                    for k in 0..<pts.count {
                        let a = pts[k], b = pts[(k + 1) % pts.count]
                        if (a.y <= y && b.y > y) || (b.y <= y && a.y > y) {
                            let x = a.x + (b.x - a.x) * ((y - a.y) / (b.y - a.y))
                            crossings.append((x, a.y < b.y ? 1 : -1))
                        }
                    }
                }
                crossings.sort { $0.x < $1.x }
                var c = 0, w = 0
                for i in 0..<width {
                    for sx in 0..<n {
                        let x = Double(i) + (Double(sx) + 0.5) / Double(n)
                        while c < crossings.count && crossings[c].x < x {
                            w += crossings[c].d
                            c += 1
                        }
                        if rule == .nonzero ? w != 0 : w % 2 != 0 { out[j * width + i] += 1 }
                    }
                }
            }
        }
        return out.map { $0 / Double(n * n) }
    }
}
