@testable import CellRaster
import Testing

/// Source-over of one color through per-pixel coverage (text, anti-aliased
/// edges) runs four pixels at a time in vector lanes; every pixel must get
/// the bytes the one-pixel formula gives: `kS + D (1 - kSa)` with `scale`'s
/// rounding. So must the other vector compositors here (layers, clear).
@Suite struct SourceOverTests {
    /// The constant source-over's 16-bit high-half product (`keepBytes`)
    /// against `scale`, for every byte and every factor.
    @Test func highHalfProductIsExactForEveryByteAndFactor() {
        var mismatches = 0
        for f in 0...255 {
            for d in stride(from: 0, to: 256, by: 16) {
                var bytes = SIMD16<UInt8>()
                for i in 0..<16 { bytes[i] = UInt8(d + i) }
                let out = Composite.keepBytes(bytes, SIMD8<UInt16>(repeating: UInt16(f)), Composite.by257())
                for i in 0..<16 where UInt32(out[i]) != Composite.scale(UInt32(d + i), UInt32(f)) & 0xFF {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// `scale` in 32-bit pixel lanes with the high-half product, against
    /// the one-pixel `scale`, for every channel byte and every factor.
    @Test func laneScaleWithHighHalfProductIsExact() {
        var mismatches = 0
        let by257 = Composite.by257()
        for f in 0...255 {
            for d in stride(from: 0, to: 256, by: 16) {
                var words = [UInt32](repeating: 0, count: 4)
                for i in 0..<4 {
                    let b = UInt32(d + 4 * i)
                    words[i] = b | (b + 1) << 8 | (b + 2) << 16 | (b + 3) << 24
                }
                let w4 = SIMD4<UInt32>(words[0], words[1], words[2], words[3])
                let out = Composite.scale(w4, SIMD4<UInt32>(repeating: UInt32(f)), by257)
                for i in 0..<4 where out[i] != Composite.scale(words[i], UInt32(f)) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func vectorLanesMatchThePixelFormula() {
        var random = SeededRandom(99)
        func byte() -> UInt32 { random.byte() }
        func pixel() -> UInt32 { random.premultipliedPixel() }
        var mismatches = 0
        for round in 0..<2000 {
            let count = 1 + Int(random.next() * 40)
            let source = round % 3 == 0 ? (pixel() | 0xFF00_0000) : pixel()
            // Coverage with runs of 0 and 255 (the common cases: whole
            // groups of four skipped or stored) and everything between.
            var coverage: [UInt8] = []
            while coverage.count < count {
                let r = random.next()
                let k: UInt8 = r < 0.3 ? 0 : r < 0.6 ? 255 : UInt8(byte())
                coverage += repeatElement(k, count: Swift.min(count - coverage.count, 1 + Int(random.next() * 9)))
            }
            let before = (0..<count).map { _ in pixel() }
            var after = before
            after.withUnsafeMutableBytes { raw in
                coverage.withUnsafeBufferPointer { k in
                    Composite.sourceOver(source, dst: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                         coverage: k.baseAddress!, count: count)
                }
            }
            for n in 0..<count {
                let s = Composite.scale(source, UInt32(coverage[n]))
                let expected = s &+ Composite.scale(before[n], 255 - (s >> 24))
                if after[n] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// One color at one coverage over a run (the inside of a translucent
    /// fill), eight pixels a step, then four, then one at a time: every
    /// length from 1 to 40 gets the one-pixel formula's bytes.
    @Test func constantCoverageMatchesThePixelFormula() {
        var random = SeededRandom(7)
        var mismatches = 0
        for round in 0..<2000 {
            let count = 1 + round % 40
            let source = random.premultipliedPixel()
            let k = round % 5 == 0 ? UInt8(255) : UInt8(random.byte())
            let before = (0..<count).map { _ in random.premultipliedPixel() }
            var after = before
            after.withUnsafeMutableBytes { raw in
                Composite.sourceOver(source, dst: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                     constant: k, count: count)
            }
            let s = Composite.scale(source, UInt32(k))
            for n in 0..<count where after[n] != s &+ Composite.scale(before[n], 255 - (s >> 24)) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    /// Clear through coverage (a badge's knocked-out text), four pixels at
    /// a time: `D (1 - k)` with `scale`'s rounding, pixel for pixel (a
    /// factor off by one failed 14298 pixels).
    @Test func vectorClearMatchesThePixelFormula() {
        var random = SeededRandom(7)
        var mismatches = 0
        for _ in 0..<2000 {
            let count = 1 + Int(random.next() * 40)
            var coverage: [UInt8] = []
            while coverage.count < count {
                let r = random.next()
                let k: UInt8 = r < 0.3 ? 0 : r < 0.6 ? 255 : UInt8(random.byte())
                coverage += repeatElement(k, count: Swift.min(count - coverage.count, 1 + Int(random.next() * 9)))
            }
            let before = (0..<count).map { _ in random.premultipliedPixel() }
            var after = before
            after.withUnsafeMutableBytes { raw in
                coverage.withUnsafeBufferPointer { k in
                    Composite.clear(dst: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), coverage: k.baseAddress!, count: count)
                }
            }
            for n in 0..<count where after[n] != Composite.scale(before[n], 255 - UInt32(coverage[n])) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// One color through coverage onto transparent black (a fresh layer's
    /// first drawing, `Composite.store`): `kS` per pixel, every length from
    /// 1 to 40 (a run's last pixels as an overlapping group of four), and
    /// not a pixel written outside the run (guard words on both sides).
    @Test func coverageStoreMatchesThePixelFormula() {
        var random = SeededRandom(11)
        var mismatches = 0, outside = 0
        for round in 0..<1200 {
            let count = 1 + round % 40
            let source = round % 3 == 0 ? (random.premultipliedPixel() | 0xFF00_0000) : random.premultipliedPixel()
            let coverage = (0..<count).map { _ -> UInt8 in
                let r = random.next()
                return r < 0.3 ? 0 : r < 0.6 ? 255 : UInt8(random.byte())
            }
            let guardWord: UInt32 = 0xDEAD_BEEF
            var words = [UInt32](repeating: guardWord, count: count + 8)
            words.withUnsafeMutableBytes { raw in
                coverage.withUnsafeBufferPointer { k in
                    Composite.store(source, dst: raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + 16,
                                    coverage: k.baseAddress!, count: count)
                }
            }
            for n in 0..<count where words[4 + n] != Composite.scale(source, UInt32(coverage[n])) { mismatches += 1 }
            for n in 0..<4 where words[n] != guardWord || words[4 + count + n] != guardWord { outside += 1 }
        }
        #expect(mismatches == 0)
        #expect(outside == 0)
    }

    /// One color through a mask onto a block of rows (a glyph: eight
    /// pixels a step without branches on machines with AVX2, else four),
    /// over pixels and onto a fresh layer (`onClear`): every width from 1
    /// to 40 and every pixel the one-pixel formula's bytes, nothing written
    /// between the rows or past their ends (guard words), and nothing read
    /// from the mask past each row's width (`coverageStride` is wider,
    /// holding values that would show).
    @Test func coverageBlocksMatchThePixelFormula() {
        var random = SeededRandom(23)
        var mismatches = 0, outside = 0
        let guardWord: UInt32 = 0xDEAD_BEEF
        for round in 0..<1200 {
            let count = 1 + round % 40, rows = 1 + round % 5, onClear = round % 7 == 3
            let source = round % 3 == 0 ? (random.premultipliedPixel() | 0xFF00_0000) : random.premultipliedPixel()
            let rowWords = count + 8, stride = count + 5
            let coverage = (0..<rows * stride).map { i -> UInt8 in
                if i % stride >= count { return 0x77 }
                let r = random.next()
                return r < 0.3 ? 0 : r < 0.6 ? 255 : UInt8(random.byte())
            }
            let before = (0..<rows * rowWords).map { i -> UInt32 in
                let n = i % rowWords
                if n < 4 || n >= 4 + count { return guardWord }
                return onClear ? 0 : random.premultipliedPixel()
            }
            var after = before
            after.withUnsafeMutableBytes { raw in
                coverage.withUnsafeBufferPointer { k in
                    Composite.sourceOver(source, onClear: onClear,
                                         dst: raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + 16,
                                         rowBytes: rowWords * 4, coverage: k.baseAddress!, coverageStride: stride,
                                         count: count, rows: rows)
                }
            }
            for row in 0..<rows {
                for n in 0..<rowWords {
                    let i = row * rowWords + n
                    guard n >= 4 && n < 4 + count else {
                        if after[i] != guardWord { outside += 1 }
                        continue
                    }
                    let s = Composite.scale(source, UInt32(coverage[row * stride + n - 4]))
                    if after[i] != s &+ Composite.scale(before[i], 255 - (s >> 24)) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(outside == 0)
    }

    /// Source-over of a layer's or image's pixels (coverage 255): eight
    /// pixels at a time, all opaque copied, all empty skipped, the rest in
    /// vector lanes; every pixel must get the one-pixel formula's bytes,
    /// whatever mix of empty, opaque and translucent pixels a block holds.
    @Test func layerPixelBlocksMatchThePixelFormula() {
        var random = SeededRandom(7)
        func pixel() -> UInt32 { random.premultipliedPixel() }
        var mismatches = 0, opaqueBlocks = 0, emptyBlocks = 0
        for round in 0..<2000 {
            let count = 1 + Int(random.next() * 60)
            // Runs of empty and opaque pixels (a cell's corners and interior)
            // and translucent ones between.
            let kind = round % 4
            let source = (0..<count).map { _ -> UInt32 in
                let r = random.next()
                switch kind {
                case 0: return pixel() | 0xFF00_0000
                case 1: return r < 0.9 ? 0 : pixel()
                default: return r < 0.3 ? 0 : r < 0.6 ? pixel() | 0xFF00_0000 : pixel()
                }
            }
            for b in stride(from: 0, to: count - 7, by: 8) {
                if source[b..<b + 8].allSatisfy({ $0 >> 24 == 255 }) { opaqueBlocks += 1 }
                if source[b..<b + 8].allSatisfy({ $0 == 0 }) { emptyBlocks += 1 }
            }
            let before = (0..<count).map { _ in pixel() }
            var after = before
            after.withUnsafeMutableBytes { raw in
                source.withUnsafeBufferPointer { src in
                    Composite.sourceOver(src.baseAddress!, dst: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                         coverage: nil, constant: 255, count: count)
                }
            }
            for n in 0..<count where after[n] != source[n] &+ Composite.scale(before[n], 255 - (source[n] >> 24)) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        // The cases reach both shortcuts.
        #expect(opaqueBlocks > 100 && emptyBlocks > 10)
    }
}

extension SeededRandom {
    mutating func byte() -> UInt32 { UInt32(next() * 256) & 0xFF }

    /// A premultiplied pixel word (each color at most its alpha).
    mutating func premultipliedPixel() -> UInt32 {
        let a = byte()
        return a << 24 | (byte() * a / 255) << 16 | (byte() * a / 255) << 8 | (byte() * a / 255)
    }
}
