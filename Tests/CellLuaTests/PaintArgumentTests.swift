import CellImage
import CellLua
import CellRaster
import Foundation
import Testing

/// The wording of errors from the paint API: blend modes, gradients and
/// their stops, paints, shadows, images and layers. Like ArgumentMessageTests:
/// the script line, the function, the argument (counted without `self`) and
/// what was expected.
@Suite struct PaintArgumentTests {
    /// The 28 color names of docs/reference.md, in its order.
    static let blendNames = """
        normal, multiply, screen, overlay, darken, lighten, color_dodge, color_burn, soft_light, \
        hard_light, difference, exclusion, hue, saturation, color, luminosity, clear, copy, source_in, \
        source_out, source_atop, destination_over, destination_in, destination_out, destination_atop, \
        xor, plus_darker, plus_lighter
        """

    @Test func unknownBlendModeListsTheValidOnes() {
        #expect(firstLine("cell.canvas(10, 10):set_blend('overlay2')")
                == "test.lua:1: bad argument #1 to 'set_blend' (invalid option 'overlay2' (expected one of: \(Self.blendNames)))")
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:begin_layer({blend = 'Multiply'})")
                == "test.lua:2: bad argument #1 to 'begin_layer' (option 'blend': invalid option 'Multiply' (expected one of: \(Self.blendNames)))")
        #expect(firstLine("cell.canvas(10, 10):set_blend(3)")?.hasPrefix("test.lua:1: bad argument #1 to 'set_blend' (") == true)
        // Every listed name is accepted.
        for name in Self.blendNames.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            #expect(firstLine("cell.canvas(2, 2):set_blend('\(name)')") == nil, "\(name)")
        }
    }

    @Test func badStopTables() {
        #expect(firstLine("cell.gradient{}")
                == "test.lua:1: bad argument #1 to 'gradient' (a gradient needs at least one stop, e.g. { {0, \"#FFFFFF\"}, {1, \"#DDDDDD\"} })")
        #expect(firstLine("cell.gradient{ {0, 'white'}, {2, 'red'} }")
                == "test.lua:1: bad argument #1 to 'gradient' (stop 2: location 2 is outside 0..1)")
        #expect(firstLine("cell.gradient{ {-0.5, 'red'} }")
                == "test.lua:1: bad argument #1 to 'gradient' (stop 1: location -0.5 is outside 0..1)")
        #expect(firstLine("cell.gradient{ {0/0, 'red'} }")
                == "test.lua:1: bad argument #1 to 'gradient' (stop 1: location nan is outside 0..1)")
        #expect(firstLine("cell.gradient{ {0} }")
                == "test.lua:1: bad argument #1 to 'gradient' (stop 1 must be a {location, color} pair, got a table of 1 entry)")
        #expect(firstLine("cell.gradient{ 'red' }")
                == "test.lua:1: bad argument #1 to 'gradient' (stop 1 must be a {location, color} pair, got string)")
        #expect(firstLine("cell.gradient{ {'a', 'red'} }")
                == "test.lua:1: bad argument #1 to 'gradient' (stop 1: location must be a number, got string)")
        let color = firstLine("cell.gradient{ {0, 'red'}, {1, 'bogus'} }")
        #expect(color?.hasPrefix("test.lua:1: bad argument #1 to 'gradient' (stop 2: invalid color 'bogus'; expected #RGB") == true)
        #expect(firstLine("cell.gradient('red')")
                == "test.lua:1: bad argument #1 to 'gradient' (table expected, got string)")
        #expect(firstLine("cell.linear({}, 0, 0, 1, 1)")
                == "test.lua:1: bad argument #1 to 'linear' (Gradient expected, got table)")
    }

    @Test func negativeRadiiAndBlurs() {
        let g = "local g = cell.gradient{ {0, 'red'}, {1, 'blue'} }\n"
        #expect(firstLine(g + "cell.radial(g, 0, 0, -1, 0, 0, 5)")
                == "test.lua:2: bad argument #4 to 'radial' (radius must not be negative, got -1.0)")
        #expect(firstLine(g + "cell.radial(g, 0, 0, 1, 0, 0, -5)")
                == "test.lua:2: bad argument #7 to 'radial' (radius must not be negative, got -5.0)")
        #expect(firstLine(g + "cell.canvas(10, 10):draw_radial_gradient(g, 0, 0, -1, 0, 0, 5)")
                == "test.lua:2: bad argument #4 to 'draw_radial_gradient' (radius must not be negative, got -1.0)")
        #expect(firstLine("cell.canvas(10, 10):set_shadow(2, 2, -3)")
                == "test.lua:1: bad argument #3 to 'set_shadow' (shadow blur must not be negative, got -3.0)")
    }

    @Test func nanAndInfinityInPaints() {
        let g = "local g = cell.gradient{ {0, 'red'}, {1, 'blue'} }\n"
        #expect(firstLine(g + "cell.linear(g, 0, 0/0, 1, 1)")
                == "test.lua:2: bad argument #3 to 'linear' (finite number expected, got nan)")
        #expect(firstLine(g + "cell.radial(g, 0, 0, 1, math.huge, 0, 5)")
                == "test.lua:2: bad argument #5 to 'radial' (finite number expected, got inf)")
        #expect(firstLine(g + "cell.canvas(10, 10):draw_linear_gradient(g, 0, 0, 0/0, 1)")
                == "test.lua:2: bad argument #4 to 'draw_linear_gradient' (finite number expected, got nan)")
        #expect(firstLine("cell.canvas(10, 10):set_shadow(0/0, 1, 2)")
                == "test.lua:1: bad argument #1 to 'set_shadow' (finite number expected, got nan)")
        #expect(firstLine("cell.canvas(10, 10):set_shadow(1, 1, 0/0)")
                == "test.lua:1: bad argument #3 to 'set_shadow' (finite number expected, got nan)")
        #expect(firstLine("cell.canvas(10, 10):set_alpha(0/0)")
                == "test.lua:1: bad argument #1 to 'set_alpha' (finite number expected, got nan)")
        #expect(firstLine("cell.canvas(10, 10):draw_image(cell.canvas(2, 2), 0/0, 0)")
                == "test.lua:1: bad argument #2 to 'draw_image' (finite number expected, got nan)")
    }

    @Test func alphaOutOfRangeNamesAlpha() {
        #expect(firstLine("cell.canvas(10, 10):set_alpha(2)")
                == "test.lua:1: bad argument #1 to 'set_alpha' (alpha must be in 0..1, got 2.0)")
        #expect(firstLine("cell.canvas(10, 10):begin_layer({alpha = -0.5})")
                == "test.lua:1: bad argument #1 to 'begin_layer' (option 'alpha': alpha must be in 0..1, got -0.5)")
        #expect(firstLine("cell.canvas(10, 10):begin_layer({alpah = 1})")
                == "test.lua:1: bad argument #1 to 'begin_layer' (unknown option 'alpah' (expected alpha, blend, name))")
    }

    @Test func setFillWithAWrongType() {
        for (value, type) in [("42", "number"), ("true", "boolean"), ("cell.canvas(1, 1)", "Canvas"),
                              ("function() end", "function"), ("cell.gradient{ {0, 'red'} }", "Gradient")] {
            #expect(firstLine("cell.canvas(10, 10):set_fill(\(value))")
                    == "test.lua:1: bad argument #1 to 'set_fill' (color or paint expected, got \(type))")
        }
        #expect(firstLine("cell.canvas(10, 10):set_stroke()")
                == "test.lua:1: bad argument #1 to 'set_stroke' (color or paint expected, got no value)")
    }

    @Test func gradientDrawOptions() {
        let g = "local g = cell.gradient{ {0, 'red'}, {1, 'blue'} }\n"
        #expect(firstLine(g + "cell.canvas(10, 10):draw_linear_gradient(g, 0, 0, 1, 1, {befor = true})")
                == "test.lua:2: bad argument #6 to 'draw_linear_gradient' (unknown option 'befor' (expected before, after))")
        #expect(firstLine(g + "cell.canvas(10, 10):draw_radial_gradient(g, 0, 0, 0, 0, 0, 5, {after = 1})")
                == "test.lua:2: bad argument #8 to 'draw_radial_gradient' (option 'after': boolean expected, got number)")
    }

    @Test func imageFiles() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = try PNGCodec.encode(PixelBuffer(width: 8, height: 6))
        FileManager.default.createFile(atPath: dir + "/good.png", contents: Data(png))
        FileManager.default.createFile(atPath: dir + "/text.png", contents: Data("hello, not a PNG\n".utf8))
        FileManager.default.createFile(atPath: dir + "/empty.png", contents: Data())
        FileManager.default.createFile(atPath: dir + "/cut.png", contents: Data(png.prefix(png.count / 2)))
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: true)
        func load(_ name: String) -> String? { firstLine("cell.image('\(dir)/\(name)')") }
        #expect(load("missing.png") == "test.lua:1: cannot read image '\(dir)/missing.png': no such file")
        #expect(load("folder.png") == "test.lua:1: cannot read image '\(dir)/folder.png': it is a directory")
        #expect(load("text.png") == "test.lua:1: cannot read image '\(dir)/text.png': not a PNG or JPEG file")
        #expect(load("empty.png") == "test.lua:1: cannot read image '\(dir)/empty.png': not a PNG or JPEG file")
        #expect(load("cut.png") == "test.lua:1: cannot read image '\(dir)/cut.png': truncated PNG data")
        // JPEG too, told apart by content (a .png name does not matter).
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CellImageTests/Fixtures").path
        #expect(try values("local i = cell.image('\(fixtures)/color420.jpg') return i.width, i.height") == ["32", "32"])
        #expect(firstLine("cell.image('\(fixtures)/truncated.jpg')")
                == "test.lua:1: cannot read image '\(fixtures)/truncated.jpg': truncated JPEG data")
        #expect(try values("local i = cell.image('\(dir)/good.png') return i.width, i.height") == ["8", "6"])
        #expect(firstLine("cell.image()") == "test.lua:1: bad argument #1 to 'image' (string expected, got no value)")
        #expect(firstLine("cell.canvas(10, 10):draw_image('\(dir)/good.png', 0, 0)")
                == "test.lua:1: bad argument #1 to 'draw_image' (Image or Canvas expected, got string)")
        #expect(firstLine("cell.canvas(10, 10):draw_image(cell.canvas(2, 2), 0, 0, -1, 2)")
                == "test.lua:1: bad argument #4 to 'draw_image' (width must not be negative, got -1.0)")
    }

    @Test func layerImbalance() {
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:end_layer()")
                == "test.lua:2: end_layer without a matching begin_layer")
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:begin_layer()\nc:end_layer()\nc:end_layer()")
                == "test.lua:4: end_layer without a matching begin_layer")
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:save()\nc:begin_layer()\nc:restore()")
                == "test.lua:4: restore would cross begin_layer: call end_layer first")
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:begin_layer()\nc:save()\nc:end_layer()")
                == "test.lua:4: end_layer with 1 save inside the layer not restored")
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:layer('not a function')")
                == "test.lua:2: bad argument #1 to 'layer' (function expected, got string)")
    }

    /// `c:layer(fn)` ends its layer (and whatever fn left open) when fn
    /// raises; the error goes on with fn's own line; what fn drew before
    /// raising is composited with the layer's alpha.
    @Test func layerEndsWhenItsFunctionRaises() throws {
        let script = """
            local c = cell.canvas(4, 4, {scale = 1})
            local ok, err = pcall(function()
              c:layer(function(c)
                c:fill_rect(0, 0, 2, 2)
                c:save()
                c:begin_layer()
                error("boom")
              end, {alpha = 0.5})
            end)
            local _, _, _, a = c:pixel(0, 0)
            return ok, err, a, #c:png() > 0
            """
        let results = try values(script)
        #expect(results == ["false", "(strings):7: boom", "128", "true"]) // values() names its chunk "(strings)"
        let uncaught = try #require(errorMessage("""
            local c = cell.canvas(4, 4)
            c:layer(function(c)
              c:fill_rect(0, 0, 1, 1)
              error("inner trouble")
            end)
            """))
        #expect(uncaught.hasPrefix("test.lua:4: inner trouble\nstack traceback:"), "\(uncaught)")
        #expect(uncaught.contains("test.lua:4: in function <test.lua:2>"), "\(uncaught)")
        #expect(uncaught.contains("in method 'layer'") && uncaught.contains("test.lua:2: in main chunk"), "\(uncaught)")
        // After the error the state is the one before the layer.
        #expect(try values("""
            local c = cell.canvas(4, 4, {scale = 1})
            c:set_alpha(0.25)
            pcall(c.layer, c, function(c) c:set_alpha(1) error("x") end)
            c:fill_rect(0, 0, 1, 1)
            local _, _, _, a = c:pixel(0, 0)
            return a
            """) == ["64"])
    }

    @Test func savingWithAnOpenLayerIsAnError() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(firstLine("local c = cell.canvas(4, 4)\nc:begin_layer()\nc:save('\(dir)/out.png')")
                == "test.lua:3: begin_layer at test.lua:2 has no end_layer: the canvas has 1 open layer when it is written")
        #expect(firstLine("local c = cell.canvas(4, 4)\nc:begin_layer()\nc:begin_layer()\nreturn c:png()")
                == "test.lua:4: begin_layer at test.lua:3 has no end_layer: the canvas has 2 open layers when it is written")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        // The script's result with a layer left open is not written either.
        let runtime = makeRuntime()
        let canvas = try #require(try runtime.run(code: "local c = cell.canvas(4, 4)\nc:begin_layer()\nreturn c", chunkName: "@test.lua"))
        // It names the line of the layer left open (before: no line at all).
        do {
            try runtime.write(canvas, toCurrentDirectoryPath: dir + "/result.png")
            Issue.record("written with a layer open")
        } catch {
            #expect("\(error)" == "begin_layer at test.lua:2 has no end_layer: the canvas has 1 open layer when it is written")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/result.png"))
        // Once the layer ends, saving works.
        #expect(firstLine("local c = cell.canvas(4, 4)\nc:begin_layer()\nc:end_layer()\nc:save('\(dir)/ok.png')") == nil)
        #expect(FileManager.default.fileExists(atPath: dir + "/ok.png"))
    }
}
