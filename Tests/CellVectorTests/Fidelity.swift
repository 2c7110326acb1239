import CellImage
import CellLua
import CellRaster
import CellTestSupport
import Foundation
import Testing

/// Renders scripts and checks the SVG and PDF written
/// from them against celllua's own pixels, through independent renderers:
/// librsvg (`rsvg-convert`) and poppler (`pdftoppm`), both from Debian.
enum Fidelity {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let failures = repository + "/.build/test-failures/vector"

    /// The canvas `code` returns (or made last).
    static func render(_ code: String) throws -> Canvas {
        var options = LuaRuntime.Options()
        options.writesFiles = false
        let runtime = LuaRuntime(options: options)
        runtime.fileWritten = { _ in }
        guard let canvas = try runtime.run(code: code) ?? runtime.lastCanvas else {
            throw VectorTestError.failed("the script made no canvas")
        }
        return canvas
    }

    /// The canvas the script at `path` (relative to the repository)
    /// renders: for an animation (`animation` global), a frame from its middle.
    static func renderScript(_ path: String, params: [String: Param] = [:]) throws -> Canvas {
        var options = LuaRuntime.Options()
        options.writesFiles = false
        options.params = params
        let runtime = LuaRuntime(options: options)
        runtime.fileWritten = { _ in }
        let result = try runtime.run(scriptAt: repository + "/" + path)
        if let spec = try runtime.animation() {
            return try runtime.drawFrame((spec.frames + 1) / 2, of: spec)
        }
        guard let canvas = result ?? runtime.lastCanvas else {
            throw VectorTestError.failed("\(path) made no canvas")
        }
        return canvas
    }

    /// Runs `tool` with `arguments`, `input` on stdin; its stdout, and its
    /// stderr (which must stay empty: the renderers warn there).
    static func run(_ tool: String, _ arguments: [String], input: [UInt8]) throws -> (out: [UInt8], err: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("celllua-vector-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let inPath = dir.appendingPathComponent("in").path, outPath = dir.appendingPathComponent("out").path,
            errPath = dir.appendingPathComponent("err").path
        FileManager.default.createFile(atPath: inPath, contents: Data(input))
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        process.standardInput = FileHandle(forReadingAtPath: inPath)
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        process.waitUntilExit()
        let err = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw VectorTestError.failed("\(tool) failed (\(process.terminationStatus)): \(err)")
        }
        return ([UInt8](FileManager.default.contents(atPath: outPath) ?? Data()), err)
    }

    /// The SVG rasterized by librsvg at the canvas' pixel size.
    static func rasterizeSVG(_ svg: [UInt8], width: Int, height: Int) throws -> (PixelBuffer, String) {
        let (png, err) = try run("rsvg-convert", ["-w", "\(width)", "-h", "\(height)", "-f", "png"], input: svg)
        return (try ImageDecoder.decode(png), err)
    }

    /// The PDF's first page rasterized by poppler at the canvas' pixel size
    /// (on white: pdftoppm has no transparency).
    static func rasterizePDF(_ pdf: [UInt8], width: Int, height: Int) throws -> (PixelBuffer, String) {
        let (png, err) = try run("pdftoppm", ["-png", "-singlefile", "-scale-to-x", "\(width)", "-scale-to-y", "\(height)"],
                                 input: pdf)
        return (try ImageDecoder.decode(png), err)
    }

    /// The PDF's first page through poppler's cairo output (pdftocairo), on white.
    static func rasterizePDFWithCairo(_ pdf: [UInt8], width: Int, height: Int) throws -> (PixelBuffer, String) {
        let (png, err) = try run("pdftocairo", ["-png", "-singlefile", "-scale-to-x", "\(width)", "-scale-to-y", "\(height)",
                                                "-", "-"], input: pdf)
        return (try ImageDecoder.decode(png), err)
    }

    struct Score: CustomStringConvertible {
        var psnr: Double
        /// Fraction of pixels with a channel more than 32 levels off.
        var offFraction: Double
        var description: String {
            "PSNR \(String(format: "%.1f", psnr)) dB, \(String(format: "%.2f", offFraction * 100))% of pixels off by > 32"
        }
    }

