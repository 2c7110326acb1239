import CellImage
import CellLua
import CellRaster
import CellVector

/// The files one render writes: every `-o` (or the default name), named
/// for its variant and scale. Raster formats are written at each scale
/// (`<stem>@2x.png`); a vector format has no @2x, so SVG and PDF are
/// written once, unsuffixed, from the render at the largest scale (whose
/// embedded pixels, if any, are the sharpest).
struct OutputPlan {
    let options: CommandLineOptions
    /// `-o`'s paths in order, or the script's default output name.
    let paths: [String]

    init(options: CommandLineOptions, defaultName: String) {
        self.options = options
        paths = options.output.isEmpty ? [defaultName] : options.output
    }

    /// Where a render at `scale` writes; `variant`: the variant it renders
    /// (`<stem>-<variant>.<ext>`, except for `--variant NAME` with `-o`,
    /// which writes exactly there).
    func targets(scale: Double, variant: String? = nil) -> [String] {
        let largest = options.renderScales.max() ?? scale
        var out: [String] = []
        for given in paths {
            var path = given
            if let variant, options.variant == nil || options.output.isEmpty {
                path = Self.suffixed(given, "-" + variant)
            }
            if given != "-", (try? ImageFormat.forPath(given))?.isVector == true {
                if scale == largest { out.append(path) }
            } else {
                out.append(options.scaledPath(path, scale: scale))
            }
        }
        return out
    }

    /// `path` with `suffix` before its extension: a.png + "-dark" = a-dark.png.
    static func suffixed(_ path: String, _ suffix: String, extension replacement: String? = nil) -> String {
        let ext = replacement ?? PathName.pathExtension(path)
        return PathName.deletingExtension(path) + suffix + (ext.isEmpty ? "" : "." + ext)
    }

    /// `target` numbered `n` (a page or a frame): a.png -> a-3.png, and
    /// a@2x.png -> a-3@2x.png, as iOS names scaled images.
    static func numbered(_ target: String, _ n: Int) -> String {
        var stem = PathName.deletingExtension(target)
        let ext = PathName.pathExtension(target)
        var scaleSuffix = ""
        if let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"),
           Double(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]) != nil {
            scaleSuffix = String(stem[at...])
            stem = String(stem[..<at])
        }
        return stem + "-\(n)" + scaleSuffix + (ext.isEmpty ? "" : "." + ext)
    }

    /// Writes a still result to every target: one canvas, or a returned
    /// list (`pages`): one PDF with a page each, other formats
    /// `<stem>-<n>.<ext>`. Every target is tried; the failures are thrown
    /// together afterwards.
    static func writeStill(_ canvas: Canvas, pages: [Canvas]?, runtime: LuaRuntime, to targets: [String]) throws {
        var failures: [String] = []
        for target in targets {
            do {
                guard let pages, pages.count > 1 else {
                    try Runner.writeOutput(canvas, runtime: runtime, to: target)
                    continue
                }
                if target == "-" {
                    throw ScriptError.runtime("-o - writes one image, but the script returned \(pages.count) canvases")
                }
                if try ImageFormat.forPath(target) == .pdf {
                    try runtime.writeBook(pages.map { PDFPage($0) }, toCurrentDirectoryPath: target)
                } else {
                    for (i, page) in pages.enumerated() {
                        try runtime.write(page, toCurrentDirectoryPath: numbered(target, i + 1))
                    }
                }
            } catch {
                failures.append("\(error)")
            }
        }
        if !failures.isEmpty { throw ScriptError.runtime(failures.joined(separator: "\ncelllua: ")) }
    }
}
