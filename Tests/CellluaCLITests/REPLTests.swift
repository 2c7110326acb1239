import CellImage
import Foundation
import Testing

/// The REPL with piped input: no prompts, values printed, errors on stderr
/// without ending the session.
@Suite struct REPLTests {
    @Test func pipedInputPrintsValuesWithoutPrompts() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = """
            1 + 1
            x = cell.canvas(10, 10)
            x.pixel_width, x.scale_factor
            for i = 1, 2 do
              print('line', i)
            end
            error('oops')
            'still here'
            """
        let r = try Celllua.run([], in: dir, input: input + "\n")
        // The session goes on after the error; the failed chunk fails the run.
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "2\n20\t2\nline\t1\nline\t2\nstill here\n")
        #expect(r.stderr.hasPrefix("stdin:1: oops"))
    }

    @Test func interactiveAfterAScript() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("answer = 42\nreturn cell.canvas(1, 1)", to: dir + "/s.lua")
        let r = try Celllua.run(["-i", "s.lua"], in: dir, input: "answer\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "42\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.png"), "-i writes only where -o asks")
        let o = try Celllua.run(["-i", "s.lua", "-o", "s.png"], in: dir, input: "answer\n")
        #expect(o.stdout == "s.png\n42\n", "with -o it writes before the session: \(o.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/s.png"))
    }

    @Test func interactiveAfterAFailingScript() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("answer = 41\nerror('half way')\nanswer = 42", to: dir + "/f.lua")
        let r = try Celllua.run(["-i", "f.lua"], in: dir, input: "answer\n")
        #expect(r.stderr.hasPrefix("celllua: f.lua:2: half way"))
        #expect(r.stdout == "41\n", "the REPL runs with what the script had set")
    }
}

