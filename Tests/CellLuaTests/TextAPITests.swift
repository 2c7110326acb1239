import Synchronization
import CellLua
import CellRaster
import CellText
import Foundation
import Testing

/// `cell.font`, `font:measure`, `c:text` and `c:text_in_rect` from Lua:
/// values, drawing through the graphics state, and every kind of bad input.
@Suite struct TextAPITests {
    /// The numbers `code` returns (Lua prints 14 significant digits).
    func numbers(_ code: String) throws -> [Double] {
        try values(code).map { try #require(Double($0), "not a number: \($0)") }
    }

    func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    /// `valign` places the lines' boxes at the top (default), centred or at
    /// the bottom of the rectangle: the ink of one line centred in a 100 pt
    /// box sits around its middle, and moves by (100 - lineHeight) / 2
    /// between top and center and again between center and bottom.
    @Test func verticalAlignmentInARect() throws {
        func inkRows(_ valign: String) throws -> (Double, Double) {
            let out = try values("""
                local c = cell.canvas(60, 100, {scale = 1})
                local f = cell.font("Helvetica", 20)
                c:text_in_rect("Hg", 0, 0, 60, 100, {font = f, color = "black"\(valign.isEmpty ? "" : ", valign = '\(valign)'")})
                local top, bottom = nil, nil
                for y = 0, 99 do
                  for x = 0, 59 do
                    local _, _, _, a = c:pixel(x, y)
                    if a > 0 then top = top or y; bottom = y break end
                  end
                end
                return top, bottom, f.line_height
                """)
            let top = try #require(Double(out[0])), bottom = try #require(Double(out[1]))
            return (top, bottom)
        }
        let (t0, b0) = try inkRows("")
        let (t1, b1) = try inkRows("top")
        let (t2, b2) = try inkRows("center")
        let (t3, b3) = try inkRows("bottom")
        #expect(t0 == t1 && b0 == b1, "top is the default")
        let lineHeight = try #require(Double(try values("return cell.font('Helvetica', 20).line_height")[0]))
        let step = (100 - lineHeight) / 2
        #expect(abs((t2 - t1) - step) <= 1 && abs((b2 - b1) - step) <= 1, "center: \(t2) \(b2), top: \(t1) \(b1)")
        #expect(abs((t3 - t2) - step) <= 1 && abs((b3 - b2) - step) <= 1, "bottom: \(t3) \(b3)")
        #expect(firstLine("cell.canvas(10, 10):text_in_rect('x', 0, 0, 10, 10, {valign = 'middle'})")?
            .contains("invalid option 'middle'") == true)
    }

