import FoundationEssentials
import Glibc
import Glibc

/// What one render tells the watch loop: its exit status (0, 1, or 2 when the
/// script could not be read), the files it read, and its messages, which the
/// loop prints once the watches are armed.
struct RenderOutcome {
    var status: Int32
    var files: Set<String>
    var console: Console
}

/// `--watch`: render, then re-render whenever the script or a file it loaded
/// changes, until SIGINT (exit 130) or SIGTERM (exit 0); see `StopSignals`.
///
/// The render step is a closure (the Runner's), so the loop does not care
/// what a render is: one script, or every variant of it. A failed render
/// prints its error and writes nothing, so the last good output stays as it
/// was (outputs are only ever replaced by rename). A script that cannot be
/// read at the start is a usage error (exit 2), as without `--watch`; later
/// (an editor deleting and recreating it) it is reported like any error.
struct WatchLoop {
    let render: () -> RenderOutcome

    /// How long the watched files must stay quiet after a change before the
    /// re-render, so that one save that touches files in several steps
    /// (truncate, write, rename, backup) renders once. Default 100 ms.
    var quietPeriod: Duration = .milliseconds(100)

    private enum Wake {
        case changed
        case stop(Int32)
    }

    func run() -> Int32 {
        let inotify: Inotify
        do {
            inotify = try Inotify()
        } catch {
            report("celllua: \(error)")
            return 1
        }
        guard StopSignals.install() else {
            report("celllua: cannot set up signal handling: \(String(cString: strerror(errno)))")
            return 1
        }
        let terminal = isatty(STDERR_FILENO) != 0
        var watches = DirectoryWatches()
        var isFirst = true
        var hasGoodOutput = false
        var renders = 0
        let clock = ContinuousClock()
        while true {
            let start = clock.now
            // In this order, a signal is either seen here or exits the render.
            StopSignals.rendering = true
            if let signal = StopSignals.pending() { return StopSignals.status(for: signal) }
            let outcome = render()
            StopSignals.rendering = false
            let elapsed = clock.now - start
            if isFirst && outcome.status == 2 {
                outcome.console.flush()
                return 2
            }
            isFirst = false
            let warnings = watches.update(files: outcome.files, keepingOld: outcome.status != 0, inotify: inotify)
            outcome.console.flush()
            warnings.forEach(report)
            if outcome.status == 0 { hasGoodOutput = true }
            renders += 1
            if terminal {
                report(statusLine(outcome.status, elapsed: elapsed, keeping: hasGoodOutput, watching: watches.files.count,
                                  render: renders))
            }
            switch waitForChange(inotify, &watches, clock: clock) {
            case .changed: continue
            case .stop(let status): return status
            }
        }
    }

    /// Blocks until a watched file changed and then stayed quiet for
    /// `quietPeriod`, or a stop signal arrived.
    private func waitForChange(_ inotify: Inotify, _ watches: inout DirectoryWatches,
                               clock: ContinuousClock) -> Wake {
        var lastChange: ContinuousClock.Instant? = nil
        while true {
            if let signal = StopSignals.pending() { return .stop(StopSignals.status(for: signal)) }
            var timeout: Int32 = -1
            if let lastChange {
                let remaining = quietPeriod - (clock.now - lastChange)
                if remaining <= .zero { return .changed }
                timeout = Self.milliseconds(remaining)
            }
            var descriptors = [
                pollfd(fd: inotify.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: StopSignals.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0 && errno != EINTR {
                report("celllua: cannot wait for changes: \(String(cString: strerror(errno)))")
                return .stop(1)
            }
            for event in inotify.readEvents() where watches.matters(event) {
                lastChange = clock.now
            }
        }
    }

    /// `duration` in whole milliseconds, rounded up so the wait never ends early.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(ms, 1))
    }

    /// The one line per render shown when stderr is a terminal: the local
    /// time, which render this is, how it went, what is watched
    /// (`celllua: 14:02:09 render 3: rendered in 41 ms; watching 2 files`).
    func statusLine(_ status: Int32, elapsed: Duration, keeping: Bool, watching count: Int, render: Int) -> String {
        let files = count == 1 ? "1 file" : "\(count) files"
        let (seconds, attoseconds) = elapsed.components
        let ms = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let what = status == 0 ? "rendered in \(ms) ms"
            : keeping ? "error, keeping the last good output" : "error, nothing written yet"
        return "celllua: \(Self.clockTime()) render \(render): \(what); watching \(files) (Ctrl-C stops)"
    }

    /// The local time of day as HH:MM:SS.
    static func clockTime() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    private func report(_ message: String) {
        writeStandardError((message + "\n"))
    }
}
