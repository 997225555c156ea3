import NIOCore
import NIOHTTP1
import NIOPosix
import SimulateCore
import SimulateSSE

/// Where `probe` connects: `http://host:port` and an optional path prefix.
public struct ProbeTarget: Sendable, Equatable {
    /// The server's host name or address (without brackets for IPv6).
    public var host: String
    /// The server's port (80 when the URL names none).
    public var port: Int
    /// The path prefix before `/events` and `/items`, without a trailing slash (empty for none).
    public var basePath: String

    /// Parses `http://host[:port][/base]`; nil with a reason otherwise.
    public static func parse(_ url: String) -> Result<ProbeTarget, ProbeError> {
        guard url.hasPrefix("http://") else {
            if url.hasPrefix("https://") {
                return .failure(
                    ProbeError("\(url): probe speaks plain http:// (put a TLS-terminating proxy in front for https)"))
            }
            let example = url.contains("://") ? "http://127.0.0.1:8080" : "http://" + url
            return .failure(ProbeError("\(url): expected a URL that starts with http://, e.g. \(example)"))
        }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        var basePath = String(rest.dropFirst(authority.count))
        while basePath.hasSuffix("/") { basePath.removeLast() }
        var host = String(authority)
        var port = 80
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") {
                guard let value = Int(after.dropFirst()), (1...65535).contains(value) else {
                    return .failure(ProbeError("\(url): the port must be 1…65535"))
                }
                port = value
            }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            guard let value = Int(host[host.index(after: colon)...]), (1...65535).contains(value) else {
                return .failure(ProbeError("\(url): the port must be 1…65535"))
            }
            port = value
            host = String(host[..<colon])
        }
        guard !host.isEmpty else { return .failure(ProbeError("\(url): no host")) }
        return .success(ProbeTarget(host: host, port: port, basePath: basePath))
    }

    /// The target as a URL, as `probe` prints it.
    public var description: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(basePath)" }
}

/// One `GET /events` stream: the status, then the body's bytes as they arrive, then its end.
final class EventStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    enum Signal {
        case opened
        case refused(status: Int, contentType: String)
        case bytes([UInt8])
        case ended(String)
    }

    private let request: HTTPRequestHead
    private let signal: (Signal) -> Void
    private var accepted = false
    private var ended = false

    init(host: String, path: String, signal: @escaping (Signal) -> Void) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Accept", value: "text/event-stream")
        headers.add(name: "Cache-Control", value: "no-cache")
        request = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
        self.signal = signal
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(request)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let type = head.headers.first(name: "Content-Type") ?? ""
            if head.status == .ok && type.lowercased().hasPrefix("text/event-stream") {
                accepted = true
                signal(.opened)
            } else {
                end(.refused(status: Int(head.status.code), contentType: type))
                context.close(promise: nil)
            }
        case .body(var buffer):
            if accepted, let bytes = buffer.readBytes(length: buffer.readableBytes) { signal(.bytes(bytes)) }
        case .end:
            end(.ended("the server ended the stream"))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(.ended("connection closed"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        end(.ended("connection error: \(error)"))
        context.close(promise: nil)
    }

    private func end(_ last: Signal) {
        guard !ended else { return }
        ended = true
        signal(last)
    }
}

/// One request with a complete response: the status and body, or why there was none.
final class OneRequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let head: HTTPRequestHead
    private let body: [UInt8]
    private let done: (Result<(status: Int, body: [UInt8]), ProbeError>) -> Void
    private var status: Int?
    private var received: [UInt8] = []
    private var finished = false

    init(
        method: HTTPMethod, host: String, path: String, body: [UInt8],
        done: @escaping (Result<(status: Int, body: [UInt8]), ProbeError>) -> Void
    ) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "Connection", value: "close")
        head = HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)
        self.body = body
        self.done = done
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !body.isEmpty {
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = Int(head.status.code)
        case .body(var buffer): received += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            finish(.success((status ?? 0, received)))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(.failure(ProbeError("connection closed before an answer")))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        finish(.failure(ProbeError("\(error)")))
        context.close(promise: nil)
    }

    func fail(_ error: ProbeError) { finish(.failure(error)) }

    private func finish(_ result: Result<(status: Int, body: [UInt8]), ProbeError>) {
        guard !finished else { return }
        finished = true
        done(result)
    }
}

/// Opens client connections with an HTTP/1.1 pipeline and one handler.
enum HTTPConnector {
    static func connect(
        _ target: ProbeTarget, on loop: EventLoop, timeout: VirtualDuration,
        handler: @escaping @Sendable () -> ChannelHandler
    ) -> EventLoopFuture<Channel> {
        ClientBootstrap(group: loop)
            .connectTimeout(.nanoseconds(timeout.nanoseconds))  // NIO's real-time TimeAmount
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(handler())
                }
            }
            .connect(host: target.host, port: target.port)
    }
}
