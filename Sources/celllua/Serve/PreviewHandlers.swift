import NIOCore
import NIOHTTP1
import NIOWebSocket

/// One HTTP connection: GET requests without a body, answered in order
/// (NIO's pipelining handler holds later requests until a response ends).
final class PreviewHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: PreviewServer
    private var head: HTTPRequestHead?
    private var bodyBytes = 0
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
            respond(to: head, channel: context.channel)
        }
    }

    private func respond(to head: HTTPRequestHead, channel: Channel) {
        let keepAlive = head.isKeepAlive
        let isHead = head.method == .HEAD
        let send: @Sendable (PreviewServer.Response) -> Void = { response in
            Self.write(response, to: channel, keepAlive: keepAlive, bodyless: isHead)
        }
        if let allowed = server.allowedHosts, let host = head.headers.first(name: "host"), !allowed.contains(host) {
            return send(.text(.forbidden, "this preview answers to 127.0.0.1 and localhost only"))
        }
        guard head.method == .GET || head.method == .HEAD else {
            return send(.text(.methodNotAllowed, "only GET"))
        }
        guard bodyBytes == 0 else { return send(.text(.payloadTooLarge, "a GET has no body")) }
        guard head.uri.utf8.count <= Self.maxTarget else { return send(.text(.uriTooLong, "request target too long")) }
        server.handle(uri: head.uri, reply: send)
    }

    static func write(_ r: PreviewServer.Response, to channel: Channel, keepAlive: Bool, bodyless: Bool) {
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
            if !keepAlive { done.whenComplete { _ in channel.close(promise: nil) } }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}

/// A page's WebSocket: it hears `PreviewState.json()` after every render;
/// what it sends is ignored but for pings and closing.
final class PreviewSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let server: PreviewServer

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

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
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
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