    @Test func fontFields() throws {
        // Whatever face Helvetica-Bold resolves to on this machine, the Lua
        // fields are that face's; the numbers are checked on Nimbus Sans
        // Bold by its file (what it resolves to with scripts/setup's fonts).
        let font = try Font(named: "Helvetica-Bold", size: 13)
        #expect(close(try numbers("local f = cell.font('Helvetica-Bold', 13) return f.size, f.ascent, f.descent, f.leading, f.line_height"),
                      [13, font.ascent, font.descent, font.leading, font.lineHeight]))
        let nimbus = try Font(named: "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf", size: 13)
        #expect(close([nimbus.ascent, nimbus.descent, nimbus.leading, nimbus.lineHeight], [12.077, 3.523, 2.6, 15.6]))
        #expect(close(try numbers("local f = cell.font('Helvetica-Bold', 13) return f.cap_height, f.x_height"), [font.capHeight, font.xHeight]))
        #expect(try values("""
            local f = cell.font('Helvetica-Bold', 13)
            return f.name, f.family, f.style, f.file, tostring(f)
            """) == ["Helvetica-Bold", font.face.familyName, "Bold", font.face.path,
                     "Font(Helvetica-Bold 13 pt: \(font.face.postScriptName))"])
        #expect(try values("""
            local f = cell.font('/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf', 13)
            return f.family, f.style, tostring(f)
            """) == ["Nimbus Sans", "Bold", "Font(/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf 13 pt: NimbusSans-Bold)"])
        #expect(try values("return cell.font('Helvetica', 12) == cell.font('Helvetica', 12), cell.font('Helvetica', 12) == cell.font('Helvetica', 13), cell.font('Helvetica', 12).nope")
                == ["true", "false", "nil"])
    }

    @Test func measureIsSizeWithFont() throws {
        let font = try Font(named: "Helvetica-Bold", size: 13)
        let (w, h) = font.measure("42")
        #expect(close(try numbers("return cell.font('Helvetica-Bold', 13):measure('42')"), [w, h]))
        #expect(try values("return cell.font('Helvetica', 17):measure('')") == ["0", "0"])
        let number = try values("return cell.font('Helvetica', 10):measure(12)")
        #expect(try values("return cell.font('Helvetica', 10):measure('12')") == number)
        // Kerning is visible from Lua too.
        #expect(try values("""
            local f = cell.font('Helvetica', 40)
            return f:measure('AV') < f:measure('A') + f:measure('V')
            """) == ["true"])
    }

    @Test func textReturnsItsSizeAndDefaultsToHelvetica17() throws {
        let font = try Font(named: "Helvetica", size: 17)
        let (w, h) = font.measure("Hello\nWorld!")
        #expect(close(try numbers("return cell.canvas(100, 50):text('Hello\\nWorld!', 0, 0)"), [w, h]))
        #expect(try values("return cell.canvas(100, 50):text('', 0, 0)") == ["0", "0"])
        #expect(try values("return cell.canvas(100, 50):text_in_rect('', 0, 0, 10, 10)") == ["0", "0"])
        #expect(close(try numbers("return select(2, cell.canvas(100, 50):text_in_rect('a b c d e f g', 0, 0, 10, 1000, {wrap = true}))"),
                      [7 * font.lineHeight]))
    }

    /// Rows of pixels with ink, for placement checks.
    func inkedRows(_ code: String) throws -> [Int] {
        let canvas = try #require(try makeRuntime().run(code: code))
        return (0..<canvas.pixelHeight).filter { y in
            (0..<canvas.pixelWidth).contains { x in canvas.buffer.data[(y * canvas.pixelWidth + x) * 4 + 3] > 0 }
        }
    }

    @Test func textDrawsOnItsBaseline() throws {
        let font = try Font(named: "Helvetica", size: 20)
        let rows = try inkedRows("local c = cell.canvas(60, 40, {scale = 1}) c:text('H', 5, 10, {font = cell.font('Helvetica', 20)}) return c")
        // Glyphs are placed at the nearest quarter pixel (GlyphMaskCache).
        let baseline = ((10 + font.ascent) * 4).rounded() / 4
        #expect(rows.last == Int(baseline.rounded(.up)) - 1, "H sits on the baseline \(baseline): \(rows)")
        let h = try #require(font.face.glyph(for: "H").flatMap { font.face.outline(of: $0).bounds })
        #expect(rows.first == Int((baseline - h.maxY * font.scale).rounded(.down)), "the top of H: \(rows)")
    }

    @Test func textUsesTheGraphicsState() throws {
        let code = """
            local c = cell.canvas(100, 30, {scale = 1})
            local f = cell.font('Helvetica-Bold', 30)
            c:set_fill('#0000FF')
            c:text('I', 2, 0, {font = f})                           -- fill paint
            c:text('I', 20, 0, {font = f, color = '#FF0000'})       -- color option
            c:set_alpha(0.5)
            c:text('I', 40, 0, {font = f})                          -- alpha
            c:set_alpha(1)
            c:save() c:clip_rect(0, 0, 62, 30)
            c:text('I', 60, 0, {font = f})                          -- clipped away
            c:restore()
            c:text('I', 80, 0, {font = f})                          -- fill paint still blue
            local function at(x) return table.concat({c:pixel(x, 15)}, ',') end
            return at(5), at(23), at(43), at(64), at(83)
            """
        #expect(try values(code) == ["0,0,255,255", "255,0,0,255", "0,0,255,128", "0,0,0,0", "0,0,255,255"])
    }

    /// The badge seed's knockout: text drawn with the `clear` blend mode in a
    /// layer clears the layer's pixels under the glyphs, so what lies below
    /// the layer shows through them.
    @Test func clearBlendKnocksTextOut() throws {
        let code = """
            local c = cell.canvas(60, 40, {scale = 1, background = '#00FF00'})
            local f = cell.font('Helvetica-Bold', 36)
            c:begin_layer()
            c:set_fill('#FF0000')
            c:fill_rect(0, 0, 60, 40)
            c:set_blend('clear')
            c:text('I', 10, 0, {font = f})
            c:end_layer()
            local stem = 10 + 0.08 * 36 + 2  -- inside the I's stem
            local function at(x, y) return table.concat({c:pixel(x, y)}, ',') end
            -- without a layer the same text punches through to transparent
            local d = cell.canvas(60, 40, {scale = 1, background = '#FF0000'})
            d:set_blend('clear')
            d:text('I', 10, 0, {font = f})
            return at(math.floor(stem), 20), at(40, 20), table.concat({d:pixel(math.floor(stem), 20)}, ',')
            """
        #expect(try values(code) == ["0,255,0,255", "255,0,0,255", "0,0,0,0"])
    }

    @Test func textCastsShadowsAndTakesGradients() throws {
        let code = """
            local c = cell.canvas(80, 60, {scale = 1, background = 'white'})
            local f = cell.font('Helvetica-Bold', 40)
            c:set_shadow(0, 20, 0, '#0000FF')
            c:text('I', 10, -28, {font = f, color = 'black'})   -- glyph mostly above the canvas
            c:set_shadow(nil)
            local g = cell.gradient({{0, '#FF0000'}, {1, '#0000FF'}})
            c:set_fill(cell.linear(g, 40, 0, 60, 0))
            c:text('II', 40, 0, {font = f})
            local function at(x, y) return table.concat({c:pixel(x, y)}, ',') end
            return at(14, 1), at(14, 15), at(44, 20), at(57, 20)
            """
        let v = try values(code)
        #expect(v[0] == "0,0,0,255", "the glyph")
        #expect(v[1] == "0,0,255,255", "its shadow, 20 pt down")
        let left = v[2].split(separator: ",").compactMap { Int($0) }, right = v[3].split(separator: ",").compactMap { Int($0) }
        #expect(left[0] > left[2] && right[2] > right[0], "red to blue across the text: \(v)")
    }

    @Test func truncationAndWrapFromLua() throws {
        let font = try Font(named: "Helvetica", size: 14)
        let full = font.measure("A fairly long detail line").width
        #expect(try values("""
            local c = cell.canvas(300, 100)
            local f = cell.font('Helvetica', 14)
            local w1 = c:text_in_rect('A fairly long detail line', 0, 0, 60, 18, {font = f})
            local w2 = c:text_in_rect('A fairly long detail line', 0, 0, 60, 18, {font = f, truncate = 'clip'})
            local w3, h3 = c:text_in_rect('A fairly long detail line', 0, 0, 60, 100, {font = f, wrap = true})
            return w1 <= 60, math.abs(w2 - f:measure('A fairly long detail line')) < 1e-9, w3 <= 60, math.abs(h3 - 3 * f.line_height) < 1e-9
            """) == ["true", "true", "true", "true"])
        #expect(full > 60)
    }

    @Test func fontFilesRelativeToTheScript() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: dir + "/Mine.ttf")
        try "return cell.font('Mine.ttf', 12).family".write(toFile: dir + "/s.lua", atomically: true, encoding: .utf8)
        let runtime = makeRuntime()
        _ = try runtime.run(scriptAt: dir + "/s.lua")
        #expect(runtime.loadedFiles.contains(LuaRuntime.absolutePath(dir + "/Mine.ttf")), "--watch sees the font file")
        try "cell.font('Missing.ttf', 12)".write(toFile: dir + "/m.lua", atomically: true, encoding: .utf8)
        let missing = makeRuntime()
        #expect(throws: (any Error).self) { try missing.run(scriptAt: dir + "/m.lua") }
        #expect(missing.loadedFiles.contains(LuaRuntime.absolutePath(dir + "/Missing.ttf")), "a font that appears later re-renders")
    }

    @Test func badFontArguments() throws {
        #expect(firstLine("cell.font()") == "test.lua:1: bad argument #1 to 'font' (string expected, got no value)")
        #expect(firstLine("cell.font(12, 12)") == "test.lua:1: bad argument #1 to 'font' (string expected, got number)")
        #expect(firstLine("cell.font('Helvetica')") == "test.lua:1: bad argument #2 to 'font' (number expected, got no value)")
        #expect(firstLine("cell.font('Helvetica', 0)") == "test.lua:1: bad argument #2 to 'font' (font size must be greater than 0 and at most 4096, got 0)")
        #expect(firstLine("cell.font('Helvetica', -3)") == "test.lua:1: bad argument #2 to 'font' (font size must be greater than 0 and at most 4096, got -3)")
        #expect(firstLine("cell.font('Helvetica', 10000)") == "test.lua:1: bad argument #2 to 'font' (font size must be greater than 0 and at most 4096, got 10000)")
        #expect(firstLine("cell.font('Helvetica', 0/0)") == "test.lua:1: bad argument #2 to 'font' (finite number expected, got nan)")
        #expect(firstLine("cell.font('Helvetica', 1/0)") == "test.lua:1: bad argument #2 to 'font' (finite number expected, got inf)")
        // fontconfig's closest match is whatever font is installed: not asserted.
        let unknown = firstLine("cell.font('Nonexistent Grotesk', 12)") ?? ""
        #expect(unknown.hasPrefix("test.lua:1: bad argument #1 to 'font' (no installed font is named 'Nonexistent Grotesk'; fontconfig's closest match, "), "\(unknown)")
        #expect(unknown.hasSuffix(", is another family (fc-list lists the installed fonts))"), "\(unknown)")
        #expect(firstLine("cell.font('Helvetica-Light', 12)") == "test.lua:1: bad argument #1 to 'font' (no installed font is named 'Helvetica-Light': Nimbus Sans has no light face (closest: Nimbus Sans Regular))")
        #expect(firstLine("cell.font('/nonexistent/x.ttf', 12)") == "test.lua:1: bad argument #1 to 'font' (cannot open font file '/nonexistent/x.ttf': no such file)")
        #expect(firstLine("cell.font('/usr/share/fonts', 12)") == "test.lua:1: bad argument #1 to 'font' (cannot open font file '/usr/share/fonts': it is a directory)")
        let notFont = NSTemporaryDirectory() + "celllua-\(UUID().uuidString).otf"
        try Data(repeating: 0x41, count: 5000).write(to: URL(fileURLWithPath: notFont))
        defer { try? FileManager.default.removeItem(atPath: notFont) }
        #expect(firstLine("cell.font('\(notFont)', 12)") == "test.lua:1: bad argument #1 to 'font' (cannot read '\(notFont)' as a font: unknown file format)")
        #expect(firstLine("cell.font('/usr/share/fonts/type1/urw-base35/NimbusSans-Bold.t1', 12)") == "test.lua:1: bad argument #1 to 'font' ('/usr/share/fonts/type1/urw-base35/NimbusSans-Bold.t1' is a Type 1 font; celllua draws TrueType and OpenType fonts only)")
        #expect(firstLine("local f = cell.font('Helvetica', 12) f.measure(nil, 'x')") == "test.lua:1: bad argument #1 to 'measure' (Font expected, got nil)")
        #expect(firstLine("cell.font('Helvetica', 12):measure()") == "test.lua:1: bad argument #1 to 'measure' (string expected, got no value)")
    }

    @Test func badTextArguments() {
        let c = "local c = cell.canvas(50, 50) "
        #expect(firstLine(c + "c:text()") == "test.lua:1: bad argument #1 to 'text' (string expected, got no value)")
        #expect(firstLine(c + "c:text('a', 0)") == "test.lua:1: bad argument #3 to 'text' (number expected, got no value)")
        #expect(firstLine(c + "c:text('a', 0/0, 0)") == "test.lua:1: bad argument #2 to 'text' (finite number expected, got nan)")
        #expect(firstLine(c + "c:text('ab\\xff', 0, 0)") == "test.lua:1: bad argument #1 to 'text' (invalid UTF-8 at byte 3)")
        #expect(firstLine(c + "c:text('\\xc3', 0, 0)") == "test.lua:1: bad argument #1 to 'text' (invalid UTF-8 at byte 1)")
        #expect(firstLine(c + "cell.font('Helvetica', 9):measure('\\xed\\xa0\\x80')") == "test.lua:1: bad argument #1 to 'measure' (invalid UTF-8 at byte 1)")
        #expect(firstLine(c + "c:text('a', 0, 0, {wrap = true})") == "test.lua:1: bad argument #4 to 'text' (unknown option 'wrap' (expected font, color, align, tracking, line_height, features, variations))")
        #expect(firstLine(c + "c:text('a', 0, 0, {align = 'middle'})") == "test.lua:1: bad argument #4 to 'text' (option 'align': invalid option 'middle' (expected one of: left, center, right))")
        #expect(firstLine(c + "c:text('a', 0, 0, {font = 'Helvetica'})") == "test.lua:1: bad argument #4 to 'text' (option 'font': Font expected, got string)")
        #expect(firstLine(c + "c:text('a', 0, 0, {color = 'nope'})")?.hasPrefix("test.lua:1: bad argument #4 to 'text' (option 'color': invalid color 'nope'") == true)
        #expect(firstLine(c + "c:text('a', 0, 0, 5)") == "test.lua:1: bad argument #4 to 'text' (table expected, got number)")
        #expect(firstLine(c + "c:text_in_rect('a', 0, 0, -1, 5)") == "test.lua:1: bad argument #4 to 'text_in_rect' (width must not be negative, got -1.0)")
        #expect(firstLine(c + "c:text_in_rect('a', 0, 0, 5, -2)") == "test.lua:1: bad argument #5 to 'text_in_rect' (height must not be negative, got -2.0)")
        #expect(firstLine(c + "c:text_in_rect('a', 0, 0, 5, 5, {truncate = 'end'})") == "test.lua:1: bad argument #6 to 'text_in_rect' (option 'truncate': invalid option 'end' (expected one of: tail, head, middle, clip))")
        #expect(firstLine(c + "c:text_in_rect('a', 0, 0, 5, 5, {wrap = 1})") == "test.lua:1: bad argument #6 to 'text_in_rect' (option 'wrap': boolean expected, got number)")
        #expect(firstLine(c + "c:text_in_rect('a', 0, 0, 5, 5, {Wrap = true})") == "test.lua:1: bad argument #6 to 'text_in_rect' (unknown option 'Wrap' (expected font, color, align, truncate, wrap, valign, tracking, line_height, features, variations))")
    }

    /// Odd input that must draw (or not) without trouble.
    @Test func oddInputDrawsOrNot() throws {
        let code = """
            local c = cell.canvas(100, 100, {scale = 1})
            local huge = cell.font('Helvetica', 4096)
            c:text('W', -2000, -2000, {font = huge})
            c:text(string.rep('long line ', 20000), 0, 0)
            c:text_in_rect(string.rep('word ', 20000), 0, 0, 50, 100, {wrap = true})
            c:text_in_rect('abc', 0, 0, 0, 0)
            c:text_in_rect('a b c\\nd', 0, 0, 1e300, 1e300, {wrap = true})
            c:text_in_rect('a b c\\nd', -1e300, -1e300, 1e308, 1e308)
            c:text('日本語 ก \\u{2713} e\\u{301} \\0 \\t tab', 0, 50)
            c:text('x', 1e12, 1e12)
            c:scale(0, 0) c:text('x', 0, 0)
            return c
            """
        #expect(try makeRuntime().run(code: code) != nil)
    }

    /// Variants render in parallel threads, each with its own Lua state, all
    /// sharing font faces: the same script gives the same pixels on each.
    @Test func parallelRunsAgree() throws {
        let code = """
            local c = cell.canvas(200, 60, {background = 'white'})
            c:text_in_rect('Parallel text: \\u{2713} é 日本 AVAWAY', 4, 4, 190, 50, {font = cell.font('Helvetica-BoldOblique', 15), wrap = true})
            return c
            """
        let reference = try #require(try makeRuntime().run(code: code))
        let expected = Array(UnsafeBufferPointer(start: reference.buffer.data, count: reference.buffer.byteCount))
        let results = Mutex<[Bool]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let canvas = try? makeRuntime().run(code: code)
            let same = canvas.map { Array(UnsafeBufferPointer(start: $0.buffer.data, count: $0.buffer.byteCount)) == expected } ?? false
            results.withLock { $0.append(same) }
        }
        #expect(results.withLock { $0 } == Array(repeating: true, count: 8))
    }
}

/// `font:path`: the outlines `c:text` fills, as a Path.
@Suite struct FontPathTests {
    /// Filling the path gives what `c:text` draws, centred text included.
    /// Not bit for bit: `c:text` takes glyphs from the glyph mask cache,
    /// which places each glyph's origin on a quarter pixel (at most 1/8 px
    /// from the outline's place), so an edge pixel may differ by up to
    /// 1/8 of full coverage per edge, 64 levels for a stem with two edges
    /// in one pixel; the ink in total (the sum of coverage) moves, not
    /// grows, so it stays within 0.5%.
    @Test func fillingThePathIsDrawingTheText() throws {
        let out = try values("""
            local f = cell.font("Helvetica", 19)
            local function draw(as_path, align)
              local c = cell.canvas(160, 40, {background = "white"})
              c:set_fill("black")
              if as_path then c:fill(f:path("Hamburg 1:2", 80, 8, {align = align})) 
              else c:text("Hamburg 1:2", 80, 8, {font = f, align = align}) end
              return c
            end
            local worst, inked, ink1, ink2 = 0, 0, 0, 0
            for _, align in ipairs { "left", "center", "right" } do
              local a, b = draw(true, align), draw(false, align)
              for y = 0, 79 do for x = 0, 319 do
                local r1 = a:pixel(x, y) local r2 = b:pixel(x, y)
                worst = math.max(worst, math.abs(r1 - r2))
                ink1, ink2 = ink1 + 255 - r1, ink2 + 255 - r2
                if r1 < 128 then inked = inked + 1 end
              end end
            end
            local x, y, w, h = f:path("H", 10, 10):bounds()
            return worst, inked, x, y + h, f.ascent, math.abs(ink1 - ink2) / ink2
            """)
        let n = out.compactMap(Double.init)
        #expect(n.count == 6)
        #expect(n[0] <= 64, "worst difference \(n[0])")
        #expect(n[5] < 0.005, "ink differs by \(n[5] * 100)%")
        #expect(n[1] > 1000, "the text was drawn: \(n[1]) dark pixels")
        // "H" sits on the baseline at y + ascent.
        #expect(abs(n[3] - (10 + n[4])) < 0.01 && n[2] > 10 && n[2] < 13, "\(out)")
    }

    @Test func badArguments() {
        #expect(errorMessage("cell.font('Helvetica', 12):path()")?.contains("bad argument #1 to 'path' (string expected, got no value)") == true)
        #expect(errorMessage("cell.font('Helvetica', 12):path('a', 0)")?.contains("bad argument #3 to 'path'") == true)
        #expect(errorMessage("cell.font('Helvetica', 12):path('a', 0, 0, {align = 'middle'})")?.contains("bad argument #4 to 'path'") == true)
        #expect(errorMessage("cell.font('Helvetica', 12):path('a', 0, 0, {font = 1})")?.contains("unknown") == true)
    }
}
