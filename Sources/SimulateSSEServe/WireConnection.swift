import NIOCore
import NIOHTTP1
import NIOPosix
import SimulateCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One real client connection as the session sees it: an event stream or a request waiting for its
/// answer. Every method runs on the server's single event loop.
final class WireConnection {
    enum Role: Equatable {
        case stream
        case request
    }

    let channel: Channel
    let device: String
    let role: Role
    let openedAt: VirtualInstant
    private(set) var isClosed = false
    /// A response head was written and its end was not: the only state in which an end may be written
    /// (NIO's `HTTPServerProtocolErrorHandler` traps on an end without a response in flight).
    private(set) var responseOpen = false
    /// A stalled connection stays open and silent: what a partition or lost responses look like.
    var isStalled = false
    var bytesSent = 0
    /// Bytes handed to the socket's write buffer that the kernel has not taken yet: what a slow reader
    /// makes the server hold.
    private(set) var unsentBytes = 0
    /// A request's answer was written: the connection now waits for the client's next request.
    private(set) var isAnswered = false

    init(channel: Channel, device: String, role: Role, openedAt: VirtualInstant) {
        self.channel = channel
        self.device = device
        self.role = role
        self.openedAt = openedAt
    }

    func startEventStream() {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream")
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "Access-Control-Allow-Origin", value: "*")
        let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        channel.flush()
        responseOpen = true
    }

    enum Sent: Equatable {
        case written
        /// Closed or stalled: nothing written.
        case skipped
        /// Writing would hold more than `cap` unsent bytes: nothing written, the connection was reset.
        case overCap(unsent: Int)
    }

    /// Writes part of the open response, unless bytes are still unsent and this would leave more than
    /// `cap` unsent.
    @discardableResult
    func send(_ bytes: [UInt8], cap: Int = .max) -> Sent {
        guard !isClosed, !isStalled, responseOpen else { return .skipped }
        // A reader that has taken everything may get one event larger than the cap.
        if unsentBytes > 0, unsentBytes + bytes.count > cap {
            let unsent = unsentBytes + bytes.count
            reset()
            return .overCap(unsent: unsent)
        }
        bytesSent += bytes.count
        unsentBytes += bytes.count
        let buffer = channel.allocator.buffer(bytes: bytes)
        let written = channel.eventLoop.makePromise(of: Void.self)
        let connection = NIOLoopBound(self, eventLoop: channel.eventLoop)
        written.futureResult.whenComplete { [count = bytes.count] _ in connection.value.unsentBytes -= count }
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer)), promise: written)
        return .written
    }

    /// A complete response with a JSON body; the connection stays open for the client's next request.
    /// Answers with `status`, these headers and `body` (an HTTP error, or a page that is not the stream),
    /// then ends the response.
    func respond(_ status: HTTPResponseStatus, headers fields: [String: String], body: [UInt8]) {
        guard !isClosed, !isStalled else { return }
        var headers = HTTPHeaders()
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        headers.add(name: "Content-Length", value: String(body.count))
        channel.write(
            HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)),
            promise: nil)
        if !body.isEmpty {
            channel.write(HTTPServerResponsePart.body(.byteBuffer(channel.allocator.buffer(bytes: body))), promise: nil)
        }
        isClosed = true
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { [channel] _ in
            channel.close(promise: nil)
        }
    }

    func respond(_ status: HTTPResponseStatus, json: String) {
        guard !isClosed, !isStalled else { return }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(json.utf8.count))
        headers.add(name: "Access-Control-Allow-Origin", value: "*")
        channel.write(
            HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)),
            promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(channel.allocator.buffer(string: json))), promise: nil)
        channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
        isAnswered = true
        isClosed = role == .stream
    }

    /// Ends the response in flight, if any, and closes the connection in order (FIN): what a server
    /// restart or the end of the run does. A keep-alive connection between requests has no response
    /// to end: it is only closed.
    func finish() {
        guard !isClosed else { return }
        isClosed = true
        guard responseOpen else { return channel.close(promise: nil) }
        responseOpen = false
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { [channel] _ in
            channel.close(promise: nil)
        }
    }

    /// Aborts the connection with a TCP reset: what the client sees when its network goes away.
    func reset() {
        guard !isClosed else { return }
        isClosed = true
        WireConnection.reset(channel)
    }

    static func reset(_ channel: Channel) {
        guard let provider = channel as? SocketOptionProvider else { return channel.close(promise: nil) }
        provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
    }

    func markClosedByClient() { isClosed = true }
}
