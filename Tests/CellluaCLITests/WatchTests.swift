import CellImage
import Foundation
import Testing

/// `--watch`: re-renders on every change of the script or a file it loaded,
/// reports errors without exiting, keeps the last good output, and stops
/// cleanly on a signal.
@Suite struct WatchTests {
    /// A 1x1 pixel script filling with `color` (a Lua expression).
    static func script(_ color: String, prefix: String = "") -> String {
        """
        \(prefix)
        local c = cell.canvas(1, 1, {scale = 1})
        c:set_fill(\(color))
        c:fill_rect(0, 0, 1, 1)
        return c
        """
    }

    /// The straight RGBA of the single pixel of the PNG at `path`.
    static func pixel(_ path: String) throws -> [UInt8] {
        let (width, height, rgba) = try PNGCodec.decodeStraight(try #require(bytes(path)))
        #expect(width == 1 && height == 1)
        return Array(rgba.prefix(4))
    }

    @Test func rerendersOnEveryKindOfChangeAndKeepsTheLastGoodOutput() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scriptPath = dir + "/script.lua", png = dir + "/script.png"
        write(Self.script("'red'"), to: scriptPath)
        let session = try WatchSession(["script.lua"], in: dir)

        // 1. The first render.
        try #require(session.waitForRenders(1))
        #expect(try Self.pixel(png) == [255, 0, 0, 255])

        // 2. An edit in place changes the pixel.
        try overwrite(Self.script("'blue'"), at: scriptPath)
        try #require(session.waitForRenders(2))
        #expect(try Self.pixel(png) == [0, 0, 255, 255])
        let good = try #require(bytes(png))

        // 3. A syntax error is printed; the output stays byte-identical.
        try overwrite("local c = cell.canvas(1, 1)\nc:fill_rect(0, 0, 1\n", at: scriptPath)
        session.waitUntil("the syntax error") {
            session.stderr.contains("script.lua:3: ')' expected (to close '(' at line 2) near <eof>")
        }
        #expect(bytes(png) == good)

        // 4. So is a runtime error, with its traceback.
        try overwrite("local c = cell.canvas(1, 1)\n\nerror('deliberate')\nreturn c\n", at: scriptPath)
        session.waitUntil("the runtime error") { session.stderr.contains("script.lua:3: deliberate\nstack traceback:") }
        #expect(session.stderr.contains("script.lua:3: in main chunk"))
        #expect(bytes(png) == good)
        #expect(session.process.isRunning, "an error does not end the watch")

        // 5. Fixed, now with a module in a folder not watched so far.
        try FileManager.default.createDirectory(atPath: dir + "/lib", withIntermediateDirectories: true)
        write("return '#00FF00'", to: dir + "/lib/shade.lua")
        try overwrite(Self.script("require 'lib.shade'"), at: scriptPath)
        try #require(session.waitForRenders(3))
        #expect(try Self.pixel(png) == [0, 255, 0, 255])

        // 6. Editing the module re-renders.
        try overwrite("return '#FFFF00'", at: dir + "/lib/shade.lua")
        try #require(session.waitForRenders(4))
        #expect(try Self.pixel(png) == [255, 255, 0, 255])

        // 7. So does saving the script by rename.
        try replaceByRename(Self.script("'#00FFFF'"), at: scriptPath)
        try #require(session.waitForRenders(5))
        #expect(try Self.pixel(png) == [0, 255, 255, 255])

        // stdout holds the written paths only, one per good render.
        #expect(session.writtenPaths == Array(repeating: "script.png", count: 5))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["lib", "script.lua", "script.png"],
                "no temporary files left behind")

