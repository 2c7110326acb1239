import Testing
@testable import CellRaster

@Suite struct PixelWordsTests {
    /// `PixelWords.fill` writes exactly `count` words of the pattern, below
    /// and above the length from which it hands the run to the C library,
    /// and nothing on either side of the run (a byte count given where a
    /// word count is wanted would write four times too far or too little).
    @Test func fillWritesExactlyTheRun() {
        let word: UInt32 = 0x8040_2010
        let guardWord: UInt32 = 0xDEAD_BEEF
        let m = PixelWords.fillCallMinimum
        for count in [0, 1, 3, 4, 7, m - 1, m, m + 1, 1000, 4097] {
            let p = UnsafeMutablePointer<UInt32>.allocate(capacity: count + 2)
            defer { p.deallocate() }
            p.initialize(repeating: guardWord, count: count + 2)
            PixelWords.fill(p + 1, with: word, count: count)
            #expect(p[0] == guardWord, "count \(count): word before the run")
            #expect(p[count + 1] == guardWord, "count \(count): word after the run")
            let wrong = (1..<count + 1).first { p[$0] != word }
            #expect(wrong == nil, "count \(count): word \(wrong ?? 0) not filled")
        }
    }

    /// A canvas-sized background and a rows-only fill reach every pixel of
    /// their rows with the color's four bytes in R, G, B, A order.
    @Test func buffersFillWithTheColorsBytes() {
        let color = PremultipliedColor(r: 1, g: 2, b: 3, a: 4)
        for (w, h) in [(1, 1), (31, 1), (33, 2), (640, 960)] {
            let b = PixelBuffer(width: w, height: h, filledWith: color, threads: 2)
            #expect((0..<w * h).allSatisfy { b.data[$0 * 4] == 1 && b.data[$0 * 4 + 1] == 2 && b.data[$0 * 4 + 2] == 3 && b.data[$0 * 4 + 3] == 4 },
                    "\(w)x\(h)")
            b.fill(PremultipliedColor(r: 9, g: 9, b: 9, a: 9), rows: h / 2..<h)
            #expect((0..<w * h).allSatisfy { b.data[$0 * 4 + 3] == ($0 / w >= h / 2 ? 9 : 4) }, "\(w)x\(h) rows")
        }
    }
}
