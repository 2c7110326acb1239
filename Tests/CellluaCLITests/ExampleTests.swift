import CellImage
import Foundation
import Testing

/// Every script in examples/ renders, as `celllua FILE` would, to a PNG of
/// the size it asks for (and the variants example to one file per variant).
@Suite struct ExampleTests {
    static let scripts: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Celllua.examples)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted()
    }()

    @Test func thereAreExamples() {
        #expect(Self.scripts.contains("hello.lua") && Self.scripts.count >= 4)
    }

    @Test(arguments: scripts)
    func renders(_ name: String) throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run([Celllua.examples + "/" + name], in: dir)
        #expect(r.status == 0, "\(name): \(r.stderr)")
        let png = String(name.dropLast(4)) + ".png"
        #expect(r.stdout.hasSuffix(png + "\n"))
        let (w, h, _) = try PNGCodec.decodeStraight(try #require(bytes(dir + "/" + png)))
        #expect(w > 0 && h > 0)
    }

    @Test func variantsExample() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run([Celllua.examples + "/variants.lua", "--all-variants"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "variants-alert.png\nvariants-dark.png\nvariants-light.png\n")
    }
}
