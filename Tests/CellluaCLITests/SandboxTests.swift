import CellImage
import Foundation
import Testing

/// `--sandbox`: scripts that try to get out of it, run as a user would.
@Suite struct SandboxTests {
    /// Runs `code` as `s.lua` with --sandbox in a fresh folder (plus `files`).
    func run(_ code: String, files: [String: [UInt8]] = [:]) throws -> (Celllua.Result, String) {
        let dir = scratchDirectory()
        write(code, to: dir + "/s.lua")
        for (name, data) in files { FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(data)) }
        return (try Celllua.run(["--sandbox", "s.lua", "-o", "out.png"], in: dir), dir)
    }

    @Test func dangerousLibrariesAreGone() throws {
        let (r, dir) = try run("""
            assert(io == nil and package.loaded.io == nil, "io")
            for _, f in ipairs { "execute", "remove", "rename", "exit", "tmpname", "getenv", "setlocale" } do
              assert(os[f] == nil, "os." .. f)
            end
            assert(os.clock and os.time and os.date and os.difftime, "harmless os functions stay")
            assert(debug.sethook == nil and debug.getregistry == nil and debug.getupvalue == nil, "debug")
            assert(package.loadlib == nil and package.cpath == "", "C modules")
            assert(package.searchers[3] == nil and package.searchers[4] == nil, "C searchers")
            return cell.canvas(4, 4, { background = "red" })
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "out.png\n", "output goes through -o")
    }

    @Test func binaryChunksAreRefusedEverywhere() throws {
        // A precompiled chunk, as string.dump makes it, saved as a module.
        let (r, dir) = try run("""
            local bin = string.dump(function() return 42 end)
            local f, err = load(bin)
            assert(f == nil and err:find("binary chunk"), "load")
            f, err = load(bin, "x", "b")
            assert(f == nil and err:find("binary chunk"), "load with mode b")
            f, err = loadfile("mod.lua")
            assert(f == nil and err:find("binary chunk"), "loadfile")
            assert(not pcall(dofile, "mod.lua"), "dofile")
            local ok, rerr = pcall(require, "mod")
            assert(not ok and rerr:find("binary chunk"), "require: " .. tostring(rerr))
            return cell.canvas(1, 1)
            """, files: ["mod.lua": Array("\u{1B}Lua".utf8) + [0x54, 0x00]])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Lua does not verify bytecode: a binary chunk with one operand
    /// changed crashed celllua (SIGSEGV) when it was the main script. Under
    /// --sandbox the main script is text only, from a file or from stdin.
    @Test func aBinaryMainScriptIsRefused() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Without the sandbox, write a valid dump and the same dump with
        // every byte after the header shifted: both must be refused.
        write("""
            local d = string.dump(function() local t = {} return cell.canvas(2, 2 + #t) end)
            local f = io.open("good.luac", "wb") f:write(d) f:close()
            local bad = d:sub(1, 47) .. d:sub(48):gsub(".", function(b) return string.char((b:byte() + 64) % 256) end)
            f = io.open("evil.luac", "wb") f:write(bad) f:close()
            return false
            """, to: dir + "/make.lua")
        #expect(try Celllua.run(["make.lua"], in: dir).status == 0)
        for name in ["good.luac", "evil.luac"] {
            let r = try Celllua.run(["--sandbox", name, "-o", "out.png"], in: dir)
            #expect(r.status == 1, "\(name): \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix("celllua: \(name): a precompiled (binary) chunk cannot run under --sandbox"), "\(r.stderr)")
            let piped = try Celllua.run(["--sandbox", "-", "-o", "out.png"], in: dir, inputBytes: bytes(dir + "/" + name))
            #expect(piped.status == 1, "stdin \(name): \(piped.status) \(piped.stderr)")
            #expect(piped.stderr.contains("a precompiled (binary) chunk cannot run under --sandbox"), "\(piped.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        // Without --sandbox a precompiled script still runs, as with lua.
        let plain = try Celllua.run(["good.luac", "-o", "out.png"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
    }

    /// Font names went to the user's font cache, a write by the script; and
    /// a NUL in a name or path reached C cut short (`c:save("a.txt\\0.png")`
    /// passed the `.png` check and wrote `a.txt`).
    @Test func namesWithNulAndTheFontCache() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            for _, name in ipairs { "Helvetica", "Helvetica-Bold", "DejaVu Sans" } do cell.font(name, 12) end
            local ok, err = pcall(cell.font, "Helvetica\\0" .. ("x"):rep(1000), 12)
            assert(not ok and err:find("name contains a NUL byte"), err)
            ok, err = pcall(cell.image, "a.png\\0.jpg")
            assert(not ok and err:find("path contains a NUL byte"), err)
            return cell.canvas(2, 2)
            """, to: dir + "/s.lua")
        let cache = dir + "/cache"
        let r = try Celllua.run(["--sandbox", "s.lua", "-o", "out.png"], in: dir,
                                environment: ["CELLLUA_CACHE_DIR": cache])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cache), "a sandboxed run wrote the font cache")
        // Without the sandbox the cache is written as before.
        #expect(try Celllua.run(["s.lua", "-o", "out.png"], in: dir, environment: ["CELLLUA_CACHE_DIR": cache]).status == 0)
        #expect(FileManager.default.fileExists(atPath: cache + "/fonts-v1.txt"))
        write("""
            local c = cell.canvas(2, 2)
            c:save("a.txt\\0.png")
            """, to: dir + "/save.lua")
        let saved = try Celllua.run(["save.lua"], in: dir)
        #expect(saved.status == 1)
        #expect(saved.stderr.hasPrefix("celllua: save.lua:2: bad argument #1 to 'save' (path contains a NUL byte)"), "\(saved.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.txt"))
    }

    /// `loadfile("secret.env", "t", env)` read any file written as
    /// `KEY=value` and the script could draw it into its output. Under
    /// --sandbox a script reads only inside its own folder: code, images and
    /// font files, links resolved first; standard input not at all.
    @Test func readsStayInTheScriptsFolder() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/proj/sub", withIntermediateDirectories: true)
        write("SECRET=hunter2\n", to: dir + "/secret.env")
        write("return 5\n", to: dir + "/proj/sub/m.lua")
        try FileManager.default.createSymbolicLink(atPath: dir + "/proj/link.env", withDestinationPath: dir + "/secret.env")
        try FileManager.default.copyItem(atPath: Celllua.examples + "/../docs/images/badges.png", toPath: dir + "/outside.png")
        try FileManager.default.copyItem(atPath: dir + "/outside.png", toPath: dir + "/proj/sub/inside.png")
        write("""
            local outside = "\(dir)/secret.env"
            local function refused(ok, err)
              return not ok and tostring(err):find("--sandbox reads only files inside the script's folder", 1, true)
            end
            local f, err = loadfile(outside, "t", {})
            assert(f == nil and refused(false, err), "loadfile: " .. tostring(err))
            assert(refused(pcall(dofile, outside)), "dofile")
            f, err = loadfile("link.env")
            assert(f == nil and refused(false, err), "a link out: " .. tostring(err))
            f, err = loadfile()
            assert(f == nil and err:find("standard input"), "stdin")
            assert(refused(pcall(cell.image, "../outside.png")), "image")
            assert(refused(pcall(cell.font, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 12)), "font file")
            assert(cell.font("DejaVu Sans", 12), "fonts by name still resolve")
            assert(loadfile("sub/m.lua")() == 5, "inside")
            package.path = "./sub/?.lua;" .. package.path
            assert(require("m") == 5, "require inside")
            local img = cell.image("sub/inside.png")
            local c = cell.canvas(2, 2)
            c:draw_image(img, 0, 0, 2, 2)
            return c
            """, to: dir + "/proj/s.lua")
        let r = try Celllua.run(["--sandbox", "s.lua", "-o", "out.png"], in: dir + "/proj")
        #expect(r.status == 0, "\(r.stderr)")
        // Without --sandbox the same reads succeed.
        write("assert(loadfile(\"\(dir)/secret.env\", \"t\", {})) return false", to: dir + "/proj/plain.lua")
        let plain = try Celllua.run(["plain.lua"], in: dir + "/proj")
        #expect(plain.status == 0, "\(plain.stderr)")
    }

    /// A FIFO or a device as a module, a loaded file or an image blocked
    /// the run for good (`loadfile` on a FIFO, `/dev/stdin`), or read
    /// without end (`/dev/zero`); as the script it said "permission denied".
    @Test func onlyRegularFilesAreRead() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/pipe.lua", 0o600) == 0)
        write("""
            local f, err = loadfile("pipe.lua")
            assert(f == nil and err:find("not a regular file"), tostring(err))
            assert(not pcall(dofile, "/dev/zero"))
            local ok, rerr = pcall(require, "pipe")
            assert(not ok and rerr:find("not a regular file"), tostring(rerr))
            ok, rerr = pcall(cell.image, "/dev/zero")
            assert(not ok and rerr:find("not a regular file"), tostring(rerr))
            return false
            """, to: dir + "/s.lua")
        let r = try Celllua.run(["s.lua"], in: dir, timeout: 20)
        #expect(r.status == 0, "\(r.stderr)")
        let zero = try Celllua.run(["/dev/zero"], in: dir, timeout: 20)
        #expect(zero.status == 2)
        #expect(zero.stderr.hasPrefix("celllua: cannot read /dev/zero: not a regular file"), "\(zero.stderr)")
    }

    /// Lua runs `__gc` finalizers with hooks off: one that looped ran past
    /// `--timeout` for good, after the output was written, and Ctrl-C could
    /// not stop it. Under --sandbox finalizers are refused; elsewhere the
    /// state is closed (its finalizers run) before the output is written,
    /// and a finalizer still running a second past the deadline ends the
    /// run with the timeout error and nothing written.
    @Test func finalizersCannotOutliveTheTimeout() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            setmetatable({}, { __gc = function() while true do end end })
            return cell.canvas(2, 2)
            """, to: dir + "/gc.lua")
        let sandboxed = try Celllua.run(["--sandbox", "--timeout", "2", "gc.lua"], in: dir, timeout: 20)
        #expect(sandboxed.status == 1)
        #expect(sandboxed.stderr.hasPrefix("celllua: gc.lua:1: __gc finalizers are not available under --sandbox"), "\(sandboxed.stderr)")
        let plain = try Celllua.run(["--timeout", "0.5", "gc.lua"], in: dir, timeout: 20)
        #expect(plain.status == 1)
        #expect(plain.stderr.hasPrefix("celllua: gc.lua: script timed out after 0.5 seconds (in a __gc finalizer"), "\(plain.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["gc.lua"], "nothing written")
    }

    @Test func luaModulesStillLoad() throws {
        let (r, dir) = try run("""
            package.path = "./?.lua;" .. package.path
            local m = require "helper"
            return cell.canvas(m.size, m.size)
            """, files: ["helper.lua": Array("return { size = 3 }".utf8)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func savingFromTheScriptIsRefused() throws {
        let (r, dir) = try run("""
            local c = cell.canvas(4, 4)
            c:save("/tmp/escaped.png")
            return c
            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("celllua: s.lua:2: c:save(path) is not allowed with --sandbox"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"), "a failed run writes nothing")
    }

    @Test func sameImageWithAndWithoutTheSandbox() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            local c = cell.canvas(40, 30, { background = "#C5CCD4" })
            cell.ui.cell_background(c, 5, 5, 30, 20)
            return c
            """, to: dir + "/s.lua")
        let a = try Celllua.run(["s.lua", "-o", "a.png"], in: dir)
        let b = try Celllua.run(["--sandbox", "s.lua", "-o", "b.png"], in: dir)
        #expect(a.status == 0 && b.status == 0)
        #expect(bytes(dir + "/a.png") == bytes(dir + "/b.png"))
    }
}
