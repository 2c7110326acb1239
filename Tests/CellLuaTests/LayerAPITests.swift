import CellLua
import Testing

/// `c:make_layer(w, h)` and drawing it with `draw_image`, through Lua.
@Suite struct LayerAPITests {
    /// A layer has the canvas' device pixels (its transform's scale); placed
    /// on whole pixels it lands pixel for pixel; it is not the script's result.
    @Test func aLayerIsDrawnPixelForPixelAndIsNotTheResult() throws {
        let code = """
            local c = cell.canvas(40, 30, { scale = 2 })
            c:scale(1.5, 1.5)
            local l = c:make_layer(10, 8)
            l:set_fill('#33669980')
            l:ellipse(0.3, 0.3, 9, 7)
            l:fill()
            c:draw_image(l, 4, 2)
            local same = true
            for y = 0, l.pixel_height - 1 do
              for x = 0, l.pixel_width - 1 do
                local a = { l:pixel(x, y) }
                local b = { c:pixel(x + 12, y + 6) }
                for k = 1, 4 do same = same and a[k] == b[k] end
              end
            end
            return l.pixel_width, l.pixel_height, l.width, same
            """
        #expect(try values(code) == ["30", "24", "10", "true"])
        let runtime = makeRuntime()
        try runtime.run(code: "c = cell.canvas(10, 10) layer = c:make_layer(5, 5)", chunkName: "@test.lua")
        #expect(runtime.lastCanvas?.width == 10)
    }

    @Test func badSizesNameTheLine() throws {
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:make_layer(0, 5)")
                == "test.lua:2: layer size must be positive (got 0.0x5.0)")
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:make_layer(1e9, 5)")?.hasPrefix("test.lua:2: canvas too large") == true)
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:make_layer('a', 5)")
                == "test.lua:2: bad argument #1 to 'make_layer' (number expected, got string)")
    }
}
