import Foundation
import Testing
import CellLua

/// Inputs a review found breaking things; each stays fixed.
@Suite struct RegressionTests {
    /// Found by the fuzzer: a 22,000-element path stroked under
    /// scale(4097, 7.7) flattened to ~91 million points (a 2.6 GB allocation,
    /// an abort outside --max-memory). Curves beyond the canvas now cost a
    /// chord each, and what is left is capped: with a miter join (whose reach
    /// keeps many curves near the canvas) it is a clear error naming the
    /// line; with bevels it draws; the fill is quick either way.
    /// Bounded is shown by the outcomes, not timed: the point budget refuses
    /// the miter stroke (naming the line), and the bevel stroke succeeding
    /// means culling kept it under that budget (4 million points, not 91).
    @Test func hugePathsUnderExtremeScalesStayBounded() throws {
        let results = try makeRuntime().strings("""
            math.randomseed(7)
            local R = math.random
            local c = cell.canvas(64, 64)
            local p = cell.path():move_to(R() * 64, R() * 64)
            for i = 1, 22000 do
              local k = R(4)
              if k == 1 then p:line_to(R() * 64, R() * 64)
              elseif k == 2 then p:quad_to(R() * 64, R() * 64, R() * 64, R() * 64)
              elseif k == 3 then p:curve_to(R() * 64, R() * 64, R() * 64, R() * 64, R() * 64, R() * 64)
              else p:arc(R() * 64, R() * 64, R() * 20, R() * 7, R() * 7, R() < 0.5) end
            end
            c:scale(4097, 7.7)
            local ok, err = pcall(function() c:stroke(p) end)
            c:set_line_join("bevel")
            local ok2 = pcall(c.stroke, c, p)
            c:fill(p)
            return ok, err, ok2, select(4, c:pixel(0, 64))
            """, chunkName: "@test.lua")
        #expect(results.count == 4)
        #expect(results.first == "false")
        #expect(results.dropFirst().first?.hasPrefix("test.lua:13: path too complex") == true, "\(results)")
        #expect(results.dropFirst(2).first == "true")
    }

    /// A path whose visible part alone would flatten to more points than
    /// Canvas.maxFlattenedPoints is refused before anything is allocated, with
    /// the script line; fill, eofill, clip and fill_stroke alike.
    @Test func tooComplexVisiblePathsAreLuaErrors() throws {
        let make = """
            local c = cell.canvas(60, 45, {scale = 2})
            local p = cell.path()
            for i = 0, 1199 do
              local y = i % 45
              p:move_to(0, y):curve_to(1e7, y, -1e7, y + 1, 60, y)
            end

            """
        for call in ["c:fill(p)", "c:eofill(p)", "c:clip(p)", "c:fill_stroke(p)", "c:add_path(p) c:fill()"] {
            let message = try #require(firstLine(make + call), "\(call)")
            #expect(message.hasPrefix("test.lua:7: path too complex"), "\(call): \(message)")
        }
        // The same path below the canvas is cheap.
        #expect(firstLine(make + "c:translate(0, 1000) c:fill(p) c:clip(p) c:stroke(p)") == nil)
    }

    /// Found by the fuzzer: a finite but enormous shadow blur (1e300) made a
    /// box width beyond Int.max (a trap). Such a blur spreads the shadow to
    /// nothing; the shape itself is still drawn.
    @Test func enormousShadowBlursDoNotTrap() throws {
        for blur in ["1e300", "1.7976931348623157e308", "1e15", "4096"] {
            let result = try values("""
                local c = cell.canvas(20, 20)
                c:set_shadow(3, 3, \(blur), "black")
                c:fill_rect(2, 2, 10, 10)
                c:stroke(cell.path():ellipse(1, 1, 15, 15))
                c:layer(function(c) c:fill_rect(0, 0, 5, 5) end)
                return select(4, c:pixel(10, 10)), select(4, c:pixel(38, 38))
                """)
            #expect(result == ["255", "0"], "blur \(blur)")
        }
    }

