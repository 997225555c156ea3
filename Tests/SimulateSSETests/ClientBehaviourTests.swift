import SimulateCore
import SimulateJSON
import Testing

@Test func seedBackoffWalksToTheCapAndResetsAfterAReconnect() throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            duration: "200s",
            rest: """
                "faults": [{"at": "1s", "for": "100s", "kind": "offline"}, {"at": "150s", "for": "0.1s", "kind": "offline"}],
                "expect": [
                  {"invariant": "sse.backoff"}, {"invariant": "sse.offlineIndicator"},
                  {"check": "sse.lastBackoffDelay", "at": "2s", "device": "phone", "equals": 2},
                  {"check": "sse.lastBackoffDelay", "at": "4s", "device": "phone", "equals": 4},
                  {"check": "sse.lastBackoffDelay", "at": "32s", "device": "phone", "equals": 30},
                  {"check": "sse.lastBackoffDelay", "at": "140s", "device": "phone", "equals": 30},
                  {"check": "sse.lastBackoffDelay", "at": "end", "device": "phone", "equals": 1}
                ]
                """))
    #expect(result.failures == [])
}

@Test(arguments: ["none", "full", "equal", "decorrelated"])
func backoffInvariantHoldsForEveryJitterMode(jitter: String) throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            devices: ["a", "b", "c"], duration: "600s", configuration: "{\"jitter\": \"\(jitter)\"}",
            rest: """
                "faults": [{"at": "1s", "for": "5s", "kind": "offline", "repeat": {"every": "40s", "count": 10}},
                           {"at": "300s", "for": "200s", "kind": "offline"}],
                "expect": [{"invariant": "sse.backoff", "args": {"jitter": "\(jitter)"}}, {"invariant": "sse.offlineIndicator"}]
                """))
    #expect(result.failures == [])
}

@Test func backoffInvariantCatchesAResetOnTheFirstByte() throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            duration: "30s", configuration: "{\"backoffReset\": \"firstByte\"}",
            rest: """
                "faults": [{"at": "1s", "kind": "serverRestart", "plugin": "sse"}],
                "steps": [{"at": "1s", "do": "sse.serverMode", "args": {"mode": "acceptThenClose"}}],
                "expect": [{"invariant": "sse.backoff"}]
                """))
    let violations = result.expectation("sse.backoff")?.violations ?? []
    #expect(!violations.isEmpty)
    #expect(violations.first?.device == "phone")
    #expect(violations.first?.message.contains("the policy says 2s") == true)
    #expect(violations.first?.events.isEmpty == false)
}

@Test func indicatorShowsOnlyAfterTheDelayAndHidesOnReconnect() throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            configuration: "{\"offlineIndicatorDelay\": \"2s\"}",
            rest: """
                "faults": [{"at": "1s", "for": "2.5s", "kind": "offline"}],
                "expect": [
                  {"invariant": "sse.offlineIndicator", "args": {"delay": "2s"}},
                  {"check": "sse.offlineIndicator", "at": "2.99s", "device": "phone", "equals": false},
                  {"check": "sse.offlineIndicator", "at": "3s", "device": "phone", "equals": true},
                  {"check": "sse.connected", "at": "4.04s", "device": "phone", "equals": true},
                  {"check": "sse.offlineIndicator", "at": "4.04s", "device": "phone", "equals": false}
                ]
                """))
    #expect(result.failures == [])
}

@Test func bumpIsRefusedOnDoneItemsAndMovesOpenItemsToTheEnd() throws {
    let result = try SSEScenario.run(
        SSEScenario.text(
            configuration: "{\"items\": [\"a\", {\"text\": \"b\", \"done\": true}, \"c\"]}",
            rest: """
                "steps": [
                  {"at": "1s", "device": "phone", "do": "sse.bump", "args": {"item": "b"}},
                  {"at": "2s", "device": "phone", "do": "sse.bump", "args": {"item": {"index": 0}}},
                  {"at": "3s", "device": "phone", "do": "sse.delete", "args": {"item": "nothing"}}
                ],
                "expect": [
                  {"check": "sse.items", "at": "end", "device": "phone",
                   "equals": [{"text": "b", "done": true}, {"text": "c", "done": false}, {"text": "a", "done": false}]},
                  {"check": "sse.serverVersion", "at": "end", "equals": 2}
                ]
                """))
    #expect(result.failures == [])
    #expect(result.statistics["sse"]?["refusedBumps"] == 1)
    #expect(result.statistics["sse"]?["skippedActions"] == 1)
}

@Test func mutationOnAnUnknownItemChangesNothing() throws {
    // The tablet deletes "a" while the phone, offline, toggles its stale copy: the toggle reaches
    // the server after "a" is gone and is answered 404.
    let result = try SSEScenario.run(
        SSEScenario.text(
            devices: ["phone", "tablet"], duration: "20s", configuration: "{\"items\": [\"a\", \"b\"]}",
            rest: """
                "faults": [{"at": "1s", "kind": "serverRestart", "plugin": "sse"}],
                "steps": [
                  {"at": "1.01s", "device": "tablet", "do": "sse.delete", "args": {"item": "a"}},
                  {"at": "1.5s", "device": "phone", "do": "sse.toggle", "args": {"item": "a"}}
                ],
                "expect": [
                  {"invariant": "sse.converged"}, {"invariant": "sse.mutationsDelivered"},
                  {"check": "sse.serverVersion", "at": "end", "equals": 2},
                  {"check": "sse.items", "at": "1.6s", "device": "phone",
                   "equals": [{"text": "a", "done": true}, {"text": "b", "done": false}]},
                  {"check": "sse.items", "at": "end", "device": "phone", "equals": [{"text": "b", "done": false}]}
                ]
                """))
    #expect(result.failures == [])
}

@Test func sameSeedGivesTheSameTraceHash() throws {
    let text = SSEScenario.text(
        devices: ["phone", "laptop"], duration: "60s", configuration: "{\"jitter\": \"full\"}",
        rest: """
            "network": {"latency": {"min": "5ms", "max": "200ms"}, "loss": 0.01, "chunkBytes": {"min": 1, "max": 7}},
            "faults": [{"at": "5s", "for": "3s", "kind": "offline", "repeat": {"every": "10s", "count": 5}}],
            "steps": [{"at": "1s", "device": "laptop", "do": "sse.add", "args": {"text": "x"}, "repeat": {"every": "1s", "count": 50}}]
            """)
    let first = try SSEScenario.run(text, seed: 7)
    let second = try SSEScenario.run(text, seed: 7)
    let other = try SSEScenario.run(text, seed: 8)
    #expect(first.traceHash == second.traceHash)
    #expect(first.trace == second.trace)
    #expect(first.traceHash != other.traceHash)
}
