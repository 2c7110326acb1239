import NIOCore
import NIOHTTP1
import NIOWebSocket

/// One HTTP connection: GET requests without a body, answered in order
/// (NIO's pipelining handler holds later requests until a response ends).
/// A request is answered only once the answers before it have drained
/// below the write buffer's high mark, so a client that sends requests
/// and never reads the answers makes the server hold one answer, however
/// many requests it has sent. Closed after
/// `PreviewConnections.idleTimeout` of silence unless a response is on its
/// way (a frame waiting for its render).
final class PreviewHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: PreviewServer
    private var head: HTTPRequestHead?
    private var bodyBytes = 0
    /// A request has ended and its response is not written yet.
    private var answering = false
    /// A request waiting for the answers before it to drain.
    private var waiting: HTTPRequestHead?
    /// Longest request target taken (the page's own are far shorter).
    static let maxTarget = 2048

    init(server: PreviewServer) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let h):
            head = h
            bodyBytes = 0
        case .body(let b):
            bodyBytes += b.readableBytes
        case .end:
            guard let head else { return }
            self.head = nil
            if context.channel.isWritable {
                respond(to: head, context: context)
            } else {
                waiting = head
            }
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let head = waiting {
            waiting = nil
            respond(to: head, context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            if !answering { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let channel = context.channel
        let keepAlive = head.isKeepAlive
        let isHead = head.method == .HEAD
        answering = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let send: @Sendable (PreviewServer.Response) -> Void = { response in
            Self.write(response, to: channel, keepAlive: keepAlive, bodyless: isHead) { handler.value.answering = false }
        }
        if let why = server.refusal(of: head) {
            return send(.text(.forbidden, why))
        }
        // An upgrade to /events that was refused (a foreign Origin) comes here.
        if PreviewServer.path(of: head.uri) == "/events", let why = server.socketRefusal(of: head) {
            return send(.text(.forbidden, why))
        }
        guard head.method == .GET || head.method == .HEAD else {
            return send(.text(.methodNotAllowed, "only GET"))
        }
        guard bodyBytes == 0 else { return send(.text(.payloadTooLarge, "a GET has no body")) }
        guard head.uri.utf8.count <= Self.maxTarget else { return send(.text(.uriTooLong, "request target too long")) }
        server.handle(uri: head.uri, reply: send)
    }

    /// Writes `r` on the channel's event loop, then runs `written` there.
    static func write(_ r: PreviewServer.Response, to channel: Channel, keepAlive: Bool, bodyless: Bool,
                      written: @escaping @Sendable () -> Void) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: r.type)
        headers.add(name: "Content-Length", value: "\(r.body.count)")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        for (k, v) in r.extraHeaders { headers.add(name: k, value: v) }
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: r.status, headers: headers)
        channel.eventLoop.execute {
            channel.write(HTTPServerResponsePart.head(head), promise: nil)
            if !bodyless && !r.body.isEmpty {
                var buffer = channel.allocator.buffer(capacity: r.body.count)
                buffer.writeBytes(r.body)
                channel.write(HTTPServerResponsePart.body(.byteBuffer(buffer)), promise: nil)
            }
            let done = channel.writeAndFlush(HTTPServerResponsePart.end(nil))
            written()
            if !keepAlive { done.whenComplete { _ in channel.close(promise: nil) } }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A WebSocket upgrade that was declined (a foreign Origin, another
        // path) is reported here, then goes on as a plain request: answered.
        if error is NIOWebSocketUpgradeError { return }
        context.close(promise: nil)
    }
}

/// A page's WebSocket: it hears `PreviewState.json()` after every render,
/// and says what its controls are set to (`PreviewServer.received`); what
/// else it sends is ignored but for pings and closing. It is never closed
/// for being quiet: after `PreviewConnections.idleTimeout` of silence both
/// ways it is pinged, and only a ping left without any answer for another
/// such period closes it (a peer that is gone).
final class PreviewSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let server: PreviewServer
    /// A ping was sent and nothing has been read since.
    private var pinged = false

    init(server: PreviewServer) {
        self.server = server
    }

    func handlerAdded(context: ChannelHandlerContext) {
        server.listen(context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        server.forget(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.forget(context.channel)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is IdleStateHandler.IdleStateEvent else { return context.fireUserInboundEventTriggered(event) }
        if pinged {
            context.close(promise: nil)
            return
        }
        pinged = true
        let ping = WebSocketFrame(fin: true, opcode: .ping, data: context.channel.allocator.buffer(capacity: 0))
        context.writeAndFlush(wrapOutboundOut(ping), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pinged = false
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .connectionClose:
            var data = context.channel.allocator.buffer(capacity: 2)
            data.write(webSocketErrorCode: .normalClosure)
            let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in channel.close(promise: nil) }
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.data)),
                                  promise: nil)
        case .text where frame.fin:
            var data = frame.unmaskedData
            if let text = data.readString(length: data.readableBytes) { server.received(text) }
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