    /// --timeout inside one long drawing call (a shadow blurred over 16
    /// million pixels: seconds here): the call watches the deadline and
    /// returns early, and the timeout names the line of the call.
    /// CancellationTests shows the early stop pixel by pixel. Not timed
    /// here: a call that ran on would be ended (the whole process) by the
    /// watchdog a second past the deadline, with a message naming no line.
    @Test func timeoutsStopLongDrawingCalls() throws {
        var options = LuaRuntime.Options()
        options.timeout = 0.5
        let code = """
            local c = cell.canvas(4096, 4096, {scale = 1})
            c:set_shadow(5, 5, 16) c:fill_rect(0, 0, 4096, 4096) c:fill_rect(0, 0, 4096, 4096)
            """
        let message = try #require(errorMessage(code, options: options))
        #expect(message.hasPrefix("test.lua:2: script timed out after 0.5 seconds"), "\(message)")
    }

    /// A hair-high, wide edge has an infinite slope: no NaN may reach an Int.
    @Test func extremeSlopesDoNotTrap() throws {
        let code = """
            local c = cell.canvas(100, 100)
            c:move_to(0, 0) c:line_to(500, 1e-306) c:line_to(0, 10) c:close() c:fill()
            c:with(function(c) c:scale(1, 1e-307) c:fill(cell.path():move_to(0, 0):line_to(50, 50):line_to(0, 90):close()) end)
            c:fill(cell.path():move_to(-1e300, 0):line_to(1e300, 1e-300):line_to(0, 50):close())
            return select(4, c:pixel(5, 5))
            """
        #expect(try values(code).count == 1)
    }

