import Glibc

/// SIGINT and SIGTERM for the watch loop, through a self-pipe: the handler
/// writes the signal number to a pipe the loop polls beside inotify, so the
/// loop can finish cleanly.
///
/// Exit statuses: 130 for SIGINT (128 + 2, what shells report for Ctrl-C, so
/// a calling script stops as it would for any interrupted command) and 0 for
/// SIGTERM (a deliberate stop by a supervisor ends the session normally).
///
/// While a render runs the handler exits at once (`_exit`) rather than wait
/// for a script that may never end: outputs are written by rename, so the
/// last good output is untouched; at worst a `.NAME.tmp-XXXXXX` file is left
/// if the signal lands between creating it and renaming it.
enum StopSignals {
    /// The pipe's read end, for `poll`; -1 until `install` succeeds.
    nonisolated(unsafe) private(set) static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    /// Set by the loop around each render; read by the handler.
    nonisolated(unsafe) static var rendering = false

    /// The exit status for a stop by `signal`.
    static func status(for signal: Int32) -> Int32 {
        signal == SIGINT ? 130 : 0
    }

    /// Creates the pipe and installs the handlers; false if the pipe could
    /// not be made (the default actions then stay in force).
    static func install() -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            if StopSignals.rendering { _exit(StopSignals.status(for: signal)) }
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(StopSignals.writeEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        // A parent may have started us with these blocked (test runners and
        // some process managers do); the loop must still hear them.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        return true
    }

    /// The signal that arrived, if any (never blocks).
    static func pending() -> Int32? {
        var byte: UInt8 = 0
        guard descriptor >= 0, read(descriptor, &byte, 1) == 1 else { return nil }
        return Int32(byte)
    }
}
