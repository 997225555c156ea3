import NIOCore
import NIOHTTP1
import SimulateJSON
import SimulateSSE

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one HTTP request at a time and routes it to the session:
/// `GET /events` (the event stream), `POST /ko` (a mutation), `DELETE /items/{id}`, `GET /` (a test page).
final class ServeHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let bodyLimit = 64 * 1024

    private let session: ServeSession
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var tooLarge = false
    /// The device the connection's latest request named.
    private var device: String?

    init(session: ServeSession) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
            tooLarge = false
        case .body(var buffer):
            if body.count + buffer.readableBytes > Self.bodyLimit {
                tooLarge = true
            } else if let bytes = buffer.readBytes(length: buffer.readableBytes) {
                body += bytes
            }
        case .end:
            guard let head else { return }
            self.head = nil
            route(head, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.channelClosed(context.channel)
        context.fireChannelInactive()
    }

    /// A request NIO could not parse is a bad request (NIO's error handler answered it 400); any other
    /// error is the connection breaking, mostly a client's reset: recorded as such, not as a bad request.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A request cut off by the client's close or reset is no malformed request.
        if let error = error as? HTTPParserError, error != .invalidEOFState {
            session.badRequest(on: context.channel, device: device ?? "unknown", message: String(describing: error))
        } else {
            session.clientReset(context.channel, message: Self.describe(error))
        }
        context.close(promise: nil)
    }

    /// The idle timeout: a connection with nothing in flight is closed.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            return context.fireUserInboundEventTriggered(event)
        }
        guard session.isIdle(context.channel) else { return }
        session.idleClosed(context.channel)
        context.close(promise: nil)
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNRESET: return "connection reset by the client"
            case EPIPE: return "the client closed before the answer was written"
            case ETIMEDOUT: return "the connection timed out"
            default: break
            }
        }
        return String(describing: error)
    }

    private func route(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let target = RequestTarget(head.uri)
        let device = target.query["device"] ?? head.headers.first(name: "X-Simulate-Device") ?? "client"
        guard DeviceName.isValid(device) else {
            return reject(context, .badRequest, "device must match [A-Za-z][A-Za-z0-9_-]*", device: "unknown")
        }
        self.device = device
        if tooLarge { return reject(context, .payloadTooLarge, "body over 64 KiB", device: device) }
        switch (head.method, target.path) {
        case (.GET, "/events"):
            session.openStream(on: context.channel, device: device)
        case (.POST, "/ko"):
            switch MutationBody.parse(body) {
            case .success(let mutation): session.mutate(mutation, on: context.channel, device: device)
            case .failure(let problem): reject(context, .badRequest, problem.message, device: device)
            }
        case (.DELETE, let path) where path.hasPrefix("/items/") && path.count > 7:
            let id = String(path.dropFirst(7)).removingPercentEncodingOrSelf
            session.mutate(.delete(id: id), on: context.channel, device: device)
        case (.OPTIONS, _):
            var headers = HTTPHeaders()
            headers.add(name: "Access-Control-Allow-Origin", value: "*")
            headers.add(name: "Access-Control-Allow-Methods", value: "GET, POST, DELETE, OPTIONS")
            headers.add(name: "Access-Control-Allow-Headers", value: "Content-Type, X-Simulate-Device")
            headers.add(name: "Content-Length", value: "0")
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .noContent, headers: headers))),
                promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case (.GET, "/"):
            plain(context, .ok, ServePage.html, contentType: "text/html; charset=utf-8")
        default:
            plain(context, .notFound, "not found: \(head.method) \(target.path)\n", contentType: "text/plain")
        }
    }

    private func reject(
        _ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ message: String, device: String
    ) {
        session.badRequest(on: context.channel, device: device, message: message)
        plain(context, status, JSONWriter.string(["error": .string(message)]), contentType: "application/json")
    }

    private func plain(
        _ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ text: String, contentType: String
    ) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Content-Length", value: String(text.utf8.count))
        headers.add(name: "Access-Control-Allow-Origin", value: "*")
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: text)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}

/// A request's path and query parameters (percent-decoded).
struct RequestTarget {
    var path: String
    var query: [String: String] = [:]

    init(_ uri: String) {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = parts.first.map(String.init) ?? "/"
        guard parts.count == 2 else { return }
        for pair in parts[1].split(separator: "&") {
            let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(keyValue[0]).removingPercentEncodingOrSelf
            query[key] = keyValue.count == 2 ? String(keyValue[1]).removingPercentEncodingOrSelf : ""
        }
    }
}

extension String {
    var removingPercentEncodingOrSelf: String {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

enum DeviceName {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 64 else { return false }
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        return isLetter(first)
            && name.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
    }
}

/// `POST /ko` bodies: `{"action": "add", "text": …}` or `{"action": "toggle" | "open" | "close" | "bump", "id": …}`.
enum MutationBody {
    struct Problem: Error {
        var message: String
    }

    static func parse(_ body: [UInt8]) -> Result<Mutation, Problem> {
        guard let document = try? JSONParser.parse(body), case .object(let object) = document.root else {
            return .failure(Problem(message: "the body must be a JSON object"))
        }
        guard case .string(let action)? = object["action"] else {
            return .failure(Problem(message: "\"action\" must be one of add, toggle, open, close, bump"))
        }
        let text: String? = if case .string(let text)? = object["text"] { text } else { nil }
        let id: String? = if case .string(let id)? = object["id"] { id } else { nil }
        guard action != "delete", let mutation = Mutation(action: action, text: text, id: id) else {
            let problem =
                switch action {
                case "add": "add needs \"text\" (a string)"
                case "delete": "a delete is DELETE /items/{id}"
                default: "\(action) needs \"id\" (a string) or is not an action"
                }
            return .failure(Problem(message: problem))
        }
        return .success(mutation)
    }
}
