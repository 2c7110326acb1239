import CellLua
import CellRaster
import CellVector
import Foundation
import Testing

/// SVG as a design: user units are points, groups carry their names, a JPEG
/// stays a JPEG (in PDF too), and `text` mode writes editable `<text>`;
/// checked by xmllint, librsvg, poppler and byte comparisons, not by the
/// writer's own reading.
@Suite struct SVGDesignTests {
    static let fixtures = Fidelity.repository + "/Tests/CellImageTests/Fixtures"

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func wellFormed(_ svg: [UInt8], _ name: String) throws {
        let (_, errors) = try Fidelity.run("xmllint", ["--noout", "-"], input: svg)
        #expect(errors.isEmpty, "\(name): \(errors)")
    }

    /// Every number in the document: at most six decimals (no float noise
    /// such as 0.30000000000000004).
    static func longestFraction(_ s: String) -> Int {
        var longest = 0, run = 0, afterPoint = false
        var previous: Character = " "
        for c in s {
            if c.isNumber {
                if afterPoint { run += 1 }
            } else {
                if afterPoint { longest = max(longest, run) }
                afterPoint = c == "." && previous.isNumber
                run = 0
            }
            previous = c
        }
        return longest
    }

    @Test func userUnitsArePoints() throws {
        // At scale 3, a rectangle at (10.1, 20.2) is written there, not at
        // (30.3, 60.6) inside a scale(0.333...).
        let canvas = try Fidelity.render("""
            local c = cell.canvas(120, 80, {scale = 3, background = "white"})
            c:set_fill("#34C759")
            c:fill_rect(10.1, 20.2, 30.3, 10)
            c:set_stroke("#FF3B30") c:set_line_width(1.5)
            c:stroke(cell.path():move_to(5, 70):line_to(115, 70))
            c:draw_image(cell.image("\(Fidelity.repository)/Tests/CellLuaTests/Golden/caps.png"), 60, 10, 40, 20)
            return c
            """)
        let svg = try SVGWriter.svg(of: canvas)
        let s = Self.text(svg)
        #expect(s.contains("width=\"120\" height=\"80\" viewBox=\"0 0 120 80\""))
        #expect(!s.contains("scale("), "no scaling group")
        #expect(s.contains("d=\"M10.1 20.2L40.4 20.2L40.4 30.2L10.1 30.2Z\""), "the rectangle in points")
        #expect(s.contains("d=\"M5 70L115 70\"") && s.contains("stroke-width=\"1.5\""), "the stroke in points")
        #expect(s.contains("<image id=\"i") && s.contains("x=\"60\" y=\"10\" width=\"40\" height=\"20\""),
                "an image the size it is drawn at, in points")
        let numbers = s.replacingOccurrences(of: #"base64,[^"]*"#, with: "", options: .regularExpression)
        #expect(Self.longestFraction(numbers) <= 6, "compact numbers")
        try Self.wellFormed(svg, "points")
        try Fidelity.check("points-scale3", canvas, document: svg, ext: "svg", rasterize: Fidelity.rasterizeSVG)
    }

    @Test func tableGroupsAndNamedLayersHaveIDs() throws {
        let canvas = try Fidelity.render("""
            local c = cell.canvas(200, 260, {background = "white"})
            c:begin_layer{name = "hero"}
            c:set_fill("#5856D6") c:fill_rect(0, 0, 200, 40)
            c:end_layer()
            local t = cell.ui.table { width = 200, height = 220, style = "grouped", sections = {
              { rows = { { text = "One" }, { text = "Two" } } },
              { rows = { { text = "Three" }, { text = "Four" } } } } }
            c:translate(0, 40)
            t:render(c)
            return c
            """)
        let svg = try SVGWriter.svg(of: canvas)
        let s = Self.text(svg)
        for id in ["hero", "table", "section-1", "section-2", "section-1-row-1", "section-1-row-2", "section-2-row-1",
                   "section-2-row-2"] {
            #expect(s.contains("<g id=\"\(id)\""), "a group with id \(id)")
        }
        #expect(!s.contains("<g>"), "no group without attributes")
        #expect(s.range(of: #"<g[^>]*>\s*</g>"#, options: .regularExpression) == nil, "no empty group")
        try Self.wellFormed(svg, "ids")
        try Fidelity.check("table-ids", canvas, document: svg, ext: "svg", rasterize: Fidelity.rasterizeSVG)
    }

