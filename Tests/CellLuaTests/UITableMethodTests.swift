import CellLua
import Testing

/// A Table's methods from Lua: `hit_test` and `row_rect` count sections and
/// rows from 1; `render` runs the spec's `draw` callbacks, and an error in
/// one comes out with the callback's line, leaving the canvas usable.
@Suite struct UITableMethodTests {
    /// The results of `code` run as `test.lua`, through `tostring`.
    func values(_ code: String) throws -> [String] {
        try makeRuntime().strings(code, chunkName: "@test.lua")
    }

    static let table = """
        local t = cell.ui.table{ x = 5, y = 7, content_offset = -10,
                                 sections = { { rows = { {}, {} } }, { rows = { {} } } } }

        """

    @Test func hitTestCountsFromOne() throws {
        // Rows: (15, 37), (15, 81) in section 1; (15, 145) in section 2; 44 pt tall.
        #expect(try values(Self.table + "return t:hit_test(160, 40)") == ["1", "1"])
        #expect(try values(Self.table + "return t:hit_test(160, 81)") == ["1", "2"])
        #expect(try values(Self.table + "return t:hit_test(160, 150)") == ["2", "1"])
        #expect(try values(Self.table + "return t:hit_test(160, 130)") == ["nil"], "between the sections")
        #expect(try values(Self.table + "return t:hit_test(12, 40)") == ["nil"], "in the inset")
        #expect(try values(Self.table + "return t:hit_test(4, 40)") == ["nil"], "left of the frame")
    }

