import CellGeometry
import Glibc
import NIOCore

/// The bounds on the preview's connections, so that no client (a script,
/// a tool, any page the browser shows) can make the server hold without
/// end: how many may be open, how long one may stay silent, how much each
/// may have waiting to be sent, and how accepting backs off when the
/// process runs out of file descriptors. Before these, about 1,020 idle
/// sockets under a limit of 1,024 files stopped the server accepting and
/// left it spinning on the failed accepts.
final class PreviewConnections: Sendable {
    /// Connections open at once: 256, or a quarter of the process' limit on
    /// open files (`ulimit -n`) when that is lower, so that renders keep
    /// the descriptors they need for scripts, images and fonts. One beyond
    /// is answered `503` and closed. A page holds its WebSocket and a few
    /// HTTP connections (browsers share six per host among a site's pages).
    static let maxConnections: Int = {
        var files = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &files) == 0 else { return 256 }
        return Int(max(8, min(256, files.rlim_cur / 4)))
    }()

    /// Silence after which an HTTP connection with no response on its way
    /// is closed: 10 s (browsers open a new one when they need it). A
    /// WebSocket silent this long is pinged, and closed only when a whole
    /// period passes without an answer (browsers answer pings themselves,
    /// so an open page stays connected).
    static let idleTimeout = TimeAmount.seconds(10)

    /// Bytes waiting to be sent on one connection above which it counts as
    /// not writable (NIO's high water mark, 64 KiB; writable again under 32
    /// KiB). A page's socket that is not writable when a render is pushed
    /// is closed (a page that reads catches up with a new connection and
    /// `/state`); an HTTP connection that is not writable is not read from
    /// until it is (`PreviewBackpressure`).
    static let writeBuffer = ChannelOptions.Types.WriteBufferWaterMark(low: 32 * 1024, high: 64 * 1024)

    /// Pause in accepting after an accept fails (EMFILE, ENFILE, ENOBUFS):
    /// 200 ms, instead of retrying at once for as long as it fails
    /// (`PreviewAcceptBackoff`).
    static let acceptBackoff = TimeAmount.milliseconds(200)

    private let open = Locked<Int>(0)

    /// Counts `channel` in and out (when it closes); false, with nothing
    /// counted, when `maxConnections` are open already.
    func admit(_ channel: Channel) -> Bool {
        let admitted = open.withLock { count -> Bool in
            guard count < Self.maxConnections else { return false }
            count += 1
            return true
        }
        if admitted {
            let open = self.open
            channel.closeFuture.whenComplete { _ in open.withLock { $0 -= 1 } }
        }
        return admitted
    }
}

/// The whole life of a connection beyond `PreviewConnections.maxConnections`:
/// a `503` as soon as it is open, then closed.
final class PreviewRefusalHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    static let reply = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        + "Content-Length: 21\r\nConnection: close\r\n\r\ntoo many connections\n"

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        let buffer = context.channel.allocator.buffer(string: Self.reply)
        context.writeAndFlush(NIOAny(buffer)).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}

/// The listening socket's pause after a failed accept. NIO keeps a server
/// socket that failed to accept registered for reading, so a full file
/// table (EMFILE) made it retry at once, for good (about 93% of a core);
/// NIO's `AcceptBackoffHandler` holds only reads it is asked for, and none
/// is asked for after a failure. Turning `autoRead` off takes the socket
/// out of the poll set; it is turned on again after
/// `PreviewConnections.acceptBackoff`, when waiting connections are
/// accepted if descriptors have been freed meanwhile.
final class PreviewAcceptBackoff: ChannelInboundHandler {
    typealias InboundIn = Channel

    private var paused = false

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        defer { context.fireErrorCaught(error) }
        guard error is IOError, !paused, let options = context.channel.syncOptions,
              (try? options.setOption(.autoRead, value: false)) != nil else { return }
        paused = true
        let channel = context.channel
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: PreviewConnections.acceptBackoff) {
            handler.value.paused = false
            guard channel.isActive else { return }
            try? channel.syncOptions?.setOption(.autoRead, value: true)
        }
    }
}
