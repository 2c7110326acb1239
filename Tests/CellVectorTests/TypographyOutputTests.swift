import CellGeometry
import CellLua
import CellRaster
import CellTestSupport
import CellVector
import Foundation
import Testing

/// Text with tracking, line height, features and variations in the
/// display list and the vector formats: replaying the list draws the same
/// pixels, and SVG (outlines and text) and PDF rasterized by librsvg and
/// poppler match celllua's pixels. Fonts: DejaVu Sans and Inter (Debian's
/// fonts-dejavu-core and fonts-inter-variable).
@Suite struct TypographyOutputTests {
    static let script = """
        local c = cell.canvas(260, 150, {background = "white"})
        local dv = cell.font("DejaVu Sans", 15)
        local inter = cell.font("/usr/share/fonts/truetype/inter-vf/Inter.var.ttf", 18)
        c:set_fill("#1C1C1E")
        c:text("Tracked text", 8, 6, {font = dv, tracking = 2.5})
        c:text("1111 8888", 8, 30, {font = inter, features = {"tnum"}})
        c:text("AVAV office", 120, 30, {font = dv, features = {kern = false, liga = false}})
        c:text("Heavy 800", 8, 56, {font = inter, variations = {wght = 800}, color = "#007AFF"})
        c:text("Light 200", 130, 56, {font = inter, variations = {wght = 200}})
        c:text_in_rect("Two lines spaced out by line height", 8, 82, 240, 66,
          {font = dv, wrap = true, line_height = "1.6x"})
        return c
        """

    /// Replaying the list gives the canvas' own pixels, to the byte.
    @Test func replayEqualsDrawing() throws {
        let canvas = try Fidelity.render(Self.script)
        let again = try Canvas(width: canvas.width, height: canvas.height, scale: canvas.scale)
        Replay(canvas: again, placement: .identity).draw(canvas.displayList)
        let d = try #require(ImageComparison.compare(canvas.buffer, again.buffer))
        #expect(d.maxChannel == 0, "\(d)")
    }

    /// Outlines in SVG and PDF are the glyphs as drawn: the documents
    /// rasterized match celllua's pixels within the bounds the other
    /// fidelity tests keep.
    @Test func vectorOutputMatchesThePixels() throws {
        let canvas = try Fidelity.render(Self.script)
        try Fidelity.check("typography", canvas, document: try SVGWriter.svg(of: canvas), ext: "svg",
                           rasterize: Fidelity.rasterizeSVG)
        try Fidelity.check("typography", canvas, document: try PDFWriter.pdf(of: canvas), ext: "pdf",
                           rasterize: Fidelity.rasterizePDF)
    }

    /// SVG's text mode writes each run with letter-spacing,
    /// font-feature-settings (and every character's x, for renderers that
    /// ignore the features) and font-variation-settings. librsvg lays the
    /// runs out again from the font files: it follows letter-spacing, the
    /// weights and the lines' places, but neither features nor x lists, so
    /// the comparison leaves the lines with features out.
    @Test func textModeRendersNearTheOutlines() throws {
        let s = String(decoding: try SVGWriter.svg(of: try Fidelity.render(Self.script), text: .text), as: UTF8.self)
        #expect(s.components(separatedBy: "<text ").count == 8, "a text element per line")
        #expect(s.contains("letter-spacing=\"2.5\""))
        #expect(s.contains("font-feature-settings: 'tnum'") && s.contains("font-feature-settings: 'kern' 0, 'liga' 0"))
        #expect(s.contains("font-variation-settings: 'wght' 800") && s.contains("font-variation-settings: 'wght' 200"))
        #expect(s.contains("x=\"120 130.261 140.522 150.784 161.045 "), "AVAV unkerned, each letter placed")
        let canvas = try Fidelity.render(Self.script.split(separator: "\n").filter { !$0.contains("features") }
            .joined(separator: "\n"))
        let text = try SVGWriter.svg(of: canvas, text: .text)
        let outline = try SVGWriter.svg(of: canvas, text: .outline)
        let (asText, _) = try Fidelity.rasterizeSVG(text, width: canvas.pixelWidth, height: canvas.pixelHeight)
        let (asOutlines, _) = try Fidelity.rasterizeSVG(outline, width: canvas.pixelWidth, height: canvas.pixelHeight)
        let score = Fidelity.score(asText, asOutlines)
        print("typography text mode against outlines: \(score)")
        #expect(score.psnr >= 30 && score.offFraction <= 0.01, "text against outlines: \(score)")
    }
}
