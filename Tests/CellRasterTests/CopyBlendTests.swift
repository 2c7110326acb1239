@testable import CellRaster
import Testing

/// `copy`'s integer path (`BlendLoop.copy`) gives the same bytes as the
/// generic Float loop it replaced, for every destination and source value
/// and every coverage.
@Suite struct CopyBlendTests {
    @Test func integerCopyMatchesTheFloatLoop() {
        let coverage = (0...255).map { UInt8($0) }
        var mismatches = 0
        coverage.withUnsafeBufferPointer { k in
            for dv in 0...255 {
                for sv in 0...255 {
                    // Opaque pixels with the value in all three color channels,
                    // and translucent ones with the value as alpha over black.
                    for (d, s) in [(UInt32(dv) * 0x0001_0101 | 0xFF00_0000, UInt32(sv) * 0x0001_0101 | 0xFF00_0000),
                                   (UInt32(dv) << 24, UInt32(sv) << 24)] {
                        var a = [UInt32](repeating: d, count: 256), b = a
                        withUnsafePointer(to: s) { src in
                            BlendLoop.copy(src: src, srcStep: 0, dst: &a, coverage: k.baseAddress, constant: 0, count: 256)
                            BlendLoop.run(CopyBlend.self, src: src, srcStep: 0, dst: &b, coverage: k.baseAddress,
                                          constant: 0, count: 256)
                        }
                        if a != b { mismatches += 1 }
                    }
                }
            }
        }
        #expect(mismatches == 0)
        // A constant coverage and a per-pixel source too.
        let src: [UInt32] = [0x8040_2010, 0xFFFF_FFFF, 0, 0x7F7F_7F7F]
        var a = [UInt32](repeating: 0xFF33_6699, count: 4), b = a
        BlendLoop.copy(src: src, srcStep: 1, dst: &a, coverage: nil, constant: 77, count: 4)
        BlendLoop.run(CopyBlend.self, src: src, srcStep: 1, dst: &b, coverage: nil, constant: 77, count: 4)
        #expect(a == b)
    }
}
