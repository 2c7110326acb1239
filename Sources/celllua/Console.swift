import FoundationEssentials
import Glibc

/// Where a run's messages go: paths of written files to stdout, one per line
/// (stdout holds nothing else), diagnostics to stderr.
///
/// A plain run prints at once (`buffered` false, the default). The watch loop
/// buffers each render's messages and prints them after it has armed its
/// watches, so a path on stdout also means "the next change will be seen".
final class Console {
    private enum Line {
        case written(String)
        case diagnostic(String)
    }

    private let buffered: Bool
    /// For `-o -`: standard output carries the image, so the paths of files
    /// written go to stderr.
    private let pathsToStandardError: Bool
    private var pending: [Line] = []

    init(buffered: Bool = false, pathsToStandardError: Bool = false) {
        self.buffered = buffered
        self.pathsToStandardError = pathsToStandardError
    }

    /// A file was written: its path goes to stdout.
    func written(_ path: String) {
        buffered ? pending.append(.written(path)) : emit(.written(path))
    }

    /// An error or warning for stderr, after `celllua: ` as `lua` puts its
    /// name before a script's error (`celllua: s.lua:3: ...`); a newline is
    /// added.
    func diagnostic(_ message: String) {
        let message = Self.prefixed(message)
        buffered ? pending.append(.diagnostic(message)) : emit(.diagnostic(message))
    }

    /// `message` starting with `celllua: ` (added unless it is there).
    static func prefixed(_ message: String) -> String {
        message.hasPrefix("celllua: ") ? message : "celllua: " + message
    }

    /// Prints what was buffered, in order.
    func flush() {
        let lines = pending
        pending = []
        lines.forEach(emit)
    }

    private func emit(_ line: Line) {
        switch line {
        case .written(let path):
            if pathsToStandardError {
                writeStandardError(path + "\n")
            } else {
                print(path)
                fflush(nil)
            }
        case .diagnostic(let message):
            writeStandardError((message + "\n"))
        }
    }
}
