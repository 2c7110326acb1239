import CellLua
import CellRaster
import CellTestSupport
import Foundation
import Testing

/// Golden images: each `Golden/NAME.lua` renders to `Golden/NAME.png`.
/// The renderer is deterministic software, so a scene without text must
/// match exactly (after the PNG's straight-alpha round trip). A scene with
/// text is compared within `textTolerance`, and must render identically
/// twice over (determinism stays exact). A mismatch writes the actual and a
/// diff image to `Tests/CellLuaTests/failures/`. To accept a deliberate
/// change, run with CELLLUA_UPDATE_GOLDEN=1 and look at every image it wrote.
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path
    static let failures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("failures").path

    static let scenes: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// How far a scene with text may be from its golden: any channel within
    /// 64 levels, on at most 1% of the pixels; everything else exact.
    ///
    /// Why: glyphs come from the installed FreeType (outlines), HarfBuzz
    /// (positions) and font files, none of them part of this repository, and
    /// their versions differ between machines. celllua loads outlines
    /// unhinted at the em size and rasterizes them itself, placing each
    /// glyph's origin at a quarter-pixel phase (`GlyphMaskCache.phases`). A
    /// version change that moves a glyph a little (a kern or mark position
    /// rewritten by a few font units, outline decoding rounded otherwise)
    /// moves it by at most one phase, a quarter pixel, which changes the
    /// coverage of the edge pixels along its outline by at most a quarter of
    /// 255 (64 levels) and leaves every other pixel alone. Measured on
    /// text_styles (320x230 at scale 2): moving all of its text 0.01 pt makes
    /// 0.6% of the pixels differ, by at most 64 (passes); 0.03 pt, 1.5%
    /// (fails); a quarter pixel, 7.6%; half a point, 11% and up to 254. So
    /// a few glyphs or a line moved by a phase pass, while a missing word, a
    /// wrong font, text moved as a whole or a broken shape fails.
    static let textTolerance = ImageComparison.Tolerance(maxChannel: 64, maxFraction: 0.01)

    /// What in a scene's source can draw glyphs (text calls, fonts, the UI
    /// components, whose cells have labels); the scene's `require`d files
    /// count too.
    static let textMarkers = [":text(", ":text_in_rect(", "cell.font", "cell.ui"]

    /// Whether scene `name` can draw text, from its source and the files
    /// under `Golden/lib` it requires.
    static func drawsText(_ name: String) -> Bool {
        var sources = [(try? String(contentsOfFile: "\(directory)/\(name).lua", encoding: .utf8)) ?? ""]
        let required = sources[0].matches(of: /require\(?\s*["']lib\.([A-Za-z0-9_]+)["']/).map { String($0.1) }
        for lib in required {
            sources.append((try? String(contentsOfFile: "\(directory)/lib/\(lib).lua", encoding: .utf8)) ?? "")
        }
        return sources.contains { source in textMarkers.contains { source.contains($0) } }
    }

    static let textScenes: Set<String> = Set(scenes.filter(drawsText))

    /// The split is the expected one: most scenes are exact, and the text
    /// and UI scenes (directly or through a library) are the tolerant ones.
    @Test func onlyScenesWithTextAreComparedWithATolerance() {
        #expect(Self.scenes.count - Self.textScenes.count >= 15, "exact: \(Set(Self.scenes).subtracting(Self.textScenes).sorted())")
        for name in ["text_styles", "text_state", "text_in_rect", "ui_components", "ui_table_plain", "ui_cells_dark"] {
            #expect(Self.textScenes.contains(name), "\(name)")
        }
        for name in ["fills", "shadows", "hairlines_scale1", "gradients", "images"] {
            #expect(!Self.textScenes.contains(name), "\(name)")
        }
    }

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
        let text = Self.textScenes.contains(name)
        if let problem = ImageComparison.checkGolden(canvas.buffer, goldenPath: "\(Self.directory)/\(name).png",
                                                     failuresDirectory: Self.failures,
                                                     allowed: text ? Self.textTolerance : .exact) {
            Issue.record(Comment(rawValue: problem))
        }
        if text {
            // The tolerance is for other machines' libraries; on this one
            // the same scene renders to the same bytes every time.
            let again = try #require(try makeRuntime().run(scriptAt: "\(Self.directory)/\(name).lua"))
            let d = try #require(ImageComparison.compare(canvas.buffer, again.buffer))
            #expect(d.pixelsOver == 0, "\(name) rendered twice: \(d)")
        }
    }
}
