import Foundation
import Testing

/// A bad field in a multi-line `cell.ui.table { ... }` or `cell.ui.screen`
/// spec is reported at the field's own line, as the command line shows it;
/// a spec built elsewhere keeps the call's line; a chunk that only names
/// itself after a file makes no file be read.
@Suite struct SpecSiteCLITests {
    func firstLine(_ script: String, name: String = "spec.lua") throws -> String {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(script, to: dir + "/" + name)
        let r = try Celllua.run([name, "-o", "x.png"], in: dir)
        #expect(r.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        return String(r.stderr.split(separator: "\n").first ?? "")
    }

    @Test func aTableFieldAtItsLine() throws {
        let line = try firstLine("""
            local c = cell.canvas(320, 200)
            local t = cell.ui.table {
              style = "grouped",
              sections = {
                { rows = {
                    { text = "One" },
                    { text = "Two", acessory = "checkmark" },
                } },
              },
            }
            t:render(c)
            return c
            """)
        #expect(line.hasPrefix("celllua: spec.lua:7: bad argument #1 to 'table' (sections[1].rows[2].acessory: unknown field (did you mean 'accessory'?"), "\(line)")
    }

    @Test func aScreenFieldAtItsLine() throws {
        let line = try firstLine("""
            local c = cell.canvas(320, 480)
            local s = cell.ui.screen({
              table = { sections = { { rows = { { text = "One" } } } } },
              nav_bar = { title = "Settings" },
              tab_bar = { items = { { title = "A" } } , selectd = 1 },
            })
            """)
        #expect(line.hasPrefix("celllua: spec.lua:"), "\(line)")
        #expect(!line.hasPrefix("celllua: spec.lua:2:"), "not the call's line: \(line)")
    }

    @Test func aSpecBuiltElsewhereKeepsTheCallLine() throws {
        let line = try firstLine("""
            local spec = {
              sections = { { rows = { { text = 3 } } } },
            }
            local t = cell.ui.table(spec)
            """)
        #expect(line == "celllua: spec.lua:4: bad argument #1 to 'table' (sections[1].rows[1].text: string expected, got number)", "\(line)")
    }

    @Test func aChunkNamedAfterAnotherFileReadsNothing() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A file whose line 3 holds a matching field: were it read, the error would move there.
        write("\n\nlocal x = {\n  heigth = 1,\n}\n", to: dir + "/other.lua")
        write("""
            local f = load("local t = cell.ui.table {\\n heigth = 1 }", "@\(dir)/other.lua")
            f()
            """, to: dir + "/spec.lua")
        let r = try Celllua.run(["spec.lua", "--sandbox", "-o", "x.png"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("other.lua:1: bad argument #1 to 'table' (heigth: unknown field"), "\(r.stderr)")
    }
}
