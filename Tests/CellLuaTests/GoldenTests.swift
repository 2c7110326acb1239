import CellLua
import CellRaster
import CellTestSupport
import Foundation
import Testing

/// Golden images: each `Golden/NAME.lua` renders exactly to `Golden/NAME.png`.
/// The renderer is deterministic software, so the comparison is exact (after
/// the PNG's straight-alpha round trip); a mismatch writes the actual and a
/// diff image to `Tests/CellLuaTests/failures/`. To accept a deliberate
/// change, run with CELLLUA_UPDATE_GOLDEN=1 and look at every image it wrote.
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path
    static let failures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("failures").path

    static let scenes: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
    }()

    @Test func everySceneHasAGolden() {
        #expect(Self.scenes.count >= 10)
        for name in Self.scenes {
            #expect(FileManager.default.fileExists(atPath: "\(Self.directory)/\(name).png")
                    || ProcessInfo.processInfo.environment["CELLLUA_UPDATE_GOLDEN"] == "1", "\(name).png missing")
        }
    }

    @Test(arguments: scenes)
    func scene(_ name: String) throws {
        let runtime = makeRuntime()
        let canvas = try #require(try runtime.run(scriptAt: "\(Self.directory)/\(name).lua"))
        if let problem = ImageComparison.checkGolden(canvas.buffer, goldenPath: "\(Self.directory)/\(name).png",
                                                     failuresDirectory: Self.failures) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
