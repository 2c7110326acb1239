import CellGeometry
import CellImage
import CellKit
import CellLua
import CellRaster
import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The live preview's HTTP server (SwiftNIO): the page, the state as JSON,
/// the frames (PNG, SVG, PDF), the row under the pointer, and a WebSocket
/// on which every page hears of each new render. It serves nothing else:
/// any other path is a 404 that reads nothing, a method other than GET (or
/// a body) is refused, a malformed request gets a 400, and none of it stops
/// the server. Renders run on the renderer's queue, never on the event loop.
/// Who may ask is `PreviewAccess`'s rule (Host, and Origin for the
/// WebSocket); how much any client can make it hold is bounded by
/// `PreviewFrames` (frames kept) and `PreviewConnections` (connections,
/// silence, bytes waiting to be sent).
final class PreviewServer: @unchecked Sendable {
    let renderer: PreviewRenderer
    var state: PreviewState { renderer.state }
    /// Downloads of a script without variants are named after it.
    var scriptStem: String {
        let name = (renderer.runner.options.script ?? "preview").split(separator: "/").last.map(String.init) ?? "preview"
        return name.hasSuffix(".lua") ? String(name.dropLast(4)) : name
    }
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private var channel: Channel?
    /// The pages listening for renders.
    private let sockets = Locked<[ObjectIdentifier: Channel]>([:])
    /// The Host and Origin rules, known once the port is bound (until then
    /// every request is refused).
    private let rules = Locked<PreviewAccess?>(nil)
    private let connections = PreviewConnections()

    init(renderer: PreviewRenderer) {
        self.renderer = renderer
        renderer.state.changed = { [weak self] generation in self?.broadcast(generation) }
    }

