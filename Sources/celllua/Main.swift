import ArgumentParser
import CellLua
import Foundation

/// Entry point: parse, run, map outcomes to the exit statuses of API.md
/// (0 success, 1 the script failed, 2 bad usage or unreadable input).
@main
enum Main {
    static func main() {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse()
        } catch {
            let code = CommandLineOptions.exitCode(for: error)
            let message = CommandLineOptions.fullMessage(for: error)
            if code == .success {
                print(message)
                exit(0)
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            exit(2)
        }
        exit(Runner(options: options).run())
    }
}
