import Testing
import CellRaster
import Foundation

@Suite struct PixelBufferTests {
    /// Straight -> premultiplied -> straight loses at most what 8 bits must:
    /// re-premultiplying the unpremultiplied value gives the stored value back.
    @Test func premultiplyRoundTripIsStable() {
        for a in 0...255 {
            for v in 0...a {
                let s = PixelBuffer.unpremultiply(UInt8(v), UInt8(a))
                #expect(PixelBuffer.premultiply(s, UInt8(a)) == UInt8(a == 0 ? 0 : v),
                        "v=\(v) a=\(a) straight=\(s)")
            }
        }
    }

    @Test func premultiplyRoundsToNearest() {
        for a in 0...255 {
            for v in 0...255 {
                let exact = Double(v) * Double(a) / 255
                let got = Double(PixelBuffer.premultiply(UInt8(v), UInt8(a)))
                #expect(abs(got - exact) <= 0.5, "v=\(v) a=\(a)")
            }
        }
    }

    @Test func unpremultiplyRoundsToNearest() {
        for a in 1...255 {
            for v in 0...a {
                let exact = Double(v) * 255 / Double(a)
                let got = Double(PixelBuffer.unpremultiply(UInt8(v), UInt8(a)))
                #expect(abs(got - exact) <= 0.5 + 1e-9, "v=\(v) a=\(a)")
            }
        }
    }

    @Test func startsTransparent() {
        let b = PixelBuffer(width: 3, height: 2)
        for i in 0..<b.byteCount { #expect(b.data[i] == 0) }
    }

    /// `isOpaque` (the PNG writer's RGB test) sees a translucent pixel
    /// anywhere: in a 64-pixel block, in the pairs after the blocks, or as
    /// the odd last pixel.
    @Test func opacityFindsAnyTranslucentPixel() {
        for (w, h) in [(1, 1), (3, 1), (7, 5), (64, 2), (65, 3), (129, 1), (640, 3)] {
            let b = PixelBuffer(width: w, height: h, filledWith: PremultipliedColor(r: 10, g: 20, b: 30, a: 255))
            #expect(b.isOpaque, "\(w)x\(h)")
            for i in Set([0, 1, w * h / 2, w * h - 2, w * h - 1].filter { $0 >= 0 && $0 < w * h }) {
                b.data[i * 4 + 3] = 254
                #expect(!b.isOpaque, "\(w)x\(h), pixel \(i)")
                b.data[i * 4 + 3] = 255
            }
        }
    }

    /// A large buffer's whole 2 MiB pages are advised for transparent huge
    /// pages (the kernel's mapping of them carries the `hg` flag in
    /// /proc/self/smaps), and it starts transparent. (Whether a small one
    /// is advised cannot be seen: the advice stays with memory a freed
    /// large buffer gave back, which the allocator may hand out again.)
    /// Skipped where the kernel has no huge pages at all.
    @Test func largeBuffersAskForHugePages() throws {
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else { return }
        let big = PixelBuffer(width: 2048, height: 2048) // 16 MiB
        #expect((0..<(2048 * 2048 * 4)).allSatisfy { big.data[$0] == 0 })
        let huge = 2 << 20
        let inside = (Int(bitPattern: big.data) + huge - 1) & ~(huge - 1)
        #expect(try Self.mappingFlags(containing: inside).contains("hg"))
    }

    /// The VmFlags of the mapping in /proc/self/smaps that holds `address`.
    static func mappingFlags(containing address: Int) throws -> [Substring] {
        // Read to the end with stdio: /proc files report a size of 0.
        guard let file = fopen("/proc/self/smaps", "r") else { throw CocoaError(.fileReadNoSuchFile) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        let smaps = String(decoding: bytes, as: UTF8.self)
        #expect(smaps.contains("VmFlags:"))
        var inRange = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let lo = Int(line[..<dash], radix: 16), let hi = Int(line[line.index(after: dash)..<space], radix: 16) {
                inRange = lo <= address && address < hi
            } else if inRange && line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ")
            }
        }
        return []
    }
}
