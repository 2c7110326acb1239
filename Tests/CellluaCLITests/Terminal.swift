import Foundation
import Testing

/// celllua on a pseudo-terminal, as someone at a terminal runs it: the REPL
/// sees a tty on stdin/stdout/stderr that is its controlling terminal, so
/// Ctrl-C typed as "\u{03}" becomes SIGINT, as it would for a user.
///
/// The child is started with posix_spawn (never fork: the test process has
/// many threads) in a new session, opening the pty's slave as fd 0, which
/// makes it the controlling terminal. Every wait has a deadline; a session
/// still running at the end is killed.
final class TerminalSession {
    let pid: pid_t
    private let master: Int32
    private var received: [UInt8] = []
    private var exitStatus: Int32? = nil

    /// Everything the terminal showed so far (stdout and stderr, echo included).
    var output: String { String(decoding: received, as: UTF8.self) }

    /// Starts celllua with `arguments` in `directory`. The environment is this
    /// process's, minus variables that pick an image protocol, plus `environment`.
    init(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws {
        let binary = try Celllua.binary  // before any descriptor is opened
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw TerminalError("openpty: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        defer { close(slave) }
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &name, name.count) == 0 else {
            close(master)
            throw TerminalError("ttyname_r failed")
        }
        let slavePath = String(cString: name)

        var env = ProcessInfo.processInfo.environment
        for key in ["KITTY_WINDOW_ID", "TERM_PROGRAM", "CELLLUA_HISTORY", "EDITRC"] { env[key] = nil }
        env["TERM"] = "xterm"
        env["HOME"] = directory // no ~/.editrc, no ~/.celllua_history from the real home
        env["TMPDIR"] = directory
        for (key, value) in environment { env[key] = value }

        // `sh` changes directory and execs celllua (posix_spawn has no portable chdir).
        let argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, binary] + arguments
        let envp = env.map { "\($0.key)=\($0.value)" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        // POSIX_SPAWN_SETSID (not imported into Swift): a new session, so the
        // first terminal the child opens becomes its controlling terminal.
        #if os(Linux)
        let setsid: Int16 = 0x80
        #else
        let setsid: Int16 = 0x400
        #endif
        posix_spawnattr_setflags(&attributes, setsid | Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var child: pid_t = 0
        let status = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnv in
                posix_spawn(&child, "/bin/sh", &actions, &attributes, cArgv, cEnv)
            }
        }
        guard status == 0 else {
            close(master)
            throw TerminalError("posix_spawn: \(String(cString: strerror(status)))")
        }
        self.pid = child
        self.master = master
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Types `text` (keys: "\r" is Return, "\u{03}" Ctrl-C, "\t" Tab, ...).
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                Issue.record("writing to the terminal failed: \(String(cString: strerror(errno)))")
                return
            }
            offset += n
        }
    }

    /// Waits until the output after position `from` (a count of bytes, see
    /// `mark`) contains `text`; false after `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, from: Int = 0, timeout: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let needle = Array(text.utf8)
        while true {
            if contains(needle, from: from) { return true }
            let left = deadline.timeIntervalSinceNow
            // Out of time, or the terminal closed (the program ended): no more output.
            if left <= 0 || !pump(for: min(left, 0.1)) {
                return contains(needle, from: from)
            }
        }
    }

    /// Waits until the output ends with `prompt`: the REPL is idle, waiting
    /// for a line. Keys that control the line editor (Ctrl-D) should be sent
    /// only then: typed earlier, they meet the terminal in cooked mode.
    @discardableResult
    func waitForPrompt(_ prompt: String = "> ", timeout: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let suffix = Array(prompt.utf8)
        while true {
            if received.count >= suffix.count, received.suffix(suffix.count).elementsEqual(suffix) { return true }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 || !pump(for: min(left, 0.1)) {
                return received.suffix(suffix.count).elementsEqual(suffix)
            }
        }
    }

    /// The current length of the output, to wait for text that comes later.
    var mark: Int { received.count }

    /// The output from `from` on.
    func output(from: Int) -> String {
        String(decoding: received[min(from, received.count)...], as: UTF8.self)
    }

    /// Reads output for `seconds`, for checks that something does not appear.
    func settle(_ seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 {
            if !pump(for: min(deadline.timeIntervalSinceNow, 0.1)) { break }
        }
    }

    /// Waits for the program to exit, reading its output meanwhile; its exit
    /// status, or nil if it is still running after `timeout` seconds.
    func waitForExit(timeout: Double = 15) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while exitStatus == nil {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                // WIFEXITED / WEXITSTATUS, spelled out (they are macros).
                exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                break
            }
            if deadline.timeIntervalSinceNow <= 0 { return nil }
            _ = pump(for: 0.05)
        }
        return exitStatus
    }

    /// Reads what is available within `seconds`; false once the terminal is closed.
    private func pump(for seconds: Double) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(1, seconds * 1000)))
        if ready <= 0 { return ready == 0 || errno == EINTR }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = read(master, &buffer, buffer.count)
        if n <= 0 {
            // EIO: every slave descriptor is closed, the program has gone.
            if n < 0 && errno == EINTR { return true }
            usleep(10_000)
            return false
        }
        received.append(contentsOf: buffer[0..<n])
        return true
    }

    private func contains(_ needle: [UInt8], from: Int) -> Bool {
        guard !needle.isEmpty else { return true }
        let start = min(from, received.count)
        guard received.count - start >= needle.count else { return false }
        var i = start
        while i + needle.count <= received.count {
            if received[i] == needle[0], received[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}

struct TerminalError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Calls `body` with a NULL-terminated C array of `strings`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
