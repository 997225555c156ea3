import Foundation
import SimulateCore
import SimulateJSON
import SimulatePlugins
import SimulateTesting
import Testing

/// Swarm mode: faults drawn from the seed, the liveness phase, and a broken component that a sweep
/// finds and `shrink` reduces to a few faults and steps.
@Suite struct SwarmTests {
    static let registry = PluginRegistry(BuiltinPlugins.all)

    static func scenario(_ file: String, _ edit: (inout String) -> Void = { _ in }) throws -> String {
        var text = try String(contentsOfFile: ScenarioSuite.resolve(file).path, encoding: .utf8)
        edit(&text)
        return text
    }

    static func run(_ text: String, seed: UInt64) throws -> RunResult {
        let scenario = try ScenarioLoader(registry: registry).load(text: text)
        return SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: false)
    }

    @Test func eachSeedDrawsItsOwnScheduleWithinTheWindowAndTheSameSeedTheSameOne() throws {
        let text = try Self.scenario("Scenarios/sse/swarm.json")
        var schedules: Set<String> = []
        for seed: UInt64 in 0..<20 {
            let result = try Self.run(text, seed: seed)
            #expect((1...6).contains(result.drawnFaults.count))
            for fault in result.drawnFaults {
                guard case .at(let start) = fault.at else { continue }
                #expect(start >= .start + .seconds(1))
                #expect(start + (fault.duration ?? .zero) <= .start + .seconds(60))
            }
            #expect(try Self.run(text, seed: seed).traceHash == result.traceHash)
            schedules.insert(JSONWriter.string(.array(result.drawnFaults.map(\.json))))
        }
        #expect(schedules.count == 20)
    }

    @Test func theLivenessPhaseReportsEveryPluginThatHasNotRecovered() throws {
        // With URLSession's default 60 s request timeout, a stream or connect stalled in a partition stays stuck.
        let text = try Self.scenario("Scenarios/sse/swarm.json") {
            $0 = $0.replacingOccurrences(of: #", "requestTimeout": "10s""#, with: "")
        }
        let failing = try (0..<200).lazy.map { try Self.run(text, seed: $0) }.first { !$0.passed }
        let result = try #require(failing)
        let liveness = try #require(result.expectations.first { $0.name == "sse.liveness" })
        #expect(!liveness.passed)
        #expect(liveness.violations.first?.message.contains("after faults stopped") == true)
        #expect(!result.drawnFaults.isEmpty)
    }

    @Test(arguments: [
        ("Scenarios/sse/swarm.json", #", "requestTimeout": "10s""#, "", "sse.liveness"),
        (
            "Scenarios/counter/swarm.json", #""counter": {"requestTimeout": "10s"}"#,
            #""counter": {"requestTimeout": "10s", "savePolicy": "allKeys"}"#, "counter.unique"
        ),
    ])
    func aBrokenComponentIsFoundBySweepingAndShrunkToTwoFaultsAndThreeSteps(
        file: String, setting: String, hazard: String, expectation: String
    ) throws {
        let text = try Self.scenario(file) { $0 = $0.replacingOccurrences(of: setting, with: hazard) }
        let seed = try #require(try (UInt64(0)..<200).first { !(try Self.run(text, seed: $0).passed) })
        let result = try ScenarioShrinker.shrink(text: text, file: file, seed: seed, registry: Self.registry)
        #expect(result.signature.expectation == expectation)
        #expect(result.after.faultOccurrences <= 2)
        #expect(result.after.stepOccurrences <= 3)
        #expect(result.minimal["faults"]?["generate"] == nil)
        // Only a liveness failure needs the phase after the faults.
        #expect((result.minimal["faults"]?["liveness"] != nil) == expectation.hasSuffix(".liveness"))
        let written = ScenarioJSONStyle.string(result.minimal)
        let rerun = try Self.run(written, seed: result.seed)
        let scenario = try ScenarioLoader(registry: Self.registry).load(text: written)
        #expect(result.signature.matches(rerun, devices: scenario.devices.map(\.id)))
    }

    @Test func faultsOutlastingTheLivenessPhaseAreAnError() throws {
        let text = """
            {"format": 1, "name": "x", "duration": "60s", "devices": [{"id": "phone"}], "plugins": {"sse": {}},
             "faults": {"list": [{"at": "5s", "kind": "offline"}],
                        "generate": {"kinds": ["offline"], "window": {"to": "40s"}}, "liveness": {"within": "30s"}}}
            """
        #expect {
            try ScenarioLoader(registry: Self.registry).load(text: text, file: "x.json")
        } throws: { error in
            let messages = (error as? ScenarioError)?.diagnostics.map(\.description) ?? []
            return messages.contains { $0.contains("/faults/list/0") && $0.contains("still active") }
                && messages.contains { $0.contains("/faults/liveness") && $0.contains("after the end of the run") }
        }
    }

    /// A fault that does all it does at its start (a zone deleted under the app) needs no `for` before a liveness
    /// phase; one that lasts (an account unavailable) does.
    @Test func aFaultThatActsAtItsStartNeedsNoEndBeforeTheLivenessPhase() throws {
        func text(_ error: String) -> String {
            """
            {"format": 1, "name": "zone", "duration": "90s", "devices": [{"id": "a"}], "plugins": {"counter": {}},
             "faults": {"list": [{"at": "5s", "kind": "serverError", "server": "cloudkit", "error": "\(error)"}],
                        "liveness": {"after": "30s", "within": "30s"}}}
            """
        }
        _ = try ScenarioLoader(registry: Self.registry).load(text: text("zoneNotFound"))
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader(registry: Self.registry).load(text: text("notAuthenticated"))
        }
    }

    @Test func aGeneratorNeedsKindsAndAWindow() throws {
        let text = """
            {"format": 1, "name": "x", "duration": "60s", "devices": [{"id": "phone"}], "plugins": {"sse": {}},
             "faults": {"generate": {"kinds": {"offline": 0, "flood": 1}}}}
            """
        #expect {
            try ScenarioLoader(registry: Self.registry).load(text: text, file: "x.json")
        } throws: { error in
            let messages = (error as? ScenarioError)?.diagnostics.map(\.description) ?? []
            return messages.contains { $0.contains("/faults/generate/kinds/offline") }
                && messages.contains { $0.contains("/faults/generate/kinds/flood") }
                && messages.contains { $0.contains("missing required field \"window\"") }
        }
    }

    @Test func aRangeWhoseMinIsAboveItsMaxIsNamedByItsField() throws {
        let text = """
            {"format": 1, "name": "x", "duration": "60s", "devices": [{"id": "phone"}], "plugins": {"sse": {}},
             "faults": {"generate": {"kinds": ["offline"], "window": {"to": "20s"},
                                     "length": {"min": "10s", "max": "1s"}}}}
            """
        #expect {
            try ScenarioLoader(registry: Self.registry).load(text: text, file: "x.json")
        } throws: { error in
            let messages = (error as? ScenarioError)?.diagnostics.map(\.description) ?? []
            return messages.contains { $0.contains("/faults/generate/length: length min is greater than max") }
        }
    }

    @Test func anUnknownKindListsOnlyTheKindsThatCanBeDrawn() throws {
        let text = """
            {"format": 1, "name": "x", "duration": "60s", "devices": [{"id": "phone"}], "plugins": {"sse": {}},
             "faults": {"generate": {"kinds": ["flood"], "window": {"to": "20s"}}}}
            """
        #expect {
            try ScenarioLoader(registry: Self.registry).load(text: text, file: "x.json")
        } throws: { error in
            let messages = (error as? ScenarioError)?.diagnostics.map(\.description) ?? []
            let kindError = messages.first { $0.contains("/faults/generate/kinds/0") }
            return kindError.map { $0.contains("offline") && !$0.contains("serverError") } ?? false
        }
    }

    @Test func anInvalidGeneratorDoesNotAlsoAskTheLivenessPhaseForAfter() throws {
        let text = """
            {"format": 1, "name": "x", "duration": "60s", "devices": [{"id": "phone"}], "plugins": {"sse": {}},
             "faults": {"generate": {"kinds": ["offline"]}, "liveness": {"within": "30s"}}}
            """
        #expect {
            try ScenarioLoader(registry: Self.registry).load(text: text, file: "x.json")
        } throws: { error in
            let messages = (error as? ScenarioError)?.diagnostics.map(\.description) ?? []
            return messages.contains { $0.contains("missing required field \"window\"") }
                && !messages.contains { $0.contains("/faults/liveness") }
        }
    }
}
