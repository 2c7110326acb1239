import CellRaster

/// Netpbm writers: P6 (PPM) and P7 (PAM).
public enum Netpbm {
    /// P6 with maxval 255. PPM has no alpha, so pixels are composited over
    /// white: premultiplied `C + (255 - A)`, exact in 8 bits.
    public static func ppm(_ buffer: PixelBuffer) -> [UInt8] {
        var out = Array("P6\n\(buffer.width) \(buffer.height)\n255\n".utf8)
        let n = buffer.width * buffer.height
        out.reserveCapacity(out.count + n * 3)
        for i in 0..<n {
            let p = buffer.data + i * 4
            let white = 255 - p[3]
            out.append(p[0] &+ white)
            out.append(p[1] &+ white)
            out.append(p[2] &+ white)
        }
        return out
    }

    /// P7 with TUPLTYPE RGB_ALPHA: straight alpha, as the Netpbm spec defines it.
    public static func pam(_ buffer: PixelBuffer) -> [UInt8] {
        let header = "P7\nWIDTH \(buffer.width)\nHEIGHT \(buffer.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
        return Array(header.utf8) + buffer.straightRGBA()
    }
}
