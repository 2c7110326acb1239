import Testing
import CellLua

/// The Path object and the canvas' current path, through Lua.
@Suite struct PathAPITests {
    @Test func constructionChainsAndBounds() throws {
        #expect(try values("local p = cell.path():move_to(1, 2):line_to(11, 2):line_to(11, 7):close() return p:bounds()")
                == ["1", "2", "10", "5"])
        #expect(try values("return cell.path():bounds()") == ["nil"])
        #expect(try values("return cell.path():is_empty(), cell.path():rect(0, 0, 1, 1):is_empty()") == ["true", "false"])
    }

    /// Bounds are the curve's, not its control points' (CGPathGetPathBoundingBox).
    @Test func boundsOfCurvesAndArcs() throws {
        #expect(try values("return cell.path():ellipse(10, 20, 30, 40):bounds()") == ["10", "20", "30", "40"])
        let quad = try values("return cell.path():move_to(0, 0):quad_to(5, 10, 10, 0):bounds()")
        #expect(quad == ["0", "0", "10", "5"])
        // a quarter arc from angle 0 to π/2 around (0, 0), radius 10
        let arc = try values("local x, y, w, h = cell.path():arc(0, 0, 10, 0, math.pi / 2):bounds() return math.floor(x * 1e6 + 0.5), math.floor(y * 1e6 + 0.5), math.floor(w * 1e6 + 0.5), math.floor(h * 1e6 + 0.5)")
        #expect(arc == ["0", "0", "10000000", "10000000"])
    }

    @Test func containsWithBothRules() throws {
        let code = """
            local p = cell.path():rect(0, 0, 10, 10):rect(3, 3, 4, 4)
            return p:contains(5, 5), p:contains(5, 5, 'evenodd'), p:contains(1, 1, 'evenodd'), p:contains(11, 5)
            """
        #expect(try values(code) == ["true", "false", "true", "false"])
        #expect(firstLine("cell.path():contains(0, 0, 'odd')")
                == "test.lua:1: bad argument #3 to 'contains' (invalid option 'odd' (expected one of: nonzero, evenodd))")
    }

    @Test func copyAndTransform() throws {
        let code = """
            local p = cell.path():rect(0, 0, 2, 1)
            local q = p:copy():transform(2, 0, 0, 3, 10, 20)
            local a = {p:bounds()}
            local b = {q:bounds()}
            return a[3], b[1], b[2], b[3], b[4]
            """
        #expect(try values(code) == ["2", "10", "20", "4", "3"])
    }

    /// CG's arc direction: clockwise = false increases the angle, so from 0 to
    /// π/2 passes (r cos π/4, r sin π/4) below the centre (y down).
    @Test func arcDirection() throws {
        let code = """
            local ccw = cell.path():move_to(0, 0):arc(0, 0, 10, 0, math.pi / 2, false):close()
            local cw = cell.path():move_to(0, 0):arc(0, 0, 10, 0, math.pi / 2, true):close()
            return ccw:contains(5, 5), ccw:contains(-5, -5), cw:contains(5, 5), cw:contains(-5, -5)
            """
        #expect(try values(code) == ["true", "false", "false", "true"])
    }

    @Test func currentPathIsConsumedByPainting() throws {
        let code = """
            local c = cell.canvas(10, 10, {scale = 1})
            c:rect(0, 0, 5, 5)
            c:fill()
            c:fill() -- nothing left to fill
            c:set_fill('red')
            c:rect(5, 5, 5, 5)
            c:fill(cell.path():rect(0, 5, 5, 5)) -- a path argument leaves the current path alone
            c:fill()
            local a = select(4, c:pixel(2, 2))
            local r = c:pixel(7, 7)
            local r2 = c:pixel(2, 7)
            return a, r, r2
            """
        #expect(try values(code) == ["255", "255", "255"])
    }

    @Test func fillRectLeavesTheCurrentPath() throws {
        let code = """
            local c = cell.canvas(10, 10, {scale = 1})
            c:rect(0, 0, 2, 2)
            c:fill_rect(5, 5, 2, 2)
            c:stroke_rect(5, 5, 2, 2)
            c:clear_rect(5, 5, 2, 2)
            c:fill()
            return select(4, c:pixel(1, 1)), select(4, c:pixel(6, 6))
            """
        #expect(try values(code) == ["255", "0"])
    }

    @Test func clipsIntersectAndRestore() throws {
        let code = """
            local c = cell.canvas(10, 10, {scale = 1})
            c:save()
            c:clip_rect(0, 0, 6, 10)
            c:clip_rect(4, 0, 6, 10)
            c:fill_rect(0, 0, 10, 10)
            c:restore()
            c:set_fill('red')
            c:fill_rect(0, 9, 1, 1)
            return select(4, c:pixel(3, 0)), select(4, c:pixel(5, 0)), select(4, c:pixel(7, 0)), c:pixel(0, 9)
            """
        #expect(try values(code) == ["0", "255", "0", "255", "0", "0", "255"])
    }
}

