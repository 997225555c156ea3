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

/// The runs of a process share their responses too, from any thread, up to the limit of distinct heads.
@Test func runsShareResponsesUpToTheLimit() async throws {
    let shared = SharedResponses(limit: 2)
    let events = try #require(URL(string: "http://sse/events"))
    let headers = ["content-type": "text/event-stream"]
    let responses = await withTaskGroup(of: HTTPURLResponse.self) { group in
        for _ in 0..<8 {
            group.addTask { HTTPResponseHeads(shared: shared).response(url: events, status: 200, headers: headers) }
        }
        return await group.reduce(into: []) { $0.append($1) }
    }
    let first = shared.response(url: events, status: 200, headers: headers)
    for response in responses { #expect(response === first) }
    let unavailable = shared.response(url: events, status: 503, headers: headers)
    #expect(shared.count == 2)
    let notKept = [
        shared.response(url: events, status: 500, headers: headers),
        shared.response(url: events, status: 500, headers: headers),
    ]
    #expect(shared.count == 2)
    #expect(notKept[0] !== notKept[1])
    #expect(notKept[0].statusCode == 500 && notKept[1].statusCode == 500)
    #expect(shared.response(url: events, status: 503, headers: headers) === unavailable)
}
