import Foundation
import SimulateCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `HTTPURLResponse`s of one run, one per URL, status and headers: a response is immutable, and
/// making one checks and capitalizes every header name (about as much work as the rest of a simulated
/// request), so a run's repeated answers (every reconnect of an event stream) share it.
final class HTTPResponseHeads {
    private var made: [(url: URL, status: Int, headers: [String: String], response: HTTPURLResponse)] = []

    /// The run's responses.
    static func of(_ context: SimulationContext) -> HTTPResponseHeads {
        context.attachment(HTTPResponseHeads.self) { HTTPResponseHeads() }
    }

    func response(url: URL, status: Int, headers: [String: String]) -> HTTPURLResponse {
        if let index = made.firstIndex(where: { $0.status == status && $0.url == url && $0.headers == headers }) {
            return made[index].response
        }
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        // A run answers few distinct heads; past that, making one is cheaper than searching many.
        if made.count < 16 { made.append((url, status, headers, response)) }
        return response
    }
}
