import CellImage
import Foundation
import Testing

/// The REPL at a terminal (a pseudo-terminal): prompts, line editing, Ctrl-C,
/// history across sessions, Tab completion and the `:` commands.
@Suite struct REPLTerminalTests {
    /// A scratch directory (also HOME and TMPDIR of the session) and a session in it.
    private func start(_ arguments: [String] = [], environment: [String: String] = [:]) throws
        -> (TerminalSession, String) {
        let dir = scratchDirectory()
        var env = ["CELLLUA_HISTORY": dir + "/history"]
        for (key, value) in environment { env[key] = value }
        let session = try TerminalSession(arguments, in: dir, environment: env)
        #expect(session.waitFor("> "), "no prompt: \(session.output)")
        return (session, dir)
    }

    /// Ctrl-D on an empty line ends the session with status 0.
    private func finish(_ session: TerminalSession) {
        #expect(session.waitForPrompt(), "no prompt before Ctrl-D: \(session.output)")
        session.send("\u{04}")
        #expect(session.waitForExit() == 0, "\(session.output)")
    }

    @Test func promptAndExpressionValues() throws {
        let (session, dir) = try start()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(session.output.contains("celllua "))
        session.send("1 + 41\r")
        #expect(session.waitFor("\r\n42\r\n> "), "\(session.output)")
        session.send("'two', 2\r")
        #expect(session.waitFor("two\t2\r\n"), "\(session.output)")
        finish(session)
    }

    @Test func incompleteStatementsContinue() throws {
        let (session, dir) = try start()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        session.send("for i = 1, 2 do\r")
        #expect(session.waitFor(">> "), "\(session.output)")
        session.send("print('n' .. i)\r")
        #expect(session.waitFor(">> ", from: session.mark - 1))
        session.send("end\r")
        #expect(session.waitFor("n1\r\nn2\r\n> "), "\(session.output)")
        finish(session)
    }

    @Test func errorsDoNotEndTheSession() throws {
        let (session, dir) = try start()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        session.send("error('boom')\r")
        #expect(session.waitFor("stdin:1: boom"), "\(session.output)")
        session.send("x = = 1\r")
        #expect(session.waitFor("unexpected symbol near '='"), "\(session.output)")
        session.send("'still ' .. 'here'\r")
        #expect(session.waitFor("still here\r\n"), "\(session.output)")
        finish(session)
    }

    @Test func ctrlCInterruptsTheRunningChunk() throws {
        let (session, dir) = try start()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        session.send("while true do end\r")
        #expect(session.waitFor("while true do end\r\n"))
        // A Ctrl-C typed in the instant between Return and the chunk starting
        // may be taken by the prompt; a user would press it again, and so do we.
        var interrupted = false
        for _ in 0..<5 where !interrupted {
            session.send("\u{03}")
            interrupted = session.waitFor("interrupted!", timeout: 3)
        }
        #expect(interrupted, "\(session.output)")
        let mark = session.mark
        session.send("6 * 7\r")
        #expect(session.waitFor("42\r\n", from: mark), "the REPL stopped answering: \(session.output)")
        finish(session)
    }

    @Test func ctrlCAtThePromptDropsTheLine() throws {
        let (session, dir) = try start()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        session.send("print('a' ..")
        #expect(session.waitFor("print('a' .."))
        session.send("\u{03}")
        #expect(session.waitFor("^C"), "\(session.output)")
        session.send("print(('z'):rep(3))\r")
        #expect(session.waitFor("zzz\r\n"), "\(session.output)")
        // Also the earlier lines of an unfinished chunk.
        session.send("for i = 1, 2 do\r")
        #expect(session.waitFor(">> "))
        session.send("\u{03}")
        let mark = session.mark
        session.send("print(('y'):rep(3))\r")
        #expect(session.waitFor("yyy\r\n> ", from: mark), "\(session.output)")
        #expect(!session.output.contains("expected"), "a dropped line was run: \(session.output)")
        finish(session)
    }