    /// The settings example drew 80 groups (a scaling group, a clip group
    /// per operation and clip, an isolated group per layer); shared and
    /// merged clips leave fewer than half.
    @Test func fewGroups() throws {
        let canvas = try Fidelity.renderScript("examples/settings.lua")
        let s = Self.text(try SVGWriter.svg(of: canvas))
        let groups = s.components(separatedBy: "<g").count - 1
        #expect(groups <= 40, "\(groups) groups")
    }

    @Test func jpegStaysJPEG() throws {
        // Drawn one to one (32 pixels at 16 points, scale 2), so poppler's
        // and librsvg's image sampling do not enter the comparison.
        let canvas = try Fidelity.render("""
            local c = cell.canvas(100, 40, {background = "white"})
            c:draw_image(cell.image("\(Self.fixtures)/color420.jpg"), 4, 4, 16, 16)
            c:draw_image(cell.image("\(Self.fixtures)/gray.jpg"), 24, 4, 16, 16)
            c:draw_image(cell.image("\(Self.fixtures)/cmyk.jpg"), 44, 4, 16, 16)
            return c
            """)
        let color = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/color420.jpg")))
        let gray = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/gray.jpg")))
        let svg = try SVGWriter.svg(of: canvas)
        let s = Self.text(svg)
        let jpegs = s.components(separatedBy: "data:image/jpeg;base64,").dropFirst()
            .map { [UInt8](Data(base64Encoded: String($0.prefix { $0 != "\"" })) ?? Data()) }
        #expect(jpegs == [color, gray], "the files' own bytes")
        #expect(s.components(separatedBy: "data:image/png;base64,").count == 2, "CMYK falls back to pixels")
        try Self.wellFormed(svg, "jpeg")
        try Fidelity.check("jpeg", canvas, document: svg, ext: "svg", rasterize: Fidelity.rasterizeSVG)

        let pdf = try PDFWriter.pdf(of: canvas)
        let dct = Self.text(pdf).components(separatedBy: "/Filter /DCTDecode").count - 1
        #expect(dct == 2, "\(dct) DCTDecode images")
        #expect(Self.text(pdf).contains("/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode"))
        for file in [color, gray] {
            #expect(Data(pdf).range(of: Data(">>\nstream\n".utf8) + Data(file) + Data("\nendstream".utf8)) != nil,
                    "a stream holding the file's bytes as they are")
        }
        // Through poppler's cairo output, pixel for pixel; through Splash
        // (pdftoppm), which spreads an image's edge pixels over the
        // neighbouring pixel (the "images" scene's exception in
        // PDFWriterTests), within that bound.
        try Fidelity.check("jpeg-cairo", canvas, document: pdf, ext: "pdf", rasterize: Fidelity.rasterizePDFWithCairo)
        try Fidelity.check("jpeg", canvas, document: pdf, ext: "pdf", minimumPSNR: 20, maximumOff: 0.03,
                           rasterize: Fidelity.rasterizePDF)
    }

    /// A script of text in the fonts the tests rely on (fonts-dejavu-core,
    /// installed by scripts/setup): regular with kerned pairs and
    /// characters XML escapes, bold, oblique, and a clipped label.
    static let textScript = """
        local c = cell.canvas(240, 120, {background = "white"})
        c:set_fill("#1C1C1E")
        c:text("Hello, AV Wave & <tags>", 10, 8, {font = cell.font("DejaVu Sans", 17)})
        c:text("Bold 42", 10, 40, {font = cell.font("DejaVu Sans-Bold", 20), color = "#007AFF"})
        c:text("Oblique text", 10, 72, {font = cell.font("DejaVu Sans-Oblique", 15)})
        c:text_in_rect("Clipped long label in a box", 130, 80, 90, 30,
          {font = cell.font("DejaVu Sans", 13), truncate = "clip"})
        return c
        """

    @Test func textModeWritesEditableText() throws {
        let canvas = try Fidelity.render(Self.textScript)
        let outline = try SVGWriter.svg(of: canvas, text: .outline)
        let svg = try SVGWriter.svg(of: canvas, text: .text)
        let s = Self.text(svg)
        #expect(!Self.text(outline).contains("<text"), "outline mode: no text elements")
        #expect(s.components(separatedBy: "<text ").count == 5, "a text element per run")
        #expect(s.contains("font-family=\"'DejaVu Sans'\" font-size=\"17\" fill=\"#1c1c1e\">Hello, AV Wave &amp; &lt;tags&gt;</text>"))
        #expect(s.contains("font-size=\"20\" font-weight=\"700\" fill=\"#007aff\">Bold 42</text>"))
        #expect(s.contains("font-style=\"italic\""))
        #expect(s.contains("y=\"23.78\""), "at the baseline: 8 + DejaVu's ascent at 17 pt")
        let body = s.components(separatedBy: "</defs>").last ?? s
        #expect(!body.contains("<path d=\"M"), "no glyph outlines left (the clip's path is a definition)")
        try Self.wellFormed(svg, "text")
        // librsvg lays the text out itself (Pango, HarfBuzz, FreeType: the
        // same fonts, unhinted at this size): the same outlines within a
        // fraction of a pixel, anti-aliased its own way. Measured 54 dB and
        // no pixel more than 32 levels off; the bar leaves room for a
        // renderer version that positions glyphs a little differently.
        let (asText, _) = try Fidelity.rasterizeSVG(svg, width: canvas.pixelWidth, height: canvas.pixelHeight)
        let (asOutlines, _) = try Fidelity.rasterizeSVG(outline, width: canvas.pixelWidth, height: canvas.pixelHeight)
        let score = Fidelity.score(asText, asOutlines)
        #expect(score.psnr >= 40 && score.offFraction <= 0.002, "text against outlines: \(score)")
        try Fidelity.check("text-mode", canvas, document: svg, ext: "svg", rasterize: Fidelity.rasterizeSVG)
    }

    /// A font file no lookup by family finds (a copy outside fontconfig's
    /// folders) cannot be named: its text stays outlines.
    @Test func unnamedFontsStayOutlines() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("celllua-svgfont-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("Private.ttf").path
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: copy)
        let canvas = try Fidelity.render("""
            local c = cell.canvas(120, 40, {background = "white"})
            c:text("Named", 4, 4, {font = cell.font("DejaVu Sans", 14)})
            c:text("Private", 60, 4, {font = cell.font("\(copy)", 14)})
            return c
            """)
        let s = Self.text(try SVGWriter.svg(of: canvas, text: .text))
        #expect(s.contains(">Named</text>") && !s.contains("Private</text>"))
        #expect(s.contains("<path d=\"M"), "the private font's glyphs as outlines")
    }

    @Test func luaChoosesTheTextMode() throws {
        let runtime = LuaRuntime()
        _ = try runtime.run(code: """
            local c = cell.canvas(60, 20)
            c:text("Hi", 2, 2, {font = cell.font("DejaVu Sans", 12)})
            assert(c:svg{text = "text"}:find(">Hi</text>", 1, true))
            assert(not c:svg():find("<text", 1, true))
            assert(not c:svg{text = "outline"}:find("<text", 1, true))
            local ok, e = pcall(c.svg, c, {text = "bogus"})
            assert(e:find("bad argument #2 to '?' (option 'text': invalid option 'bogus' (expected one of: outline, text))", 1, true), e)
            ok, e = pcall(function() return c:svg{txt = "text"} end)
            assert(e:find("bad argument #1 to 'svg' (unknown option 'txt' (expected text))", 1, true), e)
            ok, e = pcall(function() return c:svg(5) end)
            assert(e:find("bad argument #1 to 'svg' (table expected, got number)", 1, true), e)
            """)
    }
}