        // SIGTERM ends the session normally.
        #expect(session.stop(with: SIGTERM) == 0)
    }

    @Test func aScriptThatFailsAtFirstIsWatchedUntilItWorks() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("error('not yet')", to: dir + "/late.lua")
        let session = try WatchSession(["late.lua", "-o", "art.ppm"], in: dir)
        session.waitUntil("the first error") { session.stderr.contains("late.lua:1: not yet") }
        #expect(!FileManager.default.fileExists(atPath: dir + "/art.ppm"))
        try overwrite("return cell.canvas(1, 1)", at: dir + "/late.lua")
        try #require(session.waitForRenders(1))
        #expect(session.writtenPaths == ["art.ppm"])
        #expect(FileManager.default.fileExists(atPath: dir + "/art.ppm"))
        // Ctrl-C: 130, as shells expect of an interrupted command.
        #expect(session.stop(with: SIGINT) == 130)
    }

    /// With --all-variants every variant re-renders on a change.
    @Test func watchesAllVariants() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = { (shade: String) in
            "variants = { a = { g = 0 }, b = { g = 1 } }\n" + Self.script("{\(shade), cell.param('g', 0), 0}")
        }
        write(script("1"), to: dir + "/v.lua")
        let session = try WatchSession(["--all-variants", "v.lua"], in: dir)
        session.waitUntil("both variants") { session.writtenPaths.count >= 2 }
        #expect(Array(session.writtenPaths.prefix(2)) == ["v-a.png", "v-b.png"])
        #expect(try Self.pixel(dir + "/v-b.png") == [255, 255, 0, 255])
        try overwrite(script("0"), at: dir + "/v.lua")
        session.waitUntil("the re-render") { session.writtenPaths.count >= 4 }
        #expect(try Self.pixel(dir + "/v-a.png") == [0, 0, 0, 255])
        #expect(try Self.pixel(dir + "/v-b.png") == [0, 255, 0, 255])
        #expect(session.stop(with: SIGTERM) == 0)
    }

    @Test func dofileTargetsAndUnrelatedFiles() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("fill = 'red'", to: dir + "/settings.lua")
        write(Self.script("fill", prefix: "dofile('settings.lua')"), to: dir + "/main.lua")
        let session = try WatchSession(["main.lua"], in: dir)
        try #require(session.waitForRenders(1))
        // A file the script never read changes nothing.
        write("unrelated", to: dir + "/notes.txt")
        try overwrite("fill = 'blue'", at: dir + "/settings.lua")
        try #require(session.waitForRenders(2))
        #expect(try Self.pixel(dir + "/main.png") == [0, 0, 255, 255])
        usleep(500_000)
        #expect(session.writtenPaths.count == 2, "one render per change, none for notes.txt")
        #expect(session.stop(with: SIGTERM) == 0)
    }

    /// A render that never ends cannot hold the session: a signal during a
    /// render exits at once, and the last good output is untouched.
    @Test func aSignalStopsARunawayRender() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("return cell.canvas(1, 1, {background = 'red'})", to: dir + "/spin.lua")
        let session = try WatchSession(["spin.lua"], in: dir)
        try #require(session.waitForRenders(1))
        let good = try #require(bytes(dir + "/spin.png"))
        try overwrite("io.open('started', 'w'):close()\nwhile true do end", at: dir + "/spin.lua")
        session.waitUntil("the endless render") { FileManager.default.fileExists(atPath: dir + "/started") }
        #expect(session.stop(with: SIGTERM) == 0)
        #expect(bytes(dir + "/spin.png") == good)
    }

    @Test func usageErrors() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("return cell.canvas(1, 1)", to: dir + "/ok.lua")
        for args in [["--watch"], ["--watch", "-i", "ok.lua"], ["--watch", "-e", "cell.canvas(1, 1)"]] {
            let r = try Celllua.run(args, in: dir, timeout: 10)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("--watch"), "\(args): \(r.stderr)")
        }
        // A script that cannot be read at the start is bad usage, as without --watch.
        let missing = try Celllua.run(["--watch", "missing.lua"], in: dir, timeout: 10)
        #expect(missing.status == 2)
        #expect(missing.stderr == "celllua: cannot open missing.lua: No such file or directory\n")
    }
}