    /// Both images over white, compared channel by channel.
    static func score(_ a: PixelBuffer, _ b: PixelBuffer) -> Score {
        precondition(a.width == b.width && a.height == b.height)
        var squares = 0.0
        var off = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.premultiplied(x: x, y: y), q = b.premultiplied(x: x, y: y)
                let pa = [p.r, p.g, p.b].map { Int($0) + 255 - Int(p.a) }
                let qa = [q.r, q.g, q.b].map { Int($0) + 255 - Int(q.a) }
                var worst = 0
                for i in 0..<3 {
                    let d = pa[i] - qa[i]
                    squares += Double(d * d)
                    worst = max(worst, abs(d))
                }
                if worst > 32 { off += 1 }
            }
        }
        let n = Double(a.width * a.height)
        let mse = squares / (n * 3)
        let psnr = mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
        return Score(psnr: psnr, offFraction: Double(off) / n)
    }

    /// Writes the format's rendering, celllua's pixels and their difference
    /// under .build/test-failures/vector.
    static func keepFailure(name: String, rendered: PixelBuffer, expected: PixelBuffer, document: [UInt8], ext: String) {
        try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        ImageComparison.write(rendered, name: name, suffix: "\(ext)-rendered", directory: failures)
        ImageComparison.write(expected, name: name, suffix: "expected", directory: failures)
        ImageComparison.write(ImageComparison.diffImage(rendered, expected), name: name, suffix: "\(ext)-diff",
                              directory: failures)
        FileManager.default.createFile(atPath: failures + "/\(name).\(ext)", contents: Data(document))
    }
}

enum VectorTestError: Error, CustomStringConvertible {
    case failed(String)
    var description: String {
        switch self { case .failed(let s): return s }
    }
}

extension Fidelity {
    /// A thousand small rectangles in a hundred colors: shapes that must stay shapes.
    static let thousandRectangles = """
        local c = cell.canvas(400, 400, {background = "white"})
        for i = 0, 999 do
          c:set_fill(cell.rgb((i % 10) / 10, (i // 10 % 10) / 10, 0.5))
          c:fill_rect((i % 40) * 10, (i // 40) * 16, 8, 12)
        end
        return c
        """

    /// A badge: its digits knocked out of the pill (`clear`).
    static let badge = """
        local c = cell.canvas(120, 44, {background = "white"})
        cell.ui.badge(c, "42", 100, 22)
        return c
        """

    /// A translucent disc in `mode` over a gradient and a flat color.
    static func blendScene(_ mode: BlendMode) -> String {
        """
        local c = cell.canvas(60, 40, {background = "#3A7BD5"})
        c:set_fill(cell.linear(cell.gradient{{0, "#FFCC00"}, {1, "#FF2D55"}}, 0, 0, 60, 0))
        c:fill_rect(0, 0, 60, 20)
        c:set_blend("\(mode.rawValue)")
        c:set_fill({0.2, 0.8, 0.4, 0.8})
        c:fill(cell.path():ellipse(10, 5, 40, 30))
        return c
        """
    }

    /// The scenes every vector format is checked on: the examples and the
    /// golden scenes (each feature of the engine and the kit), as paths
    /// relative to the repository.
    static var scenes: [String] {
        let fm = FileManager.default
        func lua(_ dir: String) -> [String] {
            ((try? fm.contentsOfDirectory(atPath: repository + "/" + dir)) ?? [])
                .filter { $0.hasSuffix(".lua") }.sorted().map { dir + "/" + $0 }
        }
        return lua("examples") + lua("Tests/CellLuaTests/Golden")
    }

    /// Checks `document` (made from `canvas` as `ext`) rasterized by
    /// `rasterize` against the canvas' pixels: no warnings, PSNR and the
    /// share of pixels far off within bounds. Returns the score.
    @discardableResult
    static func check(_ name: String, _ canvas: Canvas, document: [UInt8], ext: String,
                      minimumPSNR: Double = 30, maximumOff: Double = 0.02,
                      rasterize: ([UInt8], Int, Int) throws -> (PixelBuffer, String)) throws -> Score {
        let (rendered, warnings) = try rasterize(document, canvas.pixelWidth, canvas.pixelHeight)
        #expect(warnings.isEmpty, "\(name).\(ext): the renderer warned: \(warnings)")
        let expected = canvas.buffer
        let score = score(rendered, expected)
        let ok = score.psnr >= minimumPSNR && score.offFraction <= maximumOff
        #expect(ok, "\(name).\(ext): \(score), bounds \(minimumPSNR) dB / \(maximumOff * 100)% (images in \(failures))")
        if !ok { keepFailure(name: name, rendered: rendered, expected: expected, document: document, ext: ext) }
        print("fidelity \(ext) \(name): \(score), \(document.count) bytes")
        return score
    }
}
