import FoundationEssentials
import Glibc

/// Gaussian blur of an 8-bit coverage mask, separable (rows then columns).
///
/// Small sigmas use the sampled Gaussian kernel (radius ceil(3 sigma),
/// normalised); above `boxThreshold` three box blurs of the width SVG's
/// feGaussianBlur prescribes approximate it (within a few percent) at a cost
/// independent of sigma, so a huge blur cannot stall a render.
enum GaussianBlur {
    static let boxThreshold: Double = 8

    /// How far (in pixels) the blur spreads a pixel: 3 sigma, rounded up.
    static func reach(sigma: Double) -> Int {
        guard sigma > 0 else { return 0 }
        if sigma > boxThreshold { return 3 * (boxWidth(sigma) / 2 + 1) }
        return Int((3 * sigma).rounded(.up))
    }

    /// SVG's box width for `sigma`, at most `maxBoxWidth` (a blur of 1e300
    /// is finite but its width is not an Int; past a billion pixels any box
    /// spreads a mask to nothing anyway).
    static func boxWidth(_ sigma: Double) -> Int {
        let width = (sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)
        guard width < Double(maxBoxWidth) else { return maxBoxWidth }
        return Swift.max(1, Int(width))
    }

    static let maxBoxWidth = 1_000_000_000

    /// Blurs `mask` (`width` x `height`, row-major) in place. False when
    /// `cancellation`'s deadline passed first (the mask is then unusable).
    @discardableResult
    static func blur(_ mask: UnsafeMutablePointer<UInt8>, width: Int, height: Int, sigma: Double,
                     cancellation: Cancellation? = nil) -> Bool {
        guard sigma > 0.05, width > 0, height > 0 else { return true }
        // Looked at between lines: each pass costs about one sample per pixel.
        var meter = Cancellation.Meter(cancellation)
        let n = width * height
        let a = UnsafeMutablePointer<Float>.allocate(capacity: n)
        let b = UnsafeMutablePointer<Float>.allocate(capacity: n)
        defer {
            a.deallocate()
            b.deallocate()
        }
        for i in 0..<n { a[i] = Float(mask[i]) }
        if sigma > boxThreshold {
            let d = boxWidth(sigma)
            // Odd d: three centred boxes of d. Even d: two of d (offset half a
            // pixel each way) and one of d + 1, as SVG specifies.
            let boxes: [(Int, Int)] = d % 2 == 1
                ? [(d / 2, d / 2), (d / 2, d / 2), (d / 2, d / 2)]
                : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
            for (l, r) in boxes {
                guard box(a, b, count: height, length: width, step: 1, lineStride: width, left: l, right: r,
                          meter: &meter) else { return false }
                takeResult(a, b, n)
            }
            for (l, r) in boxes {
                guard box(a, b, count: width, length: height, step: width, lineStride: 1, left: l, right: r,
                          meter: &meter) else { return false }
                takeResult(a, b, n)
            }
        } else {
            let r = reach(sigma: sigma)
            var kernel = [Float](repeating: 0, count: 2 * r + 1)
            var sum: Float = 0
            for i in -r...r {
                let w = Float(exp(-Double(i * i) / (2 * sigma * sigma)))
                kernel[i + r] = w
                sum += w
            }
            for i in kernel.indices { kernel[i] /= sum }
            let done = kernel.withUnsafeBufferPointer { k in
                convolve(a, b, count: height, length: width, step: 1, lineStride: width, kernel: k.baseAddress!,
                         radius: r, meter: &meter)
                    && convolve(b, a, count: width, length: height, step: width, lineStride: 1,
                                kernel: k.baseAddress!, radius: r, meter: &meter)
            }
            guard done else { return false }
        }
        for i in 0..<n {
            let v = a[i] + 0.5
            mask[i] = v <= 0 ? 0 : (v >= 255 ? 255 : UInt8(v))
        }
        return true
    }

    /// Makes the pass output (`b`) the next pass input (`a`).
    private static func takeResult(_ a: UnsafeMutablePointer<Float>, _ b: UnsafeMutablePointer<Float>, _ n: Int) {
        a.update(from: b, count: n)
    }

    /// One pass of the kernel along `count` lines of `length` samples
    /// (`step` apart; lines `lineStride` apart); outside the mask is 0.
    private static func convolve(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>,
                                 count: Int, length: Int, step: Int, lineStride: Int,
                                 kernel: UnsafePointer<Float>, radius r: Int,
                                 meter: inout Cancellation.Meter) -> Bool {
        for line in 0..<count {
            if meter.spend(length * (2 * r + 1)) { return false }
            let s = src + line * lineStride, d = dst + line * lineStride
            for i in 0..<length {
                var acc: Float = 0
                let lo = Swift.max(-r, -i), hi = Swift.min(r, length - 1 - i)
                if lo <= hi {
                    for j in lo...hi { acc += s[(i + j) * step] * kernel[j + r] }
                }
                d[i * step] = acc
            }
        }
        return true
    }

    /// One box pass: the mean over [i - left, i + right] (outside is 0).
    private static func box(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>,
                            count: Int, length: Int, step: Int, lineStride: Int, left: Int, right: Int,
                            meter: inout Cancellation.Meter) -> Bool {
        let scale = 1 / Float(left + right + 1)
        for line in 0..<count {
            if meter.spend(length) { return false }
            let s = src + line * lineStride, d = dst + line * lineStride
            // Running sum in Double so long lines do not drift.
            var acc = 0.0
            for j in 0...Swift.min(right, length - 1) { acc += Double(s[j * step]) }
            for i in 0..<length {
                d[i * step] = Float(acc) * scale
                let enter = i + right + 1, leave = i - left
                if enter < length { acc += Double(s[enter * step]) }
                if leave >= 0 { acc -= Double(s[leave * step]) }
            }
        }
        return true
    }
}
