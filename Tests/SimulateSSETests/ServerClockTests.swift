import SimulateCore
import SimulateSSE
import Testing

/// Two adds 400 ns apart reach the server in the same microsecond.
private func sameMicrosecondAdds(serverClock: String?) -> String {
    let configuration = serverClock.map { "{\"serverClock\": \"\($0)\"}" } ?? "{}"
    return SSEScenario.text(
        devices: ["phone", "laptop"], duration: "3s", configuration: configuration,
        rest: """
            "steps": [
              {"at": "2s", "device": "phone", "do": "sse.add", "args": {"text": "a"}},
              {"at": "2000000400ns", "device": "laptop", "do": "sse.add", "args": {"text": "b"}}
            ],
            "expect": [{"invariant": "sse.serverIds"}]
            """)
}

/// The default clock is the toolkit's own nanosecond rule: distinct ids.
@Test func theNanosecondClockGivesTwoAddsInOneMicrosecondDistinctIds() throws {
    let result = try SSEScenario.run(sameMicrosecondAdds(serverClock: nil))
    #expect(result.passed, "\(result.failures)")
}

/// Go on macOS (golang/go#27301): UnixNano is whole microseconds, so both adds get one id, and
/// `serverIds` says so. A server that kept bumping ids would pass `serverIds` here and fail this test.
@Test func theMicrosecondClockGivesTwoAddsInOneMicrosecondOneIdAndServerIdsReportsIt() throws {
    let result = try SSEScenario.run(sameMicrosecondAdds(serverClock: "microsecond"))
    let messages = result.expectation("sse.serverIds")?.violations.map(\.message) ?? []
    #expect(!result.passed)
    #expect(messages.contains { $0.contains("was issued twice (two adds in one microsecond of the server clock)") })
    #expect(messages.count == 1, "\(messages)")
}

@Test func anUnknownServerClockIsRejectedAtItsPath() {
    let paths = SSEScenario.errorPaths(SSEScenario.text(configuration: "{\"serverClock\": \"picosecond\"}"))
    #expect(paths == ["/plugins/sse/serverClock"])
}
