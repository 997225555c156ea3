import Foundation
import SimulateCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `HTTPURLResponse`s of one run, one per URL, status and headers: a response is immutable, and
/// making one checks and capitalizes every header name (about as much work as the rest of a simulated
/// request), so a run's repeated answers (every reconnect of an event stream) share it, and so do the
/// runs of a process (``SharedResponses``): a sweep's runs answer the same few heads.
final class HTTPResponseHeads {
    private var made: [(url: URL, status: Int, headers: [String: String], response: HTTPURLResponse)] = []
    private let shared: SharedResponses

    init(shared: SharedResponses = .process) {
        self.shared = shared
    }

    /// The run's responses.
    static func of(_ context: SimulationContext) -> HTTPResponseHeads {
        context.attachment(HTTPResponseHeads.self) { HTTPResponseHeads() }
    }

    func response(url: URL, status: Int, headers: [String: String]) -> HTTPURLResponse {
        if let index = made.firstIndex(where: { $0.status == status && $0.url == url && $0.headers == headers }) {
            return made[index].response
        }
        let response = shared.response(url: url, status: status, headers: headers)
        // A run answers few distinct heads; past that, making one is cheaper than searching many.
        if made.count < 16 { made.append((url, status, headers, response)) }
        return response
    }
}

/// Responses kept for every run of a process, on any thread, up to `limit` distinct heads (past it, a head
/// not kept gets a new response each time it is asked for).
final class SharedResponses: @unchecked Sendable {
    struct Head: Hashable {
        var url: URL
        var status: Int
        var headers: [String: String]
    }

    static let process = SharedResponses(limit: 256)

    let limit: Int

    // @unchecked Sendable: `responses` is read and written under `lock` only, and a response is never changed.
    private let lock = NSLock()
    private var responses: [Head: HTTPURLResponse] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { lock.withLock { responses.count } }

    func response(url: URL, status: Int, headers: [String: String]) -> HTTPURLResponse {
        let head = Head(url: url, status: status, headers: headers)
        if let known = lock.withLock({ responses[head] }) { return known }
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        // Another run may have made the same head meanwhile: every run gets the one kept.
        return lock.withLock {
            if let known = responses[head] { return known }
            if responses.count < limit { responses[head] = response }
            return response
        }
    }
}
