import CellRasterAVX2
import FoundationEssentials
import Testing
@testable import CellRaster

@Suite struct AVX2KernelsTests {
    /// `AVX2Kernels.sourceOverRun` writes the bytes of the baseline loop
    /// (`Composite.overRun`) and of the one-pixel formula, for every run
    /// length around its eight-pixel steps (runs under eight, a last step
    /// overlapping the loop's, multiples of eight) and for sources of
    /// every alpha that takes the loop (1...254; 255 is a fill, 0 leaves
    /// the pixels), and nothing outside the run. Skipped on a machine
    /// without the x86-64-v3 level, where the engine never calls it.
    @Test(.enabled(if: Composite.wide, "the machine has no AVX2"))
    func translucentRunsMatchTheBaseline() {
        var seed: UInt64 = 0x5EED
        func next() -> UInt32 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: seed >> 33)
        }
        let guardWord: UInt32 = 0xDEAD_BEEF
        for count in Array(0...40) + [63, 64, 65, 255, 640] {
            for _ in 0..<8 {
                let a = 1 + next() % 254
                let source = a << 24 | (next() % (a + 1)) << 16 | (next() % (a + 1)) << 8 | next() % (a + 1)
                let keep = 255 - a
                let pixels = (0..<count).map { _ in next() }
                var expected = [guardWord] + pixels + [guardWord]
                for n in 1..<count + 1 {
                    expected[n] = source &+ Composite.scale(expected[n], keep)
                }
                var wide = [guardWord] + pixels + [guardWord]
                wide.withUnsafeMutableBufferPointer {
                    AVX2Kernels.sourceOverRun(source, keep: keep, dst: $0.baseAddress! + 1, count: count)
                }
                var base = [guardWord] + pixels + [guardWord]
                base.withUnsafeMutableBytes {
                    let s16 = unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD16<UInt8>.self)
                    Composite.overRun(s16, source, keep, SIMD8<UInt16>(repeating: UInt16(keep)), Composite.by257(),
                                      dst: $0.baseAddress!.assumingMemoryBound(to: UInt8.self) + 4, count: count)
                }
                #expect(wide == expected, "count \(count), source \(String(source, radix: 16))")
                #expect(base == expected, "baseline: count \(count), source \(String(source, radix: 16))")
            }
        }
    }

    /// `Composite.wide` (cpuid and xgetbv through `CCPUFeatures`) says
    /// what the kernel says of this processor: the flags of the x86-64-v3
    /// level in /proc/cpuinfo (the kernel lists a flag only when the
    /// system supports it, AVX's register state included).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/cpuinfo"), "no /proc/cpuinfo"))
    func detectionAgreesWithTheSystem() throws {
        let text = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else {
            #expect(Composite.wide == false, "no flags line (not x86): the AVX2 loops must stay off")
            return
        }
        let flags = Set(line.split(separator: ":").last!.split(separator: " ").map(String.init))
        let level3 = ["avx", "avx2", "fma", "f16c", "bmi1", "bmi2", "abm", "movbe", "xsave"].allSatisfy(flags.contains)
        #expect(Composite.wide == level3, "flags: \(flags.sorted().joined(separator: " "))")
    }
}
