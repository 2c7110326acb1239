/// Span compositors: what a pixel becomes once its coverage is known.
/// Premultiplied arithmetic in Float, rounded once to nearest; at coverage k
/// the result is `D + k * (B(S, D) - D)`, so uncovered pixels never change.
enum Composite {
    /// Source-over: `S*k + D*(1 - Sa*k)`.
    static func sourceOver(
        _ s: PremultipliedColor, row: UnsafeMutablePointer<UInt8>, x0: Int, count: Int,
        rowCoverage: Float, columnCoverage: UnsafePointer<Float>
    ) {
        let opaqueWord = PixelBuffer.pack(s)
        for n in 0..<count {
            let k = rowCoverage * columnCoverage[n]
            let p = row + (x0 + n) * 4
            if k >= 1 && s.a == 255 {
                UnsafeMutableRawPointer(p).storeBytes(of: opaqueWord, as: UInt32.self)
                continue
            }
            guard k > 0 else { continue }
            let keep = 1 - s.a * k / 255
            p[0] = UInt8(s.r * k + Float(p[0]) * keep + 0.5)
            p[1] = UInt8(s.g * k + Float(p[1]) * keep + 0.5)
            p[2] = UInt8(s.b * k + Float(p[2]) * keep + 0.5)
            p[3] = UInt8(s.a * k + Float(p[3]) * keep + 0.5)
        }
    }

    /// Clear: `D*(1 - k)`.
    static func clear(
        row: UnsafeMutablePointer<UInt8>, x0: Int, count: Int,
        rowCoverage: Float, columnCoverage: UnsafePointer<Float>
    ) {
        for n in 0..<count {
            let k = rowCoverage * columnCoverage[n]
            let p = row + (x0 + n) * 4
            if k >= 1 {
                UnsafeMutableRawPointer(p).storeBytes(of: 0, as: UInt32.self)
                continue
            }
            guard k > 0 else { continue }
            let keep = 1 - k
            for c in 0..<4 { p[c] = UInt8(Float(p[c]) * keep + 0.5) }
        }
    }
}
