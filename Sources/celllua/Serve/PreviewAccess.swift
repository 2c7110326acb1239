import NIOHTTP1

/// Which requests the preview answers, by their Host and Origin headers.
///
/// Host: on loopback (`--host` 127.0.0.1, ::1 or localhost, the default)
/// a request's Host must name loopback and the port, so that a page from
/// another site cannot reach the server through DNS rebinding (its Host
/// would be the site's name). A request without Host is answered.
///
/// Origin, for the `/events` WebSocket only: browsers let any page open a
/// WebSocket to any address, saying where the page came from in Origin, so
/// without this check any site open in the browser could listen to every
/// render's errors and tracebacks. A socket is opened for a request without
/// Origin (not a browser), or with an `http://` Origin naming the host and
/// port the request was sent to (its Host, once that has passed the check
/// above) or one of the server's own names (`http://127.0.0.1:PORT`,
/// `http://localhost:PORT`, `http://[::1]:PORT` on loopback, else
/// `http://HOST:PORT` as `--host` gives it). Anything else gets 403.
struct PreviewAccess: Sendable {
    /// The names a Host may carry on loopback (`name:port`, lowercased);
    /// nil when the server listens elsewhere (any Host is answered).
    let allowedHosts: Set<String>?
    /// The server's own `name:port`s (lowercased), for Origin.
    let ownHosts: Set<String>

    static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "::1"]

    static func isLoopback(_ host: String) -> Bool {
        loopbackNames.contains(host.lowercased())
    }

    /// The rules for a server listening on `host` at `port` (the bound port).
    init(host: String, port: Int) {
        // Browsers leave the default port out of Host and Origin.
        func names(_ hosts: [String]) -> Set<String> {
            Set(hosts.map { "\($0):\(port)" } + (port == 80 ? hosts : []))
        }
        if Self.isLoopback(host) {
            let loopback = names(["127.0.0.1", "localhost", "[::1]"])
            allowedHosts = loopback
            ownHosts = loopback
        } else {
            allowedHosts = nil
            ownHosts = names([host.contains(":") ? "[\(host.lowercased())]" : host.lowercased()])
        }
    }

    /// Why a request is refused (403), or nil when it may be answered.
    func refusal(of head: HTTPRequestHead) -> String? {
        if let allowedHosts, let host = head.headers.first(name: "host"), !allowedHosts.contains(host.lowercased()) {
            return "this preview answers to 127.0.0.1 and localhost only"
        }
        return nil
    }

    /// Why a WebSocket upgrade is refused (403), or nil when it may go on.
    func socketRefusal(of head: HTTPRequestHead) -> String? {
        if let why = refusal(of: head) { return why }
        guard let origin = head.headers.first(name: "origin") else { return nil }
        let lowered = origin.lowercased()
        let scheme = "http://"
        let foreign = "a page from another site may not listen to this preview"
        guard lowered.hasPrefix(scheme) else { return foreign }
        let authority = String(lowered.dropFirst(scheme.count))
        if ownHosts.contains(authority) { return nil }
        if let host = head.headers.first(name: "host"), host.lowercased() == authority { return nil }
        return foreign
    }
}
