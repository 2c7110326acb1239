import NIOCore

/// Reads a connection only while what it has been sent drains: while more
/// than `PreviewConnections.writeBuffer`'s high mark waits to be sent, the
/// next read is held until the channel is writable again. A client that
/// sends requests (or WebSocket pings) and never reads the answers makes
/// the server hold one answer, not one per request: the rest stays unread
/// in the kernel, and the idle timeout closes the connection.
final class PreviewBackpressure: ChannelDuplexHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny

    private var heldRead = false

    func read(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            context.read()
        } else {
            heldRead = true
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, heldRead {
            heldRead = false
            context.read()
        }
        context.fireChannelWritabilityChanged()
    }
}
