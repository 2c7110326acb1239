extension AVX2Kernels {
    /// One premultiplied color through a coverage mask onto a block of
    /// pixels: on each of `rows` rows (`rowBytes` apart), `count` pixels,
    /// each `kS + D (1 - kSa)` with its coverage k (`count` bytes,
    /// `coverageStride` apart), or `kS` alone when `onClear` (the pixels
    /// are known to be transparent black): glyphs and other masks. Stands
    /// in for CellRaster's `Composite.sourceOver(_:onClear:dst:rowBytes:
    /// coverage:coverageStride:count:rows:)` with the same bytes: every
    /// product rounded as `Composite.scale` rounds (`scaled`).
    ///
    /// Eight pixels a step, without branches on the coverage (an empty or
    /// full group costs what a partial one costs; a mask's groups mix all
    /// three, and the branches mispredicted more than they saved). A row
    /// whose length is not a multiple of eight ends with one more step
    /// overlapping the loop's last, computed from the pixels as they were
    /// before the loop.
    @inline(never)
    public static func coverageBlock(_ source: UInt32, onClear: Bool, dst: UnsafeMutablePointer<UInt8>,
                                     rowBytes: Int, coverage: UnsafePointer<UInt8>, coverageStride: Int,
                                     count: Int, rows: Int) {
        #if arch(x86_64)
        precondition(count >= 1, "coverageBlock takes rows of at least one pixel")
        // One copy of the loops per case, the case's tests folded away: the
        // case is a type, so each copy is a specialization with the case's
        // flags as constants (passed as arguments, one copy the optimizer
        // kept out of line tested them at every step).
        if onClear {
            blockLoops(OntoClear.self, source, dst: dst, rowBytes: rowBytes, coverage: coverage,
                       coverageStride: coverageStride, count: count, rows: rows)
        } else if source >> 24 == 255 {
            blockLoops(OpaqueOver.self, source, dst: dst, rowBytes: rowBytes, coverage: coverage,
                       coverageStride: coverageStride, count: count, rows: rows)
        } else {
            blockLoops(TranslucentOver.self, source, dst: dst, rowBytes: rowBytes, coverage: coverage,
                       coverageStride: coverageStride, count: count, rows: rows)
        }
        #else
        preconditionFailure("AVX2Kernels called on a machine that is not x86-64")
        #endif
    }

    /// `coverageBlock`'s loops for one case (`Case`).
    @inline(__always)
    private static func blockLoops<Case: CoverageCase>(_: Case.Type, _ source: UInt32, dst: UnsafeMutablePointer<UInt8>,
                                                       rowBytes: Int, coverage: UnsafePointer<UInt8>, coverageStride: Int,
                                                       count: Int, rows: Int) {
        #if arch(x86_64)
        let onClear = Case.onClear, opaque = Case.opaque
        let s16 = unsafeBitCast(SIMD8<UInt32>(repeating: source), to: SIMD16<UInt16>.self)
        let low = SIMD16<UInt16>(repeating: 0x00FF)
        // The source's even and odd bytes, each in the low half of a lane,
        // made once: every step multiplies them by the spread coverage.
        let sEven = s16 & low, sOdd = s16 &>> 8
        let tail = count &- 8
        let overlaps = count & 7 != 0
        @inline(__always) func step(_ k: UInt64, _ d: SIMD8<UInt32>) -> SIMD8<UInt32> {
            let k32 = SIMD8<UInt32>(truncatingIfNeeded: unsafeBitCast(k, to: SIMD8<UInt8>.self))
            let k16 = unsafeBitCast(k32 | (k32 &<< 16), to: SIMD16<UInt16>.self)
            let ks = unsafeBitCast(scaled(sEven, sOdd, k16), to: SIMD8<UInt32>.self)
            if onClear { return ks }
            let d16 = unsafeBitCast(d, to: SIMD16<UInt16>.self)
            // An opaque source scaled by k has alpha k, so the destination
            // keeps 255 - k; otherwise 255 minus the scaled source's alpha,
            // spread over both lanes of its pixel.
            let keep: SIMD16<UInt16>
            if opaque {
                keep = low &- k16
            } else {
                let a = ks &>> 24
                keep = unsafeBitCast((a | (a &<< 16)) ^ SIMD8<UInt32>(repeating: 0x00FF_00FF), to: SIMD16<UInt16>.self)
            }
            return ks &+ unsafeBitCast(scaled(d16 & low, d16 &>> 8, keep), to: SIMD8<UInt32>.self)
        }
        var dstRow = dst, coverageRow = coverage
        if count < 4 {
            // One to three pixels (thin glyphs: an l, an i): gathered into
            // a step's first lanes and put back one by one.
            for _ in 0..<rows {
                let words = UnsafeMutableRawPointer(dstRow).assumingMemoryBound(to: UInt32.self)
                var d = SIMD8<UInt32>()
                var k = UInt64(coverageRow[0])
                if !onClear { d[0] = words[0] }
                if count > 1 {
                    k |= UInt64(coverageRow[1]) << 8
                    if !onClear { d[1] = words[1] }
                }
                if count > 2 {
                    k |= UInt64(coverageRow[2]) << 16
                    if !onClear { d[2] = words[2] }
                }
                let out = step(k, d)
                words[0] = out[0]
                if count > 1 { words[1] = out[1] }
                if count > 2 { words[2] = out[2] }
                dstRow += rowBytes
                coverageRow += coverageStride
            }
            return
        }
        if count < 8 {
            // Four to seven pixels: the first four and the last four as the
            // two halves of one step (the pixels both hold get the same
            // values from each).
            let last = count &- 4
            for _ in 0..<rows {
                let raw = UnsafeMutableRawPointer(dstRow), k = UnsafeRawPointer(coverageRow)
                let d = onClear ? SIMD8<UInt32>() :
                    SIMD8(lowHalf: raw.loadUnaligned(as: SIMD4<UInt32>.self),
                          highHalf: raw.loadUnaligned(fromByteOffset: last &* 4, as: SIMD4<UInt32>.self))
                let ks = UInt64(k.loadUnaligned(as: UInt32.self))
                    | UInt64(k.loadUnaligned(fromByteOffset: last, as: UInt32.self)) << 32
                let out = step(ks, d)
                raw.storeBytes(of: out.lowHalf, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: out.highHalf, toByteOffset: last &* 4, as: SIMD4<UInt32>.self)
                dstRow += rowBytes
                coverageRow += coverageStride
            }
            return
        }
        for _ in 0..<rows {
            let raw = UnsafeMutableRawPointer(dstRow)
            var tailK: UInt64 = 0, tailD = SIMD8<UInt32>()
            if overlaps {
                tailK = UnsafeRawPointer(coverageRow + tail).loadUnaligned(as: UInt64.self)
                if !onClear { tailD = raw.loadUnaligned(fromByteOffset: tail &* 4, as: SIMD8<UInt32>.self) }
            }
            var n = 0
            while n &+ 8 <= count {
                let k = UnsafeRawPointer(coverageRow + n).loadUnaligned(as: UInt64.self)
                let d = onClear ? SIMD8<UInt32>() : raw.loadUnaligned(fromByteOffset: n &* 4, as: SIMD8<UInt32>.self)
                raw.storeBytes(of: step(k, d), toByteOffset: n &* 4, as: SIMD8<UInt32>.self)
                n &+= 8
            }
            if overlaps {
                raw.storeBytes(of: step(tailK, tailD), toByteOffset: tail &* 4, as: SIMD8<UInt32>.self)
            }
            dstRow += rowBytes
            coverageRow += coverageStride
        }
        #endif
    }

    /// Eight pixels, given as their even bytes and their odd bytes (each in
    /// the low half of a 16-bit lane), times `f / 255` per lane, rounded:
    /// `t = b * f + 128`, then `(t + (t >> 8)) >> 8`; back as pixels.
    @inline(__always)
    static func scaled(_ even: SIMD16<UInt16>, _ odd: SIMD16<UInt16>, _ f: SIMD16<UInt16>) -> SIMD16<UInt16> {
        let half = SIMD16<UInt16>(repeating: 0x0080), high = SIMD16<UInt16>(repeating: 0xFF00)
        let e = even &* f &+ half, o = odd &* f &+ half
        return ((e &+ (e &>> 8)) &>> 8) | ((o &+ (o &>> 8)) & high)
    }
}

/// A case of `AVX2Kernels.coverageBlock`: onto cleared pixels (`onClear`),
/// or over them with an opaque color (`opaque`: alpha 255) or a translucent
/// one.
private protocol CoverageCase {
    static var onClear: Bool { get }
    static var opaque: Bool { get }
}

private enum OntoClear: CoverageCase {
    static var onClear: Bool { true }
    static var opaque: Bool { false }
}

private enum OpaqueOver: CoverageCase {
    static var onClear: Bool { false }
    static var opaque: Bool { true }
}

private enum TranslucentOver: CoverageCase {
    static var onClear: Bool { false }
    static var opaque: Bool { false }
}
