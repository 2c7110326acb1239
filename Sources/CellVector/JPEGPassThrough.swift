import CellRaster

/// A JPEG a script loaded, embedded as its own bytes (SVG's
/// `data:image/jpeg`, PDF's `/DCTDecode`) instead of its pixels again:
/// only when those bytes decode to the same pixels in any reader, that is
/// an 8-bit baseline, extended or progressive Huffman JPEG in gray or
/// YCbCr/RGB (a CMYK JPEG is inverted or not by the reader's guess), with
/// no EXIF orientation other than upright (browsers turn the image, the
/// engine does not), whose size is the buffer's.
enum JPEGPassThrough {
    struct Embedded {
        let bytes: [UInt8]
        /// 1 (gray) or 3 (color).
        let components: Int
    }

    static func bytes(of buffer: PixelBuffer) -> Embedded? {
        guard let bytes = buffer.originalJPEG, let info = info(bytes),
              info.width == buffer.width, info.height == buffer.height else { return nil }
        return Embedded(bytes: bytes, components: info.components)
    }

    /// The frame's size and components, when the file is one to pass
    /// through (see the type); nil otherwise.
    static func info(_ b: [UInt8]) -> (width: Int, height: Int, components: Int)? {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        func u16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        var i = 2
        var frame: (Int, Int, Int)?
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue } // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xD9 || marker == 0xDA { break } // end, or the scan: the header is read
            let length = u16(i + 2)
            guard length >= 2, i + 2 + length <= b.count else { return nil }
            let body = i + 4
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                guard length >= 8, b[body] == 8 else { return nil }
                frame = (u16(body + 3), u16(body + 1), Int(b[body + 5]))
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                return nil // lossless, hierarchical or arithmetic: not every reader has them
            case 0xE1:
                if let o = orientation(b, from: body, length: length - 2), o != 1 { return nil }
            default:
                break
            }
            i += 2 + length
        }
        guard let (w, h, n) = frame, w > 0, h > 0, n == 1 || n == 3 else { return nil }
        return (w, h, n)
    }

    /// The EXIF orientation (tag 0x0112 of IFD0) in an APP1 segment's body,
    /// if it holds one.
    private static func orientation(_ b: [UInt8], from start: Int, length: Int) -> Int? {
        let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] // "Exif\0\0"
        guard length >= 14, Array(b[start..<start + 6]) == exif else { return nil }
        let tiff = start + 6, end = start + length
        let little: Bool
        switch (b[tiff], b[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= tiff, i + 2 <= end else { return nil }
            return little ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let lo = u16(little ? i : i + 2), let hi = u16(little ? i + 2 : i) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
        for k in 0..<count {
            let entry = tiff + ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 { return u16(entry + 8) }
        }
        return nil
    }
}
