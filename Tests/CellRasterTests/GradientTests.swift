import CellGeometry
import CellRaster
import Testing

/// Gradients: the stop list, interpolation, the CG draws' extension options,
/// the two-circle radial rule and banding. Pixels are sampled at their
/// centres, so at scale 1 pixel i of a ramp from x = 0 to x = w has
/// t = (i + 0.5) / w.
@Suite struct GradientTests {
    static let red = Color(r: 1, g: 0, b: 0)
    static var blackToWhite: Gradient { try! Gradient(stops: [.init(location: 0, color: .black), .init(location: 1, color: .white)]) }

    func rgba(_ c: Canvas, _ x: Int, _ y: Int) -> [Int] {
        let p = c.buffer.premultiplied(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// t is taken from the start's device point, so a linear gradient moved
    /// by whole pixels paints the same pixels, its unextended ends too (an
    /// end exactly on a row's centre stays painted: t there is exactly 0 or
    /// 1). A canvas drawn once per sub-pixel phase and placed relies on it.
    @Test func aLinearGradientMovedByWholePixelsPaintsTheSamePixels() throws {
        let g = try Gradient(stops: [.init(location: 0, color: Self.red), .init(location: 1, color: Color(r: 0.1, g: 0.3, b: 0.9))])
        let c = try Canvas(width: 64, height: 200, scale: 0.25)
        // Scale 0.25: from y = -1 to 44 pt below `top` is 11.25 px, from
        // 0.25 to 11.5 at top = 2 and from 22.25 to 33.5 at top = 90: the
        // end lands on a row's centre.
        for top in [2.0, 90.0] {
            c.save()
            c.clipRect(Rect(x: 0, y: top - 1, width: 64, height: 53))
            c.drawLinearGradient(g, from: Point(0, top - 1), to: Point(0, top + 44))
            try c.restore()
        }
        var first: [Int] = [], second: [Int] = []
        for y in 0...13 { for x in 0..<16 { first += rgba(c, x, y) } }
        for y in 22...35 { for x in 0..<16 { second += rgba(c, x, y) } }
        #expect(first == second)
        // The row whose centre is the end is painted, the next is not.
        #expect(rgba(c, 1, 11)[3] == 255 && rgba(c, 1, 12)[3] == 0)
        #expect(rgba(c, 1, 33)[3] == 255 && rgba(c, 1, 34)[3] == 0)
    }

    // MARK: stops

    @Test func stopsAreSortedStably() throws {
        let g = try Gradient(stops: [
            .init(location: 1, color: .white), .init(location: 0.5, color: Self.red),
            .init(location: 0, color: .black), .init(location: 0.5, color: Color(r: 0, g: 0, b: 1)),
        ])
        #expect(g.stops.map(\.location) == [0, 0.5, 0.5, 1])
        // Equal locations keep their order: red, then blue, a hard step.
        #expect(g.stops[1].color == Self.red && g.stops[2].color == Color(r: 0, g: 0, b: 1))
        #expect(g.color(at: 0.499).r > 0.99 && g.color(at: 0.499).b < 0.01)
        #expect(g.color(at: 0.501).b > 0.99 && g.color(at: 0.501).r < 0.01)
    }

    /// The hard step drawn (the two stops at 0.5 in the order given: red,
    /// then blue): the pixels left of the middle are red, right blue.
    @Test func equalLocationsMakeAHardStep() throws {
        let g = try Gradient(stops: [
            .init(location: 1, color: Color(r: 0, g: 0, b: 1)), .init(location: 0.5, color: Self.red),
            .init(location: 0, color: Self.red), .init(location: 0.5, color: Color(r: 0, g: 0, b: 1)),
        ])
        let c = try Canvas(width: 20, height: 1, scale: 1)
        c.drawLinearGradient(g, from: Point(0, 0), to: Point(20, 0))
        for x in 0..<10 { #expect(rgba(c, x, 0) == [255, 0, 0, 255], "pixel \(x)") }
        for x in 10..<20 { #expect(rgba(c, x, 0) == [0, 0, 255, 255], "pixel \(x)") }
    }

    @Test func emptyAndOutOfRangeStopsAreRejected() {
        #expect(throws: PaintError.self) { try Gradient(stops: []) }
        for bad in [-0.01, 1.01, .nan, .infinity, -.infinity] {
            #expect(throws: PaintError.self, "location \(bad)") {
                try Gradient(stops: [.init(location: 0, color: .black), .init(location: bad, color: .white)])
            }
        }
        #expect(throws: Never.self) { try Gradient(stops: [.init(location: 0.3, color: .black)]) }
    }

    /// One stop, or stops not reaching 0 and 1: the end colors hold outside them.
    @Test func colorsHoldPastTheOuterStops() throws {
        let g = try Gradient(stops: [.init(location: 0.25, color: .black), .init(location: 0.75, color: .white)])
        #expect(g.color(at: 0) == .black && g.color(at: 0.25) == .black)
        #expect(g.color(at: 0.75) == .white && g.color(at: 1) == .white)
        #expect(abs(g.color(at: 0.5).r - 0.5) < 1e-12)
        let one = try Gradient(stops: [.init(location: 0.6, color: Self.red)])
        let c = try Canvas(width: 4, height: 1, scale: 1)
        c.drawLinearGradient(one, from: Point(0, 0), to: Point(4, 0))
        for x in 0..<4 { #expect(rgba(c, x, 0) == [255, 0, 0, 255]) }
    }

    // MARK: interpolation

    /// Red opaque to blue transparent: halfway is straight (0.5, 0, 0.5, 0.5),
    /// premultiplied (64, 0, 64, 128). Interpolating premultiplied colors
    /// instead would give (128, 0, 0, 128): no blue at all.
    @Test func interpolatesStraightThenPremultiplies() throws {
        let g = try Gradient(stops: [.init(location: 0, color: Self.red),
                                     .init(location: 1, color: Color(r: 0, g: 0, b: 1, a: 0))])
        let mid = g.color(at: 0.5)
        #expect(abs(mid.r - 0.5) < 1e-12 && abs(mid.b - 0.5) < 1e-12 && abs(mid.a - 0.5) < 1e-12)
        let c = try Canvas(width: 101, height: 1, scale: 1)
        c.drawLinearGradient(g, from: Point(0, 0), to: Point(101, 0))
        let p = rgba(c, 50, 0) // centre 50.5: t = 0.5
        #expect(abs(p[0] - 64) <= 1 && p[1] == 0 && abs(p[2] - 64) <= 1 && abs(p[3] - 128) <= 1, "\(p)")
        // A quarter of the way: straight (0.75, 0, 0.25, 0.75).
        let q = rgba(c, 25, 0) // t = 25.5 / 101
        let t = 25.5 / 101, a = 1 - t
        let want = [(1 - t) * a, 0, t * a, a].map { Int(($0 * 255).rounded()) }
        #expect(zip(q, want).allSatisfy { abs($0 - $1) <= 1 }, "\(q) vs \(want)")
    }

    /// A black-to-white ramp over many pixels is monotone, within 1 level of
    /// the exact value everywhere, and never steps by more than 8-bit
    /// quantisation of the exact ramp does (ceil of the slope in levels per
    /// pixel): the lookup table adds no visible banding.
    @Test(arguments: [2000, 1021, 300, 100])
    func longRampsHaveNoExtraSteps(width: Int) throws {
        let c = try Canvas(width: Double(width), height: 1, scale: 1)
        c.drawLinearGradient(Self.blackToWhite, from: Point(0, 0), to: Point(Double(width), 0))
        let slope = 255 / Double(width)
        var previous = -1
        for x in 0..<width {
            let v = rgba(c, x, 0)[0]
            let exact = 255 * (Double(x) + 0.5) / Double(width)
            #expect(abs(Double(v) - exact) <= 1, "pixel \(x): \(v), exact \(exact)")
            if previous >= 0 {
                #expect(v >= previous, "pixel \(x) darker than the one before")
                #expect(Double(v - previous) <= slope.rounded(.up), "pixel \(x) steps by \(v - previous) (slope \(slope))")
            }
            previous = v
        }
    }

    // MARK: linear extension

    /// CGContextDrawLinearGradient: the whole clip is the shape; past the
    /// ends nothing is painted unless extended, even with `copy`, which
    /// would otherwise replace those pixels too.
    @Test(arguments: [BlendMode.normal, .copy, .sourceIn])
    func linearDrawPaintsOnlyWhereAsked(mode: BlendMode) throws {
        for (before, after) in [(false, false), (true, false), (false, true), (true, true)] {
            let c = try Canvas(width: 30, height: 2, scale: 1)
            c.fillAll(Self.red)
            c.setBlendMode(mode)
            c.drawLinearGradient(Self.blackToWhite, from: Point(10, 0), to: Point(20, 0),
                                 extendStart: before, extendEnd: after)
            let label = "\(mode.rawValue) before \(before) after \(after)"
            for y in 0..<2 {
                for x in 0..<10 { #expect(rgba(c, x, y) == (before ? [0, 0, 0, 255] : [255, 0, 0, 255]), "\(label) x \(x)") }
                for x in 20..<30 { #expect(rgba(c, x, y) == (after ? [255, 255, 255, 255] : [255, 0, 0, 255]), "\(label) x \(x)") }
                for x in 10..<20 {
                    let v = Int((255 * (Double(x) + 0.5 - 10) / 10).rounded())
                    #expect(abs(rgba(c, x, y)[0] - v) <= 1 && rgba(c, x, y)[3] == 255, "\(label) x \(x)")
                }
            }
        }
    }

    /// The draw fills the clip, no further: pixels outside it stay.
    @Test func linearDrawStaysInTheClip() throws {
        let c = try Canvas(width: 10, height: 10, scale: 1)
        c.fillAll(Self.red)
        c.setBlendMode(.copy)
        c.clipRect(Rect(x: 2, y: 3, width: 4, height: 5))
        c.drawLinearGradient(Self.blackToWhite, from: Point(0, 0), to: Point(10, 0), extendStart: true, extendEnd: true)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                #expect((rgba(c, x, y) == [255, 0, 0, 255]) != inside, "(\(x), \(y))")
            }
        }
    }

    /// A `set_fill` paint extends both ends, and is read in the user space in
    /// force when the shape is painted.
    @Test func fillPaintExtendsAndFollowsTheTransform() throws {
        let c = try Canvas(width: 40, height: 1, scale: 1)
        c.setFill(.linear(LinearGradient(gradient: Self.blackToWhite, start: Point(10, 0), end: Point(20, 0))))
        c.fillRect(Rect(x: 0, y: 0, width: 40, height: 1))
        #expect(rgba(c, 0, 0) == [0, 0, 0, 255] && rgba(c, 9, 0) == [0, 0, 0, 255])
        #expect(rgba(c, 20, 0) == [255, 255, 255, 255] && rgba(c, 39, 0) == [255, 255, 255, 255])
        // Translated by 5: device pixel 15 is user 10.5, t = 0.05.
        let d = try Canvas(width: 40, height: 1, scale: 1)
        d.setFill(.linear(LinearGradient(gradient: Self.blackToWhite, start: Point(10, 0), end: Point(20, 0))))
        d.translate(5, 0)
        d.fillRect(Rect(x: -5, y: 0, width: 40, height: 1))
        #expect(abs(rgba(d, 15, 0)[0] - 13) <= 1 && rgba(d, 14, 0)[0] == 0 && rgba(d, 25, 0)[0] == 255)
    }

    /// Global alpha scales the painted pixels (premultiplied).
    @Test func alphaScalesGradients() throws {
        let c = try Canvas(width: 10, height: 1, scale: 1)
        c.setAlpha(0.5)
        c.drawLinearGradient(try Gradient(stops: [.init(location: 0, color: .white)]), from: Point(0, 0), to: Point(10, 0))
        #expect(rgba(c, 3, 0) == [128, 128, 128, 128])
    }

    // MARK: radial

    struct RadialCase: CustomTestStringConvertible, Sendable {
        let name: String
        let c0: Point, r0: Double, c1: Point, r1: Double
        let before: Bool, after: Bool
        var testDescription: String { "\(name) before \(before) after \(after)" }
    }

    static let radialCases: [RadialCase] = {
        let shapes: [(String, Point, Double, Point, Double)] = [
            ("concentric", Point(20, 20), 6, Point(20, 20), 16),
            ("focal inside", Point(16, 20), 0, Point(20, 20), 16),
            ("shrinking, end inside start", Point(20, 20), 17, Point(24, 18), 4),
            ("cone (neither circle contains the other)", Point(8, 20), 3, Point(30, 20), 7),
        ]
        return shapes.flatMap { s in
            [(false, false), (true, true), (true, false), (false, true)].map {
                RadialCase(name: s.0, c0: s.1, r0: s.2, c1: s.3, r1: s.4, before: $0.0, after: $0.1)
            }
        }
    }()

    /// Every pixel against the brute-force two-circle oracle: painted pixels
    /// (with `copy`, from a transparent-free ramp) carry 255 t within one
    /// level; pixels no allowed circle reaches keep the red background
    /// exactly. Pixels within 0.6 px of the painted region's boundary are
    /// skipped (there the answer flips between neighbouring sample points).
    @Test(arguments: radialCases)
    func radialDrawFollowsTheTwoCircleRule(_ rc: RadialCase) throws {
        let size = 40
        let c = try Canvas(width: Double(size), height: Double(size), scale: 1)
        c.fillAll(Self.red)
        c.setBlendMode(.copy)
        c.drawRadialGradient(Self.blackToWhite, start: rc.c0, startRadius: rc.r0, end: rc.c1, endRadius: rc.r1,
                             extendStart: rc.before, extendEnd: rc.after)
        let oracle = TwoCircleOracle(c0: (rc.c0.x, rc.c0.y), r0: rc.r0, c1: (rc.c1.x, rc.c1.y), r1: rc.r1,
                                     extendStart: rc.before, extendEnd: rc.after)
        var painted = 0, untouched = 0
        for y in 0..<size {
            for x in 0..<size {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let t = oracle.parameter(px, py)
                let near = [(-0.6, 0.0), (0.6, 0), (0, -0.6), (0, 0.6)].contains {
                    (oracle.parameter(px + $0.0, py + $0.1) == nil) != (t == nil)
                }
                if near { continue }
                let got = rgba(c, x, y)
                if let t {
                    painted += 1
                    let want = Int((255 * min(max(t, 0), 1)).rounded())
                    #expect(abs(got[0] - want) <= 1 && got[0] == got[1] && got[3] == 255,
                            "(\(x), \(y)): t \(t), want \(want), got \(got)")
                } else {
                    untouched += 1
                    #expect(got == [255, 0, 0, 255], "(\(x), \(y)) is outside every allowed circle but became \(got)")
                }
            }
        }
        // Each case has both kinds of pixels, or it tests less than it says.
        #expect(painted > 20)
        if !rc.before && !rc.after { #expect(untouched > 20) }
    }

    /// The cone case with a `set_fill` paint (extended both ways): beyond
    /// the cone's apex and outside its sides nothing is painted, even with
    /// `copy`, while the shape covers the whole canvas.
    @Test func radialPaintLeavesPixelsOutsideTheCone() throws {
        let c = try Canvas(width: 40, height: 40, scale: 1)
        c.fillAll(Self.red)
        c.setBlendMode(.copy)
        c.setFill(.radial(RadialGradient(gradient: Self.blackToWhite, start: Point(8, 20), startRadius: 3,
                                         end: Point(30, 20), endRadius: 7)))
        c.fillRect(Rect(x: 0, y: 0, width: 40, height: 40))
        // The apex is where r(t) = 0: t = -0.75, x = 8 - 16.5 = -8.5; the
        // cone's sides open at asin(4 / 22) from the axis.
        #expect(rgba(c, 20, 1) == [255, 0, 0, 255])
        #expect(rgba(c, 2, 38) == [255, 0, 0, 255])
        #expect(rgba(c, 3, 20) == [0, 0, 0, 255]) // behind the start circle: t < 0, clamped
        #expect(rgba(c, 39, 20) == [255, 255, 255, 255]) // far along the axis: t > 1, clamped
    }

    /// Scale 2: radii and centres are in points.
    @Test func radialDrawUnderTheScale() throws {
        let c = try Canvas(width: 20, height: 20, scale: 2)
        c.fillAll(Self.red)
        c.drawRadialGradient(Self.blackToWhite, start: Point(10, 10), startRadius: 0, end: Point(10, 10), endRadius: 8)
        // Device pixel (27, 19): centre (27.5, 19.5) px = (13.75, 9.75) pt, 3.76 pt from the centre.
        let d = ((13.75 - 10) * (13.75 - 10) + 0.25 * 0.25).squareRoot()
        #expect(abs(rgba(c, 27, 19)[0] - Int((255 * d / 8).rounded())) <= 1)
        // 8 pt = 16 px from the centre (20, 20) and beyond: untouched.
        #expect(rgba(c, 37, 20) == [255, 0, 0, 255])
        #expect(rgba(c, 20, 37) == [255, 0, 0, 255])
    }
}
