import Foundation
import Testing

/// Memory is bounded without --max-memory: the command line's default
/// budget (2048 MB) covers the Lua heap, canvases, layers and images, so a
/// hostile loop stops with a positioned error instead of filling the machine
/// (a loop of begin_layer reached 15.7 GB and ran 30 s before).
@Suite struct MemoryBudgetTests {
    @Test func aLoopOfLayersStopsAtTheBudget() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The same loop under a small explicit budget: quick, and the message.
        write("local c = cell.canvas(100, 100)\nfor i = 1, 100000 do c:begin_layer() end", to: dir + "/layers.lua")
        let r = try Celllua.run(["--max-memory", "64", "layers.lua"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("celllua: layers.lua:2: not enough memory: 156 KB more of pixels would pass --max-memory 64 MB"), "\(r.stderr)")
    }

    /// Without the option, the default applies (its number is in the message).
    @Test func theDefaultBudgetApplies() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("local t = {}\nfor i = 1, 1e9 do t[i] = ('x'):rep(1000) .. i end", to: dir + "/greedy.lua")
        let r = try Celllua.run(["greedy.lua"], in: dir, timeout: 120)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("celllua: greedy.lua:2: not enough memory (--max-memory 2048 MB)"), "\(r.stderr)")
    }

    /// What a canvas records for vector output counts too: text drawn in a
    /// loop stops at the budget with a positioned error (charged each 64 KB
    /// the recording grows; the loop alone would run to its end).
    @Test func recordedTextCountsAgainstTheBudget() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            local c = cell.canvas(100, 100)
            local f = cell.font("Helvetica", 12)
            for i = 1, 400000 do c:text("recorded text " .. i, 1, 1, { font = f }) end
            """, to: dir + "/text.lua")
        let r = try Celllua.run(["--max-memory", "16", "text.lua"], in: dir, timeout: 120)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("celllua: text.lua:3: not enough memory"), "\(r.stderr)")
        #expect(r.stderr.contains("recorded drawing"), "\(r.stderr)")
    }

    /// The budget is the peak a user sees, within the margin docs/reference.md
    /// states (a quarter more, plus 48 MB for the program, its libraries,
    /// fonts and caches). Before, under --max-memory 64: 120 drawn canvases
    /// kept alive reached 1.9 GB; 4e6 saves 1.46 GB; a 470 KB PNG declaring
    /// 11000x11000 peaked at 966 MB (under 256); text of 10 MB passed 4 GB
    /// and aborted; a loop of line_to peaked at twice the budget.
    @Test(arguments: [
        ("draw.lua", "local big = cell.canvas(100, 100)\nfor i = 1, 300 do big:draw_image(cell.canvas(1000, 1000), 0, 0, 1, 1) end\nreturn big", nil),
        ("saves.lua", "local c = cell.canvas(10, 10)\nfor i = 1, 1e7 do c:save() end", "saved states"),
        ("image.lua", "local c = cell.canvas(10, 10)\nc:draw_image(cell.image('bomb.png'), 0, 0, 10, 10)", "a decoded image (11000x11000 pixels)"),
        ("text.lua", "local c = cell.canvas(100, 100)\nc:text(('AV '):rep(1e7), 0, 0)", "laying out text"),
        ("path.lua", "local c = cell.canvas(100, 100)\nfor i = 1, 4e6 do c:move_to(i, i) c:line_to(i + 1, i) end", "paths"),
        ("shadow.lua", "local c = cell.canvas(1000, 1000)\nc:set_shadow(0, 0, 50, '#000') c:fill_rect(0, 0, 1000, 1000)", nil),
        ("layers.lua", "local c = cell.canvas(100, 100)\nfor i = 1, 100000 do c:begin_layer() end", "pixels"),
        ("lua.lua", "local t\nfor i = 1, 1e9 do t = {t, ('x'):rep(1000) .. i} end", "not enough memory (--max-memory 64 MB)"),
        ("kit.lua", "local c = cell.canvas(320, 480)\ncell.ui.table { sections = { { rows = { { text = ('word '):rep(2e6), lines = 0 } } } } }:render(c)", "laying out text"),
        ("recorded.lua", "local c = cell.canvas(100, 100)\nfor i = 1, 1e6 do c:text('recorded text ' .. i, 1, 1) end", "not enough memory"),
    ] as [(String, String, String?)])
    func thePeakStaysWithinTheBudget(name: String, script: String, failure: String?) throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(script, to: dir + "/" + name)
        // A PNG header (signature and IHDR) declaring 11000 x 11000 pixels
        // and no pixel data: refused from the header, before decoding.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0x2A, 0xF8, 0, 0, 0x2A, 0xF8, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        FileManager.default.createFile(atPath: dir + "/bomb.png", contents: Data(png))
        let r = try Celllua.run(["--max-memory", "64", name, "-o", "out.png"], in: dir, timeout: 120, measuringPeak: true)
        if let failure {
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("celllua: \(name):2: not enough memory"), "\(r.stderr)")
            #expect(r.stderr.contains(failure), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        } else {
            #expect(r.status == 0, "\(r.stderr)")
        }
        // Under AddressSanitizer the peak means nothing (freed memory waits
        // in quarantine, shadow memory is added): the outcome is checked alone.
        guard ProcessInfo.processInfo.environment["CELLLUA_ASAN"] == nil else { return }
        let peak = try #require(r.peakMB)
        #expect(peak <= 64 * 1.25 + 48, "\(name): peak \(Int(peak)) MB under --max-memory 64")
    }
}
