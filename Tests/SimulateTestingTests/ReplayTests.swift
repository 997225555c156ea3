import Foundation
import SimulateCore
import SimulateJSON
import SimulateTesting
import Testing

/// A failure of your own plugins or components names the test to run again and saves the scenario as
/// it ran (settings written in); a run of the built-in plugins alone keeps the stock replay.
@Suite struct ReplayTests {
    @Test func aRunWithYourOwnPluginNamesTheTestToRunAgain() throws {
        let fixtures = try Fixtures(["alarm.json": Fixtures.alarming])
        defer { fixtures.remove() }
        var outcome: ScenarioOutcome?
        withKnownIssue("the probe raises an alarm") {
            outcome = ScenarioExpectations.check(file: fixtures.path("alarm.json"), seed: 7, plugins: [ProbePlugin()])
        }
        let message = try #require(outcome?.failures.first?.message)
        #expect(
            message.contains(
                "replay: swift test --filter SimulateTestingTests.ReplayTests/aRunWithYourOwnPluginNamesTheTestToRunAgain\n"
            ))
        let saved = try #require(outcome?.artifacts?.scenarioFile)
        #expect(
            message.contains("  the run alone: simulate run \(saved) --seed 7  (needs a command line that registers"))
        // The saved file, run with the same plugins, fails the same way with the same trace.
        let again = ScenarioHarness(plugins: [ProbePlugin()]).run(ScenarioFile(path: saved), seed: 7)
        #expect(again.result?.traceHash == outcome?.result?.traceHash)
        #expect(again.failures.map(\.name) == outcome?.failures.map(\.name))
    }

    static let shortDrop = ScenarioSuite.resolve("Scenarios/sse/short-drop.json")
    static let indicatorAtOnce: [String: JSONObject] = ["sse": ["offlineIndicatorDelay": "0s"]]

    @Test func settingsAreWrittenIntoTheSavedScenarioThatTheStockCommandReplays() throws {
        var outcome: ScenarioOutcome?
        withKnownIssue("the reference client shows its indicator at once") {
            outcome = ScenarioExpectations.check(file: Self.shortDrop, setting: Self.indicatorAtOnce)
        }
        let saved = try #require(outcome?.artifacts?.scenarioFile)
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text.contains("offlineIndicatorDelay"))
        let message = try #require(outcome?.failures.first?.message)
        #expect(message.hasPrefix("Scenarios/sse/short-drop.json (seed "))
        #expect(message.contains("replay: swift test --filter SimulateTestingTests.ReplayTests/settingsAreWritten"))
        #expect(message.contains("  the run alone: simulate run \(saved) --seed "))
        #expect(!message.contains("needs a command line"))
        let again = ScenarioHarness().run(ScenarioFile(path: saved), seed: outcome?.result?.seed)
        #expect(again.result?.traceHash == outcome?.result?.traceHash)
        #expect(again.failures.map(\.name) == outcome?.failures.map(\.name))
    }

    @Test func aSweepWithSettingsReplaysEveryFailedSeedFromTheSavedScenario() throws {
        var outcomes: [ScenarioOutcome] = []
        withKnownIssue("the reference client shows its indicator at once", isIntermittent: true) {
            // A path, as the other helpers take it.
            outcomes = ScenarioExpectations.check(
                file: "Scenarios/sse/short-drop.json", seeds: 0...3, setting: Self.indicatorAtOnce)
        }
        #expect(outcomes.count == 4)
        let failed = outcomes.filter { !$0.passed }
        #expect(failed.count >= 2)
        #expect(outcomes.filter { $0.artifacts != nil }.count == 1)
        let saved = try #require(outcomes.first(where: { $0.artifacts != nil })?.artifacts?.scenarioFile)
        for outcome in failed {
            let seed = try #require(outcome.result?.seed)
            let message = try #require(outcome.failures.first?.message)
            // Not the bundled file, which runs the client's own delay and passes.
            let lines = message.split(separator: "\n").map(String.init)
            #expect(lines.contains("  the run alone: simulate run \(saved) --seed \(seed)"))
            let again = ScenarioHarness().run(ScenarioFile(path: saved), seed: seed)
            #expect(again.result?.traceHash == outcome.result?.traceHash)
            #expect(!again.passed)
        }
        let lastSeed = try #require(failed.last?.result?.seed)
        let asWritten = ScenarioHarness().run(Self.shortDrop, seed: lastSeed)
        #expect(asWritten.passed)
    }

    @Test func runsWithOtherSettingsSaveToFoldersOfTheirOwn() throws {
        var first: ScenarioOutcome?
        var second: ScenarioOutcome?
        var again: ScenarioOutcome?
        let slowBackoff: [String: JSONObject] = ["sse": ["offlineIndicatorDelay": "0s", "initialDelay": "5s"]]
        withKnownIssue("the reference client shows its indicator at once", isIntermittent: true) {
            first = ScenarioExpectations.check(file: Self.shortDrop, seed: 0, setting: Self.indicatorAtOnce)
            second = ScenarioExpectations.check(file: "Scenarios/sse/short-drop.json", seed: 0, setting: slowBackoff)
            again = ScenarioExpectations.check(file: Self.shortDrop, seed: 0, setting: Self.indicatorAtOnce)
        }
        let firstFolder = try #require(first?.artifacts?.directory)
        let secondFolder = try #require(second?.artifacts?.directory)
        #expect(firstFolder != secondFolder)
        let name = (firstFolder as NSString).lastPathComponent
        #expect(name.hasPrefix("short-drop-seed-0-") && name.count == "short-drop-seed-0-".count + 8)
        #expect(again?.artifacts?.directory == firstFolder)
        let firstText = try String(contentsOfFile: firstFolder + "/scenario.json", encoding: .utf8)
        let secondText = try String(contentsOfFile: secondFolder + "/scenario.json", encoding: .utf8)
        #expect(!firstText.contains("initialDelay"))
        #expect(secondText.contains("initialDelay"))
    }

    @Test func theBuiltInPluginsAloneKeepTheStockReplay() throws {
        let file = ScenarioSuite.resolve("Scenarios/sse/short-drop.json")
        let outcome = ScenarioHarness().run(file, seed: 0)
        #expect(outcome.passed)
        #expect(outcome.result?.replayCommand == "simulate run Scenarios/sse/short-drop.json --seed 0")
    }
}
