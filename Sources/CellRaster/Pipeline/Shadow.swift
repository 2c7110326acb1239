/// A drop shadow as UIKit / CGContextSetShadowWithColor define it: offset
/// and blur in points of the canvas' base space (y down), unaffected by the
/// current transform; the blur is a Gaussian with sigma = blur / 2 (in
/// pixels: times the canvas scale). Default color: black at alpha 1/3.
public struct Shadow: Equatable, Sendable {
    public var dx: Double
    public var dy: Double
    public var blur: Double
    public var color: Color

    public static let defaultColor = Color(white: 0, alpha: 1.0 / 3.0)

    /// Throws for non-finite values or a negative blur.
    public init(dx: Double, dy: Double, blur: Double, color: Color = Shadow.defaultColor) throws {
        guard dx.isFinite, dy.isFinite else { throw PaintError.invalid("shadow offset must be finite") }
        guard blur.isFinite, blur >= 0 else {
            throw PaintError.invalid("shadow blur must be a finite number >= 0 (got \(blur))")
        }
        self.dx = dx
        self.dy = dy
        self.blur = blur
        self.color = color
    }
}

extension Canvas {
    /// The farthest (in pixels) a shadow's blur reaches; beyond it a shadow's
    /// tail is below one 8-bit level for any shape a screen can hold.
    static let maxShadowReach = 512

    /// Where `shadow` comes from: the pixels whose coverage can cast a
    /// visible shadow into the drawable bounds, the offset in pixels, sigma
    /// and the blur's reach; nil when it can cast nothing visible.
    func shadowSource(_ shadow: Shadow) -> (region: IntRect, ox: Int, oy: Int, sigma: Double, reach: Int)? {
        let clip = drawableBounds
        guard !clip.isEmpty, shadow.color.a > 0 || !state.blendMode.transparentSourceIsNoOp else { return nil }
        // An offset beyond any canvas (extreme finite values) casts nothing
        // visible; it must not reach Int(_:), which traps on overflow.
        let fx = (shadow.dx * scale).rounded(), fy = (shadow.dy * scale).rounded()
        guard abs(fx) < 1e9, abs(fy) < 1e9 else { return nil }
        let ox = Int(fx), oy = Int(fy)
        let sigma = shadow.blur / 2 * scale
        let reach = Swift.min(GaussianBlur.reach(sigma: sigma), Self.maxShadowReach)
        let region = IntRect(x0: clip.x0 - ox - reach, y0: clip.y0 - oy - reach,
                             x1: clip.x1 - ox + reach, y1: clip.y1 - oy + reach)
        return (region, ox, oy, sigma, reach)
    }

    /// The most bytes one drawing call's shadow allocates while it draws:
    /// its mask and the blur's two planes of floats over the pixels that can
    /// cast into the clip (9 bytes a pixel); 0 without a shadow. An embedder
    /// bounding memory counts it for the call's duration.
    public var shadowScratchBytes: Int {
        guard let shadow = state.shadow, let (region, _, _, _, _) = shadowSource(shadow) else { return 0 }
        return region.width * region.height * 9
    }

    /// Draws the shadow of the shape `produce` would paint with `shader`: its
    /// alpha (coverage x paint alpha, global alpha included), blurred, moved
    /// by the offset, in the shadow color, through the clip, with the blend
    /// mode in force. The shape itself is drawn afterwards by the caller.
    func castShadow(_ produce: SpanSource, shader: Shader, shadow: Shadow) {
        guard let (from, ox, oy, sigma, reach) = shadowSource(shadow) else { return }
        // The source pixels whose blurred shadow can land in the clip...
        var region = from
        // ...and around the shape, so the blur runs only where there is something.
        if let b = produce.bounds {
            region = region.intersection(IntRect(x0: b.x0 - reach, y0: b.y0 - reach, x1: b.x1 + reach, y1: b.y1 + reach))
        }
        guard !region.isEmpty else { return }
        let w = region.width, h = region.height
        let mask = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
        let source = UnsafeMutablePointer<UInt32>.allocate(capacity: w)
        let paintMask = UnsafeMutablePointer<UInt8>.allocate(capacity: w)
        defer {
            mask.deallocate()
            source.deallocate()
            paintMask.deallocate()
        }
        mask.initialize(repeating: 0, count: w * h)
        produce.eachSpan(ownJob, region) { s in
            let row = mask + (s.y - region.y0) * w + (s.x - region.x0)
            if let word = shader.solidWord {
                let a = UInt8(word >> 24)
                for n in 0..<s.count { row[n] = multiply255(s.coverage?[n] ?? s.constant, a) }
            } else {
                shader.shade(x: s.x, y: s.y, count: s.count, into: source, mask: paintMask)
                for n in 0..<s.count {
                    var k = s.coverage?[n] ?? s.constant
                    if shader.needsMask { k = multiply255(k, paintMask[n]) }
                    row[n] = multiply255(k, UInt8(source[n] >> 24))
                }
            }
        }
        guard GaussianBlur.blur(mask, width: w, height: h, sigma: sigma, cancellation: cancellation) else { return }
        let landed = IntRect(x0: region.x0 + ox, y0: region.y0 + oy, x1: region.x1 + ox, y1: region.y1 + oy)
        let blurred = SpanSource(bounds: landed) { job, bounds, emit in
            let b = job.clamp(bounds).intersection(landed)
            guard !b.isEmpty else { return }
            for y in b.y0..<b.y1 {
                let row = mask + (y - landed.y0) * w + (b.x0 - landed.x0)
                var lo = 0, hi = b.width
                while lo < hi && row[lo] == 0 { lo += 1 }
                while hi > lo && row[hi - 1] == 0 { hi -= 1 }
                if hi > lo {
                    var span = Rasterizer.Span(y: y, x: b.x0 + lo, count: hi - lo, coverage: UnsafePointer(row + lo), constant: 0)
                    withUnsafePointer(to: &span) { emit(UnsafeBufferPointer(start: $0, count: 1)) }
                }
            }
        }
        let color = Shader(kind: .solid(PixelBuffer.pack(shadow.color.premultiplied())), needsMask: false)
        Self.composite(blurred, shader: color, mode: state.blendMode, into: destination, job: ownJob)
    }
}
