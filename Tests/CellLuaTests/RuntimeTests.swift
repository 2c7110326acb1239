import CellRaster
import Foundation
import Testing
import CellLua

@Suite struct RuntimeTests {
    @Test func cellIsAGlobalAndAModule() throws {
        #expect(try values("return require('cell') == cell, type(cell.ui)") == ["true", "table"])
    }

    @Test func canvasFields() throws {
        #expect(try values("local c = cell.canvas(320, 480) return c.width, c.height, c.scale_factor, c.pixel_width, c.pixel_height")
                == ["320", "480", "2", "640", "960"])
        #expect(try values("return tostring(cell.canvas(10, 5, {scale = 3}))") == ["Canvas(10x5 pt @3x)"])
    }

    @Test func defaultScaleComesFromOptions() throws {
        var options = LuaRuntime.Options()
        options.defaultScale = 3
        #expect(try makeRuntime(options).strings("return cell.canvas(10, 10).pixel_width") == ["30"])
    }

    @Test func colorSpecsAndFields() throws {
        #expect(try values("local c = cell.color('#FF8000') return c.r, math.floor(c.g * 255 + 0.5), c.a") == ["1", "128", "1"])
        #expect(try values("return cell.color({0, 0.5, 1, 0.25}).a, cell.color('gray').r, cell.color(cell.rgb(0, 0, 1)).b")
                == ["0.25", "0.5", "1"])
        #expect(try values("return cell.rgb(1, 0, 0) == cell.color('red'), cell.rgb(1, 0, 0) == cell.color('blue')")
                == ["true", "false"])
    }

    @Test func drawingAndReadingPixels() throws {
        let code = """
            local c = cell.canvas(4, 4, {scale = 1, background = 'white'})
            c:set_fill('#FF000080')
            c:fill_rect(0, 0, 2, 2)
            c:clear_rect(3, 3, 1, 1)
            local r, g, b, a = c:pixel(0, 0)
            local r2, g2, b2, a2 = c:pixel(3, 3)
            return r, g, b, a, a2
            """
        // red at alpha 128 over white: premultiplied (255, 127, 127, 255)
        #expect(try values(code) == ["255", "127", "127", "255", "0"])
    }

    @Test func resultIsTheReturnedCanvasElseTheLast() throws {
        let runtime = makeRuntime()
        let returned = try runtime.run(code: "local a = cell.canvas(1, 1) local b = cell.canvas(2, 2) return a")
        #expect(returned?.width == 1)
        #expect(runtime.lastCanvas?.width == 1)
        let other = makeRuntime()
        #expect(try other.run(code: "cell.canvas(1, 1) cell.canvas(3, 3)") == nil)
        #expect(other.lastCanvas?.width == 3)
    }

    @Test func withRestoresEvenWhenTheFunctionRaises() throws {
        let code = """
            local c = cell.canvas(2, 2, {scale = 1})
            local ok, err = pcall(c.with, c, function(c) c:set_fill('white') c:save() error('inside') end)
            c:fill_rect(0, 0, 1, 1)
            local r, g, b, a = c:pixel(0, 0)
            return ok, err, r, a, select('#', c:with(function() return 1, 2 end))
            """
        #expect(try values(code) == ["false", "test.lua:2: inside", "0", "255", "2"].map {
            $0 == "test.lua:2: inside" ? "(strings):2: inside" : $0 })
    }

    @Test func mathRandomIsDeterministic() throws {
        let a = try values("return math.random(1, 1000000), math.random()")
        let b = try values("return math.random(1, 1000000), math.random()")
        #expect(a == b)
    }

    @Test func pngBytesFromTheScript() throws {
        #expect(try values("local s = cell.canvas(3, 2):png() return s:sub(2, 4), #s > 40") == ["PNG", "true"])
    }

    @Test func relativePathsAndRequireResolveFromTheScriptFolder() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "return { size = 7 }".write(toFile: dir + "/helper.lua", atomically: true, encoding: .utf8)
        try """
            local helper = require "helper"
            local c = cell.canvas(helper.size, 1, {scale = 1})
            assert(c:save("sub.pam") == "\(dir)/sub.pam")
            return c
            """.write(toFile: dir + "/main.lua", atomically: true, encoding: .utf8)
        let runtime = makeRuntime()
        var written: [String] = []
        runtime.fileWritten = { written.append($0) }
        let canvas = try runtime.run(scriptAt: dir + "/main.lua")
        #expect(canvas?.width == 7)
        #expect(written == [dir + "/sub.pam"])
        #expect(FileManager.default.fileExists(atPath: dir + "/sub.pam"))
    }

    @Test func scriptArgumentsReachArgAndVarargs() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "#!/usr/bin/env celllua\nlocal a, b = ...\nassert(a == 'x' and b == 'y' and arg[1] == 'x' and arg[2] == 'y')\nerror('line ' .. arg[0])"
            .write(toFile: dir + "/args.lua", atomically: true, encoding: .utf8)
        do {
            try makeRuntime().run(scriptAt: dir + "/args.lua", args: ["x", "y"])
            Issue.record("expected an error")
        } catch {
            // Lua shortens long chunk names from the left; the file name and line stay.
            #expect("\(error)".contains("args.lua:4: line \(dir)/args.lua\n"), "shebang skipped, lines kept")
        }
    }

    @Test func missingScriptIsUnreadable() {
        #expect(throws: ScriptError.self) { try makeRuntime().run(scriptAt: "/nonexistent/x.lua") }
        do {
            try makeRuntime().run(scriptAt: "/nonexistent/x.lua")
        } catch ScriptError.unreadable(let message) {
            #expect(message == "cannot open /nonexistent/x.lua: No such file or directory")
        } catch {
            Issue.record("wrong error \(error)")
        }
    }

    @Test func syntaxErrorsNameTheLine() {
        do {
            try makeRuntime().run(code: "local x = \nlocal = 3", chunkName: "@s.lua")
            Issue.record("expected a syntax error")
        } catch ScriptError.syntax(let message) {
            #expect(message.hasPrefix("s.lua:2:"))
        } catch {
            Issue.record("wrong error \(error)")
        }
    }

    @Test func timeoutStopsARunawayLoop() throws {
        var options = LuaRuntime.Options()
        options.timeout = 0.2
        // The run returning is the test (the loop has no other way out); the
        // line in the message shows the hook stopped it, not the watchdog.
        let message = try #require(errorMessage("local n = 0\nwhile true do n = n + 1 end", options: options))
        #expect(message.hasPrefix("test.lua:2: script timed out after 0.2 seconds"))
    }

    @Test func memoryLimitStopsAGreedyScript() throws {
        var options = LuaRuntime.Options()
        options.maxMemory = 8 << 20
        let message = try #require(errorMessage("local t = {}\nfor i = 1, 1e8 do t[i] = ('x'):rep(100) .. i end", options: options))
        // It names the line and the limit (before: a bare "not enough memory").
        #expect(message.hasPrefix("test.lua:2: not enough memory (--max-memory 8 MB)"), "\(message)")
        // One allocation far past it cannot be positioned, but names the limit.
        let huge = try #require(errorMessage("local s = ('x'):rep(64 << 20)", options: options))
        #expect(huge == "test.lua: not enough memory (--max-memory 8 MB)", "\(huge)")
        // a host function allocating past the limit is caught after it returns
        let big = try #require(errorMessage("local s = ('x'):rep(4 << 20) local t = {} for i = 1, 10 do t[i] = cell.canvas(1,1):png() .. s .. i end", options: options))
        #expect(big.contains("not enough memory"))
    }

    /// Lua's blocks move between the state's small-block pool (up to 256
    /// bytes, in 16-byte classes) and malloc as they grow and shrink: strings
    /// of every length across the boundary, a table's array and hash parts
    /// grown one element at a time and emptied, coroutines' stacks grown by
    /// recursion, all with garbage collected in between so that given-back
    /// blocks are taken again. Every value must read back as written (a
    /// resize that lost or mixed bytes shows here).
    @Test func luaBlocksKeepTheirBytesAcrossSizes() throws {
        let code = """
            local strings = {}
            for n = 1, 700 do strings[n] = string.char(65 + n % 26):rep(n) .. n end
            collectgarbage()
            local bad = 0
            for n = 1, 700 do
              local s = strings[n]
              if #s ~= n + #tostring(n) or s:sub(1, 1) ~= string.char(65 + n % 26) or s:sub(n + 1) ~= tostring(n) then bad = bad + 1 end
            end
            local array, hash = {}, {}
            for i = 1, 3000 do
              array[i] = i * 3
              hash["k" .. i] = i
              if i % 97 == 0 then collectgarbage() end
            end
            local sum, hsum = 0, 0
            for i = 1, 3000 do sum = sum + array[i] end
            for k, v in pairs(hash) do if k == "k" .. v then hsum = hsum + v end end
            for i = 3000, 5, -1 do array[i] = nil hash["k" .. i] = nil end
            collectgarbage()
            for i = 1, 40 do hash["again" .. i] = i end
            local small = 0
            for k, v in pairs(hash) do small = small + v end
            local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end
            local co = coroutine.wrap(function(n) coroutine.yield(depth(n)) return depth(n // 2) end)
            local deep, half = co(5000), co()
            return bad, sum, hsum, #array, small, deep, half
            """
        #expect(try values(code) == ["0", "\(3 * 3000 * 3001 / 2)", "\(3000 * 3001 / 2)", "4", "\(10 + 40 * 41 / 2)", "5000", "2500"])
    }

    @Test func garbageCollectionReleasesCanvases() throws {
        weak var weakCanvas: Canvas?
        do {
            let runtime = makeRuntime()
            weakCanvas = try runtime.run(code: "return cell.canvas(10, 10)")
            #expect(weakCanvas != nil)
        }
        #expect(weakCanvas == nil)
    }
}