/// The `:` commands with piped input: they work as at a terminal, with no
/// prompts, and `:show` falls back to a preview file (stdout is not a terminal).
@Suite struct REPLCommandTests {
    @Test func saveWritesTheLastCanvas() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = """
            :save early.png
            c = cell.canvas(4, 3)
            c:fill_rect(0, 0, 1, 1)
            :save out.png
            :save out.pam
            :save
            :save out.tga
            """
        let r = try Celllua.run([], in: dir, input: input + "\n")
        // Piped, a command that fails fails the run (as a failed chunk does).
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "out.png\nout.pam\n", "\(r.stdout)")
        #expect(bytes(dir + "/out.pam")?.starts(with: Array("P7\n".utf8)) == true)
        let png = try #require(bytes(dir + "/out.png"))
        let image = try PNGCodec.decode(png)
        #expect(image.width == 8 && image.height == 6)
        let errors = r.stderr.split(separator: "\n").map(String.init)
        #expect(errors.first?.contains("no canvas yet") == true, "\(errors)")
        #expect(r.stderr.contains(":save needs a path"))
        #expect(r.stderr.contains("unknown image format '.tga'"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/early.png"))
    }

    @Test func showWithoutATerminalWritesAPreview() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Even in kitty: escape codes would only corrupt a pipe.
        let input = "c = cell.canvas(2, 2)\n:show\n:show 1 + 1\n:show c\n"
        let r = try Celllua.run([], in: dir, input: input, environment: ["TMPDIR": dir, "KITTY_WINDOW_ID": "7"])
        #expect(r.status == 1, "\(r.stderr)") // (the :show of a number failed)
        let paths = r.stdout.split(separator: "\n").map(String.init)
        #expect(paths.count == 2, "\(r.stdout)")
        for path in paths {
            #expect(path.hasPrefix(dir) && path.hasSuffix(".png"))
            #expect(try PNGCodec.decode(try #require(bytes(path))).width == 4)
            // In a folder of the session's own, which only its user may enter.
            let folder = (path as NSString).deletingLastPathComponent
            let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
            #expect(folder != dir && mode == 0o700, "\(folder) \(String(mode ?? 0, radix: 8))")
        }
        #expect(!r.stdout.contains("\u{1b}"))
        #expect(r.stderr == ":show: '1 + 1' is a number, not a Canvas\n", "\(r.stderr)")
    }

    @Test func helpAndUnknownCommands() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run([], in: dir, input: ":help\n:frobnicate\n::top:: print('labels are Lua')\n'after'\n")
        #expect(r.status == 1, "\(r.stderr)") // (:frobnicate failed)
        for command in [":show", ":save", ":reload", ":help"] {
            #expect(r.stdout.contains(command), "\(command) missing from :help")
        }
        #expect(r.stdout.hasSuffix("labels are Lua\nafter\n"), "\(r.stdout)")
        #expect(r.stderr == "unknown command ':frobnicate' (:help lists the commands)\n")
    }

    /// Fed from a pipe, a chunk left unfinished at the end of input is a
    /// syntax error (as lua reports it: `printf 'x = \\n' | lua` says
    /// `unexpected symbol near <eof>`) that fails the run; before, celllua
    /// said nothing and exited 0.
    @Test func anUnfinishedChunkAtTheEndFails() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run([], in: dir, input: "print(1)\nx = \n")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "1\n")
        #expect(r.stderr.hasPrefix("stdin:1: unexpected symbol near <eof>"), "\(r.stderr)")
    }

    /// `:show` once wrote `$TMPDIR/celllua-preview-PID.png` through a link
    /// planted there (a file elsewhere was replaced by a PNG). Now it writes
    /// in a folder `mkdtemp` made, so no planted name is followed.
    @Test func showNeverWritesThroughAPlantedLink() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("precious\n", to: dir + "/precious.txt")
        // The session plants the link under its own pid, as another user
        // could guess it, then shows a canvas.
        let input = """
            pid = io.open("/proc/self/stat"):read("n")
            os.execute(("ln -s %q %q"):format("\(dir)/precious.txt", "\(dir)/celllua-preview-" .. pid .. ".png"))
            c = cell.canvas(2, 2)
            :show

            """
        let show = try Celllua.run([], in: dir, input: input, environment: ["TMPDIR": dir])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.hasSuffix("/preview.png\n"), "\(show.stdout)")
        #expect(String(decoding: bytes(dir + "/precious.txt") ?? [], as: UTF8.self) == "precious\n")
    }

    @Test func quitEndsTheSession() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run([], in: dir, input: "1\n:quit\n2\n")
        #expect(r.status == 0)
        #expect(r.stdout == "1\n")
    }

    @Test func reloadRunsTheScriptAgain() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("runs = (runs or 0) + 1\nreturn cell.canvas(1, 1)\n", to: dir + "/s.lua")
        // Between the two reloads the script is edited, as a user would.
        let input = """
            runs
            :reload
            runs
            f = io.open('s.lua', 'w') f:write('error("edited badly")') f:close()
            :reload
            runs
            """
        let r = try Celllua.run(["-i", "s.lua"], in: dir, input: input + "\n")
        #expect(r.status == 1, "\(r.stderr)") // (the second :reload failed; the session went on)
        #expect(r.stdout == "1\nreloaded s.lua\n2\n2\n", "\(r.stdout)")
        #expect(r.stderr.hasPrefix("s.lua:1: edited badly"), "\(r.stderr)")
    }

    @Test func reloadWithoutAScriptSaysSo() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run([], in: dir, input: ":reload\n'ok'\n")
        #expect(r.status == 1) // (a failed command fails a piped session)
        #expect(r.stdout == "ok\n")
        #expect(r.stderr.contains("no script"))
    }

    /// `:save PATH [expr]` saves the canvas asked for; with no expression,
    /// after `-i script.lua`, the canvas the script returned (before: the
    /// last canvas created, which the script may not have returned), until
    /// the session creates its own.
    @Test func saveTakesAnExpressionAndTheScriptsResult() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("local a = cell.canvas(3, 3)\nlocal b = cell.canvas(5, 5)\nreturn a", to: dir + "/ret.lua")
        let r = try Celllua.run(["-i", "ret.lua", "-o", "ret.png"], in: dir,
                                input: ":save r.png\nother = cell.canvas(7, 7)\n:save o.png\n:save sub/x.png other\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "ret.png\nr.png\no.png\nsub/x.png\n")
        func width(_ name: String) throws -> UInt32 {
            let d = try #require(FileManager.default.contents(atPath: dir + "/" + name))
            return d[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
        }
        #expect(try width("r.png") == 6)
        #expect(try width("o.png") == 14)
        #expect(try width("sub/x.png") == 14)
    }
}
