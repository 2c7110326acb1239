import Foundation
import Testing

/// Bad command lines get a message that names the actual problem (before:
/// `--scale -1` said "Missing value", `-o out/` "has no extension", and
/// `--jobs` without `--all-variants` was accepted silently). Exit status 2,
/// nothing written.
@Suite struct UsageMessageTests {
    @Test(arguments: [
        (["--scale", "-1"], "celllua: --scale must be a number in (0, 64], got -1.0"),
        (["--threads", "-2"], "celllua: --threads must be a whole number from 1 to 64, got -2"),
        (["--timeout", "-1"], "celllua: --timeout must be a positive number of seconds"),
        (["--max-memory", "-5"], "celllua: --max-memory must be a positive number of megabytes, below 1e9"),
        (["--jobs", "2"], "celllua: --jobs goes with --all-variants"),
        (["-o", "out/"], "celllua: 'out/' names a folder; give a file name such as out/out.png"),
        (["--all-variants", "--shard", "0/2"], "celllua: --shard expects K/N with 1 <= K <= N (e.g. 2/4), got '0/2'"),
        (["--all-variants", "--shard", "3/2"], "celllua: --shard expects K/N with 1 <= K <= N (e.g. 2/4), got '3/2'"),
        (["--shard", "1/2"], "celllua: --shard goes with --all-variants or --list-variants"),
        (["--scales", "1,x"], "celllua: --scales expects scales in (0, 64] separated by commas (e.g. 1,2,3), got '1,x'"),
        (["--scales", "0"], "celllua: --scales expects scales in (0, 64] separated by commas (e.g. 1,2,3), got '0'"),
        (["--list-variants", "--all-variants"], "celllua: --list-variants only prints names"),
    ])
    func badOptions(_ arguments: [String], _ message: String) throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("return cell.canvas(4, 4)", to: dir + "/s.lua")
        let r = try Celllua.run(arguments + ["s.lua"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["s.lua"])
    }

    /// The parser looks for a completion-script request only on a command
    /// line that has one (CommandLineOptions.configuration): with a shell
    /// named, with one found from $SHELL, and the help dump all still answer.
    @Test func completionScriptsAndTheHelpDumpStillAnswer() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let named = try Celllua.run(["--generate-completion-script", "fish"], in: dir)
        #expect(named.status == 0 && named.stdout.contains("all-variants"), "\(named.stderr)")
        let found = try Celllua.run(["--generate-completion-script"], in: dir, environment: ["SHELL": "/bin/zsh"])
        #expect(found.status == 0 && found.stdout.hasPrefix("#compdef celllua"), "\(found.stderr)")
        let dump = try Celllua.run(["--experimental-dump-help"], in: dir)
        #expect(dump.status == 0 && dump.stdout.contains("\"commandName\" : \"celllua\""), "\(dump.stderr)")
    }
}
