import SimulateCore
import SimulateJSON
import Testing

/// Each fault kind of the scenario format, observed through the probe plugin.
@Suite struct NetworkFaultTests {
    func outcomes(_ result: RunResult, device: String = "phone") -> [String] {
        result.expectations.first { $0.name == "probe.outcomes" && $0.device == device }?.observed?.arrayValue?
            .compactMap(\.stringValue) ?? []
    }

    func check(_ name: String, device: String? = "phone") -> String {
        let deviceField = device.map { ", \"device\": \"\($0)\"" } ?? ""
        return #"{"check": "\#(name)", "at": "end"\#(deviceField), "equals": null}"#
    }

    func observed(_ result: RunResult, _ name: String, device: String? = "phone") -> JSON? {
        result.expectations.first { $0.name == name && $0.device == device }?.observed
    }

    @Test func requestsSucceedWithoutFaults() throws {
        let result = try Probe.run(
            #""steps": [{"at": "1s", "device": "phone", "do": "probe.request", "repeat": {"every": "1s", "count": 3}}], "expect": [\#(check("probe.outcomes"))]"#
        )
        #expect(outcomes(result) == ["ok 1", "ok 2", "ok 3"])
    }

    @Test func offlineFailsNewRequestsAtOnceAndOpenOnesToo() throws {
        let result = try Probe.run(
            """
            "faults": [{"at": "1s", "for": "10s", "device": "phone", "kind": "offline"}],
            "steps": [{"at": "995ms", "device": "phone", "do": "probe.request"},
                      {"at": "2s", "device": "phone", "do": "probe.request"},
                      {"at": "12s", "device": "phone", "do": "probe.request"},
                      {"at": "0s", "device": "phone", "do": "probe.open"}],
            "expect": [\(check("probe.outcomes")), \(check("probe.closed")), \(check("probe.served", device: nil))]
            """)
        #expect(outcomes(result) == ["connectionLost", "offline", "ok 1"])
        #expect(observed(result, "probe.closed") == "connectionLost")
        #expect(observed(result, "probe.served", device: nil) == 1)
    }

    /// A request whose message was lost waits only for its timeout; the device going offline first ends it at
    /// once, and only then: the timeout that was due later does not end it a second time.
    @Test(arguments: [("partition", ["connectionLost", "ok 1"], 1), ("dropResponses", ["connectionLost", "ok 2"], 2)])
    func aRequestWaitingOnlyForItsTimeoutEndsOnceWhenTheDeviceGoesOffline(
        fault: String, expected: [String], served: Int
    ) throws {
        let result = try Probe.run(
            """
            "faults": [{"at": "0s", "for": "3s", "device": "phone", "kind": "\(fault)"},
                       {"at": "4s", "for": "5s", "device": "phone", "kind": "offline"}],
            "steps": [{"at": "1s", "device": "phone", "do": "probe.request"},
                      {"at": "20s", "device": "phone", "do": "probe.request"}],
            "expect": [\(check("probe.outcomes")), \(check("probe.served", device: nil))]
            """)
        #expect(outcomes(result) == expected)
        #expect(observed(result, "probe.served", device: nil) == .integer(Int64(served)))
    }

    @Test func partitionIsSilentRequestsTimeOutAndStreamsStall() throws {
        let result = try Probe.run(
            """
            "faults": [{"at": "1s", "for": "20s", "kind": "partition"}],
            "steps": [{"at": "0s", "device": "phone", "do": "probe.open"},
                      {"at": "2s", "device": "phone", "do": "probe.request"},
                      {"at": "3s", "do": "probe.broadcast", "args": {"text": " lost"}},
                      {"at": "30s", "do": "probe.broadcast", "args": {"text": " still lost"}}],
            "expect": [\(check("probe.outcomes")), \(check("probe.closed")), \(check("probe.received"))]
            """)
        #expect(outcomes(result) == ["timedOut"])
        #expect(observed(result, "probe.closed") == .null)
        #expect(observed(result, "probe.received") == "hello")
    }

    @Test func dropResponsesChangesTheServerButTheClientTimesOut() throws {
        let result = try Probe.run(
            """
            "faults": [{"at": "0s", "for": "10s", "kind": "dropResponses"}],
            "steps": [{"at": "1s", "device": "phone", "do": "probe.request"}, {"at": "40s", "device": "phone", "do": "probe.request"}],
            "expect": [\(check("probe.outcomes")), \(check("probe.served", device: nil))]
            """)
        #expect(outcomes(result) == ["timedOut", "ok 2"])
        #expect(observed(result, "probe.served", device: nil) == 2)
    }

    @Test func lossLosesAShareOfMessages() throws {
        let result = try Probe.run(
            """
            "faults": [{"at": "0s", "kind": "loss", "loss": 0.5}],
            "steps": [{"at": "0s", "device": "phone", "do": "probe.request", "repeat": {"every": "100ms", "count": 200}}],
            "expect": [\(check("probe.outcomes"))]
            """)
        let all = outcomes(result)
        let timedOut = all.filter { $0 == "timedOut" }.count
        #expect(all.count == 200)
        #expect((120...180).contains(timedOut))  // each exchange survives two 50% draws: 75% expected lost
    }