    @Test func rowRectCountsFromOne() throws {
        #expect(try values(Self.table + "return t:row_rect(1, 1)") == ["15", "37", "300", "44"])
        #expect(try values(Self.table + "return t:row_rect(2, 1)") == ["15", "145", "300", "44"])
        // Round trip: the middle of every row hits that row.
        #expect(try values(Self.table + """
            local out = {}
            for s, n in ipairs({2, 1}) do
              for r = 1, n do
                local x, y, w, h = t:row_rect(s, r)
                local hs, hr = t:hit_test(x + w / 2, y + h / 2)
                out[#out + 1] = hs .. "." .. hr
              end
            end
            return table.concat(out, " ")
            """) == ["1.1 1.2 2.1"])
    }

    @Test func rowRectAndHitTestErrors() {
        func error(_ call: String) -> String? { firstLine(Self.table + call) }
        #expect(error("t:row_rect(3, 1)") == "test.lua:3: bad argument #1 to 'row_rect' (no section 3 (the table has 2))")
        #expect(error("t:row_rect(0, 1)") == "test.lua:3: bad argument #1 to 'row_rect' (no section 0 (the table has 2))")
        #expect(error("t:row_rect(1, 3)") == "test.lua:3: bad argument #2 to 'row_rect' (no row 3 in section 1 (it has 2))")
        #expect(error("t:row_rect(2, 0)") == "test.lua:3: bad argument #2 to 'row_rect' (no row 0 in section 2 (it has 1))")
        #expect(error("t:row_rect(1.5, 1)") == "test.lua:3: bad argument #1 to 'row_rect' (number has no integer representation)")
        #expect(error("t:row_rect(1)") == "test.lua:3: bad argument #2 to 'row_rect' (number expected, got no value)")
        #expect(error("t:hit_test('x', 1)") == "test.lua:3: bad argument #1 to 'hit_test' (number expected, got string)")
        #expect(error("t:hit_test(0/0, 1)") == "test.lua:3: bad argument #1 to 'hit_test' (finite number expected, got nan)")
        #expect(error("t:render(5)") == "test.lua:3: bad argument #1 to 'render' (Canvas expected, got number)")
        #expect(error("t.render(cell.canvas(2, 2))") == "test.lua:3: bad argument #1 to 'render' (Table expected, got Canvas)")
    }

    /// The callback gets the canvas and the cell's size, drawing in the
    /// cell's coordinates.
    @Test func drawCallbackGetsTheCell() throws {
        let code = """
            local got
            local t = cell.ui.table{ sections = { { rows = { { draw = function(c, w, h)
              got = w .. "x" .. h
              c:set_fill("#FF0000")
              c:fill_rect(0, 0, 4, 4)
            end } } } } }
            local c = cell.canvas(320, 100, { scale = 1 })
            t:render(c)
            return got, c:pixel(11, 21)
            """
        #expect(try values(code) == ["300x44", "255", "0", "0", "255"])
    }

    /// A row's callback that renders its own table again (onto another
    /// canvas) leaves the outer render's callbacks working: before, every
    /// row after it was skipped without a word.
    @Test func aTableRenderedAgainFromItsOwnCallbackGoesOn() throws {
        let code = """
            local calls, t = {}, nil
            local function draw(tag) return function(c, w, h)
              calls[#calls + 1] = tag
              if tag == "a" and #calls == 1 then t:render(cell.canvas(320, 200, { scale = 1 })) end
            end end
            t = cell.ui.table{ sections = { { rows = { { draw = draw("a") }, { draw = draw("b") }, { draw = draw("c") } } } } }
            t:render(cell.canvas(320, 200, { scale = 1 }))
            return table.concat(calls, " ")
            """
        #expect(try values(code) == ["a a b c b c"])
    }

    /// An error in a callback propagates with the callback's own line and a
    /// traceback through it; the canvas has no layer left open.
    @Test func drawCallbackErrorPropagates() throws {
        let code = """
            local t = cell.ui.table{ sections = { { rows = { { draw = function(c, w, h)
              error("no drawing today")
            end } } } } }
            local c = cell.canvas(320, 100)
            local ok, message = pcall(t.render, t, c)
            assert(not ok)
            return message, #c:png() > 0
            """
        #expect(try values(code) == ["test.lua:2: no drawing today", "true"])
        let uncaught = try #require(errorMessage("""
            local t = cell.ui.table{ header = { draw = function(c)
              local nothing
              return nothing.field
            end } }
            t:render(cell.canvas(320, 100))
            """))
        #expect(uncaught.hasPrefix("test.lua:3: attempt to index a nil value (local 'nothing')"))
        #expect(uncaught.contains("test.lua:5: in main chunk"))
    }

    /// A callback that raises with a layer and saves of its own open, or
    /// returns leaving them open, leaves the canvas as usable as `c:with`
    /// and `c:layer` do: the table still renders, `c:png()` works.
    @Test func callbackLeftoversAreClosed() throws {
        let raising = """
            local t = cell.ui.table{ sections = { { rows = { { draw = function(c)
              c:save()
              c:begin_layer()
              c:save()
              error("mid-layer")
            end } } } } }
            local c = cell.canvas(320, 100)
            local ok, message = pcall(t.render, t, c)
            return message, #c:png() > 0
            """
        #expect(try values(raising) == ["test.lua:5: mid-layer", "true"])
        let returning = """
            local t = cell.ui.table{ sections = { { rows = { { draw = function(c)
              c:begin_layer()
              c:set_fill("#00FF00")
              c:fill_rect(0, 0, 4, 4)
              c:save()
            end }, {} } } } }
            local c = cell.canvas(320, 200, { scale = 1 })
            t:render(c)
            t:render(c)
            return #c:png() > 0, c:pixel(11, 21)
            """
        #expect(try values(returning) == ["true", "0", "255", "0", "255"])
    }

    /// The layers a callback leaves open are ended by the binding, which
    /// returns the memory they were charged against --max-memory: 500
    /// renders leaving a 211 KB cell layer open each stay within 32 MB.
    @Test func leftLayersReturnTheirMemory() throws {
        var options = LuaRuntime.Options()
        options.maxMemory = 32 << 20
        let code = """
            local t = cell.ui.table{ height = 100, sections = { { rows = { { draw = function(c)
              c:begin_layer()
            end } } } } }
            local c = cell.canvas(320, 100)
            for i = 1, 500 do t:render(c) end
            return #c:png() > 0
            """
        #expect(try makeRuntime(options).strings(code, chunkName: "@test.lua") == ["true"])
    }
}
