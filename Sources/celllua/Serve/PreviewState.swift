import CellGeometry
import CellKit
import CellLua
import CellRaster
import FoundationEssentials

/// What the live preview knows, shared by the render thread and the
/// server's event loop (under one lock): the variants, the last render's
/// outcome, and the last good image of each variant at each of the scales
/// used lately (`PreviewFrames`, a bounded cache).
final class PreviewState: @unchecked Sendable {
    /// One variant at one scale, as the script last drew it without error.
    struct Frame {
        let png: [UInt8]
        /// What the PNG shows: its display list has the tables drawn on it
        /// (`Canvas.groups`), for hit testing.
        let canvas: Canvas
        /// The render it comes from.
        let generation: Int
    }

    struct Key: Hashable {
        var variant: String
        var scale: Double
    }

    private let lock = Locked<Void>(())
    /// Counts finished renders of the whole script (each save gives one).
    private(set) var generation = 0
    /// Variant names, in the order the script gives or by name; [""] for a script without variants.
    private(set) var variants: [String] = [""]
    /// The last render's error (`script.lua:LINE: message` and traceback), nil when it went well.
    private(set) var error: String?
    /// The frames, and the scales each render draws (the ones pages used lately).
    private var frames: PreviewFrames
    /// The page's controls: one JSON object per parameter the last render
    /// read (`PreviewRenderer`), in order of first read.
    private(set) var controls: [String] = []
    /// A canvas the REPL showed (`celllua -i script.lua --serve`): its PNG
    /// as it was when shown, and the chunk or command that gave it.
    struct Shown {
        let id: Int
        let expression: String
        let png: [UInt8]
        /// Its size in points.
        let width: Double, height: Double
    }
    /// The REPL's canvases, newest first, at most `maxShown`; nil when the
    /// page previews a script rather than a REPL session.
    private(set) var shown: [Shown]?
    private var shownCount = 0
    /// The REPL canvases a page can list; older ones are forgotten.
    static let maxShown = 60
    static let maxShownBytes = 256 << 20
    /// Called after each render with the new generation (the server pushes it to every page).
    var changed: @Sendable (Int) -> Void = { _ in }

    /// `repl`: the page shows a REPL session's canvases, not renders.
    init(defaultScale: Double, repl: Bool = false) {
        frames = PreviewFrames(scale: defaultScale)
        if repl {
            shown = []
            variants = []
        }
    }

    /// Adds a canvas the REPL showed, and tells the pages.
    func show(png: [UInt8], expression: String, width: Double, height: Double) {
        let g: Int = withLock {
            shownCount += 1
            shown?.insert(Shown(id: shownCount, expression: expression, png: png, width: width, height: height), at: 0)
            // At most maxShown canvases and maxShownBytes of PNG (the newest always stays).
            while let list = shown, list.count > 1,
                  list.count > Self.maxShown || list.reduce(0, { $0 + $1.png.count }) > Self.maxShownBytes {
                shown?.removeLast()
            }
            return generation
        }
        changed(g)
    }

    /// The PNG of the REPL canvas `id`, if it is still kept.
    func shownPNG(id: Int) -> [UInt8]? {
        withLock { shown?.first { $0.id == id }?.png }
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock { _ in try body() }
    }

    /// The scales a render draws, the one used last first.
    var activeScales: [Double] { withLock { frames.scales } }

    /// The frame for `key` if there is one, with its scale marked as used
    /// (a new scale is drawn by every later render, and pushes out the one
    /// used least recently).
    func use(_ key: Key) -> Frame? {
        withLock {
            frames.use(key.scale)
            return frames.frame(key)
        }
    }

    func frame(_ key: Key) -> Frame? { withLock { frames.frame(key) } }

    /// Records a render of the whole script: its variants, its error or
    /// nil, and the frames it drew (failed variants keep their last good frame).
    func finishRender(variants names: [String], error message: String?, frames new: [Key: Frame],
                      controls params: [String] = []) {
        let g: Int = withLock {
            generation += 1
            controls = params
            variants = names
            error = message
            for (k, f) in new { frames.store(f, for: k) }
            // Variants that are gone are forgotten.
            frames.keep(variants: names)
            return generation
        }
        changed(g)
    }

    /// Adds a frame drawn on demand (a scale no render had drawn yet),
    /// unless its scale has been pushed out meanwhile.
    func add(_ frame: Frame, for key: Key) {
        withLock { frames.store(frame, for: key) }
    }

    /// The state as the page reads it, with `frames`, the number of frames
    /// held (at most `PreviewFrames.maxScales` per variant), and `params`,
    /// the controls.
    func json() -> String {
        withLock {
            let names = variants.map { "\"\(Self.escape($0))\"" }.joined(separator: ",")
            let err = error.map { "\"\(Self.escape($0))\"" } ?? "null"
            return "{\"generation\":\(generation),\"variants\":[\(names)],\"error\":\(err),\"frames\":\(frames.count),"
                + "\"params\":[\(controls.joined(separator: ","))]" + replJSON + "}"
        }
    }

    /// `"repl"`: the REPL's canvases, newest first (id, expression, size in
    /// points); nothing when the page previews a script. Under the lock.
    private var replJSON: String {
        guard let shown else { return "" }
        let list = shown.map {
            "{\"id\":\($0.id),\"expr\":\"\(Self.escape($0.expression))\",\"width\":\(Decimal3.text($0.width)),"
                + "\"height\":\(Decimal3.text($0.height))}"
        }
        return ",\"repl\":[" + list.joined(separator: ",") + "]"
    }

    /// `s` escaped for a JSON string (`ParamDeclaration.jsonEscaped`).
    static func escape(_ s: String) -> String { ParamDeclaration.jsonEscaped(s) }
}