/// Hostile geometry: an error naming the argument, or nothing drawn, quickly.
@Suite struct HostileGeometryTests {
    @Test func nonFiniteCoordinatesAreArgumentErrors() {
        #expect(firstLine("cell.path():move_to(0/0, 1)")
                == "test.lua:1: bad argument #1 to 'move_to' (finite number expected, got nan)")
        #expect(firstLine("cell.path():curve_to(1, 2, 3, 4, 5, math.huge)")
                == "test.lua:1: bad argument #6 to 'curve_to' (finite number expected, got inf)")
        #expect(firstLine("cell.canvas(1, 1):translate(-math.huge, 0)")
                == "test.lua:1: bad argument #1 to 'translate' (finite number expected, got -inf)")
    }

    @Test func negativeRadiiAndWidthsAreErrors() {
        #expect(firstLine("cell.path():arc(0, 0, -1, 0, 1)")
                == "test.lua:1: bad argument #3 to 'arc' (radius must not be negative, got -1.0)")
        #expect(firstLine("cell.path():move_to(0, 0):arc_to(1, 0, 1, 1, -2)")
                == "test.lua:1: bad argument #5 to 'arc_to' (radius must not be negative, got -2.0)")
        #expect(firstLine("cell.path():rounded_rect(0, 0, 1, 1, -2)")
                == "test.lua:1: bad argument #5 to 'rounded_rect' (radius must not be negative, got -2.0)")
        #expect(firstLine("cell.canvas(1, 1):set_line_width(-1)")
                == "test.lua:1: bad argument #1 to 'set_line_width' (line width must not be negative, got -1.0)")
        #expect(firstLine("cell.canvas(1, 1):set_dash({1, -1})")?
                .contains("dash lengths must be finite numbers >= 0 (entry 2 is -1.0)") == true)
        #expect(firstLine("cell.canvas(1, 1):set_line_cap('flat')")
                == "test.lua:1: bad argument #1 to 'set_line_cap' (invalid option 'flat' (expected one of: butt, round, square))")
    }

    /// Zero radii, empty paths, zero dash patterns, huge coordinates and a
    /// singular transform all complete and draw nothing or something sane.
    @Test func degenerateInputDrawsNothingOrSomethingSane() throws {
        let code = """
            local c = cell.canvas(20, 20, {scale = 1})
            c:fill(cell.path())
            c:stroke(cell.path())
            c:fill(cell.path():arc(10, 10, 0, 0, math.pi))
            c:stroke(cell.path():move_to(5, 5))
            c:set_dash({0, 0, 0})
            c:stroke(cell.path():move_to(0, 0.5):line_to(20, 0.5))
            c:set_dash(nil)
            c:fill(cell.path():move_to(-1e30, -1e30):line_to(1e30, -1e30):line_to(1e30, 1e30):close())
            c:stroke(cell.path():move_to(-1e30, 5):line_to(1e30, 5))
            c:with(function(c) c:scale(0, 0) c:fill_rect(0, 0, 10, 10) c:stroke_rect(0, 0, 5, 5) end)
            c:with(function(c) c:scale(1e300, 1e300) c:scale(1e300, 1e300) c:fill_rect(0, 0, 1, 1) end)
            -- the huge triangle's diagonal runs through the canvas corner to corner
            return select(4, c:pixel(19, 0)), select(4, c:pixel(0, 19)), select(4, c:pixel(10, 10))
            """
        #expect(try values(code) == ["255", "0", "128"])
    }

    /// (Two million: each vertex's inner join is one point, so a million
    /// fit the budget.)
    @Test func twoMillionTinySegments() throws {
        let code = """
            local c = cell.canvas(100, 100, {scale = 1})
            local p = cell.path():move_to(50, 10)
            for i = 1, 2100000 do
              local a = i / 2100000 * 2 * math.pi
              p:line_to(50 + 40 * math.sin(a), 50 - 40 * math.cos(a))
            end
            c:fill(p)
            local filled = select(4, c:pixel(50, 50))
            -- stroking it needs an outline past the stroker's point budget: a clear error
            c:set_line_width(0.5)
            local ok, err = pcall(function() c:stroke(p) end)
            return filled, ok, err
            """
        #expect(try values(code) == ["255", "false", "(strings):11: stroke too complex: the outline needs more than 4000000 points"])
    }

    @Test func dashPatternsTooFineAreAClearError() throws {
        let message = try #require(firstLine("local c = cell.canvas(10, 10)\nc:set_dash({1e-6, 1e-6})\nc:stroke(cell.path():move_to(0, 0):line_to(1e7, 0))"))
        #expect(message.hasPrefix("test.lua:3: dash pattern too fine"))
    }

    @Test func runawayPathsHitTheSizeGuard() throws {
        let message = try #require(firstLine("local p = cell.path() p:move_to(0, 0) for i = 1, 5e6 do p:line_to(i, 0) end"))
        #expect(message.hasPrefix("test.lua:1: path too large"))
    }
}

