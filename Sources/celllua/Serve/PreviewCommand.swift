import FoundationEssentials
import Glibc

/// `celllua --serve script.lua`: the preview server plus the watch loop.
/// The loop renders on each save of any file the script loaded (as
/// `--watch` does, with a shorter quiet period: nothing is written, so a
/// page sees the change sooner) and the server pushes each render to the
/// pages. Ctrl-C (SIGINT) stops it with status 130, SIGTERM with 0.
/// Listening anywhere but loopback (`--host` other than 127.0.0.1, ::1 or
/// localhost) warns once, on stderr, that anyone who can reach the port
/// reads the renders, their error messages and their tracebacks.
struct PreviewCommand {
    let runner: Runner

    /// The default port (`--port`).
    static let defaultPort = 7787

    func run() -> Int32 {
        let state = PreviewState(defaultScale: runner.options.scale)
        let renderer = PreviewRenderer(runner: runner, state: state)
        guard let server = Self.serve(renderer) else { return 1 }
        var loop = WatchLoop(render: { renderer.renderAll() })
        loop.quietPeriod = .milliseconds(20)
        let status = loop.run()
        server.stop()
        return status
    }

    /// Starts the server for `renderer` on `--host` and `--port` and prints
    /// its URL (with the warning for a host other than loopback); nil, with
    /// the reason on stderr, when it cannot listen.
    static func serve(_ renderer: PreviewRenderer) -> PreviewServer? {
        let options = renderer.runner.options
        let server = PreviewServer(renderer: renderer)
        let host = options.host ?? "127.0.0.1"
        let url: String
        do {
            url = try server.start(host: host, port: options.port ?? defaultPort)
        } catch {
            writeStandardError("celllua: \(error)\n")
            return nil
        }
        if !PreviewAccess.isLoopback(host) { writeStandardError(networkWarning(host: host)) }
        print(url)
        fflush(nil)
        return server
    }

    static func networkWarning(host: String) -> String {
        "celllua: warning: --host \(host) is not loopback: anyone on the network who can reach this port can read "
            + "the renders, with the script's error messages and tracebacks\n"
    }
}
