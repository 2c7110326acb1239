import Foundation

/// A benchmark scene: a Lua script for celllua and the same drawing through
/// cairo's C API. To add one, write `scenes/NAME.lua`, its cairo twin, and a
/// line in `all`.
struct Scene: Sendable {
    let name: String
    /// Size in points and pixels per point (the script's `cell.canvas` call
    /// must agree; the first frame checks it).
    let width: Double
    let height: Double
    let scale: Double
    let summary: String
    let drawCairo: @Sendable (OpaquePointer) -> Void

    var pixelWidth: Int { Int((width * scale).rounded()) }
    var pixelHeight: Int { Int((height * scale).rounded()) }
    var scriptName: String { name + ".lua" }

    static let all: [Scene] = [
        Scene(name: "paths", width: PathsScene.width, height: PathsScene.height, scale: 2,
              summary: "500 translucent fills (polygons, ellipses, rounded rects, blobs; even-odd; a clip) + 300 strokes",
              drawCairo: PathsScene.draw),
        Scene(name: "rects", width: RectsScene.width, height: RectsScene.height, scale: 2,
              summary: "2000 translucent axis-aligned rect fills at fractional coordinates",
              drawCairo: RectsScene.draw),
        Scene(name: "text", width: TextScene.width, height: TextScene.height, scale: 2,
              summary: "about 1,900 glyphs of UI text in 85 c:text calls (bold 13/24, regular 12), shaped and kerned",
              drawCairo: TextScene.draw),
    ]

    /// Where the scripts live: `Benchmarks/scenes`, found from this source
    /// file's path (the package is built in place), else from the current
    /// directory.
    static func defaultDirectory() -> String {
        let here = URL(fileURLWithPath: #filePath)
        let fromSource = here.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes").path
        for candidate in [fromSource, "scenes", "Benchmarks/scenes"]
        where FileManager.default.fileExists(atPath: candidate + "/paths.lua") {
            return candidate
        }
        return fromSource
    }
}
