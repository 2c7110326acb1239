import CellLua
import CellText
import Foundation
import Testing

/// `tracking`, `line_height`, `features` and `variations` in `c:text`,
/// `c:text_in_rect`, `font:measure` and `font:path`: what is measured is
/// what is drawn, outlines match the drawing, and every bad input is an
/// argument error naming the option. Fonts: DejaVu Sans and Inter, from
/// Debian's packages (scripts/setup).
@Suite struct TypographyAPITests {
    static let setup = """
        local dv = cell.font("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 17)
        local inter = cell.font("/usr/share/fonts/truetype/inter-vf/Inter.var.ttf", 20)
        """

    func numbers(_ code: String) throws -> [Double] {
        try values(Self.setup + code).map { try #require(Double($0), "not a number: \($0)") }
    }

    /// The size the text calls return is `font:measure`'s with the same
    /// options, for each option alone and together.
    @Test func measuredIsDrawn() throws {
        let n = try numbers("""
            local c = cell.canvas(300, 200)
            local out = {}
            for _, o in ipairs {
              {}, {tracking = 2.5}, {tracking = -1}, {line_height = 30}, {line_height = "1.5x"},
              {features = {kern = false}}, {features = {"tnum", liga = false}},
              {tracking = 1, line_height = "2x", features = {"tnum"}, variations = {wght = 700}} } do
              local f = o.variations and inter or dv
              o.font = f
              local w, h = c:text("AVAV 1111\\nfi Wave", 5, 5, o)
              local mo = {}
              for k, v in pairs(o) do if k ~= "font" then mo[k] = v end end
              local mw, mh = f:measure("AVAV 1111\\nfi Wave", mo)
              out[#out + 1] = w - mw
              out[#out + 1] = h - mh
              local rw, rh = c:text_in_rect("AVAV 1111\\nfi Wave", 5, 5, 300, 200, o)
              out[#out + 1] = rw - mw
              out[#out + 1] = rh - mh
            end
            return table.unpack(out)
            """)
        #expect(n.count == 32)
        #expect(n.allSatisfy { $0 == 0 }, "\(n)")
        let sizes = try numbers("""
            local w0, h0 = dv:measure("Hello\\nWorld")
            local w1, h1 = dv:measure("Hello\\nWorld", {tracking = 3, line_height = 25})
            local _, h2 = dv:measure("Hello\\nWorld", {line_height = "1.5x"})
            return w1 - w0, h1, h2 - 2 * 1.5 * dv.line_height
            """)
        #expect(sizes == [15, 50, 0], "5 characters x 3; 2 lines x 25")
    }

    /// `font:path` with the options is what `c:text` draws with them: the
    /// same pixels within anti-aliasing's rounding (the text is drawn from
    /// cached glyph masks, the path as one fill), and tracking moves the
    /// last glyph's outline by (n - 1) x tracking.
    @Test func pathFollowsTheOptions() throws {
        let out = try numbers("""
            local opts = {tracking = 1.5, features = {"tnum", kern = false}, variations = {wght = 650}}
            local function draw(as_path)
              local c = cell.canvas(260, 40, {background = "white"})
              c:set_fill("black")
              if as_path then c:fill(inter:path("Hamburg 1:2", 8, 8, opts))
              else c:text("Hamburg 1:2", 8, 8, {font = inter, tracking = 1.5, features = opts.features, variations = opts.variations}) end
              return c
            end
            local a, b = draw(true), draw(false)
            local worst, ink1, ink2 = 0, 0, 0
            for y = 0, 79 do for x = 0, 519 do
              local r1 = a:pixel(x, y) local r2 = b:pixel(x, y)
              worst = math.max(worst, math.abs(r1 - r2))
              ink1, ink2 = ink1 + 255 - r1, ink2 + 255 - r2
            end end
            local x0, _, w0 = dv:path("ABC", 0, 0):bounds()
            local x1, _, w1 = dv:path("ABC", 0, 0, {tracking = 4}):bounds()
            local _, _, wl = inter:path("Hamburg", 0, 0):bounds()
            local _, _, wb = inter:path("Hamburg", 0, 0, {variations = {wght = 800}}):bounds()
            return worst, math.abs(ink1 - ink2) / ink2, x1 - x0, w1 - w0, wb - wl
            """)
        #expect(out[0] <= 64, "worst difference \(out[0])")
        #expect(out[1] < 0.005, "ink differs by \(out[1] * 100)%")
        #expect(abs(out[2]) < 1e-9 && abs(out[3] - 8) < 1e-9, "\(out)")
        #expect(out[4] > 3, "bolder outlines are wider: \(out[4])")
    }

    /// The second line's baseline moves by the line height exactly: the
    /// ink of "H" on line 2 lies that far below line 1's.
    @Test func lineHeightPlacesLines() throws {
        let n = try numbers("""
            local function top(o)
              local c = cell.canvas(40, 200, {scale = 1})
              o.font = dv
              o.color = "black"
              c:text("H\\nH", 0, 0, o)
              local rows = {}
              for y = 0, 199 do
                local _, _, _, a = c:pixel(10, y)
                if a > 128 and (#rows == 0 or rows[#rows].last ~= y - 1) then rows[#rows + 1] = {first = y, last = y}
                elseif a > 128 then rows[#rows].last = y end
              end
              return rows[2].first - rows[1].first
            end
            return top({}), top({line_height = 40}), top({line_height = "2x"}), dv.line_height
            """)
        #expect(abs(n[0] - n[3]) <= 1)
        #expect(n[1] == 40)
        #expect(abs(n[2] - 2 * n[3]) <= 1)
    }

    /// SVG's text mode carries the options (letter-spacing, font-feature-settings,
    /// font-variation-settings) and outline mode needs none.
    @Test func svgTextModeCarriesTheOptions() throws {
        let svg = try values(Self.setup + """
            local c = cell.canvas(300, 120)
            c:text("Tracked", 5, 5, {font = dv, tracking = 2})
            c:text("1234", 5, 35, {font = inter, features = {"tnum", kern = false, salt = 2}})
            c:text("Bold", 5, 65, {font = inter, variations = {wght = 700}})
            c:text_in_rect("Spaced\\nlines", 150, 5, 140, 100, {font = dv, line_height = 30})
            return c:svg{text = "text"}, c:svg()
            """)
        let text = svg[0], outline = svg[1]
        #expect(text.contains("letter-spacing=\"2\""), "\(text)")
        #expect(text.contains("style=\"font-feature-settings: 'kern' 0, 'salt' 2, 'tnum'\""), "\(text)")
        #expect(text.contains("font-weight=\"700\" style=\"font-variation-settings: 'wght' 700\""), "\(text)")
        #expect(text.contains(">Tracked</text>") && text.contains(">1234</text>") && text.contains(">Bold</text>"))
        // The two lines' baselines 30 apart, the first half the extra space down.
        let ys = text.components(separatedBy: "<text ").dropFirst().compactMap { el -> Double? in
            guard el.contains(">Spaced<") || el.contains(">lines<"),
                  let r = el.range(of: " y=\"") else { return nil }
            return Double(el[r.upperBound...].prefix { $0 != "\"" })
        }
        #expect(ys.count == 2 && abs(ys[1] - ys[0] - 30) < 0.002, "\(ys)")
        #expect(!outline.contains("<text"))
    }

    /// Each bad input is an argument error naming the option and why.
    @Test(arguments: [
        ("c:text('x', 0, 0, {tracking = 'wide'})", "bad argument #4 to 'text' (option 'tracking': number expected, got string)"),
        ("c:text('x', 0, 0, {tracking = 0/0})", "bad argument #4 to 'text' (option 'tracking': finite number expected, got nan)"),
        ("c:text('x', 0, 0, {tracking = math.huge})", "(option 'tracking': finite number expected, got inf)"),
        ("c:text('x', 0, 0, {line_height = 'tall'})", "(option 'line_height': number or \"<n>x\" expected, got 'tall')"),
        ("c:text('x', 0, 0, {line_height = -2})", "(option 'line_height': number greater than 0 expected, got -2)"),
        ("c:text('x', 0, 0, {line_height = '0x'})", "(option 'line_height': multiple greater than 0 expected, got '0x')"),
        ("c:text('x', 0, 0, {line_height = 'nanx'})", "(option 'line_height': multiple greater than 0 expected, got 'nanx')"),
        ("c:text('x', 0, 0, {line_height = {}})", "(option 'line_height': number or \"<n>x\" expected, got table)"),
        ("c:text('x', 0, 0, {features = 'tnum'})", "(option 'features': table expected, got string)"),
        ("c:text('x', 0, 0, {features = {'tnm'}})", "(option 'features': feature tag must be 4 characters of printable ASCII, got 'tnm')"),
        ("c:text('x', 0, 0, {features = {kerning = false}})", "(option 'features': feature tag must be 4 characters of printable ASCII, got 'kerning')"),
        ("c:text('x', 0, 0, {features = {kern = 'off'}})", "(option 'features': feature 'kern': boolean or integer expected, got string)"),
        ("c:text('x', 0, 0, {features = {salt = -1}})", "(option 'features': feature 'salt': integer 0...65535 expected, got -1)"),
        ("c:text('x', 0, 0, {features = {salt = 1.5}})", "(option 'features': feature 'salt': integer 0...65535 expected, got 1.5)"),
        ("c:text('x', 0, 0, {features = {1}})", "(option 'features': feature tag (string) expected at [1], got number)"),
        ("c:text('x', 0, 0, {features = {'liga', liga = false}})", "(option 'features': feature 'liga' given twice)"),
        ("c:text('x', 0, 0, {font = dv, variations = {wght = 700}})", "(option 'variations': DejaVu Sans is not a variable font (it has no variation axes))"),
        ("c:text('x', 0, 0, {font = inter, variations = {wdth = 80}})", "(option 'variations': Inter has no axis 'wdth' (Inter has wght, slnt))"),
        ("c:text('x', 0, 0, {font = inter, variations = {wght = 0/0}})", "(option 'variations': axis 'wght': finite number expected, got nan)"),
        ("c:text('x', 0, 0, {font = inter, variations = {wght = -math.huge}})", "(option 'variations': axis 'wght': finite number expected, got -inf)"),
        ("c:text('x', 0, 0, {font = inter, variations = {wght = 'bold'}})", "(option 'variations': axis 'wght': number expected, got string)"),
        ("c:text('x', 0, 0, {font = inter, variations = {700}})", "(option 'variations': axis tags (string keys) expected, got number key)"),
        ("c:text('x', 0, 0, {font = inter, variations = {weight = 700}})", "(option 'variations': axis tag must be 4 characters of printable ASCII, got 'weight')"),
        ("c:text_in_rect('x', 0, 0, 9, 9, {tracking = true})", "bad argument #6 to 'text_in_rect' (option 'tracking': number expected, got boolean)"),
        ("dv:measure('x', {tracking = 'a'})", "bad argument #2 to 'measure' (option 'tracking': number expected, got string)"),
        ("dv:measure('x', {align = 'left'})", "bad argument #2 to 'measure' (unknown option 'align'"),
        ("dv:path('x', 0, 0, {variations = {wght = 1}})", "bad argument #4 to 'path' (option 'variations': DejaVu Sans is not a variable font"),
    ])
    func badOptions(code: String, message: String) throws {
        let m = try #require(firstLine(Self.setup + "local c = cell.canvas(20, 20)\n" + code))
        #expect(m.contains(message), "\(m)")
    }

    /// Axis values past the axis are clamped to it (as CSS and Core Text
    /// do): wght = 5000 draws and measures as 900.
    @Test func axisValuesAreClamped() throws {
        let n = try numbers("""
            return inter:measure("Hamburg", {variations = {wght = 5000}}) - inter:measure("Hamburg", {variations = {wght = 900}}),
                   inter:measure("Hamburg", {variations = {wght = -3}}) - inter:measure("Hamburg", {variations = {wght = 100}})
            """)
        #expect(n == [0, 0])
    }
}
