import Foundation
import SimulateKit
import Testing

/// A failure of the app's own component replays that component, not the toolkit's reference: the
/// message names this test for `swift test --filter`, and the saved scenario selects the app client.
@Suite struct AppFailureReplayTests {
    @Test func aBuggyClientsFailureNamesThisTestAndSavesItsSelection() throws {
        let plugin = AppComponents.punchlist { $0.indicatorDelay = .zero }
        var outcome: ScenarioOutcome?
        withKnownIssue("the client shows the offline indicator as soon as the stream drops") {
            outcome = ScenarioExpectations.check(
                file: ScenarioSuite.resolve("Scenarios/sse/short-drop.json"), plugins: [plugin],
                setting: ["sse": ["client": "app"]])
        }
        let message = try #require(outcome?.failures.first?.message)
        #expect(
            message.contains(
                "replay: swift test --filter ExamplesTests.AppFailureReplayTests/aBuggyClientsFailureNamesThisTest"))
        #expect(!message.contains("replay: simulate run"))
        let saved = try #require(outcome?.artifacts?.scenarioFile)
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text.contains("\"client\": \"app\"") || text.contains("\"client\":\"app\""))

        // What a command line of the team's own (SimulateMain.run(extraPlugins: [plugin])) does with the
        // saved file: the same failure, the same trace.
        let again = ScenarioHarness(plugins: [plugin]).run(ScenarioFile(path: saved), seed: outcome?.result?.seed)
        #expect(again.result?.traceHash == outcome?.result?.traceHash)
        #expect(again.failures.map(\.name) == outcome?.failures.map(\.name))
    }
}
