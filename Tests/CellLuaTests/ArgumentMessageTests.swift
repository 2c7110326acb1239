import Testing
import CellLua

/// The wording of errors: luaL's, naming the script line, the function, the
/// argument (counted without `self` for methods) and what was expected.
@Suite struct ArgumentMessageTests {
    @Test func missingNumber() {
        #expect(firstLine("local c = cell.canvas(10, 10)\nc:fill_rect(0, nil)")
                == "test.lua:2: bad argument #2 to 'fill_rect' (number expected, got nil)")
    }

    @Test func functionArgumentsCountFromOne() {
        #expect(firstLine("cell.canvas('wide', 10)")
                == "test.lua:1: bad argument #1 to 'canvas' (number expected, got string)")
        #expect(firstLine("cell.rgb(1, 0)")
                == "test.lua:1: bad argument #3 to 'rgb' (number expected, got no value)")
    }

    @Test func nanAndInfinityAreRejected() {
        #expect(firstLine("cell.canvas(10, 10):fill_rect(0/0, 0, 1, 1)")
                == "test.lua:1: bad argument #1 to 'fill_rect' (finite number expected, got nan)")
        #expect(firstLine("cell.canvas(10, 10):fill_rect(0, math.huge, 1, 1)")
                == "test.lua:1: bad argument #2 to 'fill_rect' (finite number expected, got inf)")
        #expect(firstLine("cell.canvas(1/0, 10)")
                == "test.lua:1: bad argument #1 to 'canvas' (finite number expected, got inf)")
    }

    @Test func wrongSelf() {
        #expect(firstLine("local c = cell.canvas(10, 10)\nc.fill_rect(cell.rgb(1, 1, 1), 0, 0, 1, 1)")
                == "test.lua:2: bad argument #1 to 'fill_rect' (Canvas expected, got Color)")
        #expect(firstLine("local c = cell.canvas(10, 10)\nlocal f = c.fill_rect\nf(5)")
                == "test.lua:3: bad argument #1 to 'f' (Canvas expected, got number)")
        // The class check compares metatables: another class' userdata, and
        // userdata the host did not make, are refused the same way.
        #expect(firstLine("local c = cell.canvas(10, 10)\nc.fill_rect(cell.path(), 0, 0, 1, 1)")
                == "test.lua:2: bad argument #1 to 'fill_rect' (Canvas expected, got Path)")
        #expect(firstLine("local c = cell.canvas(10, 10)\nc.fill_rect(io.stdout, 0, 0, 1, 1)")
                == "test.lua:2: bad argument #1 to 'fill_rect' (Canvas expected, got FILE*)")
        #expect(firstLine("cell.canvas(10, 10):draw_image(io.stdout, 0, 0)")
                == "test.lua:1: bad argument #1 to 'draw_image' (Image or Canvas expected, got FILE*)")
    }

    @Test func badColorListsTheValidForms() throws {
        let message = try #require(firstLine("cell.canvas(10, 10):set_fill('bogus')"))
        #expect(message.hasPrefix("test.lua:1: bad argument #1 to 'set_fill' (invalid color 'bogus'; expected #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla(), a CSS color name or one of UIKit's: black, white, gray"))
    }

    @Test func colorComponentsOutOfRange() throws {
        #expect(firstLine("cell.rgb(255, 0, 0)")
                == "test.lua:1: bad argument #1 to 'rgb' (color components are 0..1, got 255.0)")
        let table = try #require(firstLine("cell.color({1, 0.5, 2})"))
        #expect(table.contains("color table entry 3 must be a number in 0..1"))
        let short = try #require(firstLine("cell.color({1, 0.5})"))
        #expect(short.contains("color table must be {r, g, b [, a]}"))
    }

    @Test func unknownOptionNamesTheKnownOnes() {
        #expect(firstLine("cell.canvas(10, 10, {scael = 3})")
                == "test.lua:1: bad argument #3 to 'canvas' (unknown option 'scael' (expected scale, background))")
        #expect(firstLine("cell.canvas(10, 10, {scale = 'x'})")
                == "test.lua:1: bad argument #3 to 'canvas' (option 'scale': number expected, got string)")
    }

    @Test func hugeAndEmptyCanvases() throws {
        let huge = try #require(firstLine("cell.canvas(100000, 100000)"))
        #expect(huge.hasPrefix("test.lua:1: canvas too large: 100000x100000 points at scale 2"))
        #expect(firstLine("cell.canvas(0, 10)") == "test.lua:1: canvas size must be positive (got 0.0x10.0)")
        #expect(firstLine("cell.canvas(10, 10, {scale = -1})") == "test.lua:1: canvas scale must be positive (got -1.0)")
    }

    @Test func pixelOutOfRange() {
        #expect(firstLine("cell.canvas(2, 2, {scale = 1}):pixel(2, 0)")
                == "test.lua:1: pixel (2, 0) is outside the canvas (0..1, 0..1)")
        #expect(firstLine("cell.canvas(2, 2):pixel(0.5, 0)")
                == "test.lua:1: bad argument #1 to 'pixel' (number has no integer representation)")
    }

    @Test func unbalancedRestore() {
        #expect(firstLine("local c = cell.canvas(2, 2)\nc:save() c:restore()\nc:restore()")
                == "test.lua:3: restore without a matching save")
    }

    @Test func errorsCarryATraceback() throws {
        let message = try #require(errorMessage("local function f()\n  error('boom')\nend\nf()"))
        #expect(message.hasPrefix("test.lua:2: boom\nstack traceback:"))
        #expect(message.contains("test.lua:4: in main chunk"))
        #expect(!message.contains("[C]: in ?"), "host frames are trimmed")
    }

    /// A canvas whose `__gc` already ran (called by hand, or kept by a
    /// finalizer) is named as such: before, "Image or Canvas expected, got
    /// Canvas". Calling `__gc` inside a layer leaves the memory count sound.
    @Test func aCollectedObjectIsNamedSo() throws {
        let message = try #require(firstLine("""
            local c = cell.canvas(2, 2)
            getmetatable(c).__gc(c)
            cell.canvas(2, 2):draw_image(c, 0, 0)
            """))
        #expect(message == "test.lua:3: bad argument #1 to 'draw_image' (Image or Canvas expected, got a garbage-collected Canvas)")
        let method = try #require(firstLine("local c = cell.canvas(2, 2)\ngetmetatable(c).__gc(c)\nc:fill_rect(0, 0, 1, 1)"))
        #expect(message.contains("got a garbage-collected Canvas") && method.hasPrefix("test.lua:3:"), "\(method)")
        var options = LuaRuntime.Options()
        options.maxMemory = 64 << 20
        #expect(try makeRuntime(options).strings("""
            local c = cell.canvas(20, 20)
            pcall(c.layer, c, function() getmetatable(c).__gc(c) end)
            local t = {} for i = 1, 40 do t[i] = cell.canvas(100, 100) end
            return #t
            """) == ["40"])
    }
}
