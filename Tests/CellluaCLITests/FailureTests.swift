import CellImage
import Foundation
import Testing

/// Exit statuses, error text, and that a failing run loses nothing.
@Suite struct FailureTests {
    @Test func runtimeError() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("local c = cell.canvas(2, 2)\n\nerror('something broke')", to: dir + "/boom.lua")
        let r = try Celllua.run(["boom.lua"], in: dir)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("celllua: boom.lua:3: something broke\nstack traceback:\n"))
        #expect(r.stderr.contains("boom.lua:3: in main chunk"))
        #expect(!r.stderr.contains("[C]: in ?"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["boom.lua"])
    }

    @Test func syntaxError() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("local c = cell.canvas(2, 2)\nc:fill_rect(0, 0, 1, 1\n", to: dir + "/syntax.lua")
        let r = try Celllua.run(["syntax.lua"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("celllua: syntax.lua:3: ')' expected (to close '(' at line 2) near <eof>"))
    }

    @Test func badArgument() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("local c = cell.canvas(2, 2)\nc:fill_rect(0, 0, 'wide', 1)\n", to: dir + "/arg.lua")
        let r = try Celllua.run(["arg.lua"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("celllua: arg.lua:2: bad argument #3 to 'fill_rect' (number expected, got string)\n"))
        #expect(r.stderr.contains("[C]: in method 'fill_rect'"))
    }

    @Test func missingScriptIsUsageError() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run(["nothere.lua"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "celllua: cannot open nothere.lua: No such file or directory\n")
        let d = try Celllua.run(["."], in: dir)
        #expect(d.status == 2 && d.stderr.contains("is a directory"))
    }

    @Test func badUsage() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for args in [["--bogus"], ["--scale", "0", "x.lua"], ["--scale", "abc"], ["-o", "x.jpg", "x.lua"],
                     ["-D", "novalue", "x.lua"], ["--timeout", "-1", "x.lua"], ["--max-memory", "1e13", "x.lua"]] {
            let r = try Celllua.run(args, in: dir)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("celllua: "), "\(args): \(r.stderr)")
        }
    }

    @Test func versionAndHelp() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let v = try Celllua.run(["--version"], in: dir)
        #expect(v.status == 0 && v.stdout.hasPrefix("celllua 0."))
        // One version everywhere: --version, cell.version and CHANGELOG.md's latest entry.
        let lua = try Celllua.run(["-e", "print(cell.version)"], in: dir)
        let version = lua.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(v.stdout == "celllua \(version) (Lua 5.4)\n")
        let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("CHANGELOG.md")
        let text = try String(contentsOf: changelog, encoding: .utf8)
        let latest = text.split(separator: "\n").first { $0.hasPrefix("## ") }.map(String.init) ?? ""
        #expect(latest.hasPrefix("## \(version) "), "CHANGELOG.md's latest entry is \(latest), the version \(version)")
        let h = try Celllua.run(["--help"], in: dir)
        #expect(h.status == 0)
        for word in ["--output", "--scale", "-D", "--timeout", "Examples:", "Exit status"] {
            #expect(h.stdout.contains(word), "help mentions \(word)")
        }
        #expect(try Celllua.run(["-h"], in: dir).status == 0)
    }

    /// A failing run leaves an earlier good output byte-identical, and no
    /// temporary files behind.
    @Test func failureKeepsThePreviousOutput() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("return cell.canvas(5, 5, {background = 'red'})", to: dir + "/art.lua")
        #expect(try Celllua.run(["art.lua"], in: dir).status == 0)
        let good = try #require(bytes(dir + "/art.png"))
        write("local c = cell.canvas(5, 5, {background = 'blue'})\nc:fill_rect(nil)", to: dir + "/art.lua")
        #expect(try Celllua.run(["art.lua"], in: dir).status == 1)
        #expect(bytes(dir + "/art.png") == good)
        // A write that fails (the target is now a directory's name taken by
        // a folder) leaves no temporary file behind either.
        write("return cell.canvas(5, 5, {background = 'green'})", to: dir + "/art.lua")
        try FileManager.default.createDirectory(atPath: dir + "/art.pam", withIntermediateDirectories: false)
        let r = try Celllua.run(["art.lua", "-o", "art.pam"], in: dir)
        #expect(r.status == 1 && r.stderr.contains("cannot write 'art.pam'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["art.lua", "art.pam", "art.png"])
    }

    /// A write that runs out of room (here a file size limit: `ulimit -f`,
    /// which fails writes with EFBIG as a full disk fails them with ENOSPC)
    /// is a clear error naming the file; the previous output stays as it was,
    /// no partial or temporary file is left; the same for variants and the
    /// contact sheet.
    @Test func aWriteThatRunsOutOfRoomIsACleanError() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 200 x 100 pt at scale 2: 320,000 bytes as PAM; noise, so PNG is big too.
        // (2x2 pixel cells of random colors: over 60 KB.)
        write("""
            variants = { a = {}, b = {} }
            local c = cell.canvas(200, 100)
            for i = 0, 19999 do c:set_fill(cell.rgb(math.random(), math.random(), math.random())) c:fill_rect(i % 200, i // 200, 1, 1) end
            return c
            """, to: dir + "/big.lua")
        write("local c = cell.canvas(2, 2) return c", to: dir + "/small.lua")
        #expect(try Celllua.run(["small.lua", "-o", "big.pam"], in: dir).status == 0)
        let good = try #require(bytes(dir + "/big.pam"))
        let r = try Celllua.run(["big.lua", "-o", "big.pam"], in: dir, fileSizeLimit: 64)
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write 'big.pam': File too large"), "\(r.stderr)")
        #expect(bytes(dir + "/big.pam") == good)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["big.lua", "big.pam", "small.lua"])
        // Folders made for an output that then fails are removed with it
        // (before, `out/deeper/` stayed behind).
        let nested = try Celllua.run(["big.lua", "-o", "out/deeper/big.pam"], in: dir, fileSizeLimit: 64)
        #expect(nested.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "the folders made for it stay")
        let v = try Celllua.run(["big.lua", "--all-variants", "--sheet"], in: dir, fileSizeLimit: 40)
        #expect(v.status == 1)
        #expect(v.stderr.contains("cannot write 'big-a.png': File too large"), "\(v.stderr)")
        #expect(v.stderr.contains("cannot write 'big-b.png': File too large"), "\(v.stderr)")
        // The sheet, small enough, shows the two failures, whole.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
                == ["big-sheet.png", "big.lua", "big.pam", "small.lua"])
        #expect(v.stdout == "big-sheet.png\n")
        _ = try PNGCodec.decodeStraight(try #require(bytes(dir + "/big-sheet.png")))
    }

    @Test func unwritableOutputIsAnError() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("return cell.canvas(2, 2)", to: dir + "/ok.lua")
        // Missing folders are made; a file where a folder should be is an error.
        let r = try Celllua.run(["ok.lua", "-o", "ok.lua/x.png"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write 'ok.lua/x.png'"), "\(r.stderr)")
    }

    @Test func timeoutStopsTheScript() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("local c = cell.canvas(2, 2)\nwhile true do end", to: dir + "/loop.lua")
        let r = try Celllua.run(["--timeout", "0.3", "loop.lua"], in: dir, timeout: 10)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("celllua: loop.lua:2: script timed out after 0.3 seconds"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["loop.lua"])
    }
}
