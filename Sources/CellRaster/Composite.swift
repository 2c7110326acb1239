/// Span compositors: what a pixel becomes once its coverage is known.
/// Premultiplied 8-bit integer arithmetic with rounded division by 255; at
/// coverage k the result is `D + k * (B(S, D) - D)`, so uncovered pixels never
/// change.
enum Composite {
    /// Source-over: `kS + D (1 - kSa)`.
    static func sourceOver(_ s: PremultipliedColor, dst: UnsafeMutablePointer<UInt8>,
                           coverage: UnsafePointer<UInt8>, count: Int) {
        let sr = Int(s.r), sg = Int(s.g), sb = Int(s.b), sa = Int(s.a)
        let opaqueWord = PixelBuffer.pack(s)
        for n in 0..<count {
            let k = Int(coverage[n])
            guard k != 0 else { continue }
            let p = dst + n * 4
            if k == 255 && sa == 255 {
                UnsafeMutableRawPointer(p).storeBytes(of: opaqueWord, as: UInt32.self)
                continue
            }
            let ka = k == 255 ? sa : div255(sa * k)
            let keep = 255 - ka
            if k == 255 {
                p[0] = UInt8(sr + div255(Int(p[0]) * keep))
                p[1] = UInt8(sg + div255(Int(p[1]) * keep))
                p[2] = UInt8(sb + div255(Int(p[2]) * keep))
                p[3] = UInt8(sa + div255(Int(p[3]) * keep))
            } else {
                p[0] = UInt8(min(255, div255(sr * k) + div255(Int(p[0]) * keep)))
                p[1] = UInt8(min(255, div255(sg * k) + div255(Int(p[1]) * keep)))
                p[2] = UInt8(min(255, div255(sb * k) + div255(Int(p[2]) * keep)))
                p[3] = UInt8(min(255, ka + div255(Int(p[3]) * keep)))
            }
        }
    }

    /// Clear: `D (1 - k)`.
    static func clear(dst: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int) {
        for n in 0..<count {
            let k = Int(coverage[n])
            guard k != 0 else { continue }
            let p = dst + n * 4
            if k == 255 {
                UnsafeMutableRawPointer(p).storeBytes(of: 0, as: UInt32.self)
                continue
            }
            let keep = 255 - k
            for c in 0..<4 { p[c] = UInt8(div255(Int(p[c]) * keep)) }
        }
    }
}
