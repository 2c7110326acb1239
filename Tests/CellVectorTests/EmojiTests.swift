import CellImage
import CellRaster
import CellTestSupport
import CellVector
import Foundation
import Testing

/// Emoji drawn in their colors from the system's color emoji font (Noto
/// Color Emoji's CBDT strike at 109 ppem): in PNG (hue of the ink, the fill
/// color ignored, shadows cast), against Pillow's own drawing of the strike
/// (FreeType through another program: at the strike's size, and shrunk by
/// Pillow's box filter against celllua's area averaging), in SVG through
/// librsvg and in PDF through poppler (each glyph's image embedded once),
/// and at a huge size.
@Suite struct EmojiTests {
    static let noto = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// Hue in degrees of a straight-alpha color (nil for grays).
    static func hue(_ r: Int, _ g: Int, _ b: Int) -> Double? {
        let mx = max(r, g, b), mn = min(r, g, b)
        guard mx - mn > 40 else { return nil }
        let d = Double(mx - mn)
        var h: Double
        if mx == r { h = Double(g - b) / d } else if mx == g { h = 2 + Double(b - r) / d } else { h = 4 + Double(r - g) / d }
        h *= 60
        return h < 0 ? h + 360 : h
    }

    /// Of the opaque-enough pixels in `box` (device pixels), the share
    /// whose hue is yellow to orange (30...65 degrees), and their count.
    static func yellowShare(_ buffer: PixelBuffer, x0: Int = 0, y0: Int = 0, x1: Int? = nil, y1: Int? = nil)
        -> (share: Double, ink: Int) {
        var ink = 0, yellow = 0
        for y in y0..<(y1 ?? buffer.height) {
            for x in x0..<(x1 ?? buffer.width) {
                let p = buffer.straight(x: x, y: y)
                guard p.a > 200 else { continue }
                // Over white, as a viewer shows it (pdftoppm's pages are opaque).
                guard let h = hue(Int(p.r), Int(p.g), Int(p.b)) else { continue }
                ink += 1
                if (30...65).contains(h) { yellow += 1 }
            }
        }
        return (ink == 0 ? 0 : Double(yellow) / Double(ink), ink)
    }

    static let face = """
        local c = cell.canvas(40, 30)
        c:set_fill("FILL")
        c:text("😀", 8, 4)
        return c
        """

    /// 😀 at 17 pt: its colored pixels are mostly yellow (a box or a
    /// black-and-white glyph has none), whatever the fill color.
    @Test func anEmojiDrawsInItsColorsWhateverTheFill() throws {
        let red = try Fidelity.render(Self.face.replacingOccurrences(of: "FILL", with: "#d00"))
        let blue = try Fidelity.render(Self.face.replacingOccurrences(of: "FILL", with: "#00d"))
        let (share, ink) = Self.yellowShare(red.buffer)
        #expect(ink > 300 && share > 0.7, "\(ink) colored pixels, \(share) yellow")
        let same = (0..<red.buffer.byteCount).allSatisfy { red.buffer.data[$0] == blue.buffer.data[$0] }
        #expect(same, "the fill color tinted the emoji")
    }

    /// A text's shadow includes its emoji; alpha applies to them.
    @Test func shadowsAndAlphaIncludeEmoji() throws {
        let canvas = try Fidelity.render("""
            local c = cell.canvas(80, 40)
            c:set_shadow(20, 0, 0, "#000")
            c:text("😀", 4, 4, {font = cell.font("Helvetica", 20)})
            c:set_shadow(nil)
            c:set_alpha(0.5)
            c:text("😀", 50, 4, {font = cell.font("Helvetica", 20)})
            return c
            """)
        // Scale 2: the emoji from x 8 to 58 device pixels, its shadow 40 to the right.
        let shadow = canvas.buffer.straight(x: 2 * 4 + 40 + 25, y: 2 * 4 + 25)
        #expect(shadow.a > 200 && shadow.r < 40, "no shadow: \(shadow)")
        let half = canvas.buffer.straight(x: 2 * 50 + 25, y: 2 * 4 + 25)
        #expect(half.a > 100 && half.a < 150, "alpha not applied: \(half)")
    }