    /// After `close` the current point is the subpath's start; an arc then
    /// joins it with a line (CGPathAddArc), so the filled area includes the join.
    @Test func arcAfterCloseJoinsTheSubpathStart() throws {
        #expect(try values("""
            local p = cell.path():move_to(10, 10):line_to(50, 10):close():arc(100, 100, 20, 0, math.pi)
            return p:contains(60, 60)
            """) == ["true"])
        #expect(try values("""
            local c = cell.canvas(10, 10)
            c:move_to(1, 1):line_to(2, 1):close()
            c:arc(5, 5, 2, 0, math.pi)
            local p = cell.path():move_to(1, 1):line_to(2, 1):close():arc(5, 5, 2, 0, math.pi)
            return #tostring(p) > 0
            """) == ["true"])
    }

    /// A four-point outline drawn back on itself is not a rectangle clip.
    @Test func degenerateOutlinesAreNotRectangleClips() throws {
        #expect(try values("""
            local c = cell.canvas(40, 40, {scale = 1})
            c:move_to(0, 0) c:line_to(10, 0) c:line_to(0, 0) c:line_to(0, 10) c:close()
            c:clip()
            c:fill_rect(0, 0, 40, 40)
            return select(4, c:pixel(5, 5))
            """) == ["0"])
    }

    /// A timeout caught by pcall comes back at the next instruction (the
    /// run returning at all shows it: the loop has no other way out).
    @Test func aCaughtTimeoutStillStopsTheScript() throws {
        var options = LuaRuntime.Options()
        options.timeout = 0.3
        let message = try #require(errorMessage("while true do pcall(function() while true do end end) end", options: options))
        #expect(message.contains("script timed out after 0.3 seconds"))
        // and the runtime is usable afterwards, without the hook
        let runtime = makeRuntime(options)
        _ = try? runtime.run(code: "while true do end")
        #expect(try runtime.strings("return 1 + 1") == ["2"])
    }

    /// Code given with -e may replace globals before the script runs.
    @Test func hostileGlobalsBeforeTheScript() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "return cell.canvas(1, 1)".write(toFile: dir + "/ok.lua", atomically: true, encoding: .utf8)
        for prelude in ["package = nil", "setmetatable(_G, {__newindex = function() error('read-only') end, __index = function(_, k) error(k) end})"] {
            let runtime = makeRuntime()
            try runtime.run(code: prelude)
            #expect(try runtime.run(scriptAt: dir + "/ok.lua") != nil, "\(prelude)")
        }
    }

    @Test func manyScriptArguments() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "return select('#', ...), #arg".write(toFile: dir + "/args.lua", atomically: true, encoding: .utf8)
        let runtime = makeRuntime()
        try runtime.run(scriptAt: dir + "/args.lua", args: (1...500).map(String.init))
        #expect(try runtime.strings("return #arg") == ["500"])
    }

    /// An error inside c:with(fn) keeps the traceback of where it happened.
    @Test func withKeepsTheInnerTraceback() throws {
        let message = try #require(errorMessage("""
            local c = cell.canvas(10, 10)
            local function inner() error("deep") end
            local function draw(c) inner() end
            c:with(draw)
            """))
        #expect(message.hasPrefix("test.lua:2: deep\nstack traceback:"))
        #expect(message.contains("test.lua:2: in upvalue 'inner'"))
        #expect(message.contains("test.lua:3:"))
        #expect(message.contains("test.lua:4: in main chunk"))
    }

    /// Canvas pixels count against --max-memory while Lua holds the canvas;
    /// throwaway canvases are collected and do not add up.
    @Test func canvasesCountAgainstTheMemoryLimit() throws {
        var options = LuaRuntime.Options()
        options.maxMemory = 50 << 20
        let kept = try #require(errorMessage("local keep = {}\nfor i = 1, 200 do keep[i] = cell.canvas(1000, 1000) end", options: options))
        #expect(kept.hasPrefix("test.lua:2: not enough memory: 15 MB more of pixels would pass --max-memory 50 MB ("))
        #expect(errorMessage("for i = 1, 200 do local c = cell.canvas(1000, 1000) end", options: options) == nil)
    }

    /// Making a canvas nudges the collector only when other charged objects
    /// (pixels, masks, paths) are held, so that it frees them: a runtime's
    /// first canvas, every run's usual case, runs no collection over a heap
    /// that holds none (the check once counted Lua's own heap as held
    /// pixels, so every first canvas paid for one).
    @Test func onlyCanvasesMadeWhileOthersAreHeldNudgeTheCollector() throws {
        #expect(try values("""
            collectgarbage()
            collectgarbage("stop") -- only the nudges collect from here on
            local collected = false
            setmetatable({}, { __gc = function() collected = true end })
            local first = cell.canvas(1000, 1000)
            local afterFirst = collected
            local second = cell.canvas(1000, 1000)
            return tostring(afterFirst), tostring(collected)
            """) == ["false", "true"])
    }

    /// Clip masks count too: a mask per open save (it reached 24 GB and the
    /// kernel's OOM killer before); a mask a restore drops is given back, so
    /// balanced save/clip/restore loops do not add up.
    @Test func clipMasksCountAgainstTheMemoryLimit() throws {
        var options = LuaRuntime.Options()
        options.maxMemory = 50 << 20
        let nested = try #require(errorMessage("""
            local c = cell.canvas(500, 500)
            for i = 1, 1000 do c:save() c:ellipse(i % 7, 0, 450, 450) c:clip() end
            """, options: options))
        #expect(nested.hasPrefix("test.lua:2: not enough memory:"), "\(nested)")
        #expect(nested.contains("--max-memory 50 MB"), "\(nested)")
        #expect(errorMessage("""
            local c = cell.canvas(500, 500)
            for i = 1, 300 do c:save() c:ellipse(i % 7, 0, 450, 450) c:clip() c:restore() end
            for i = 1, 300 do c:with(function() c:clip(cell.path():ellipse(0, 0, 400, 400)) end) end
            for i = 1, 300 do c:layer(function() c:save() c:eoclip(cell.path():ellipse(0, 0, 400, 400)) end) end
            """, options: options) == nil)
    }

    /// Paths count too: forty paths of 3.9 million segments each reached
    /// 8.6 GB with the limit at 2 GB; and a flood of tiny canvases, each
    /// holding more than its pixels, is bounded (and fast: the collector is
    /// nudged per megabyte, not per canvas).
    @Test func pathsAndTinyCanvasesCountAgainstTheMemoryLimit() throws {
        var options = LuaRuntime.Options()
        options.maxMemory = 50 << 20
        let paths = try #require(errorMessage("""
            local keep = {}
            for k = 1, 100 do local p = cell.path():move_to(0, 0) for i = 1, 20000 do p:line_to(i, i) end keep[k] = p end
            """, options: options))
        #expect(paths.hasPrefix("test.lua:2: not enough memory:"), "\(paths)")
        #expect(paths.contains("of paths would pass --max-memory 50 MB"), "\(paths)")
        let canvases = try #require(errorMessage("""
            local keep = {}
            for i = 1, 200000 do keep[i] = cell.canvas(1, 1) end
            """, options: options))
        #expect(canvases.hasPrefix("test.lua:2: not enough memory"), "\(canvases)")
        #expect(errorMessage("""
            for k = 1, 100 do local p = cell.path():move_to(0, 0) for i = 1, 20000 do p:line_to(i, i) end end
            """, options: options) == nil)
    }

    /// Found by the fuzzer: a curve with extreme control points under a clip
    /// asked Int(_:) for a segment count above Int.max (a trap).
    @Test func hugeFiniteCurveSegmentEstimateDoesNotTrap() throws {
        #expect(try values("""
            local c = cell.canvas(20, 20)
            c:fill(cell.path():move_to(0, 0):quad_to(1e40, 1e40, 5, 5):close())
            c:clip(cell.path():move_to(0, 0):curve_to(1e40, -1e40, -1e40, 1e40, 10, 10):close())
            return 1
            """) == ["1"])
    }

    /// Found by the fuzzer: arc_to whose construction overflows (extreme
    /// finite points) gave a NaN sweep, and Int(NaN) trapped.
    @Test func overflowingArcToDoesNotTrap() throws {
        #expect(try values("""
            local p = cell.path():move_to(0, 0):arc_to(10, 0, 0, 1e-9, 1e300)
            local c = cell.canvas(10, 10)
            c:move_to(0, 0):arc_to(10, 0, 0, 1e-9, 1e300):stroke()
            return p:is_empty()
            """) == ["false"])
    }

    /// Found by the fuzzer: a shadow offset beyond Int in pixels trapped.
    @Test func extremeShadowOffsetDoesNotTrap() throws {
        #expect(try values("""
            local c = cell.canvas(10, 10)
            c:set_shadow(1e308, -1e308, 1)
            c:fill_rect(1, 1, 5, 5)
            c:stroke_rect(1, 1, 5, 5)
            return select(4, c:pixel(4, 4))
            """) == ["255"])
    }

    /// Found by the fuzzer: a gray source over black or white in a
    /// non-separable mode (color, luminosity...) gave a luminosity an ulp
    /// outside its channels, ClipColor divided by zero, and Float(NaN) to
    /// UInt32 trapped. A gray over black in `color` mode is black's
    /// luminosity with the gray's (zero) saturation: black.
    @Test func grayInNonSeparableModesDoesNotTrap() throws {
        #expect(try values("""
            local c = cell.canvas(4, 4, {scale = 1})
            for _, mode in ipairs{"color", "hue", "saturation", "luminosity"} do
              for v = 0, 255 do
                for _, bg in ipairs{"#000000", "#010101", "#FFFFFF", "#FEFEFE"} do
                  c:set_blend("normal") c:set_fill(bg) c:fill_rect(0, 0, 4, 4)
                  c:set_blend(mode) c:set_fill(cell.rgb(v / 255, v / 255, v / 255, (v % 7 + 1) / 8)) c:fill_rect(0, 0, 4, 4)
                end
              end
            end
            c:set_blend("normal") c:set_fill("#000000") c:fill_rect(0, 0, 4, 4)
            c:set_blend("color") c:set_fill("#808080") c:fill_rect(0, 0, 4, 4)
            local r, g, b, a = c:pixel(1, 1)
            return r, g, b, a
            """) == ["0", "0", "0", "255"])
    }
}