/// 1 pt lines on and off pixel boundaries, checked pixel by pixel: the
/// model is Core Graphics' (pixel i spans [i, i+1], no sample offset).
@Suite struct HairlineTests {
    /// Alpha of the pixels in column 10 from `rows`, for a horizontal 1 pt
    /// line at `y` on a canvas of `scale`.
    func column(y: Double, scale: Int, rows: ClosedRange<Int>) throws -> [String] {
        let code = """
            local c = cell.canvas(20, 20, {scale = \(scale)})
            c:stroke(cell.path():move_to(0, \(y)):line_to(20, \(y)))
            local out = {}
            for row = \(rows.lowerBound), \(rows.upperBound) do out[#out + 1] = select(4, c:pixel(10, row)) end
            return table.unpack(out)
            """
        return try values(code)
    }

    @Test func scaleOne() throws {
        #expect(try column(y: 5, scale: 1, rows: 3...6) == ["0", "128", "128", "0"])
        #expect(try column(y: 5.5, scale: 1, rows: 4...6) == ["0", "255", "0"])
        #expect(try column(y: 5.25, scale: 1, rows: 3...6) == ["0", "64", "191", "0"])
    }

    @Test func scaleTwo() throws {
        #expect(try column(y: 5, scale: 2, rows: 8...11) == ["0", "255", "255", "0"])
        #expect(try column(y: 5.5, scale: 2, rows: 9...12) == ["0", "255", "255", "0"])
        #expect(try column(y: 5.25, scale: 2, rows: 8...12) == ["0", "128", "255", "128", "0"])
    }

    @Test func scaleThree() throws {
        #expect(try column(y: 5, scale: 3, rows: 12...17) == ["0", "128", "255", "255", "128", "0"])
        #expect(try column(y: 5.5, scale: 3, rows: 14...18) == ["0", "255", "255", "255", "0"])
    }

    /// Width 0 is one device pixel at any scale.
    @Test func widthZeroIsOneDevicePixel() throws {
        let code = """
            local c = cell.canvas(20, 20, {scale = 3})
            c:set_line_width(0)
            c:stroke(cell.path():move_to(0, 5.5):line_to(20, 5.5))
            return select(4, c:pixel(30, 15)), select(4, c:pixel(30, 16)), select(4, c:pixel(30, 17))
            """
        // y = 5.5 pt is device row 16.5: the 1 px line covers row 16 exactly
        #expect(try values(code) == ["0", "255", "0"])
    }

    /// rect, rounded_rect and ellipse on the canvas' current path start a
    /// subpath of their own (CGContextAddRect): no line from the current
    /// point (a line from (10, 25) to the rectangle was drawn before).
    @Test func shapesOnTheCanvasPathStartTheirOwnSubpath() throws {
        for shape in ["c:rect(80, 20, 10, 10)", "c:rounded_rect(80, 20, 10, 10, 3)", "c:ellipse(80, 20, 10, 10)"] {
            let code = """
                local c = cell.canvas(100, 50, { scale = 1 })
                c:move_to(10, 25) \(shape)
                c:set_line_width(2) c:stroke()
                local _, _, _, between = c:pixel(40, 25)
                local _, _, _, edge = c:pixel(80, 25)
                return between, edge
                """
            #expect(try values(code) == ["0", "255"], "\(shape)")
        }
    }

    /// `c:save(nil)` (a path variable never set) is an error, not a push of
    /// the graphics state; `c:save()` with no argument still pushes it.
    @Test func saveWithNilIsAnError() throws {
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:save(nil)")
                == "test.lua:2: bad argument #1 to 'save' (file name expected, got nil (c:save() with no argument saves the graphics state))")
        #expect(try values("local c = cell.canvas(10, 10) c:save() c:restore() return 1") == ["1"])
    }
}

/// `p:union/intersection/difference/xor(q [, rule [, q_rule]])` from Lua.
@Suite struct PathBooleanAPITests {
    @Test func combinesAndKeepsCurves() throws {
        let out = try values("""
            local a = cell.path():ellipse(0, 0, 100, 100)
            local b = cell.path():rect(50, 0, 100, 100)
            local u, i, d, x = a:union(b), a:intersection(b), a:difference(b), a:xor(b)
            local function w(p) local _, _, w = p:bounds() return w end
            return w(u), w(i), w(d), w(x), u:contains(120, 50), d:contains(75, 50), x:contains(75, 50),
                   tostring(a:union(b, "evenodd", "nonzero")), a:is_empty()
            """)
        #expect(Array(out[0...3]) == ["150", "50", "50", "150"], "\(out)")
        #expect(Array(out[4...6]) == ["true", "false", "false"], "\(out)")
        #expect(out[8] == "false")
    }

    @Test func mistakesAreNamed() {
        #expect(errorMessage("cell.path():union()")?.contains("bad argument #1 to 'union' (Path expected, got no value)") == true)
        #expect(errorMessage("cell.path():xor(cell.path(), 'odd')")?.contains("bad argument #2 to 'xor'") == true)
        #expect(errorMessage("cell.path():rect(0, 0, 1e13, 1):difference(cell.path():rect(0, 0, 1, 1))")?
            .contains("path coordinates beyond ±1000000000000 cannot be combined") == true)
    }
}
