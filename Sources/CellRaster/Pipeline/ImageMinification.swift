import CellGeometry

/// Images drawn smaller than their pixels, filtered: each device pixel the
/// average of the image area it covers (a box filter over the pixel's
/// footprint, fractions of image pixels weighted by how much of them falls
/// inside), where bilinear sampling alone would take four pixels of many
/// and alias (a 136-pixel emoji drawn at 34 pixels would keep one pixel in
/// four, a photo thumbnail would sparkle).
///
/// Upright images (no rotation, skew or flip) are resampled onto the device
/// grid exactly, each shrunk axis on its own: the image's edge placed at the
/// nearest quarter pixel (as glyph masks are: at most 1/8 pixel off), so the
/// resampled image lands on whole pixels and is copied, and the same image
/// drawn at the same size and phase is resampled once (`MinifiedImageCache`,
/// for images that never change). Other transforms get the image shrunk by
/// the larger of the two scales first, then bilinear sampling, a mipmap's
/// way (a little soft where the scales differ much, never aliased).
/// Enlarged axes are left to bilinear sampling.
enum ImageMinification {
    /// Whether `deviceToImage` shrinks the image along some axis.
    static func shrinks(_ t: AffineTransform) -> Bool {
        t.a * t.a + t.b * t.b > 1 || t.c * t.c + t.d * t.d > 1
    }

    /// `source` and the map from device pixels to it, prefiltered when
    /// `deviceToImage` shrinks it; the arguments themselves otherwise.
    static func prepared(_ source: PixelBuffer, deviceToImage t: AffineTransform)
        -> (source: PixelBuffer, deviceToImage: AffineTransform) {
        if t.b == 0, t.c == 0, t.a > 0, t.d > 0 {
            guard t.a > 1 || t.d > 1 else { return (source, t) }
            let x = axis(scale: t.a, offset: t.tx, size: source.width)
            let y = axis(scale: t.d, offset: t.ty, size: source.height)
            guard let x, let y else { return (source, t) }
            let key = MinifiedImageCache.Key(source: ObjectIdentifier(source), x: x, y: y)
            guard let resampled = MinifiedImageCache.shared.image(for: key, of: source, make: {
                resample(source, x: x, y: y)
            }) else { return (source, t) }
            let mapped = AffineTransform(a: x.shrinks ? 1 : t.a, b: 0, c: 0, d: y.shrinks ? 1 : t.d,
                                         tx: x.shrinks ? -Double(x.first) : t.tx,
                                         ty: y.shrinks ? -Double(y.first) : t.ty)
            return (resampled, mapped)
        }
        // Rotated, skewed or flipped: shrink by the larger scale, then bilinear.
        let su = (t.a * t.a + t.b * t.b).squareRoot(), sv = (t.c * t.c + t.d * t.d).squareRoot()
        let f = Swift.max(su, sv)
        guard f > 1, f.isFinite else { return (source, t) }
        let x = Axis(scale: f, start: 0, first: 0, count: Int((Double(source.width) / f).rounded(.up)), shrinks: true)
        let y = Axis(scale: f, start: 0, first: 0, count: Int((Double(source.height) / f).rounded(.up)), shrinks: true)
        let key = MinifiedImageCache.Key(source: ObjectIdentifier(source), x: x, y: y)
        guard let resampled = MinifiedImageCache.shared.image(for: key, of: source, make: {
            resample(source, x: x, y: y)
        }) else { return (source, t) }
        return (resampled, t.concatenating(.scale(1 / f, 1 / f)))
    }

    /// How one axis is resampled: output pixel i covers image coordinates
    /// `start + i * scale ..< start + (i + 1) * scale` (image pixel j is
    /// [j, j + 1]); `first` is the device pixel output pixel 0 lands on.
    /// An axis that is not shrunk keeps its pixels (`shrinks` false).
    /// Equal axes (`first` aside: where the result lands) resample alike.
    struct Axis: Hashable {
        var scale: Double
        var start: Double
        var first: Int
        var count: Int
        var shrinks: Bool

        static func == (l: Axis, r: Axis) -> Bool {
            l.scale == r.scale && l.start == r.start && l.count == r.count && l.shrinks == r.shrinks
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(scale)
            hasher.combine(start)
            hasher.combine(count)
            hasher.combine(shrinks)
        }
    }

    /// The axis for device-to-image `u = scale * x + offset` over an image
    /// `size` pixels long: shrunk onto the device grid when `scale` > 1,
    /// its edge at the nearest quarter pixel. nil when out of range.
    static func axis(scale: Double, offset: Double, size: Int) -> Axis? {
        guard scale > 1 else { return Axis(scale: 1, start: 0, first: 0, count: size, shrinks: false) }
        let edge = (-offset / scale * 4).rounded() / 4 // device coordinate of the image's edge
        guard abs(edge) < 1e9 else { return nil }
        let first = Int(edge.rounded(.down))
        let end = Int((edge + Double(size) / scale).rounded(.up))
        // Device pixel `first` starts `(first - edge) * scale` image pixels from the edge.
        return Axis(scale: scale, start: (Double(first) - edge) * scale, first: first,
                    count: Swift.max(1, end - first), shrinks: true)
    }

