import Foundation
import SimulateCore
import SimulateJSON
import SimulatePlugins
import SimulateTesting
import Testing

/// `simulate shrink`'s engine on hazard scenarios buried under irrelevant devices, steps and faults
/// (Tests/Fixtures/Shrink, made by scripts/noisy-scenario).
@Suite struct ShrinkTests {
    static let registry = PluginRegistry(BuiltinPlugins.all)
    static let noisy = ScenarioSuite.files(in: "Tests/Fixtures/Shrink")

    static func load(_ text: String) throws -> Scenario {
        try ScenarioLoader(registry: registry).load(text: text)
    }

    static func signatures(_ text: String, seed: UInt64? = nil) throws -> [FailureSignature] {
        let scenario = try load(text)
        let result = SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: false)
        return FailureSignature.all(of: result, devices: scenario.devices.map(\.id))
    }

    @Test func theNoisyFixturesAreThere() {
        #expect(Self.noisy.count >= 6)
    }

    @Test(arguments: noisy)
    func aNoisyHazardShrinksToAThirdAndStillFailsTheSameWay(_ file: ScenarioFile) throws {
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        let result = try ScenarioShrinker.shrink(text: text, file: file.displayPath, registry: Self.registry)
        let written = ScenarioJSONStyle.string(result.minimal)
        // It validates, and its own seed reproduces the failure kept.
        let minimal = try Self.load(written)
        #expect(minimal.seed == result.seed)
        #expect(try Self.signatures(written).contains(result.signature))
        #expect(try Self.signatures(text).first == result.signature)
        #expect(result.after.steps * 3 <= result.before.steps)
        #expect(result.after.faults * 3 <= max(result.before.faults, 1))
        #expect(result.after.stepOccurrences * 3 <= result.before.stepOccurrences)
        #expect(result.after.devices < result.before.devices)
        #expect(!result.budgetExhausted)
        #expect(result.minimal["description"]?.stringValue?.contains("Shrunk by simulate shrink from") == true)
    }

    @Test func aScenarioThatPassesHasNothingToShrink() throws {
        let text = try String(
            contentsOfFile: ScenarioSuite.resolve("Scenarios/counter/swarm.json").path, encoding: .utf8)
        #expect {
            try ScenarioShrinker.shrink(text: text, seed: 3, registry: Self.registry)
        } throws: { error in
            if case .passes = error as? ShrinkError { true } else { false }
        }
    }

    @Test func aRepeatIsWrittenOutWhenOneOccurrenceIsWhatMatters() throws {
        // d1 allocates every second; only the occurrence at 10 s races d2's allocation at 10.01 s.
        let text = """
            {"format": 1, "name": "race", "duration": "30s", "devices": [{"id": "d1"}, {"id": "d2"}],
             "network": {"latency": "40ms"}, "plugins": {"counter": {"savePolicy": "allKeys"}},
             "steps": [{"at": "0s", "device": "d1", "do": "counter.next", "repeat": {"every": "1s", "count": 20}},
                       {"at": "10.01s", "device": "d2", "do": "counter.next"}],
             "expect": [{"invariant": "counter.unique"}]}
            """
        let result = try ScenarioShrinker.shrink(text: text, registry: Self.registry)
        let steps = result.minimal["steps"]?.arrayValue ?? []
        #expect(steps.count == 2)
        #expect(steps.allSatisfy { $0["repeat"] == nil })
        #expect(result.after.stepOccurrences == 2)
        #expect(try Self.signatures(ScenarioJSONStyle.string(result.minimal)).contains(result.signature))
    }

    @Test func theBudgetIsKept() throws {
        let file = try #require(Self.noisy.first { $0.name.hasPrefix("counter-allkeys") })
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        let result = try ScenarioShrinker.shrink(
            text: text, registry: Self.registry, options: ShrinkOptions(maxRuns: 5, nearbySeeds: 0))
        #expect(result.runs <= 5)
        #expect(result.budgetExhausted)
        #expect(try Self.signatures(ScenarioJSONStyle.string(result.minimal)).contains(result.signature))
    }

    @Test func violationKindsIgnoreNumbersDevicesAndQuotedText() {
        let devices = ["d01", "phone"]
        let a = FailureSignature.normalize("displayId 7 handed out twice (first to d01)", devices: devices)
        let b = FailureSignature.normalize("displayId 12 handed out twice (first to phone)", devices: devices)
        #expect(a == b)
        #expect(a == "displayId # handed out twice (first to <device>)")
        #expect(
            FailureSignature.normalize(#"phone's add "a \"b\" c" was lost at 1.5s"#, devices: devices)
                == #"<device>'s add "…" was lost at #"#)
        // The punctuation after a number stays: parentheses close.
        #expect(
            FailureSignature.normalize(
                #"Note "n1".title: "x" (mac, edited at 20.000s) was overwritten by "y" (phone, edited at 1.5s)."#,
                devices: ["mac", "phone"])
                == #"Note "…".title: "…" (<device>, edited at #) was overwritten by "…" (<device>, edited at #)."#)
    }
}

/// A point check that observed a wrong value is not reproduced by a scenario in which it observes nothing: the
/// step that made the value stays.
@Test func aPointCheckKeepsTheStepsThatMadeItsValue() throws {
    let text = """
        {"format": 1, "name": "thrown", "duration": "10s", "devices": [{"id": "phone"}],
         "plugins": {"model": {}, "counter": {}, "intents": {}},
         "steps": [{"at": "1s", "device": "phone", "do": "intents.call", "args": {"intent": "listTasks", "input": "{}"}},
                   {"at": "2s", "device": "phone", "do": "intents.call", "args": {"intent": "addTask", "input": "{}"}}],
         "expect": [{"at": "5s", "device": "phone", "check": "intents.lastOutcome", "equals": "ok"}]}
        """
    let result = try ScenarioShrinker.shrink(text: text, file: nil, seed: 0, registry: ShrinkTests.registry)
    #expect(result.after.stepOccurrences == 1)
    #expect(result.signature.violationKind == #"expected "ok""#)
}

@Suite struct ShrinkOnFailureTests {
    @Test func aFailingCheckWritesTheMinimalScenarioWhenAsked() throws {
        let source = ScenarioSuite.resolve("Tests/Fixtures/Shrink/counter-allkeys-hazard-noisy.json")
        let fixtures = try Fixtures(["noisy.json": try String(contentsOfFile: source.path, encoding: .utf8)])
        defer { fixtures.remove() }
        let output = fixtures.path("noisy.min.json")
        withKnownIssue {
            ScenarioExpectations.check(file: ScenarioFile(path: fixtures.path("noisy.json")), shrinkOnFailure: .beside)
        }
        let minimal = try ScenarioLoader(registry: ShrinkTests.registry).load(file: output)
        #expect(minimal.devices.count == 2)
        #expect(minimal.steps.count <= 2)
    }
}
