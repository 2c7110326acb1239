import CPNG
import CZlib
import CellRaster
import Glibc

/// Animated PNG. libpng on Debian has no APNG API, so each frame (after the
/// first, only the box of pixels that changed since the frame before) is
/// encoded as a PNG of its own by CPNG (libpng and zlib, PNGCodec's
/// settings) and its IDAT data re-wrapped: the first frame's as IDAT after
/// an fcTL chunk, later frames' as fdAT chunks, each numbered in one
/// sequence, with zlib's CRC-32. Only chunks are assembled here; nothing is
/// compressed by hand.
///
/// Every frame is RGBA, also when opaque: an APNG's color type is fixed in
/// its header, written before later frames (which may have alpha) are seen.
/// Frames replace their box (blend op SOURCE) and stay (dispose op NONE), so
/// every frame shows exactly its pixels. One frame gives a plain PNG (RGB
/// when opaque), as `PNGCodec.encode` writes it.
final class APNGEncoder {
    let width: Int
    let height: Int
    /// The frame before, for finding what changed (and the whole image of
    /// a one-frame animation).
    private var previous: PixelBuffer?
    private var header: [UInt8] = []
    /// The chunks after acTL (fcTL, IDAT, fdAT), in order.
    private var body: [UInt8] = []
    private var sequence: UInt32 = 0
    private var frames = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Adds `frame` (the animation's size), shown for `delay` seconds as
    /// the fraction numerator / denominator (fcTL's fields).
    func append(_ frame: PixelBuffer, delay: (numerator: UInt16, denominator: UInt16)) throws {
        var box = (x: 0, y: 0, width: width, height: height)
        if let previous { box = Self.changedBox(previous, frame) }
        let start = frame.data + (box.y * width + box.x) * 4
        let png = try Self.encode(start, width: box.width, height: box.height, stride: frame.stride)
        let chunks = try Self.chunks(of: png)
        if frames == 0 {
            guard let ihdr = chunks.first(where: { $0.type == "IHDR" }) else {
                throw ImageError.encode("APNG: libpng wrote no IHDR chunk")
            }
            header = ihdr.data
        }
        var control = [UInt8]()
        control += Self.u32(sequence)
        control += Self.u32(UInt32(box.width)) + Self.u32(UInt32(box.height))
        control += Self.u32(UInt32(box.x)) + Self.u32(UInt32(box.y))
        control += Self.u16(delay.numerator) + Self.u16(delay.denominator)
        control += [0, 0] // dispose op NONE, blend op SOURCE
        sequence += 1
        Self.append(chunk: "fcTL", control, to: &body)
        for idat in chunks where idat.type == "IDAT" {
            if frames == 0 {
                Self.append(chunk: "IDAT", idat.data, to: &body)
            } else {
                Self.append(chunk: "fdAT", Self.u32(sequence) + idat.data, to: &body)
                sequence += 1
            }
        }
        previous = frame.copy()
        frames += 1
    }

    /// The file: signature, IHDR, acTL (the frame count, looping forever),
    /// the frames' chunks, IEND.
    func finish() throws -> [UInt8] {
        guard let previous else { throw ImageError.encode("an animation needs at least one frame") }
        if frames == 1 { return try PNGCodec.encode(previous) }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(body.count + 64)
        Self.append(chunk: "IHDR", header, to: &out)
        Self.append(chunk: "acTL", Self.u32(UInt32(frames)) + Self.u32(0), to: &out)
        out += body
        Self.append(chunk: "IEND", [], to: &out)
        return out
    }

    /// The smallest box holding every pixel that differs between `a` and
    /// `b`; one pixel at the origin when none does (a frame must hold some).
    static func changedBox(_ a: PixelBuffer, _ b: PixelBuffer) -> (x: Int, y: Int, width: Int, height: Int) {
        let w = a.width, h = a.height
        let p = UnsafeRawPointer(a.data), q = UnsafeRawPointer(b.data)
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        for y in 0..<h {
            let row = y * w * 4
            // Whole rows first: most rows of a UI animation do not change.
            if memcmp(p + row, q + row, w * 4) == 0 { continue }
            var first = 0
            while p.loadUnaligned(fromByteOffset: row + first * 4, as: UInt32.self)
                    == q.loadUnaligned(fromByteOffset: row + first * 4, as: UInt32.self) { first += 1 }
            var last = w - 1
            while p.loadUnaligned(fromByteOffset: row + last * 4, as: UInt32.self)
                    == q.loadUnaligned(fromByteOffset: row + last * 4, as: UInt32.self) { last -= 1 }
            x0 = Swift.min(x0, first)
            x1 = Swift.max(x1, last)
            if y0 == h { y0 = y }
            y1 = y
        }
        if x1 < 0 { return (0, 0, 1, 1) }
        return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    /// Premultiplied rows as an RGBA PNG through CPNG.
    private static func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        var out = cpng_buffer()
        var message = [CChar](repeating: 0, count: Int(CPNG_ERROR_SIZE))
        let status = cpng_encode_rgba(pixels, UInt32(width), UInt32(height), stride, PNGCodec.compressionLevel,
                                      Int32(CPNG_PREMULTIPLIED), &out, &message)
        defer { cpng_buffer_free(&out) }
        guard status == 0 else { throw ImageError.encode("PNG encoding failed: \(cString(message))") }
        return Array(UnsafeBufferPointer(start: out.data, count: out.size))
    }

    /// The chunks of a PNG file libpng wrote, in order.
    static func chunks(of png: [UInt8]) throws -> [(type: String, data: [UInt8])] {
        var result: [(type: String, data: [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard i + 12 + length <= png.count else { break }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            result.append((type, Array(png[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        guard i == png.count else { throw ImageError.encode("APNG: libpng's output has a damaged chunk") }
        return result
    }

    /// A chunk: length, type, data, and the CRC-32 of type and data.
    static func append(chunk type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += u32(UInt32(data.count))
        out += typeBytes
        out += data
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        // (zlib's crc32 of a null pointer is 0, not the running value.)
        if !data.isEmpty { crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) } }
        out += u32(UInt32(truncatingIfNeeded: crc))
    }

    static func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 255)] }
}
