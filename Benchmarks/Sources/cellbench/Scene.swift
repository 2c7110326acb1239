import CellLua
import Foundation

/// A benchmark scene: a Lua script for celllua and the same drawing through
/// cairo's C API. To add one, write `scenes/NAME.lua`, its cairo twin, and a
/// line in `all`.
struct Scene: Sendable {
    var name: String
    /// Size in points and pixels per point (the script's `cell.canvas` call
    /// must agree; the first frame checks it).
    let width: Double
    let height: Double
    let scale: Double
    var summary: String
    /// Draws text (cairo: `cairo_show_glyphs`); --check then also compares
    /// with cairo's glyphs filled as outlines.
    var drawsText = false
    /// What the script's `cell.param` calls get (`-D name=value`).
    var params: [String: Param] = [:]
    /// The reference scene's row count (nil for the other scenes).
    var rows: Int?
    let drawCairo: @Sendable (OpaquePointer) -> Void

    /// Whole pixels, rounded up as celllua sizes a canvas (CanvasLimits.pixelSize).
    var pixelWidth: Int { Swift.max(1, Int((width * scale - 1e-9).rounded(.up))) }
    var pixelHeight: Int { Swift.max(1, Int((height * scale - 1e-9).rounded(.up))) }
    var scriptName: String { name + ".lua" }

    /// The runtime options a celllua frame runs the script with.
    var luaOptions: LuaRuntime.Options {
        var options = LuaRuntime.Options()
        options.params = params
        options.drawingThreads = drawingThreads
        return options
    }

    /// Threads celllua's canvases may draw on; nil: all (Canvas.availableThreads).
    var drawingThreads: Int? = nil

    /// the reference scene (`scenes/reference.lua`, ReferenceScene):
    /// `rows` rows (a multiple of 5) at `scale`; 20 rows at scale 2 is the
    /// scene as the benchmarks define it, 640x2160 px.
    static func reference(rows: Int = 20, scale: Double = 2) -> Scene {
        var scene = Scene(
            name: "reference", width: ReferenceScene.width, height: ReferenceScene.height(rows: rows), scale: scale,
            summary: "the reference scene with cell.ui: a grouped table of \(rows) rows in sections of 5, full length",
            drawCairo: { ReferenceScene.draw($0, rows: rows) })
        scene.params = ["rows": Param(.number(Double(rows)), source: "cellbench"),
                        "scale": Param(.number(scale), source: "cellbench")]
        scene.rows = rows
        scene.drawsText = true
        return scene
    }

    /// The reference scene drawn by hand with the engine's primitives
    /// (`scenes/handdrawn.lua`, no cell.ui), against cairo drawing the same
    /// steps (ReferenceScene, which is written step for step as that script).
    static func handdrawn(rows: Int = 20, scale: Double = 2) -> Scene {
        var scene = reference(rows: rows, scale: scale)
        scene.name = "handdrawn"
        scene.summary = "the reference scene drawn with primitives only (paths, clips, gradients, layers, text)"
        return scene
    }

    static let all: [Scene] = [
        reference(),
        handdrawn(),
        Scene(name: "paths", width: PathsScene.width, height: PathsScene.height, scale: 2,
              summary: "500 translucent fills (polygons, ellipses, rounded rects, blobs; even-odd; a clip) + 300 strokes",
              drawCairo: PathsScene.draw),
        Scene(name: "rects", width: RectsScene.width, height: RectsScene.height, scale: 2,
              summary: "2000 translucent axis-aligned rect fills at fractional coordinates",
              drawCairo: RectsScene.draw),
        Scene(name: "gradients", width: GradientsScene.width, height: GradientsScene.height, scale: 2,
              summary: "a full-canvas linear draw, 150 rounded rects with their own linear paints, 6 clipped radial draws",
              drawCairo: GradientsScene.draw),
        Scene(name: "blend", width: BlendScene.width, height: BlendScene.height, scale: 2,
              summary: "300 ellipses and rounded rects in 15 separable and non-separable blend modes over opaque bands",
              drawCairo: BlendScene.draw),
        Scene(name: "layers", width: LayersScene.width, height: LayersScene.height, scale: 2,
              summary: "20 clipped cells, each in a layer: gradient, dots, a clear knockout, ended at alpha 0.8",
              drawCairo: LayersScene.draw),
        Scene(name: "text", width: TextScene.width, height: TextScene.height, scale: 2,
              summary: "about 1,900 glyphs of UI text in 85 c:text calls (bold 13/24, regular 12), shaped and kerned",
              drawsText: true, drawCairo: TextScene.draw),
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