    /// Pillow draws the strike with FreeType too (ImageFont with
    /// embedded_color at 109 pixels, over white); celllua at 109 points and
    /// one pixel per point, its baseline on a whole pixel, copies the same
    /// pixels; at a quarter of that (27.25 points) its area average equals
    /// Pillow's box reduction by 4 (Image.reduce).
    @Test func matchesPillowAtTheStrikeAndShrunk() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("celllua-emoji-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let python = """
            from PIL import Image, ImageDraw, ImageFont
            f = ImageFont.truetype("\(Self.noto)", 109)
            im = Image.new("RGB", (136, 128), (255, 255, 255))
            ImageDraw.Draw(im).text((0, 101), "\\U0001F600", font=f, embedded_color=True, anchor="ls")
            im.save("full.png")
            im.reduce(4).save("quarter.png")
            """
        let run = try ExternalTool.run("/usr/bin/python3", ["-c", python], in: dir, package: "python3-pil")
        #expect(run.status == 0, "\(run.stderr)")
        for (name, size, w, h) in [("full", 109.0, 136, 128), ("quarter", 27.25, 34, 32)] {
            let expected = try ImageDecoder.decode([UInt8](FileManager.default.contents(atPath: dir + "/\(name).png") ?? Data()))
            // The baseline at 101 / 4^k: the line's top is that minus the font's ascent.
            let canvas = try Fidelity.render("""
                local f = cell.font("\(Self.noto)", \(size))
                local c = cell.canvas(\(w), \(h), {scale = 1, background = "#fff"})
                c:text("😀", 0, \(101 * size / 109) - f.ascent, {font = f})
                return c
                """)
            #expect(expected.width == w && expected.height == h && canvas.buffer.width == w && canvas.buffer.height == h)
            guard let d = ImageComparison.compare(canvas.buffer, expected, tolerance: 2) else { continue }
            // Rounding apart (FreeType's premultiplied bytes over white).
            #expect(d.maxChannel <= 2 && d.mean < 0.1, "\(name): \(d)")
            if d.maxChannel > 2 {
                Fidelity.keepFailure(name: "emoji-pillow-\(name)", rendered: canvas.buffer, expected: expected,
                                     document: [], ext: "png")
            }
        }
    }

    static let line = """
        local c = cell.canvas(220, 40)
        c:set_fill("#335")
        c:text("Signal 📶 😀 👨‍👩‍👧 🇯🇵 😀", 6, 10)
        return c
        """

    /// SVG (librsvg) and PDF (poppler) show the emoji in their colors, as
    /// the canvas does; each distinct glyph's image is embedded once
    /// (`<use>` again in SVG, one image object in PDF).
    @Test func svgAndPDFShowEmojiInColor() throws {
        let canvas = try Fidelity.render(Self.line)
        let w = canvas.buffer.width, h = canvas.buffer.height
        let own = Self.yellowShare(canvas.buffer, x0: 2 * 60)
        #expect(own.ink > 1000)
        let svg = try SVGWriter.svg(of: canvas)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.components(separatedBy: "<image").count - 1 == 4, "📶 😀 👨‍👩‍👧 🇯🇵: one image each")
        #expect(text.components(separatedBy: "data:image/png").count - 1 == 4)
        #expect(text.components(separatedBy: "<use").count - 1 == 1, "the second 😀 reuses the first")
        let (fromSVG, svgErrors) = try Fidelity.rasterizeSVG(svg, width: w, height: h)
        #expect(svgErrors.isEmpty, "\(svgErrors)")
        let pdf = try PDFWriter.pdf(of: canvas)
        // Through poppler's cairo output: Splash (pdftoppm) rounds an
        // image's box out to whole pixels (the emoji there come out up to a
        // pixel larger and shifted: 23 dB), checked for colors below.
        let (fromPDF, _) = try Fidelity.rasterizePDFWithCairo(pdf, width: w, height: h)
        let (fromSplash, _) = try Fidelity.rasterizePDF(pdf, width: w, height: h)
        let splash = Self.yellowShare(fromSplash, x0: 2 * 60)
        #expect(abs(Double(splash.ink - own.ink)) < 0.2 * Double(own.ink) && abs(splash.share - own.share) < 0.05,
                "pdftoppm: \(splash) vs \(own)")
        let pdfText = String(decoding: pdf, as: UTF8.self)
        // Four images, each with its alpha as a soft mask: eight image objects.
        #expect(pdfText.components(separatedBy: "/Subtype /Image").count - 1 == 8)
        #expect(pdfText.components(separatedBy: "/SMask").count - 1 == 4)
        for (name, rendered, ext, document) in [("svg", fromSVG, "svg", svg), ("pdf", fromPDF, "pdf", pdf)] {
            let score = Fidelity.score(rendered, canvas.buffer)
            let share = Self.yellowShare(rendered, x0: 2 * 60)
            #expect(score.psnr >= 30 && score.offFraction <= 0.02, "\(name): \(score)")
            #expect(abs(Double(share.ink - own.ink)) < 0.1 * Double(own.ink) && abs(share.share - own.share) < 0.05,
                    "\(name): \(share) vs \(own)")
            if score.psnr < 30 {
                Fidelity.keepFailure(name: "emoji-line", rendered: rendered, expected: canvas.buffer, document: document, ext: ext)
            }
        }
    }

    /// `--svg-text text`: the words stay text, the emoji images (a viewer's
    /// own emoji font would draw other pictures, or none).
    @Test func svgTextModeKeepsEmojiAsImages() throws {
        let canvas = try Fidelity.render(Self.line)
        let text = String(decoding: try SVGWriter.svg(of: canvas, text: .text), as: UTF8.self)
        #expect(text.contains(">Signal </text>") || text.contains(">Signal"), "\(text.prefix(2000))")
        #expect(!text.contains("😀") && !text.contains("📶"))
        #expect(text.components(separatedBy: "<image").count - 1 == 4)
    }

    /// 2000 points: the strike enlarged, drawn in well under a second.
    @Test func aHugeEmojiDrawsQuickly() throws {
        let start = ContinuousClock.now
        let canvas = try Fidelity.render("""
            local c = cell.canvas(2600, 2400, {scale = 1})
            c:text("😀", 0, 0, {font = cell.font("Helvetica", 2000)})
            return c
            """)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(5), "\(elapsed)")
        let (share, ink) = Self.yellowShare(canvas.buffer, x0: 800, y0: 500, x1: 1600, y1: 1100)
        #expect(ink > 100_000 && share > 0.5, "\(ink) \(share)")
    }
}