    /// Each output pixel's image pixels and their weights along one axis,
    /// normalised to 1 over the part inside the image (a pixel half off the
    /// image's edge takes the edge's color: the drawn rectangle's own
    /// coverage gives the edge its anti-aliasing).
    static func taps(_ axis: Axis, size: Int) -> [(first: Int, weights: [Float])] {
        guard axis.shrinks else { return (0..<size).map { ($0, [1]) } }
        return (0..<axis.count).map { i in
            let lo = Swift.max(0, axis.start + Double(i) * axis.scale)
            let hi = Swift.min(Double(size), axis.start + Double(i + 1) * axis.scale)
            guard hi > lo else {
                // Wholly off the image (a rounding sliver): its nearest pixel.
                return (Swift.min(Swift.max(Int(lo), 0), size - 1), [1])
            }
            let j0 = Int(lo), j1 = Swift.min(size, Int(hi.rounded(.up)))
            var weights: [Float] = []
            weights.reserveCapacity(j1 - j0)
            for j in j0..<j1 {
                weights.append(Float(Swift.min(hi, Double(j + 1)) - Swift.max(lo, Double(j))))
            }
            let total = weights.reduce(0, +)
            return (j0, weights.map { $0 / total })
        }
    }

    /// `source` resampled along `x` and `y` (premultiplied averages).
    static func resample(_ source: PixelBuffer, x: Axis, y: Axis) -> PixelBuffer {
        let w = source.width, h = source.height
        let xTaps = taps(x, size: w), yTaps = taps(y, size: h)
        let outW = xTaps.count, outH = yTaps.count
        // Rows of the image resampled along x, four floats a pixel.
        var across = [Float](repeating: 0, count: h * outW * 4)
        across.withUnsafeMutableBufferPointer { across in
            for row in 0..<h {
                let src = source.data + row * w * 4
                let dst = across.baseAddress! + row * outW * 4
                for (i, tap) in xTaps.enumerated() {
                    var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                    var p = src + tap.first * 4
                    for weight in tap.weights {
                        r += weight * Float(p[0])
                        g += weight * Float(p[1])
                        b += weight * Float(p[2])
                        a += weight * Float(p[3])
                        p += 4
                    }
                    dst[4 * i] = r
                    dst[4 * i + 1] = g
                    dst[4 * i + 2] = b
                    dst[4 * i + 3] = a
                }
            }
        }
        let out = PixelBuffer(width: outW, height: outH)
        across.withUnsafeBufferPointer { across in
            var sums = [Float](repeating: 0, count: outW * 4)
            for (j, tap) in yTaps.enumerated() {
                for k in sums.indices { sums[k] = 0 }
                for (n, weight) in tap.weights.enumerated() {
                    let row = across.baseAddress! + (tap.first + n) * outW * 4
                    for k in 0..<(outW * 4) { sums[k] += weight * row[k] }
                }
                let dst = out.data + j * outW * 4
                for i in 0..<outW {
                    let a = Swift.min(255, Swift.max(0, (sums[4 * i + 3] + 0.5).rounded(.down)))
                    // Premultiplied: no channel above alpha.
                    for c in 0..<3 {
                        dst[4 * i + c] = UInt8(Swift.min(a, Swift.max(0, (sums[4 * i + c] + 0.5).rounded(.down))))
                    }
                    dst[4 * i + 3] = UInt8(a)
                }
            }
        }
        out.isImmutable = true
        return out
    }
}

/// Minified images kept for the process (`ImageMinification`): the same
/// unchanging image (a decoded file, an emoji's strike) drawn again at the
/// same size and quarter-pixel phase is resampled once. Only images marked
/// immutable and at most `largestSource` bytes are kept (each entry holds
/// its source, so an identity in a key is never another image's); past
/// `budgetBytes` the cache starts over.
final class MinifiedImageCache: @unchecked Sendable {
    static let shared = MinifiedImageCache()
    /// Bytes of resampled images kept before starting over: 16 MiB.
    static let budgetBytes = 16 << 20
    /// Largest source kept: 4 MiB (a 1024 x 1024 image).
    static let largestSource = 4 << 20

    struct Key: Hashable {
        var source: ObjectIdentifier
        var x: ImageMinification.Axis
        var y: ImageMinification.Axis
    }

    private let lock = Lock()
    private var entries: [Key: (source: PixelBuffer, image: PixelBuffer)] = [:]
    private var bytes = 0

    /// Bytes held now.
    var cachedBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    /// The resampled image for `key`, from the cache or `make`; nil when
    /// the output would be too large to make (then the caller samples the
    /// source as it is).
    func image(for key: Key, of source: PixelBuffer, make: () -> PixelBuffer) -> PixelBuffer? {
        // Bounded by the source's size: a shrunk axis is shorter than the image's.
        guard key.x.count <= source.width + 2, key.y.count <= source.height + 2 else { return nil }
        let keep = source.isImmutable && source.byteCount <= Self.largestSource
        if keep {
            lock.lock()
            let hit = entries[key]?.image
            lock.unlock()
            if let hit { return hit }
        }
        let made = make()
        guard keep else { return made }
        lock.lock()
        defer { lock.unlock() }
        if let raced = entries[key]?.image { return raced }
        if bytes + made.byteCount > Self.budgetBytes {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[key] = (source, made)
        bytes += made.byteCount
        return made
    }
}
