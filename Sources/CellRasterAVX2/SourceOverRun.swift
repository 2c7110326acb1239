/// Pixel loops compiled for the x86-64-v3 level (AVX2: eight pixels in one
/// 256-bit register, where the baseline build's SSE2 takes four). This
/// module is built with `-target-cpu haswell`, so its code may use any
/// instruction of that level anywhere: CellRaster calls it only after
/// `cl_cpu_runs_x86_64_v3` said the machine has them, and keeps the same
/// loops in baseline code for machines that do not. Each function here
/// writes exactly the bytes of the baseline loop it stands in for.
///
/// Leaf module: plain pointers in and out, no engine types, so CellRaster
/// can depend on it.
public enum AVX2Kernels {
    /// Source-over of one premultiplied color over `count` pixels:
    /// `dst = source + dst * keep / 255` on each byte, with the engine's
    /// rounding (`t = b * keep + 128`, then `(t + (t >> 8)) >> 8`), where
    /// `keep` is 255 minus the source's alpha (0...255). Stands in for
    /// CellRaster's `Composite.overRun`.
    ///
    /// Eight pixels a step as sixteen 16-bit lanes: the even bytes
    /// (masked) and the odd bytes (shifted down) scaled apart, so a
    /// product plus the rounding term never leaves its lane, and put back
    /// with a mask and an or; no unpacking or packing. The rounding's
    /// division by 255 is two shifts and an add in 16-bit lanes (AVX2 has
    /// no cheaper form the compiler finds from portable SIMD code).
    @inline(never)
    public static func sourceOverRun(_ source: UInt32, keep: UInt32, dst: UnsafeMutablePointer<UInt32>, count: Int) {
        #if arch(x86_64)
        let raw = UnsafeMutableRawPointer(dst)
        let f16 = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: keep))
        let s32 = unsafeBitCast(SIMD8<UInt32>(repeating: source), to: SIMD32<UInt8>.self)
        if count < 8 {
            // One to seven through a register-sized copy: the same lanes,
            // the same bytes.
            var short = SIMD8<UInt32>(repeating: 0)
            for i in 0..<count { short[i] = dst[i] }
            let out = unsafeBitCast(keep32(unsafeBitCast(short, to: SIMD32<UInt8>.self), f16) &+ s32, to: SIMD8<UInt32>.self)
            for i in 0..<count { dst[i] = out[i] }
            return
        }
        // The last eight read before any is written: when the count is not
        // a multiple of eight they are blended last, as one step that
        // overlaps the loop's final one, from the original pixels (so the
        // overlapped pixels get the values the loop gave them).
        let lastOffset = (count &- 8) &* 4
        let last = raw.loadUnaligned(fromByteOffset: lastOffset, as: SIMD32<UInt8>.self)
        var n = 0
        while n &+ 8 <= count {
            let d = raw.loadUnaligned(fromByteOffset: n &* 4, as: SIMD32<UInt8>.self)
            raw.storeBytes(of: keep32(d, f16) &+ s32, toByteOffset: n &* 4, as: SIMD32<UInt8>.self)
            n &+= 8
        }
        if n < count {
            raw.storeBytes(of: keep32(last, f16) &+ s32, toByteOffset: lastOffset, as: SIMD32<UInt8>.self)
        }
        #else
        preconditionFailure("AVX2Kernels called on a machine that is not x86-64")
        #endif
    }

    /// Thirty-two bytes each times `f / 255`, rounded (see `sourceOverRun`).
    @inline(__always)
    static func keep32(_ bytes: SIMD32<UInt8>, _ f: SIMD16<UInt16>) -> SIMD32<UInt8> {
        let d = unsafeBitCast(bytes, to: SIMD16<UInt16>.self)
        return unsafeBitCast(scaled(d & SIMD16<UInt16>(repeating: 0x00FF), d &>> 8, f), to: SIMD32<UInt8>.self)
    }
}
