import CellGeometry
import CellRaster
import Foundation
import Testing

/// Every blend mode, one pixel at a time, through the public Canvas API,
/// against BlendReference (the formulas rewritten in Double from the specs).
///
/// Inputs are what the canvas stores: 8-bit premultiplied bytes, rounded to
/// nearest from the straight colors (`round(255 c a)`); the reference starts
/// from exactly those bytes. Coverage is 8-bit too: a pixel covered by area
/// `f` has coverage `round(255 f)` (128 for half a pixel, 64 for a quarter),
/// and the expected pixel is `round(255 (D + k (B(S, D) - D)))` with
/// `k = coverage / 255`.
///
/// Tolerance: ±1 per channel. The engine computes the same real-valued
/// formula from the same bytes, in Float rather than Double, and rounds once;
/// a result within a Float rounding error of a .5 boundary may round the
/// other way, which is one level and never more. Anything larger is a wrong
/// formula, a wrong coverage or a skipped pixel.
@Suite struct BlendFormulaTests {
    typealias Pixel = BlendReference.Pixel

    /// What paints the source: the fast solid path, a gradient whose stops
    /// are all the source color (the per-pixel shader path), or a 1x1 image
    /// (the image shader; stretched bilinear samples of one pixel are exact).
    enum SourceKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case solid, gradient, image
        var testDescription: String { rawValue }
    }

    struct Case: Sendable {
        let name: String
        let source: Color
        let destination: Color
    }

    /// Opaque and translucent sources and destinations, a transparent
    /// destination and a transparent source, with channels chosen to reach
    /// each branch of the piecewise modes (hard light / overlay both sides of
    /// 0.5, soft light's cb <= 0.25 branch, dodge with cb = 0 and cs = 1, burn
    /// with cb = 1 and cs = 0) and ClipColor's both clamps (n < 0, x > 1).
    static let cases: [Case] = [
        Case(name: "opaque over opaque", source: Color(r: 0.8, g: 0.3, b: 0.1), destination: Color(r: 0.2, g: 0.6, b: 0.9)),
        Case(name: "extremes", source: Color(r: 1, g: 0, b: 0.7), destination: Color(r: 0, g: 1, b: 0.15)),
        Case(name: "soft light's dark branch", source: Color(r: 1, g: 0.9, b: 0.3),
             destination: Color(r: 0.05, g: 0.1, b: 0.6)),
        Case(name: "translucent over opaque", source: Color(r: 0.9, g: 0.2, b: 0.6, a: 0.6),
             destination: Color(r: 0.3, g: 0.7, b: 0.2)),
        Case(name: "opaque over translucent", source: Color(r: 0.25, g: 0.75, b: 0.5),
             destination: Color(r: 0.6, g: 0.1, b: 0.8, a: 0.4)),
        Case(name: "translucent over translucent", source: Color(r: 0.2, g: 0.9, b: 0.4, a: 0.7),
             destination: Color(r: 0.7, g: 0.3, b: 0.5, a: 0.45)),
        Case(name: "over transparent", source: Color(r: 0.4, g: 0.6, b: 0.8, a: 0.75), destination: .clear),
        Case(name: "transparent source", source: Color(r: 0.5, g: 0.5, b: 0.5, a: 0),
             destination: Color(r: 0.3, g: 0.4, b: 0.5, a: 0.8)),
        Case(name: "gray over saturated", source: Color(white: 0.5), destination: Color(r: 0.9, g: 0.1, b: 0.3)),
        Case(name: "blue over near black (ClipColor n < 0)", source: Color(r: 0, g: 0, b: 1),
             destination: Color(r: 0.02, g: 0.02, b: 0.02)),
        Case(name: "light over red (ClipColor x > 1)", source: Color(r: 1, g: 1, b: 0.9),
             destination: Color(r: 1, g: 0, b: 0)),
    ]

    /// The bytes the canvas stores for `c`, rounded independently here.
    static func bytes(_ c: Color) -> [Int] {
        [c.r * c.a, c.g * c.a, c.b * c.a, c.a].map { Int(($0 * 255).rounded()) }
    }

    static func pixel(_ bytes: [Int]) -> Pixel {
        Pixel(r: Double(bytes[0]) / 255, g: Double(bytes[1]) / 255, b: Double(bytes[2]) / 255, a: Double(bytes[3]) / 255)
    }

    /// `round(255 (D + k (B - D)))` per channel, k = coverage / 255.
    static func expected(_ mode: BlendMode, _ c: Case, coverage: Int) -> [Double] {
        let s = pixel(bytes(c.source)), d = pixel(bytes(c.destination))
        let b = BlendReference.blend(mode, s, d)
        let k = Double(coverage) / 255
        return zip(d.channels, b.channels).map { dv, bv in (dv + k * (bv - dv)) * 255 }
    }

    static func read(_ canvas: Canvas, _ x: Int, _ y: Int) -> [Int] {
        let p = canvas.buffer.premultiplied(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// Sets `kind`'s paint of `color` and paints `rect` with it.
    static func paint(_ canvas: Canvas, _ kind: SourceKind, _ color: Color, _ rect: Rect) throws {
        switch kind {
        case .solid:
            canvas.setFillColor(color)
            canvas.fillRect(rect)
        case .gradient:
            let g = try Gradient(stops: [.init(location: 0, color: color), .init(location: 1, color: color)])
            canvas.setFill(.linear(LinearGradient(gradient: g, start: Point(0, 0), end: Point(4, 1))))
            canvas.fillRect(rect)
        case .image:
            let image = PixelBuffer(width: 1, height: 1)
            for (i, v) in bytes(color).enumerated() { image.data[i] = UInt8(v) }
            canvas.drawImage(image, in: rect)
        }
    }

    /// Checks every pixel of a 4x3 canvas: those in `covered` against the
    /// reference at their coverage (±1), all others unchanged (exactly).
    static func check(_ canvas: Canvas, _ mode: BlendMode, _ c: Case, _ label: String, covered: [(x: Int, y: Int, coverage: Int)]) {
        let before = bytes(c.destination)
        for y in 0..<3 {
            for x in 0..<4 {
                let got = read(canvas, x, y)
                if let hit = covered.first(where: { $0.x == x && $0.y == y }) {
                    let want = expected(mode, c, coverage: hit.coverage)
                    let worst = zip(got, want).map { abs(Double($0) - $1.rounded()) }.max()!
                    #expect(worst <= 1, "\(mode.rawValue), \(c.name), \(label), pixel (\(x), \(y)) at coverage \(hit.coverage): got \(got), expected \(want.map { String(format: "%.2f", $0) })")
                } else {
                    #expect(got == before, "\(mode.rawValue), \(c.name), \(label): pixel (\(x), \(y)) outside the shape changed from \(before) to \(got)")
                }
            }
        }
    }

    /// One shape covering pixel (1, 1) fully and pixel (2, 1) by half.
    @Test(arguments: BlendMode.allCases, SourceKind.allCases)
    func fullAndHalfCoverage(mode: BlendMode, kind: SourceKind) throws {
        for c in Self.cases {
            let canvas = try Canvas(width: 4, height: 3, scale: 1)
            canvas.fillAll(c.destination)
            #expect(Self.read(canvas, 0, 0) == Self.bytes(c.destination), "fillAll stores the rounded premultiplied bytes")
            canvas.setBlendMode(mode)
            try Self.paint(canvas, kind, c.source, Rect(x: 1, y: 1, width: 1.5, height: 1))
            Self.check(canvas, mode, c, "\(kind) rect", covered: [(1, 1, 255), (2, 1, 128)])
        }
    }

    /// Coverage from an anti-aliased clip (a quarter of pixel (1, 1)) while
    /// the shape covers the whole canvas: the clip bounds every mode too.
    @Test(arguments: BlendMode.allCases, SourceKind.allCases)
    func coverageFromTheClip(mode: BlendMode, kind: SourceKind) throws {
        for c in Self.cases {
            let canvas = try Canvas(width: 4, height: 3, scale: 1)
            canvas.fillAll(c.destination)
            canvas.clipRect(Rect(x: 1, y: 1, width: 0.25, height: 1))
            canvas.setBlendMode(mode)
            try Self.paint(canvas, kind, c.source, Rect(x: 0, y: 0, width: 4, height: 3))
            Self.check(canvas, mode, c, "\(kind) through a clip", covered: [(1, 1, 64)])
        }
    }

    /// The same with a pixel-aligned clip (the rectangle fast path, no mask).
    @Test(arguments: BlendMode.allCases)
    func pixelAlignedClip(mode: BlendMode) throws {
        for c in Self.cases {
            let canvas = try Canvas(width: 4, height: 3, scale: 1)
            canvas.fillAll(c.destination)
            canvas.clipRect(Rect(x: 2, y: 0, width: 1, height: 2))
            canvas.setBlendMode(mode)
            try Self.paint(canvas, .solid, c.source, Rect(x: -1, y: -1, width: 6, height: 5))
            Self.check(canvas, mode, c, "aligned clip", covered: [(2, 0, 255), (2, 1, 255)])
        }
    }

    /// The reference itself, on values worked by hand, so a slip in it
    /// cannot make both sides agree on a wrong answer.
    @Test func referenceSpotChecks() {
        let red = Pixel(r: 1, g: 0, b: 0, a: 1), gray = Pixel(r: 0.5, g: 0.5, b: 0.5, a: 1)
        let halfBlue = Pixel(r: 0, g: 0, b: 0.5, a: 0.5)
        func near(_ p: Pixel, _ q: [Double]) -> Bool { zip(p.channels, q).allSatisfy { abs($0 - $1) < 1e-9 } }
        #expect(near(BlendReference.blend(.multiply, gray, red), [0.5, 0, 0, 1]))
        #expect(near(BlendReference.blend(.screen, gray, red), [1, 0.5, 0.5, 1]))
        #expect(near(BlendReference.blend(.normal, halfBlue, red), [0.5, 0, 0.5, 1]))
        #expect(near(BlendReference.blend(.xor, halfBlue, red), [0.5, 0, 0, 0.5]))
        #expect(near(BlendReference.blend(.destinationOver, halfBlue, red), [1, 0, 0, 1]))
        #expect(near(BlendReference.blend(.plusLighter, gray, red), [1, 0.5, 0.5, 1]))
        #expect(near(BlendReference.blend(.plusDarker, gray, red), [0.5, 0, 0, 1]))
        // Luminosity of gray on red: SetLum(red, 0.5) = (1.2, 0.2, 0.2) clipped
        // at the top towards its luminosity 0.5: 0.5 + 0.7 * 0.5 / 0.7 = 1.
        let lumi = BlendReference.blend(.luminosity, gray, red)
        #expect(abs(lumi.r - 1) < 1e-9 && abs(lumi.g - (0.5 - 0.3 * 0.5 / 0.7)) < 1e-9)
        // Hue of red on gray: no saturation to give, so gray stays gray.
        #expect(near(BlendReference.blend(.hue, red, gray), [0.5, 0.5, 0.5, 1]))
        // Color of red on gray: red's hue and saturation at gray's luminosity 0.5.
        let color = BlendReference.blend(.color, red, gray)
        #expect(abs(BlendReference.lum([color.r, color.g, color.b]) - 0.5) < 1e-9)
    }
}
