import SimulateCore
import SimulateJSON
import Testing

// docs/sse.md: the client behaves as URLSession does, and the invariants hold it to seed 002's rules.

@Test func defaultRequestTimeoutDropsAQuietStreamAfterSixtySeconds() throws {
    // URLSessionConfiguration.timeoutIntervalForRequest: 60 s, reset whenever data arrives.
    let result = try SSEScenario.run(
        SSEScenario.text(
            duration: "70s",
            rest: """
                "expect": [
                  {"check": "sse.connected", "at": "60s", "device": "phone", "equals": true},
                  {"check": "sse.connected", "at": "60.04s", "device": "phone", "equals": false},
                  {"check": "sse.reconnectAttempts", "at": "end", "device": "phone", "equals": 1}
                ]
                """))
    #expect(result.failures == [])
}

@Test func everyByteRestartsTheRequestTimer() throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            duration: "100s", configuration: "{\"keepAliveInterval\": \"59s\"}",
            rest: """
                "expect": [{"check": "sse.reconnectAttempts", "at": "end", "device": "phone", "equals": 0}]
                """))
    #expect(result.failures == [])
}

@Test func halfOpenStreamIsDetectedByTheRequestTimeout() throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            duration: "90s", configuration: "{\"requestTimeout\": \"15s\", \"keepAliveInterval\": \"5s\"}",
            rest: """
                "faults": [{"at": "12s", "kind": "partition"}],
                "expect": [
                  {"check": "sse.connected", "at": "25s", "device": "phone", "equals": true},
                  {"check": "sse.connected", "at": "25.02s", "device": "phone", "equals": false}
                ]
                """))
    #expect(result.failures == [])
}

@Test(arguments: [("10s", false), ("1.5s", true)])
func offlineIndicatorRuleIsTheSeedsNotTheClients(delay: String, holds: Bool) throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            duration: "40s", configuration: "{\"offlineIndicatorDelay\": \"\(delay)\"}",
            rest: """
                "faults": [{"at": "5s", "for": "20s", "kind": "offline"}],
                "expect": [{"invariant": "sse.offlineIndicator"}]
                """))
    let violations = result.expectation("sse.offlineIndicator")?.violations ?? []
    #expect(violations.isEmpty == holds)
    if !holds { #expect(violations.first?.message.contains("later than the 1.5s delay") == true) }
}

@Test func toleranceLetsAPollingClientShowTheIndicatorALittleLate() throws {
    let rest = { (tolerance: String) in
        """
        "faults": [{"at": "5s", "for": "20s", "kind": "offline"}],
        "expect": [{"invariant": "sse.offlineIndicator", "args": {"tolerance": "\(tolerance)"}}]
        """
    }
    let configuration = "{\"offlineIndicatorDelay\": \"2s\"}"
    let late = try SSEScenario.run(SSEScenario.text(duration: "40s", configuration: configuration, rest: rest("0.4s")))
    let tolerated = try SSEScenario.run(
        SSEScenario.text(duration: "40s", configuration: configuration, rest: rest("0.5s")))
    #expect(late.failures.count == 1)
    #expect(tolerated.failures == [])
}

@Test func backoffInvariantChecksTheSeedsPolicyUnlessTold() throws {
    let rest = { (args: String) in
        """
        "faults": [{"at": "5s", "for": "60s", "kind": "offline"}],
        "expect": [{"invariant": "sse.backoff", "args": \(args)}]
        """
    }
    let configuration = "{\"maxDelay\": \"8s\"}"
    let seed = try SSEScenario.run(SSEScenario.text(duration: "80s", configuration: configuration, rest: rest("{}")))
    let told = try SSEScenario.run(
        SSEScenario.text(duration: "80s", configuration: configuration, rest: rest("{\"maxDelay\": \"8s\"}")))
    #expect(seed.expectation("sse.backoff")?.violations.first?.message.contains("the policy says 16s") == true)
    #expect(told.failures == [])
}

@Test(arguments: [("replace", true), ("merge", false)])
func fullStateFailsOnAMerge(update: String, holds: Bool) throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            devices: ["phone", "laptop"], configuration: "{\"items\": [\"a\", \"b\"], \"stateUpdate\": \"\(update)\"}",
            rest: """
                "steps": [{"at": "2s", "device": "laptop", "do": "sse.delete", "args": {"item": "a"}}],
                "expect": [{"invariant": "sse.fullState"}]
                """))
    #expect((result.expectation("sse.fullState")?.violations.isEmpty ?? false) == holds)
}

@Test func deleteIsADeleteRequestAndTheRestArePosts() throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            configuration: "{\"items\": [\"a\", \"b\"]}",
            rest: """
                "steps": [
                  {"at": "1s", "device": "phone", "do": "sse.delete", "args": {"item": "a"}},
                  {"at": "2s", "device": "phone", "do": "sse.toggle", "args": {"item": "b"}}
                ],
                "expect": [{"check": "sse.serverRequests", "at": "end", "equals": {"DELETE": 1, "POST": 1}}]
                """))
    #expect(result.failures == [])
    #expect(result.trace.contains { $0.name == "DELETE item" })
    #expect(!result.trace.contains { $0.name == "POST delete" })
}

@Test func relaunchEmptiesTheListUntilTheNextFullState() throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            configuration: "{\"items\": [\"a\"]}",
            rest: """
                "network": {"latency": "100ms"},
                "steps": [{"at": "3s", "device": "phone", "do": "sse.relaunch"}],
                "expect": [
                  {"invariant": "sse.backoff"}, {"invariant": "sse.offlineIndicator"}, {"invariant": "sse.fullState"},
                  {"check": "sse.items", "at": "3s", "device": "phone", "equals": []},
                  {"check": "sse.connected", "at": "3.1s", "device": "phone", "equals": false},
                  {"check": "sse.items", "at": "3.2s", "device": "phone", "equals": [{"text": "a", "done": false}]},
                  {"check": "sse.reconnectAttempts", "at": "end", "device": "phone", "equals": 0}
                ]
                """))
    #expect(result.failures == [])
}
