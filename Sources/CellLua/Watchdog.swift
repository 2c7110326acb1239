import Dispatch
import CellGeometry
import CellImage
import FoundationEssentials
import Glibc

/// The last stop for `--timeout`: the process ends when Lua code is still
/// running a little after its deadline.
///
/// Why: the deadline is enforced by Lua's count hook and by host functions,
/// which covers Lua code and celllua's own calls, but Lua runs `__gc`
/// finalizers with hooks turned off, and its C functions (a string pattern,
/// `table.sort` of numbers) run no hook until they return. Such code past
/// its deadline cannot be stopped on its thread, so the watchdog reports the
/// timeout as the hook would have, removes any output being written, and
/// ends the process with status 1. `grace` seconds past the deadline give
/// the hook its chance first. Under `--sandbox` finalizers are refused, so
/// there only a C function can get this far.
final class Watchdog: @unchecked Sendable {
    static let shared = Watchdog()

    /// Seconds past a deadline before the watchdog acts: 1.
    static let grace = 1.0

    private let armed = Locked<[Int: String]>([:])
    private let counter = Locked(0)
    private let queue = DispatchQueue(label: "celllua.watchdog")

    /// Watches the code that runs until `disarm`: if it is still running
    /// `grace` seconds after `deadline` (seconds on `cl_now`'s clock), the
    /// process reports `message` and ends. Returns the ticket to disarm with.
    func arm(deadline: Double, message: String) -> Int {
        let ticket = counter.withLock { n -> Int in
            n += 1
            return n
        }
        armed.withLock { $0[ticket] = message }
        let delay = Swift.max(0, deadline - Self.now()) + Self.grace
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard let message = armed.withLock({ $0[ticket] }) else { return }
            expire(message)
        }
        return ticket
    }

    func disarm(_ ticket: Int) {
        armed.withLock { _ = $0.removeValue(forKey: ticket) }
    }

    /// Runs `body` watched (nothing to watch without a deadline).
    func watching<T>(deadline: Double?, message: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        guard let deadline else { return try body() }
        let ticket = arm(deadline: deadline, message: message())
        defer { disarm(ticket) }
        return try body()
    }

    private func expire(_ message: String) -> Never {
        let text = "celllua: \(message)\n"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        AtomicFile.removeTemporaryFiles()
        _exit(1)
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
