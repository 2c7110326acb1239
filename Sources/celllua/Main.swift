import ArgumentParser
import CellLua
import FoundationEssentials
import Glibc

/// Entry point: parse, run, map outcomes to the exit statuses of API.md
/// (0 success, 1 the script failed, 2 bad usage or unreadable input).
@main
enum Main {
    static func main() {
        // A file size limit (ulimit -f) would kill the process in the middle
        // of a write, leaving a temporary file; ignored, the write fails with
        // EFBIG instead and AtomicFile reports it and cleans up.
        signal(SIGXFSZ, SIG_IGN)
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(splittingJoinedDefines(Array(CommandLine.arguments.dropFirst())))
        } catch {
            let code = CommandLineOptions.exitCode(for: error)
            let message = CommandLineOptions.fullMessage(for: error)
            if code == .success {
                print(message)
                exit(0)
            }
            writeStandardError((message + "\n"))
            exit(2)
        }
        exit(Runner(options: options).run())
    }

    /// `-Dname=value` (joined, as compilers take it) becomes `-D name=value`;
    /// nothing after `--` is touched, since that belongs to the script.
    static func splittingJoinedDefines(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var passThrough = false
        for a in arguments {
            if passThrough || a == "--" {
                passThrough = true
                out.append(a)
            } else if a.hasPrefix("-D"), a.count > 2 {
                out.append("-D")
                out.append(String(a.dropFirst(2)))
            } else {
                out.append(a)
            }
        }
        return out
    }
}