    @Test func latencyFaultOverridesTheLinkLatency() throws {
        let scenario = try Probe.scenario(
            """
            "faults": [{"at": "0s", "for": "5s", "kind": "latency", "latency": "3s"}],
            "steps": [{"at": "1s", "device": "phone", "do": "probe.request"}, {"at": "10s", "device": "phone", "do": "probe.request"}],
            "expect": [{"check": "probe.outcomes", "at": "6s", "device": "phone", "equals": []},
                       {"check": "probe.outcomes", "at": "7.001s", "device": "phone", "equals": ["ok 1"]},
                       {"check": "probe.outcomes", "at": "10.021s", "device": "phone", "equals": ["ok 1", "ok 2"]}]
            """)
        let result = Probe.runner.run(scenario)
        #expect(
            result.passed,
            "\(result.expectations.map { "\($0.observationKey)=\($0.observed.map { JSONWriter.string($0) } ?? "")" })")
    }

    @Test func serverRestartDropsEveryStreamOfThatServer() throws {
        let result = try Probe.run(
            """
            "faults": [{"at": "5s", "kind": "serverRestart", "plugin": "probe"}],
            "steps": [{"at": "0s", "device": "phone", "do": "probe.open"}, {"at": "0s", "device": "pad", "do": "probe.open"}],
            "expect": [\(check("probe.closed")), \(check("probe.closed", device: "pad"))]
            """, devices: ["phone", "pad"])
        #expect(observed(result, "probe.closed") == "serverRestart")
        #expect(observed(result, "probe.closed", device: "pad") == "serverRestart")
    }

    @Test func repeatingFaultsFlap() throws {
        let result = try Probe.run(
            """
            "faults": [{"at": "0s", "for": "500ms", "kind": "offline", "repeat": {"every": "1s", "count": 10}}],
            "steps": [{"at": "100ms", "device": "phone", "do": "probe.request", "repeat": {"every": "500ms", "count": 24}}],
            "expect": [\(check("probe.outcomes"))]
            """)
        let all = outcomes(result)
        #expect(all.count == 24)
        #expect(Array(all.prefix(4)) == ["offline", "ok 1", "offline", "ok 2"])
        #expect(all.suffix(4).allSatisfy { $0.hasPrefix("ok") })
    }

    @Test func faultsOnOneDeviceLeaveOthersAlone() throws {
        let result = try Probe.run(
            """
            "faults": [{"at": "0s", "device": "phone", "kind": "offline"}],
            "steps": [{"at": "1s", "device": "phone", "do": "probe.request"}, {"at": "1s", "device": "pad", "do": "probe.request"}],
            "expect": [\(check("probe.outcomes")), \(check("probe.outcomes", device: "pad"))]
            """, devices: ["phone", "pad"])
        #expect(outcomes(result) == ["offline"])
        #expect(outcomes(result, device: "pad") == ["ok 1"])
    }

    @Test func streamsArriveInChunksInOrder() throws {
        let result = try Probe.run(
            """
            "steps": [{"at": "0s", "device": "phone", "do": "probe.open"},
                      {"at": "1s", "do": "probe.broadcast", "args": {"text": " world"}},
                      {"at": "1s", "do": "probe.broadcast", "args": {"text": "!"}}],
            "expect": [\(check("probe.received"))]
            """, network: #"{"latency": {"min": "1ms", "max": "50ms"}, "chunkBytes": {"min": 1, "max": 2}}"#)
        #expect(observed(result, "probe.received") == "hello world!")
    }

    /// Two streams with a hundred or more chunks on their way at once, each waiting in a slot of the
    /// network's table that arrived chunks free for later ones.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func chunksOfStreamsInFlightTogetherArriveWholeAndInOrder(seed: UInt64) throws {
        let texts = (0..<30).map { "m\($0);" }
        let broadcasts = texts.enumerated().map { index, text in
            #"{"at": "\#(1000 + index * 3)ms", "do": "probe.broadcast", "args": {"text": "\#(text)"}}"#
        }
        let result = try Probe.run(
            """
            "steps": [{"at": "0s", "device": "phone", "do": "probe.open"}, {"at": "0s", "device": "pad", "do": "probe.open"},
                      \(broadcasts.joined(separator: ", "))],
            "expect": [\(check("probe.received")), \(check("probe.received", device: "pad"))]
            """, devices: ["phone", "pad"],
            network: #"{"latency": {"min": "1ms", "max": "50ms"}, "chunkBytes": {"min": 1, "max": 2}}"#, seed: seed)
        let expected = JSON.string("hello" + texts.joined())
        #expect(observed(result, "probe.received") == expected)
        #expect(observed(result, "probe.received", device: "pad") == expected)
    }
}
