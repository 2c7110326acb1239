import CLibcFill

/// Premultiplied RGBA8 pixels read as 64-bit words, two pixels a word: the
/// one place that knows where the alpha bytes sit in a word, for the loops
/// that skip or copy runs of empty or opaque pixels (compositing layers,
/// telling an opaque canvas).
///
/// Eight pixels are four words: testing them with a few scalar operations
/// beats SIMD4<UInt32> comparisons here (no unsigned 32-bit compare in SSE2).
enum PixelWords {
    /// The alpha bytes of the two pixels of a word (little-endian RGBA).
    static let alphas: UInt64 = 0xFF00_0000_FF00_0000

    /// Eight pixels from byte `offset` of `base`.
    struct Eight {
        let w0, w1, w2, w3: UInt64

        @inline(__always)
        init(_ base: UnsafeRawPointer, byteOffset offset: Int) {
            w0 = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            w1 = base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
            w2 = base.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self)
            w3 = base.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self)
        }

        /// All eight have alpha 255.
        @inline(__always) var areOpaque: Bool { w0 & w1 & w2 & w3 & PixelWords.alphas == PixelWords.alphas }
        /// All eight have alpha 0 (color bytes ignored).
        @inline(__always) var areTransparent: Bool { (w0 | w1 | w2 | w3) & PixelWords.alphas == 0 }
        /// All eight are zero, every byte.
        @inline(__always) var areZero: Bool { w0 | w1 | w2 | w3 == 0 }

        /// Stores the eight at byte `offset` of `base`.
        @inline(__always)
        func store(_ base: UnsafeMutableRawPointer, byteOffset offset: Int) {
            base.storeBytes(of: w0, toByteOffset: offset, as: UInt64.self)
            base.storeBytes(of: w1, toByteOffset: offset &+ 8, as: UInt64.self)
            base.storeBytes(of: w2, toByteOffset: offset &+ 16, as: UInt64.self)
            base.storeBytes(of: w3, toByteOffset: offset &+ 24, as: UInt64.self)
        }
    }

    /// Whether all `count` pixels from `base` are opaque: blocks of 64
    /// pixels ANDed together without a branch (the compiler vectorizes
    /// that), then one test per block.
    static func allOpaque(_ base: UnsafeRawPointer, count: Int) -> Bool {
        let pairs = count / 2
        var i = 0
        while i + 32 <= pairs {
            var all: UInt64 = alphas
            for j in i..<(i + 32) { all &= base.loadUnaligned(fromByteOffset: j * 8, as: UInt64.self) }
            if all & alphas != alphas { return false }
            i += 32
        }
        while i < pairs {
            if base.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) & alphas != alphas { return false }
            i += 1
        }
        return count % 2 == 0 || base.load(fromByteOffset: count * 4 - 1, as: UInt8.self) == 255
    }
}

extension PixelWords {
    /// Sets `count` pixels from `words` to `word`. Long runs go to the C
    /// library's `wmemset` (a 32-bit `wchar_t` here): glibc picks its
    /// version for the machine at load time (32-byte AVX2 stores on this
    /// project's machines), where a loop compiled for baseline x86-64
    /// stores 16 bytes at a time. Short runs stay a loop: the call and
    /// glibc's dispatch on the size cost more than they save.
    @inline(__always)
    static func fill(_ words: UnsafeMutablePointer<UInt32>, with word: UInt32, count: Int) {
        if count >= fillCallMinimum {
            words.withMemoryRebound(to: wchar_t.self, capacity: count) { w in
                _ = wmemset(w, wchar_t(bitPattern: word), count)
            }
        } else {
            words.update(repeating: word, count: count)
        }
    }

    /// Runs of at least this many pixels are filled by `wmemset`: 128
    /// bytes, eight of the loop's stores (chosen, not tuned).
    static let fillCallMinimum = 32
}
