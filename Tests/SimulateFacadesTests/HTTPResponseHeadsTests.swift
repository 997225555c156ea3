import Foundation
import Testing

@testable import SimulateFacades

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A run's repeated answers share one `HTTPURLResponse`; any difference of URL, status or headers gets its own.
@Test func aRunsRepeatedAnswersShareOneResponse() throws {
    let heads = HTTPResponseHeads()
    let events = try #require(URL(string: "http://sse/events"))
    let first = heads.response(url: events, status: 200, headers: ["content-type": "text/event-stream"])
    let again = heads.response(url: events, status: 200, headers: ["content-type": "text/event-stream"])
    #expect(first === again)
    #expect(first.statusCode == 200)
    #expect(first.url == events)
    #expect(first.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
    let others = [
        heads.response(url: events, status: 503, headers: ["content-type": "text/event-stream"]),
        heads.response(url: events, status: 200, headers: ["content-type": "text/plain"]),
        heads.response(
            url: try #require(URL(string: "http://sse/ko")), status: 200, headers: ["content-type": "text/event-stream"]
        ),
    ]
    for other in others { #expect(other !== first) }
    #expect(others[0].statusCode == 503)
    #expect(others[1].value(forHTTPHeaderField: "Content-Type") == "text/plain")
    #expect(others[2].url?.path == "/ko")
}