    /// Binds `host`:`port`; throws with a message naming the port when it
    /// is taken.
    func start(host: String, port: Int) throws -> String {
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 14,
            shouldUpgrade: { [weak self] channel, head in
                // A refused upgrade goes on as a plain request: PreviewHTTPHandler answers it 403.
                let allowed = Self.path(of: head.uri) == "/events" && self?.socketRefusal(of: head) == nil
                return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { [weak self] channel, _ in
                guard let self else { return channel.close() }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PreviewSocketHandler(server: self))
                }
            })
        let connections = self.connections
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PreviewAcceptBackoff())
                }
            }
            .childChannelInitializer { [weak self] channel in
                guard let self else { return channel.close() }
                guard connections.admit(channel) else {
                    return channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(PreviewRefusalHandler())
                    }
                }
                do {
                    try channel.pipeline.syncOperations.addHandlers(
                        PreviewBackpressure(), IdleStateHandler(allTimeout: PreviewConnections.idleTimeout))
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
                return channel.pipeline.configureHTTPServerPipeline(
                    withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                        _ = context.pipeline.removeHandler(name: "preview-http")
                    }),
                    withErrorHandling: true
                ).flatMapThrowing {
                    try channel.pipeline.syncOperations.addHandler(PreviewHTTPHandler(server: self), name: "preview-http")
                }
            }
            .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.writeBufferWaterMark, value: PreviewConnections.writeBuffer)
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            let reason = "\(error)".contains("Address already in use") ? "port \(port) is in use (choose another with --port)"
                : "\(error)"
            throw ServeError.cannotListen("cannot serve on \(host):\(port): \(reason)")
        }
        let bound = channel?.localAddress?.port ?? port
        rules.withLock { $0 = PreviewAccess(host: host, port: bound) }
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(bound)/"
    }

    func stop() {
        try? channel?.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Why a request is refused (403), nil when it may be answered.
    func refusal(of head: HTTPRequestHead) -> String? {
        rules.withLock { $0 }.map { $0.refusal(of: head) } ?? "the preview is starting"
    }

    /// Why an upgrade to the `/events` WebSocket is refused (403), nil when it may go on.
    func socketRefusal(of head: HTTPRequestHead) -> String? {
        rules.withLock { $0 }.map { $0.socketRefusal(of: head) } ?? "the preview is starting"
    }

    // MARK: pages listening

    func listen(_ channel: Channel) {
        sockets.withLock { $0[ObjectIdentifier(channel)] = channel }
        send(message(state.json(), allocator: channel.allocator), to: channel)
    }

    func forget(_ channel: Channel) {
        _ = sockets.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// What a page says: `{"values": {"name": "text", ...}}`, the values of
    /// its controls, as `-D` would give them. Anything else is ignored.
    /// (The socket's Origin was checked: another site cannot send this.)
    func received(_ text: String) {
        struct Message: Decodable { var values: [String: String] }
        guard let message = try? JSONDecoder().decode(Message.self, from: Data(text.utf8)),
              message.values.count <= Self.maxValues,
              message.values.allSatisfy({ $0.key.utf8.count <= 128 && !$0.key.isEmpty }) else { return }
        renderer.setValues(message.values)
    }

    /// Most control values a page may set at once.
    static let maxValues = 256

    private func broadcast(_ generation: Int) {
        let channels = sockets.withLock { Array($0.values) }
        guard let first = channels.first else { return }
        // One buffer for every page: the frames share its bytes (the
        // encoder writes each header apart), however many pages listen.
        let data = message(state.json(), allocator: first.allocator)
        for channel in channels { send(data, to: channel) }
    }

    private func message(_ text: String, allocator: ByteBufferAllocator) -> ByteBuffer {
        allocator.buffer(string: text)
    }

    /// Sends one state to one page, on its event loop. A page that has not
    /// read what it was sent before (more than the write buffer's high mark
    /// still waiting) is closed instead: a client that never reads costs
    /// one message, never one per render.
    private func send(_ data: ByteBuffer, to channel: Channel) {
        channel.eventLoop.execute {
            guard channel.isActive else { return }
            guard channel.isWritable else {
                channel.close(promise: nil)
                return
            }
            channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: data), promise: nil)
        }
    }

    // MARK: routes

    struct Response {
        var status: HTTPResponseStatus
        var type: String
        var body: [UInt8]
        var extraHeaders: [(String, String)] = []

        static func text(_ status: HTTPResponseStatus, _ message: String) -> Response {
            Response(status: status, type: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
        }
    }

    /// The path of a request target, without its query.
    static func path(of uri: String) -> String {
        String(uri.prefix { $0 != "?" && $0 != "#" })
    }

    /// `name=value` pairs of the query, percent-decoded.
    static func query(of uri: String) -> [String: String] {
        guard let q = uri.firstIndex(of: "?") else { return [:] }
        var out: [String: String] = [:]
        for pair in uri[uri.index(after: q)...].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = decode(kv[0]) else { continue }
            out[key] = kv.count > 1 ? decode(kv[1]) : ""
        }
        return out
    }

    private static func decode(_ s: Substring) -> String? {
        var bytes: [UInt8] = []
        var i = s.utf8.startIndex
        let u = s.utf8
        while i < u.endIndex {
            let c = u[i]
            if c == UInt8(ascii: "%") {
                let a = u.index(after: i)
                guard a < u.endIndex, u.index(after: a) < u.endIndex,
                      let v = UInt8(String(decoding: [u[a], u[u.index(after: a)]], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(v)
                i = u.index(a, offsetBy: 2)
            } else {
                bytes.append(c == UInt8(ascii: "+") ? UInt8(ascii: " ") : c)
                i = u.index(after: i)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Answers a GET for `uri`; `reply` may run later, on the render queue.
    func handle(uri: String, reply: @escaping @Sendable (Response) -> Void) {
        let path = Self.path(of: uri)
        let q = Self.query(of: uri)
        switch path {
        case "/":
            reply(Response(status: .ok, type: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8)))
        case "/state":
            reply(Response(status: .ok, type: "application/json", body: Array(state.json().utf8)))
        case "/frame":
            frame(q, reply: reply)
        case "/hit":
            hit(q, reply: reply)
        case "/repl":
            guard let id = q["id"].flatMap({ Int($0) }), let png = state.shownPNG(id: id) else {
                return reply(.text(.notFound, "no such canvas"))
            }
            reply(Response(status: .ok, type: "image/png", body: png))
        default:
            reply(.text(.notFound, "not found"))
        }
    }

    /// Scales `/frame` and `/hit` take: from 0.01 to 4, rounded to the
    /// hundredth (a page asks for 1, 2 or 3; 3.001 is the frame at 3).
    static func scale(_ text: String?) -> Double? {
        guard let raw = text.flatMap(Double.init), raw.isFinite else { return nil }
        let s = (raw * 100).rounded() / 100
        return s >= 0.01 && s <= 4 ? s : nil
    }

    private func variantAndScale(_ q: [String: String]) -> (String, Double)? {
        let variant = q["v"] ?? ""
        guard let s = Self.scale(q["scale"]), state.withLock({ state.variants.contains(variant) }) else { return nil }
        return (variant, s)
    }

    private func frame(_ q: [String: String], reply: @escaping @Sendable (Response) -> Void) {
        guard let (variant, scale) = variantAndScale(q) else { return reply(.text(.notFound, "no such frame")) }
        let format = q["format"] ?? "png"
        guard ["png", "svg", "pdf"].contains(format) else { return reply(.text(.notFound, "no such format")) }
        renderer.frame(variant: variant, scale: scale) { frame in
            guard let frame else { return reply(.text(.notFound, "no image yet: the script has not rendered")) }
            // iOS names: <variant>@2x.png (the script's name for a script without variants).
            let stem = variant.isEmpty ? self.scriptStem : variant
            let name = stem + (scale == 1 ? "" : "@\(Decimal3.text(scale))x") + "." + format
            var headers = [("X-Generation", "\(frame.generation)")]
            if q["download"] != nil { headers.append(("Content-Disposition", "attachment; filename=\"\(name)\"")) }
            do {
                switch format {
                case "png":
                    reply(Response(status: .ok, type: "image/png", body: frame.png, extraHeaders: headers))
                case "svg":
                    reply(Response(status: .ok, type: "image/svg+xml", body: try ImageFormat.svg.encode(frame.canvas),
                                   extraHeaders: headers))
                default:
                    reply(Response(status: .ok, type: "application/pdf", body: try ImageFormat.pdf.encode(frame.canvas),
                                   extraHeaders: headers))
                }
            } catch {
                reply(.text(.internalServerError, "\(error)"))
            }
        }
    }

    /// The table row under point (x, y) of a variant's canvas, and its
    /// outline (four corners, in the canvas' points).
    private func hit(_ q: [String: String], reply: @escaping @Sendable (Response) -> Void) {
        guard let (variant, scale) = variantAndScale(q),
              let x = q["x"].flatMap(Double.init), let y = q["y"].flatMap(Double.init), x.isFinite, y.isFinite else {
            return reply(.text(.badRequest, "hit needs v, scale, x and y"))
        }
        renderer.frame(variant: variant, scale: scale) { frame in
            guard let frame else { return reply(.text(.notFound, "no image yet")) }
            var json = "{\"section\":null}"
            let base = frame.canvas.baseTransform
            let device = base.apply(Point(x, y))
            // The tables drawn, wherever they were drawn (inside layers, on
            // canvases drawn onto this one), topmost first.
            let tables = frame.canvas.groups.compactMap { group in
                (group.mark.tag as? Table).map { ($0, group.transform) }
            }
            for (table, transform) in tables.reversed() {
                guard let inverse = transform.inverted else { continue }
                let p = inverse.apply(device)
                guard let (section, row) = table.hitTest(x: p.x, y: p.y),
                      let r = table.rowRect(section: section, row: row),
                      let back = base.inverted else { continue }
                let toPoints = transform.concatenating(back)
                let corners = [Point(r.x, r.y), Point(r.x + r.width, r.y), Point(r.x + r.width, r.y + r.height),
                               Point(r.x, r.y + r.height)].map { toPoints.apply($0) }
                let list = corners.map { "[\(Decimal3.text($0.x)),\(Decimal3.text($0.y))]" }.joined(separator: ",")
                json = "{\"section\":\(section + 1),\"row\":\(row + 1),\"corners\":[\(list)]}"
                break
            }
            reply(Response(status: .ok, type: "application/json", body: Array(json.utf8)))
        }
    }
}

enum ServeError: Error, CustomStringConvertible {
    case cannotListen(String)
    var description: String {
        switch self { case .cannotListen(let s): return s }
    }
}

/// Numbers for JSON: up to three decimals.
enum Decimal3 {
    static func text(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
}
