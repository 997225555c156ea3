import SimulateCore
import SimulateJSON
import Testing

@Suite struct DeterminismTests {
    let members = """
        "faults": [{"at": "2s", "for": "1s", "kind": "loss", "loss": 0.3}],
        "steps": [{"at": "0s", "device": "phone", "do": "probe.request", "repeat": {"every": "50ms", "count": 100}},
                  {"at": "0s", "device": "pad", "do": "probe.open"},
                  {"at": "1s", "do": "probe.broadcast", "args": {"text": "0123456789"}, "repeat": {"every": "100ms", "count": 30}}]
        """
    let network = #"{"latency": {"min": "5ms", "max": "80ms"}, "chunkBytes": {"min": 1, "max": 4}}"#

    @Test func sameSeedGivesTheSameTraceHash() throws {
        let first = try Probe.run(members, devices: ["phone", "pad"], network: network, seed: 17)
        let second = try Probe.run(members, devices: ["phone", "pad"], network: network, seed: 17)
        #expect(first.traceHash == second.traceHash)
        #expect(first.events == second.events)
        #expect(first.trace == second.trace)
    }

    @Test func differentSeedsGiveDifferentTraces() throws {
        let hashes = Set(
            try (0..<5).map { try Probe.run(members, devices: ["phone", "pad"], network: network, seed: $0).traceHash })
        #expect(hashes.count == 5)
    }

    @Test func keepingTheTraceDoesNotChangeTheHash() throws {
        let scenario = try Probe.scenario(members, devices: ["phone", "pad"], network: network)
        let kept = Probe.runner.run(scenario, seed: 3, keepsTrace: true)
        let dropped = Probe.runner.run(scenario, seed: 3, keepsTrace: false)
        #expect(kept.traceHash == dropped.traceHash)
        #expect(!kept.trace.isEmpty && dropped.trace.isEmpty)
    }

    @Test(arguments: [0, 3, 11] as [UInt64])
    func aRunWithoutItsHashIsTheSameRun(seed: UInt64) throws {
        let scenario = try Probe.scenario(members, devices: ["phone", "pad"], network: network)
        let hashed = Probe.runner.run(scenario, seed: seed, keepsTrace: true)
        let unhashed = Probe.runner.run(scenario, seed: seed, keepsTrace: true, hashesTrace: false)
        #expect(hashed.traceHash.count == 16)
        #expect(unhashed.traceHash.isEmpty)
        #expect(unhashed.trace == hashed.trace && !hashed.trace.isEmpty)
        #expect(unhashed.events == hashed.events)
        #expect(unhashed.passed == hashed.passed)
        #expect(unhashed.expectations.map(\.name) == hashed.expectations.map(\.name))
        #expect(unhashed.expectations.map(\.passed) == hashed.expectations.map(\.passed))
        #expect(unhashed.statistics == hashed.statistics)
        #expect(Probe.runner.run(scenario, seed: seed, keepsTrace: false).traceHash == hashed.traceHash)
    }

    @Test func addingADeviceDoesNotChangeWhatAnotherDeviceDraws() throws {
        let steps =
            #""steps": [{"at": "0s", "device": "phone", "do": "probe.open"}, {"at": "1s", "do": "probe.broadcast", "args": {"text": "abcdefghij"}, "repeat": {"every": "10ms", "count": 50}}]"#
        let alone = Probe.runner.run(try Probe.scenario(steps, network: network), seed: 1, keepsTrace: true)
        let withOther = Probe.runner.run(
            try Probe.scenario(steps, devices: ["phone", "watch"], network: network), seed: 1, keepsTrace: true)
        let phoneRecords = { (result: RunResult) in result.trace.filter { $0.track == "phone" } }
        #expect(phoneRecords(alone) == phoneRecords(withOther))
    }

    @Test func eventBudgetExhaustionIsARunFailure() throws {
        let result = try Probe.run(
            #""limits": {"events": 500}, "steps": [{"at": "1s", "device": "phone", "do": "probe.spin"}]"#)
        #expect(!result.passed)
        #expect(result.failure?.message.hasPrefix("event budget of 500 events exhausted at 1s") == true)
    }

    @Test func expectationsDefaultToEveryInvariantHolding() throws {
        let result = try Probe.run("")
        #expect(result.expectations.map(\.name) == ["probe.holds", "probe.fails"])
        #expect(!result.passed)
    }

    @Test func violatedExpectationPassesOnlyWhenViolated() throws {
        let result = try Probe.run(
            #""expect": [{"invariant": "probe.fails", "violated": true}, {"invariant": "probe.holds", "violated": true}]"#
        )
        #expect(result.expectations.map(\.passed) == [true, false])
    }

    @Test func pointChecksReadAtTheirTime() throws {
        let result = try Probe.run(
            """
            "steps": [{"at": "1s", "device": "phone", "do": "probe.request", "repeat": {"every": "1s", "count": 5}}],
            "expect": [{"check": "probe.served", "at": "2.5s", "equals": 2}, {"check": "probe.served", "at": "end", "equals": 5},
                       {"check": "probe.served", "at": "3.5s", "equals": 99}]
            """)
        #expect(result.expectations.map(\.passed) == [true, true, false])
        #expect(result.observed["probe.served@2.5s"] == 2)
        #expect(result.expectations[2].violations.first?.message == "expected 99, observed 3")
    }
}
