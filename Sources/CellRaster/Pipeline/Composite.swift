import CCPUFeatures
import CellRasterAVX2
import Synchronization

/// Span compositors: what a pixel becomes once its coverage is known.
/// Premultiplied 8-bit arithmetic with rounded division by 255; at coverage k
/// the result is `D + k * (B(S, D) - D)`, so uncovered pixels never change.
///
/// Pixels are handled as 32-bit words, two channels at a time in the
/// 0x00FF00FF lanes (each lane has 8 bits of headroom for the product), so a
/// translucent pixel costs a handful of integer operations.
enum Composite {
    /// `word * f / 255` on all four channels, rounded to nearest (f in 0...255).
    @inline(__always)
    static func scale(_ word: UInt32, _ f: UInt32) -> UInt32 {
        var rb = (word & 0x00FF_00FF) &* f &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((word >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// `scale` of four pixels, each by its own factor (0...255), with the
    /// same rounding, in 16-bit lanes of two channels each (SSE2 multiplies
    /// 16-bit lanes): each factor is spread over its pixel's two lanes, and
    /// even and odd channels are scaled apart. A product plus the rounding
    /// term stays within 16 bits, so no carry crosses lanes; each rounded
    /// division by 255 is the high half of a multiply by 257 (`keepBytes`
    /// says why that is exact): one `pmulhuw` where shifts and an add take
    /// three. `by257`: `by257()`.
    @inline(__always)
    static func scale(_ w: SIMD4<UInt32>, _ f: SIMD4<UInt32>, _ by257: SIMD8<UInt16>) -> SIMD4<UInt32> {
        scale(w, spread: spread(f), by257)
    }

    /// Each pixel's factor (0...255, a lane each) in both 16-bit halves of
    /// its lane: the form `scale(_:spread:_:)` multiplies by.
    @inline(__always)
    static func spread(_ f: SIMD4<UInt32>) -> SIMD8<UInt16> {
        unsafeBitCast(f | (f &<< 16), to: SIMD8<UInt16>.self)
    }

    /// `scale` of four pixels by factors already `spread`.
    @inline(__always)
    static func scale(_ w: SIMD4<UInt32>, spread f16: SIMD8<UInt16>, _ by257: SIMD8<UInt16>) -> SIMD4<UInt32> {
        let w16 = unsafeBitCast(w, to: SIMD8<UInt16>.self)
        let low = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 0x0080)
        let even = highHalf((w16 & low) &* f16 &+ half, by257)
        let odd = highHalf((w16 &>> 8) &* f16 &+ half, by257)
        return unsafeBitCast(even | (odd &<< 8), to: SIMD4<UInt32>.self)
    }

    /// Source-over of four pixels, `s + d (255 - sa) / 255` with `scale`'s
    /// rounding (premultiplied sums stay within a byte).
    @inline(__always)
    static func over(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>, _ by257: SIMD8<UInt16>) -> SIMD4<UInt32> {
        s &+ scale(d, SIMD4<UInt32>(repeating: 255) &- (s &>> 24), by257)
    }

    /// The high 16 bits of each lane's product (SSE2's `pmulhuw`).
    @inline(__always)
    static func highHalf(_ t: SIMD8<UInt16>, _ m: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: t) &* SIMD8<UInt32>(truncatingIfNeeded: m)) &>> 16)
    }

    /// `scale` of `count` words in place by one factor, four at a time in
    /// vector lanes (a layer's alpha on its pixels).
    static func scale(_ words: UnsafeMutablePointer<UInt32>, count: Int, by f: UInt32) {
        let raw = UnsafeMutableRawPointer(words), f4 = SIMD4<UInt32>(repeating: f), by257 = Self.by257()
        var n = 0
        while n &+ 4 <= count {
            let w4 = raw.loadUnaligned(fromByteOffset: n &* 4, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: scale(w4, f4, by257), toByteOffset: n &* 4, as: SIMD4<UInt32>.self)
            n &+= 4
        }
        while n < count {
            words[n] = scale(words[n], f)
            n &+= 1
        }
    }

    /// Four coverage bytes (read as one word) widened to a lane each, in
    /// vector registers.
    @inline(__always)
    static func lanes(_ k: UInt32) -> SIMD4<UInt32> {
        SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(k, to: SIMD4<UInt8>.self))
    }

    /// The alpha byte of a word in R, G, B, A memory order (little-endian: the top byte).
    @inline(__always)
    static func alpha(_ word: UInt32) -> UInt32 { word >> 24 }

    /// The pixels at `dst` as words.
    @inline(__always)
    static func words(_ dst: UnsafeMutablePointer<UInt8>, _ count: Int) -> UnsafeMutablePointer<UInt32> {
        UnsafeMutableRawPointer(dst).bindMemory(to: UInt32.self, capacity: count)
    }

    /// Source-over of a source word per pixel (gradients, images, layers):
    /// `kS + D (1 - kSa)`, with per-pixel coverage, or `constant` when nil.
    static func sourceOver(_ src: UnsafePointer<UInt32>, dst: UnsafeMutablePointer<UInt8>,
                           coverage: UnsafePointer<UInt8>?, constant: UInt8, count: Int) {
        let words = Self.words(dst, count)
        if let coverage {
            for n in 0..<count {
                let k = UInt32(coverage[n])
                if k == 0 { continue }
                let s = k == 255 ? src[n] : scale(src[n], k)
                words[n] = s &+ scale(words[n], 255 - alpha(s))
            }
        } else if constant == 255 {
            // Layers and images are mostly empty or opaque: four pixels at a
            // time, skipping empty groups, copying opaque ones, blending the
            // rest in vector registers.
            let raw = UnsafeMutableRawPointer(words), from = UnsafeRawPointer(src)
            let alphaBits = SIMD4<UInt32>(repeating: 0xFF00_0000), by257 = Self.by257()
            var n = 0
            // Eight pixels at a time (`PixelWords`): all opaque (a layer's
            // interior) is a 32-byte copy, all empty a skip.
            while n &+ 8 <= count {
                let offset = n &* 4
                let eight = PixelWords.Eight(from, byteOffset: offset)
                if eight.areOpaque {
                    eight.store(raw, byteOffset: offset)
                } else if !eight.areZero {
                    // Empty and opaque pixels come out exactly as above.
                    let s4 = from.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
                    let d4 = raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
                    raw.storeBytes(of: over(s4, d4, by257), toByteOffset: offset, as: SIMD4<UInt32>.self)
                    let t4 = from.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD4<UInt32>.self)
                    let e4 = raw.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD4<UInt32>.self)
                    raw.storeBytes(of: over(t4, e4, by257), toByteOffset: offset &+ 16, as: SIMD4<UInt32>.self)
                }
                n &+= 8
            }
            while n + 4 <= count {
                let s4 = from.loadUnaligned(fromByteOffset: n * 4, as: SIMD4<UInt32>.self)
                if s4 == .zero {
                    n += 4
                    continue
                }
                if (s4 & alphaBits) == alphaBits {
                    raw.storeBytes(of: s4, toByteOffset: n * 4, as: SIMD4<UInt32>.self)
                } else {
                    let d4 = raw.loadUnaligned(fromByteOffset: n * 4, as: SIMD4<UInt32>.self)
                    raw.storeBytes(of: over(s4, d4, by257), toByteOffset: n * 4, as: SIMD4<UInt32>.self)
                }
                n += 4
            }
            while n < count {
                let s = src[n]
                if s != 0 { words[n] = s &+ scale(words[n], 255 - alpha(s)) }
                n += 1
            }
        } else {
            let k = UInt32(constant)
            for n in 0..<count {
                let s = scale(src[n], k)
                words[n] = s &+ scale(words[n], 255 - alpha(s))
            }
        }
    }

    /// Source-over: `kS + D (1 - kSa)`, with per-pixel coverage.
    static func sourceOver(_ source: UInt32, dst: UnsafeMutablePointer<UInt8>,
                           coverage: UnsafePointer<UInt8>, count: Int) {
        overCoverage(source, SIMD4<UInt32>(repeating: source), Self.by257(), dst: dst, coverage: coverage, count: count)
    }

    /// `sourceOver(_:dst:coverage:count:)` on `rows` rows of a block (or
    /// `store(_:dst:coverage:count:)` when `onClear`): the pixels `rowBytes`
    /// apart, the coverage `coverageStride` bytes apart (a mask), the
    /// constants made once.
    static func sourceOver(_ source: UInt32, onClear: Bool, dst: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                           coverage: UnsafePointer<UInt8>, coverageStride: Int, count: Int, rows: Int) {
        if wide {
            AVX2Kernels.coverageBlock(source, onClear: onClear, dst: dst, rowBytes: rowBytes, coverage: coverage,
                                      coverageStride: coverageStride, count: count, rows: rows)
            return
        }
        let s4 = SIMD4<UInt32>(repeating: source), by257 = Self.by257()
        var dst = dst, coverage = coverage
        for _ in 0..<rows {
            if onClear {
                storeCoverage(source, s4, by257, dst: dst, coverage: coverage, count: count)
            } else {
                overCoverage(source, s4, by257, dst: dst, coverage: coverage, count: count)
            }
            dst += rowBytes
            coverage += coverageStride
        }
    }

    /// The loop of `sourceOver(_:dst:coverage:count:)`, its constants given.
    @inline(__always)
    private static func overCoverage(_ source: UInt32, _ s4: SIMD4<UInt32>, _ by257: SIMD8<UInt16>,
                                     dst: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int) {
        let words = UnsafeMutableRawPointer(dst).bindMemory(to: UInt32.self, capacity: count)
        let raw = UnsafeMutableRawPointer(words)
        let opaque = alpha(source) == 255
        // An opaque source scaled by k has alpha exactly k (255k / 255), so
        // the destination keeps 255 - k: one subtraction from the spread
        // coverage instead of the scaled source's alpha taken out and
        // spread again. The same bytes as `over`.
        let full = SIMD8<UInt16>(repeating: 255)
        @inline(__always) func blend(_ k: UInt32, _ d4: SIMD4<UInt32>) -> SIMD4<UInt32> {
            let k16 = spread(lanes(k))
            if opaque { return scale(s4, spread: k16, by257) &+ scale(d4, spread: full &- k16, by257) }
            return over(scale(s4, spread: k16, by257), d4, by257)
        }
        // A run longer than four pixels whose length is not a multiple of four ends
        // with one more group of four, the run's last pixels, overlapping
        // the loop's last group: computed from the pixels as they are before
        // the loop (read now) and stored after it, so the overlapped pixels
        // get the values the loop gave them, and the last one to three are
        // not blended one by one (most rows of a glyph have some).
        let tail = count &- 4
        let overlaps = count > 4 && count & 3 != 0
        var tailK: UInt32 = 0, tailD = SIMD4<UInt32>()
        if overlaps {
            tailK = UnsafeRawPointer(coverage + tail).loadUnaligned(as: UInt32.self)
            tailD = raw.loadUnaligned(fromByteOffset: tail &* 4, as: SIMD4<UInt32>.self)
        }
        var n = 0
        // Four pixels at a time (text and anti-aliased edges): uncovered
        // groups skipped, fully covered ones of an opaque source stored as
        // it is (the inside of glyphs and shapes), the rest scaled per pixel
        // and blended in vector lanes.
        while n &+ 4 <= count {
            let k = UnsafeRawPointer(coverage + n).loadUnaligned(as: UInt32.self)
            if k == .max && opaque {
                raw.storeBytes(of: s4, toByteOffset: n &* 4, as: SIMD4<UInt32>.self)
            } else if k != 0 {
                let d4 = raw.loadUnaligned(fromByteOffset: n &* 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: blend(k, d4), toByteOffset: n &* 4, as: SIMD4<UInt32>.self)
            }
            n &+= 4
        }
        if overlaps {
            if tailK == .max && opaque {
                raw.storeBytes(of: s4, toByteOffset: tail &* 4, as: SIMD4<UInt32>.self)
            } else if tailK != 0 {
                raw.storeBytes(of: blend(tailK, tailD), toByteOffset: tail &* 4, as: SIMD4<UInt32>.self)
            }
            return
        }
        // Runs under four pixels one by one: the same formula (`scale` by
        // 255 is exact).
        while n < count {
            let k = UInt32(coverage[n])
            if k != 0 {
                let s = k == 255 ? source : scale(source, k)
                words[n] = s &+ scale(words[n], 255 &- alpha(s))
            }
            n &+= 1
        }
    }

    /// Source-over of one color over `rows` of a rectangle (`RectSpans`):
    /// each end pixel by the one-pixel formula, with its scaled color made
    /// once for all the rows, and the run between as a constant span. The
    /// same bytes as the rectangle's spans composited one by one.
    static func sourceOver(_ word: UInt32, rows: Range<Int>, _ row: RectSpans.Row, _ surface: Surface) {
        guard !rows.isEmpty else { return }
        let left = row.leftCoverage == 0 ? nil : scale(word, UInt32(row.leftCoverage))
        let right = row.rightCoverage == 0 ? nil : scale(word, UInt32(row.rightCoverage))
        let rowBytes = surface.buffer.stride
        if row.innerCount > 0 && row.innerCoverage != 0 {
            let inner = row.innerCoverage == 255 ? word : scale(word, UInt32(row.innerCoverage))
            sourceOver(scaled: inner, dst: surface.pointer(x: row.innerX, y: rows.lowerBound), count: row.innerCount,
                       rows: rows.count, rowBytes: rowBytes, left: left, right: right)
            return
        }
        // No run between (a rectangle one or two pixels wide): the ends alone.
        func column(_ x: Int, _ color: UInt32) {
            let keep = 255 &- alpha(color)
            var p = surface.pointer(x: x, y: rows.lowerBound)
            for _ in rows {
                let w = words(p, 1)
                w.pointee = color &+ scale(w.pointee, keep)
                p += rowBytes
            }
        }
        if let left { column(row.leftX, left) }
        if let right { column(row.rightX, right) }
    }

    /// `sourceOver(scaled:dst:count:)` on `rows` rows `rowBytes` apart, with
    /// an end pixel on either side of each row's run (`left`, `right`:
    /// colors already scaled by their coverage; nil: none), the constants
    /// made once for the whole block (a rectangle's interior).
    @inline(never)
    static func sourceOver(scaled source: UInt32, dst: UnsafeMutablePointer<UInt8>, count: Int,
                           rows: Int, rowBytes: Int, left: UInt32?, right: UInt32?) {
        let keepLeft = 255 &- alpha(left ?? 0), keepRight = 255 &- alpha(right ?? 0)
        let keep = 255 &- alpha(source)
        let wide = Self.wide
        let s16 = unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD16<UInt8>.self)
        let f = SIMD8<UInt16>(repeating: UInt16(keep)), by257 = Self.by257()
        // Both ends (a rectangle at fractional x, the usual case) as two
        // lanes of one blend, each with its own color and factor.
        let bothEnds = left != nil && right != nil
        let ends = SIMD4<UInt32>(left ?? 0, right ?? 0, 0, 0)
        let endKeeps = SIMD4<UInt32>(keepLeft, keepRight, 0, 0)
        var row = dst
        for _ in 0..<rows {
            if bothEnds {
                let l = words(row - 4, 1), r = words(row + count &* 4, 1)
                let out = ends &+ scale(SIMD4<UInt32>(l.pointee, r.pointee, 0, 0), endKeeps, by257)
                l.pointee = out[0]
                r.pointee = out[1]
            } else if let left {
                let w = words(row - 4, 1)
                w.pointee = left &+ scale(w.pointee, keepLeft)
            } else if let right {
                let w = words(row + count &* 4, 1)
                w.pointee = right &+ scale(w.pointee, keepRight)
            }
            if keep == 0 {
                PixelWords.fill(words(row, count), with: source, count: count)
            } else if wide {
                AVX2Kernels.sourceOverRun(source, keep: keep, dst: words(row, count), count: count)
            } else {
                overRun(s16, source, keep, f, by257, dst: row, count: count)
            }
            row += rowBytes
        }
    }

    /// Source-over with one coverage for the whole run: a block fill when
    /// the result is opaque, else a branch-free loop the compiler vectorizes.
    static func sourceOver(_ word: UInt32, dst: UnsafeMutablePointer<UInt8>, constant k: UInt8, count: Int) {
        let source = k == 255 ? word : scale(word, UInt32(k))
        sourceOver(scaled: source, dst: dst, count: count)
    }

    /// Source-over of `source`, already scaled by its coverage, over `count`
    /// pixels (the body of the constant-coverage case, for callers that
    /// scale once for many runs).
    ///
    /// Kept out of line: inside a large caller the optimizer leaves the
    /// SIMD widening and narrowing conversions of `keepBytes` as calls
    /// (generic initializers it inlines case by case), and the loop costs
    /// about twice the instructions; alone, the function stays small and
    /// they compile to unpacks, `pmulhuw` and a pack.
    @inline(never)
    static func sourceOver(scaled source: UInt32, dst: UnsafeMutablePointer<UInt8>, count: Int) {
        let words = UnsafeMutableRawPointer(dst).bindMemory(to: UInt32.self, capacity: count)
        let keep = 255 &- alpha(source)
        if keep == 0 {
            PixelWords.fill(words, with: source, count: count)
            return
        }
        if Self.wide {
            AVX2Kernels.sourceOverRun(source, keep: keep, dst: words, count: count)
            return
        }
        let s16 = unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD16<UInt8>.self)
        overRun(s16, source, keep, SIMD8<UInt16>(repeating: UInt16(keep)), Self.by257(), dst: dst, count: count)
    }

    /// Whether this machine runs the x86-64-v3 level, so translucent runs
    /// of one color (`sourceOver(scaled:)`: rectangles, the inside of
    /// fills) take `AVX2Kernels.sourceOverRun`, eight pixels a step where
    /// `overRun` takes four, and a color through a block of mask rows
    /// (glyphs: `sourceOver(_:onClear:...rows:)`) takes
    /// `AVX2Kernels.coverageBlock`, eight pixels a step without branches on
    /// the coverage: the same bytes. Read once per process. The coverage
    /// loop of single rows (anti-aliased edges, mostly a few pixels) and the
    /// per-pixel-source loop stay on the four-pixel code: AVX2 forms of them
    /// measured no faster in the hand-drawn, paths, layers and gradients
    /// scenes.
    static let wide = cl_cpu_runs_x86_64_v3() != 0

    /// The loop of `sourceOver(scaled:)` for a translucent source, its
    /// constants given: `s16` the source in each pixel, `f` its `keep`
    /// (255 - alpha) in each 16-bit lane.
    @inline(__always)
    static func overRun(_ s16: SIMD16<UInt8>, _ source: UInt32, _ keep: UInt32, _ f: SIMD8<UInt16>,
                        _ by257: SIMD8<UInt16>, dst: UnsafeMutablePointer<UInt8>, count: Int) {
        let words = Self.words(dst, count)
        // Eight pixels a step, each group of four in 16-bit lanes
        // (`keepBytes`): both loads go out before either blend, so the memory
        // waits overlap.
        let raw = UnsafeMutableRawPointer(words)
        var n = 0
        while n &+ 8 <= count {
            let offset = n &* 4
            let d = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            let e = raw.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD16<UInt8>.self)
            raw.storeBytes(of: keepBytes(d, f, by257) &+ s16, toByteOffset: offset, as: SIMD16<UInt8>.self)
            raw.storeBytes(of: keepBytes(e, f, by257) &+ s16, toByteOffset: offset &+ 16, as: SIMD16<UInt8>.self)
            n &+= 8
        }
        if n &+ 4 <= count {
            let d = raw.loadUnaligned(fromByteOffset: n &* 4, as: SIMD16<UInt8>.self)
            raw.storeBytes(of: keepBytes(d, f, by257) &+ s16, toByteOffset: n &* 4, as: SIMD16<UInt8>.self)
            n &+= 4
        }
        // Two of the last three in the low half of the lanes.
        if n &+ 2 <= count {
            let d = unsafeBitCast(SIMD2<UInt64>(raw.loadUnaligned(fromByteOffset: n &* 4, as: UInt64.self), 0),
                                  to: SIMD16<UInt8>.self)
            let out = unsafeBitCast(keepBytes(d, f, by257) &+ s16, to: SIMD2<UInt64>.self)
            raw.storeBytes(of: out[0], toByteOffset: n &* 4, as: UInt64.self)
            n &+= 2
        }
        if n < count {
            words[n] = source &+ scale(words[n], keep)
        }
    }

    /// Sixteen bytes (four pixels) each times `f / 255`, rounded as `scale`
    /// rounds: `t = b * f + 128`, then `(t * 257) >> 16`, which equals
    /// `(t + (t >> 8)) >> 8` for every t below 65,536 (and t stays below
    /// 65,154), taken as the high half of a 16-bit product (SSE2's
    /// `pmulhuw`: one instruction where the shifts take three).
    ///
    /// The even and odd bytes are scaled apart, each in the low half of a
    /// 16-bit lane (a mask and a shift), and put back with a shift and an
    /// or: no byte unpacking or packing, so no shuffles, which share fewer
    /// execution ports than the multiplies and adds (and the pack's inputs
    /// would need masking first). About 6% faster than unpacking on a run
    /// of translucent pixels, the same bytes.
    @inline(__always)
    static func keepBytes(_ bytes: SIMD16<UInt8>, _ f: SIMD8<UInt16>, _ by257: SIMD8<UInt16>) -> SIMD16<UInt8> {
        let d = unsafeBitCast(bytes, to: SIMD8<UInt16>.self)
        let low = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 0x0080)
        let even = highHalf((d & low) &* f &+ half, by257)
        let odd = highHalf((d &>> 8) &* f &+ half, by257)
        return unsafeBitCast(even | (odd &<< 8), to: SIMD16<UInt8>.self)
    }

    /// 257 in each 16-bit lane, read from storage the optimizer cannot
    /// treat as a constant: with 257 in view it turns the multiply into
    /// shifts and adds in 32-bit lanes, and the high-half multiply is lost.
    static func by257() -> SIMD8<UInt16> {
        SIMD8<UInt16>(repeating: multiplier257.load(ordering: .relaxed))
    }
    private static let multiplier257 = Atomic<UInt16>(0x0101)

    /// Source-over of one color onto transparent black pixels: `kS`, what
    /// `sourceOver` leaves there (the destination term `scale(0, f)` is 0),
    /// stored without reading the pixels.
    static func store(_ word: UInt32, dst: UnsafeMutablePointer<UInt8>, constant k: UInt8, count: Int) {
        PixelWords.fill(words(dst, count), with: k == 255 ? word : scale(word, UInt32(k)), count: count)
    }

    /// `store` with per-pixel coverage, four pixels at a time.
    static func store(_ word: UInt32, dst: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int) {
        storeCoverage(word, SIMD4<UInt32>(repeating: word), Self.by257(), dst: dst, coverage: coverage, count: count)
    }

    /// The loop of `store(_:dst:coverage:count:)`, its constants given.
    @inline(__always)
    private static func storeCoverage(_ word: UInt32, _ s4: SIMD4<UInt32>, _ by257: SIMD8<UInt16>,
                                      dst: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int) {
        let w = words(dst, count), raw = UnsafeMutableRawPointer(dst)
        var n = 0
        while n &+ 4 <= count {
            let k = UnsafeRawPointer(coverage + n).loadUnaligned(as: UInt32.self)
            raw.storeBytes(of: scale(s4, lanes(k), by257), toByteOffset: n &* 4, as: SIMD4<UInt32>.self)
            n &+= 4
        }
        // A run of more than four ends with one more group of four, its
        // last pixels, overlapping the loop's last: nothing is read, so the
        // overlapped pixels are stored again with the same values.
        if n < count && count > 4 {
            let k = UnsafeRawPointer(coverage + (count &- 4)).loadUnaligned(as: UInt32.self)
            raw.storeBytes(of: scale(s4, lanes(k), by257), toByteOffset: (count &- 4) &* 4, as: SIMD4<UInt32>.self)
            return
        }
        while n < count {
            w[n] = scale(word, UInt32(coverage[n]))
            n &+= 1
        }
    }

    /// Clear with one coverage for the run.
    static func clear(dst: UnsafeMutablePointer<UInt8>, constant k: UInt8, count: Int) {
        let words = UnsafeMutableRawPointer(dst).bindMemory(to: UInt32.self, capacity: count)
        if k == 255 {
            words.update(repeating: 0, count: count)
            return
        }
        let keep = 255 - UInt32(k)
        for n in 0..<count { words[n] = scale(words[n], keep) }
    }

    /// Clear: `D (1 - k)`. Four pixels at a time (text knocked out of a
    /// layer): uncovered groups skipped, fully covered ones zeroed, the rest
    /// scaled in vector lanes (the values of the loop below).
    static func clear(dst: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int) {
        let words = UnsafeMutableRawPointer(dst).bindMemory(to: UInt32.self, capacity: count)
        let raw = UnsafeMutableRawPointer(words), by257 = Self.by257()
        var n = 0
        while n &+ 4 <= count {
            let k = UnsafeRawPointer(coverage + n).loadUnaligned(as: UInt32.self)
            if k == .max {
                raw.storeBytes(of: SIMD4<UInt32>(repeating: 0), toByteOffset: n &* 4, as: SIMD4<UInt32>.self)
            } else if k != 0 {
                let keep = SIMD4<UInt32>(repeating: 255) &- lanes(k)
                let d4 = raw.loadUnaligned(fromByteOffset: n &* 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: scale(d4, keep, by257), toByteOffset: n &* 4, as: SIMD4<UInt32>.self)
            }
            n &+= 4
        }
        while n < count {
            let k = UInt32(coverage[n])
            if k == 255 {
                words[n] = 0
            } else if k != 0 {
                words[n] = scale(words[n], 255 - k)
            }
            n += 1
        }
    }
}
