import Foundation
import SimulateCore
import SimulateJSON
import SimulateTesting
import Testing

/// A failure found with the harness alone (no test helper, so nothing saved) never tells to replay with the
/// file as written when that is not what ran: its replay names the running test.
@Suite struct HarnessReplayTests {
    static let shortDrop = ScenarioSuite.resolve("Scenarios/sse/short-drop.json")

    @Test func aScenarioChangedInCodeNamesTheTestNotTheFile() throws {
        let harness = ScenarioHarness()
        var scenario = try harness.scenario(Self.shortDrop, setting: ["sse": ["offlineIndicatorDelay": "0s"]])
        scenario.keepInvariantsOnly()
        let failure = try #require(harness.sweep(scenario, seeds: 0...1).failures.first)
        let lines = failure.message.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "replay: swift test --filter SimulateTestingTests.HarnessReplayTests/aScenarioChangedInCodeNamesTheTestNotTheFile"
            ))
        #expect(!failure.message.contains("simulate run Scenarios/sse/short-drop.json"))
        #expect(failure.message.contains("the scenario as run was not saved"))
        // The file as written passes: that line would have replayed nothing.
        #expect(harness.run(Self.shortDrop, seed: failure.seed).passed)
    }

    @Test func theHelpersSweepOfAChangedScenarioSavesItAndReplaysIt() throws {
        let harness = ScenarioHarness()
        var scenario = try harness.scenario(Self.shortDrop, setting: ["sse": ["offlineIndicatorDelay": "0s"]])
        scenario.keepInvariantsOnly()
        var outcomes: [ScenarioOutcome] = []
        withKnownIssue("the reference client shows its indicator at once") {
            outcomes = ScenarioExpectations.check(scenario, seeds: 0...1)
        }
        let saved = try #require(outcomes.first?.artifacts?.scenarioFile)
        let message = try #require(outcomes.first?.failures.first?.message)
        #expect(message.contains("  the run alone: simulate run \(saved) --seed 0"))
        let again = harness.run(ScenarioFile(path: saved), seed: 0)
        #expect(again.result?.traceHash == outcomes.first?.result?.traceHash)
        #expect(!again.passed)
    }

    @Test func oneRunWithSettingsReplacedNamesNoFileThatPasses() throws {
        let harness = ScenarioHarness()
        let outcome = harness.run(
            try harness.scenario(Self.shortDrop, setting: ["sse": ["offlineIndicatorDelay": "0s"]]), seed: 3)
        #expect(!outcome.passed)
        let fromFile = ScenarioHarness().run(ScenarioSuite.resolve("Scenarios/sse/short-drop.json"), seed: 3)
        #expect(fromFile.passed)
        #expect(outcome.failures.allSatisfy { !$0.message.contains("simulate run Scenarios/sse/short-drop.json") })
    }

    @Test func anExplorationOfYourPluginsNamesTheTestAndYourCommandLine() throws {
        let fixtures = try Fixtures(["alarm.json": Fixtures.alarming])
        defer { fixtures.remove() }
        let harness = ScenarioHarness(plugins: [ProbePlugin()])
        let found = harness.explore(ScenarioFile(path: fixtures.path("alarm.json")), strategy: .random, runs: 3)
        let message = try #require(found.failures.first?.message)
        #expect(
            message.contains(
                "replay: swift test --filter SimulateTestingTests.HarnessReplayTests/anExplorationOfYourPluginsNamesTheTestAndYourCommandLine"
            ))
        #expect(message.contains("(needs a command line that registers the same plugins, made with the same options"))
    }
}