    @Test func showWithAPlainTerminalWritesAPreviewFile() throws {
        let (session, dir) = try start(environment: ["TERM": "dumb"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        session.send(":show\r")
        #expect(session.waitFor("no canvas yet"), "\(session.output)")
        session.send("c = cell.canvas(3, 2)\r")
        let mark = session.mark
        session.send(":show\r")
        #expect(session.waitFor(".png\r\n", from: mark), "\(session.output)")
        let lines = session.output(from: mark).components(separatedBy: "\r\n")
        let path = try #require(lines.first { $0.hasPrefix("/") && $0.hasSuffix(".png") }, "\(lines)")
        #expect(path.hasPrefix(dir), "the preview belongs in $TMPDIR: \(path)")
        let png = try #require(bytes(path))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let image = try PNGCodec.decode(png)
        #expect(image.width == 6 && image.height == 4)
        finish(session)
    }

    @Test func showInKittyUsesTheGraphicsProtocol() throws {
        let (session, dir) = try start(environment: ["KITTY_WINDOW_ID": "1"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        session.send("c = cell.canvas(4, 4)\r")
        let mark = session.mark
        session.send(":show c\r")
        #expect(session.waitFor("\u{1b}\\", from: mark), "\(session.output)")
        let shown = session.output(from: mark)
        let start = try #require(shown.range(of: "\u{1b}_G"), "no kitty escape: \(shown)")
        let rest = shown[start.upperBound...]
        let keys = try #require(rest.split(separator: ";").first)
        #expect(keys.contains("a=T") && keys.contains("f=100"), "\(keys)")
        let payloadStart = try #require(rest.firstIndex(of: ";"))
        let payloadEnd = try #require(rest.range(of: "\u{1b}\\"))
        let payload = String(rest[rest.index(after: payloadStart)..<payloadEnd.lowerBound])
        let png = try #require(Data(base64Encoded: payload))
        #expect(try PNGCodec.decode([UInt8](png)).width == 8)
        finish(session)
    }

    @Test func showInITermUsesInlineFiles() throws {
        let (session, dir) = try start(environment: ["TERM_PROGRAM": "iTerm.app"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        session.send("cell.canvas(2, 2)\r")
        session.send(":show\r")
        #expect(session.waitFor("\u{1b}]1337;File="), "\(session.output)")
        #expect(session.waitFor("inline=1"))
        finish(session)
    }

    @Test func saveWritesTheCanvas() throws {
        let (session, dir) = try start()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        session.send("c = cell.canvas(5, 5)\r")
        session.send(":save out.ppm\r")
        #expect(session.waitFor("out.ppm\r\n> "), "\(session.output)")
        let ppm = try #require(bytes(dir + "/out.ppm"))
        #expect(String(decoding: ppm.prefix(2), as: UTF8.self) == "P6")
        finish(session)
    }

    @Test func historyIsKeptAcrossSessions() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let environment = ["CELLLUA_HISTORY": dir + "/history"]
        let first = try TerminalSession([], in: dir, environment: environment)
        #expect(first.waitFor("> "))
        first.send("print('from ' .. 'history')\r")
        #expect(first.waitFor("from history\r\n"))
        #expect(first.waitForPrompt())
        first.send("\u{04}")
        #expect(first.waitForExit() == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/history"))

        let second = try TerminalSession([], in: dir, environment: environment)
        #expect(second.waitFor("> "))
        second.send("\u{10}") // Ctrl-P: the previous history entry
        #expect(second.waitFor("print('from ' .. 'history')"), "\(second.output)")
        second.send("\r")
        #expect(second.waitFor("from history\r\n"), "\(second.output)")
        #expect(second.waitForPrompt())
        second.send("\u{04}")
        #expect(second.waitForExit() == 0)
    }

    /// The file keeps the newest 1000 entries, this session's last.
    @Test func historyIsBounded() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/history"
        write((["_HiStOrY_V2_"] + (1...1100).map { "old\($0)" }).joined(separator: "\n") + "\n", to: path)
        let session = try TerminalSession([], in: dir, environment: ["CELLLUA_HISTORY": path])
        #expect(session.waitForPrompt())
        session.send("\u{10}") // the newest entry from the file
        #expect(session.waitFor("old1100"), "\(session.output)")
        session.send("\u{15}newest = 1\r")
        #expect(session.waitFor("newest = 1\r\n"))
        #expect(session.waitForPrompt())
        session.send("\u{04}")
        #expect(session.waitForExit() == 0)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count <= 1001, "\(lines.count) lines") // a header line, then the entries
        #expect(lines.last?.hasPrefix("newest") == true, "\(lines.suffix(2))") // spaces are escaped in the file
        #expect(lines.contains("old1100") && !lines.contains("old1"))
    }

    @Test func tabCompletesCellNames() throws {
        let (session, dir) = try start()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Completed, `cell.can` reads `cell.canvas`, a function; uncompleted it is nil.
        session.send("type(cell.can\t")
        session.send(")\r")
        #expect(session.waitFor("function\r\n"), "\(session.output)")
        #expect(!session.output.contains("nil\r\n"))
        finish(session)
    }

    @Test func tabCompletesMethodsAndListsChoices() throws {
        let (session, dir) = try start()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        session.send("c = cell.canvas(2, 2)\r")
        session.send("c:fill_r\t")
        session.send("(0, 0, 1, 1) print(c:pixel(0, 0))\r")
        #expect(session.waitFor("0\t0\t0\t255\r\n"), "\(session.output)")
        // Ambiguous: Tab lists the choices below the line.
        let mark = session.mark
        session.send("cell.\t")
        #expect(session.waitFor("version", from: mark), "\(session.output)")
        let listed = session.output(from: mark)
        #expect(listed.contains("canvas") && listed.contains("rgb") && listed.contains("ui"), "\(listed)")
        session.send("\u{15}") // Ctrl-U: clear the line
        let commandMark = session.mark
        session.send(":sh\t")
        session.send("\r")
        #expect(session.waitFor(".png\r\n", from: commandMark), "`:sh` did not complete to `:show`: \(session.output)")
        finish(session)
    }
}
