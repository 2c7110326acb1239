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
}
