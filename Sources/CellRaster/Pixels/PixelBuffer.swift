import Glibc

/// A premultiplied RGBA8 image: bytes R, G, B, A per pixel, rows top to bottom,
/// `width * 4` bytes per row, zero-initialised (transparent black).
///
/// A class with manually managed storage so pixel loops work on a raw pointer
/// with no copy-on-write checks, bounds checks or ARC traffic.
public final class PixelBuffer {
    public let width: Int
    public let height: Int
    public let data: UnsafeMutablePointer<UInt8>
    /// Set by an owner that will never change these pixels again (a decoded
    /// image): a recording canvas then keeps the buffer itself instead of a
    /// copy (`Canvas.drawImage`). Default false.
    public var isImmutable = false
    /// The JPEG file these pixels were decoded from, exactly as read, set
    /// by an owner that also sets `isImmutable` (an image a script loaded):
    /// the vector writers embed these bytes instead of the pixels (SVG's
    /// `data:image/jpeg`, PDF's `/DCTDecode`) when the whole image is drawn
    /// as it is. nil for any other buffer (a copy has none).
    public var originalJPEG: [UInt8]?

    /// Bytes per row.
    public var stride: Int { width * 4 }
    public var byteCount: Int { width * height * 4 }

    /// Allocates a transparent buffer. Sizes must already be validated (see
    /// `CanvasLimits`); this initializer only refuses non-positive ones.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "PixelBuffer sizes are validated by the caller")
        self.width = width
        self.height = height
        data = Self.allocateBytes(width * height * 4)
        data.initialize(repeating: 0, count: width * height * 4)
    }

    /// Allocates a buffer whose pixels the caller writes before anything
    /// reads them (a layer cleared later, in bands: `Canvas.beginLayer`).
    init(unclearedWidth width: Int, height: Int) {
        precondition(width > 0 && height > 0, "PixelBuffer sizes are validated by the caller")
        self.width = width
        self.height = height
        data = Self.allocateBytes(width * height * 4)
    }

    /// Allocates a buffer with every pixel `color`, written once (a canvas
    /// background: no zeroing first); a large one (`bandedBytes` or more)
    /// in bands on up to `threads` threads, as filling memory is bound by
    /// page faults and the bandwidth one core gets more than by the core.
    public init(width: Int, height: Int, filledWith color: PremultipliedColor, threads: Int = 1) {
        precondition(width > 0 && height > 0, "PixelBuffer sizes are validated by the caller")
        self.width = width
        self.height = height
        let count = width * height
        data = Self.allocateBytes(count * 4)
        let word = Self.pack(color)
        let bands = count * 4 >= Self.bandedBytes ? Swift.max(1, Swift.min(threads, 8)) : 1
        data.withMemoryRebound(to: UInt32.self, capacity: count) { words in
            DrawingThreads.shared.forEach(bands, threads: bands) { band, _ in
                let first = count * band / bands, end = count * (band + 1) / bands
                PixelWords.fill(words + first, with: word, count: end - first)
                return true
            }
        }
    }

    /// Buffers from this size on are filled on several threads: 512 KiB,
    /// well above what handing a job to a thread costs.
    static let bandedBytes = 1 << 19

    deinit {
        data.deallocate()
    }

    /// Storage for `count` bytes. In a buffer of `hugePageBytes` * 2 or
    /// more, the whole 2 MiB pages it spans are marked for the kernel's
    /// transparent huge pages (`MADV_HUGEPAGE`): the first touch of those
    /// pixels faults in a page per 2 MiB instead of per 4 KiB (a fresh
    /// 640 x 2160 canvas: about 1,000 fewer faults). Memory the allocator
    /// hands out again is already in place, so later canvases of a process
    /// cost the same; where huge pages are off the advice does nothing.
    /// The advice stays with those pages once the buffer is freed: at
    /// worst, something small the allocator puts there later faults in a
    /// whole huge page.
    static func allocateBytes(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        if count >= 2 * hugePageBytes {
            let start = (Int(bitPattern: data) + hugePageBytes - 1) & ~(hugePageBytes - 1)
            let end = (Int(bitPattern: data) + count) & ~(hugePageBytes - 1)
            if end > start, let first = UnsafeMutableRawPointer(bitPattern: start) {
                _ = madvise(first, end - start, MADV_HUGEPAGE)
            }
        }
        return data
    }

    /// A huge page's size on x86-64.
    static let hugePageBytes = 2 << 20

    /// The stored (premultiplied) bytes of pixel (x, y).
    public func premultiplied(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = data + (y * width + x) * 4
        return (p[0], p[1], p[2], p[3])
    }

    /// Pixel (x, y) with straight alpha, rounded to nearest: what a PNG stores.
    public func straight(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = premultiplied(x: x, y: y)
        return (Self.unpremultiply(p.r, p.a), Self.unpremultiply(p.g, p.a),
                Self.unpremultiply(p.b, p.a), p.a)
    }

    /// `value * 255 / alpha` rounded to nearest and clamped; 0 when alpha is 0.
    @inline(__always)
    public static func unpremultiply(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
        guard alpha != 0 else { return 0 }
        if alpha == 255 { return value }
        let a = Int(alpha)
        return UInt8(Swift.min(255, (Int(value) * 255 + a / 2) / a))
    }

    /// `value * alpha / 255` rounded to nearest.
    @inline(__always)
    public static func premultiply(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
        let t = Int(value) * Int(alpha) + 128
        return UInt8((t + (t >> 8)) >> 8)
    }

    /// Rows of straight-alpha RGBA8, for encoders.
    public func straightRGBA() -> [UInt8] {
        straightRGBAAndOpacity().bytes
    }

    /// True when every pixel is opaque: then the stored bytes are already
    /// straight RGBA (premultiplying by 1 changes nothing), which the PNG
    /// writer takes as they are. Eight bytes at a time (`PixelWords`).
    public var isOpaque: Bool {
        PixelWords.allOpaque(UnsafeRawPointer(data), count: width * height)
    }

    /// `straightRGBA()` and whether every pixel is opaque, found in the same
    /// pass (the PNG writer drops the alpha channel of opaque images).
    public func straightRGBAAndOpacity() -> (bytes: [UInt8], opaque: Bool) {
        var out = [UInt8](repeating: 0, count: byteCount)
        var opaque = true
        out.withUnsafeMutableBufferPointer { dst in
            let words = UnsafeRawPointer(data)
            let outWords = UnsafeMutableRawPointer(dst.baseAddress!)
            for i in 0..<(width * height) {
                let word = words.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                let a = UInt8(word >> 24)
                // Opaque pixels (most of a mockup) are the same straight.
                if a == 255 {
                    outWords.storeBytes(of: word, toByteOffset: i * 4, as: UInt32.self)
                    continue
                }
                opaque = false
                let o = i * 4
                dst[o] = Self.unpremultiply(data[o], a)
                dst[o + 1] = Self.unpremultiply(data[o + 1], a)
                dst[o + 2] = Self.unpremultiply(data[o + 2], a)
                dst[o + 3] = a
            }
        }
        return (out, opaque)
    }

    /// An independent copy of the pixels.
    public func copy() -> PixelBuffer {
        let c = PixelBuffer(width: width, height: height)
        c.data.update(from: data, count: byteCount)
        return c
    }

    /// Fills every pixel with one premultiplied value (no blending).
    public func fill(_ color: PremultipliedColor) {
        fill(color, rows: 0..<height)
    }

    /// Sets every pixel of rows `rows` (clamped to the buffer) to `color`.
    func fill(_ color: PremultipliedColor, rows: Range<Int>) {
        let lo = Swift.max(0, rows.lowerBound), hi = Swift.min(height, rows.upperBound)
        guard lo < hi else { return }
        let word = Self.pack(color)
        data.withMemoryRebound(to: UInt32.self, capacity: width * height) { words in
            PixelWords.fill(words + lo * width, with: word, count: (hi - lo) * width)
        }
    }

    /// The four bytes of `color` as one native-endian word in R, G, B, A memory order.
    @inline(__always)
    static func pack(_ color: PremultipliedColor) -> UInt32 {
        var word: UInt32 = 0
        withUnsafeMutableBytes(of: &word) { bytes in
            bytes[0] = UInt8(color.r)
            bytes[1] = UInt8(color.g)
            bytes[2] = UInt8(color.b)
            bytes[3] = UInt8(color.a)
        }
        return word
    }
}
