import ArgumentParser
import CellLua
import CellText
import FoundationEssentials
import Glibc

/// Entry point: parse, run, map outcomes to the exit statuses of docs/reference.md
/// (0 success, 1 the script failed, 2 bad usage or unreadable input).
@main
enum Main {
    /// The font cache's place from the environment, before any font is
    /// looked up: `CELLLUA_FONT_CACHE=0` turns it off, `CELLLUA_CACHE_DIR`
    /// moves it (default: the user's cache folder).
    static func configureFontCache() {
        // getenv, not ProcessInfo.environment: that builds a dictionary of
        // every variable, a measurable part of start-up.
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        let setting: FontCatalog.PersistentCache
        if variable("CELLLUA_FONT_CACHE") == "0" {
            setting = .off
        } else if let dir = variable("CELLLUA_CACHE_DIR"), !dir.isEmpty {
            setting = .folder(dir)
        } else {
            setting = .standard
        }
        FontCatalog.persistentCache.withLock { $0 = setting }
        // A character no installed font has draws as a box: say so, once.
        Font.FallbackChain.missingCharacter.withLock {
            $0 = { character in
                let code = character.unicodeScalars.map { scalar in
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
                }.joined(separator: " ")
                writeStandardError("celllua: warning: no installed font has \(code); it draws as a box\n")
            }
        }
    }

    static func main() {
        // A file size limit (ulimit -f) would kill the process in the middle
        // of a write, leaving a temporary file; ignored, the write fails with
        // EFBIG instead and AtomicFile reports it and cleans up.
        signal(SIGXFSZ, SIG_IGN)
        // A parent may start us with SIGINT and SIGTERM blocked (test
        // runners, some supervisors): Ctrl-C and a stop must still work.
        var stops = sigset_t()
        sigemptyset(&stops)
        sigaddset(&stops, SIGINT)
        sigaddset(&stops, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
        configureFontCache()
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
            // swift-argument-parser begins with "Error: "; every diagnostic
            // of the command line begins with its name instead.
            let text = message.hasPrefix("Error: ") ? String(message.dropFirst("Error: ".count)) : message
            writeStandardError(Console.prefixed(text) + "\n")
            exit(2)
        }
        // A sandboxed script writes nothing but its result: the font cache
        // is read, never written.
        if options.sandbox { FontCatalog.persistentCacheIsWritable.withLock { $0 = false } }
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
