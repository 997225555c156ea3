import SimulateCore
import SimulateJSON
import SimulateTesting
import Testing

/// Scenarios that judge the reference component's own configuration are skipped, with their reason,
/// when an app component is selected; the reference still runs them.
@Suite struct ReferenceOnlyScenarioTests {
    static let file = ScenarioSuite.resolve("Scenarios/sse/merging-client.json")

    @Test func skippedWithItsReasonForAnAppClient() throws {
        let harness = ScenarioHarness(plugins: [AppComponents.punchlist()])
        let outcome = harness.run(Self.file, setting: ["sse": ["client": "app"]])
        let reason = try #require(outcome.skipped)
        #expect(
            reason.hasPrefix("sse.client selects the app component \"app\", and this scenario judges the reference"))
        #expect(reason.contains("configured to merge events (stateUpdate: merge)"))
        #expect(outcome.passed && outcome.failures.isEmpty && outcome.result?.expectations.isEmpty == true)
        #expect(
            harness.sweep(try harness.scenario(Self.file, setting: ["sse": ["client": "app"]]), seeds: 0...3).skipped
                == reason)
    }

    @Test func runByTheReferenceClient() {
        let outcome = ScenarioHarness(plugins: [AppComponents.punchlist()]).run(Self.file)
        #expect(outcome.skipped == nil)
        #expect(outcome.passed && outcome.result?.expectations.count == 4)
    }

    /// Every bundled scenario says what it judges.
    @Test(arguments: ["sse", "counter", "model", "intents"].flatMap { ScenarioSuite.files(in: "Scenarios/" + $0) })
    func bundledScenarioStatesWhatItJudges(_ file: ScenarioFile) throws {
        let scenario = try ScenarioHarness(plugins: [AppComponents.punchlist(), AppComponents.displayIDs()])
            .scenario(file, setting: [:])
        #expect(scenario.judges != nil, "\(file.displayPath) has no \"judges\"")
    }
}

/// reconnect-herd-jitter.json's limit holds for any correct full-jitter client, not only for the
/// reference's draws: the example app, with full jitter and its own random streams, meets it for
/// every seed; without jitter it breaks it. The scenario is about a jitter the seed's client does
/// not have, so it is marked reference-only; here it is run as behaviour on purpose.
@Suite struct JitterLimitTests {
    static func sweep(jitter: Bool) throws -> SweepOutcome {
        let plugin = AppComponents.punchlist { $0.jitter = jitter }
        let harness = ScenarioHarness(plugins: [plugin])
        var scenario = try harness.scenario(
            ScenarioSuite.resolve("Scenarios/sse/reconnect-herd-jitter.json"), setting: ["sse": ["client": "app"]])
        scenario.judges = .behaviour
        return harness.sweep(scenario, seeds: 0...19)
    }

    @Test func fullJitterAppMeetsTheLimit() throws {
        let sweep = try Self.sweep(jitter: true)
        for failure in sweep.failures { Issue.record(Comment(rawValue: failure.message)) }
        #expect(sweep.outcomes.count == 20 && sweep.skipped == nil)
    }

    @Test func appWithoutJitterBreaksIt() throws {
        let sweep = try Self.sweep(jitter: false)
        #expect(sweep.failures.contains { $0.message.contains("20 reconnect attempts within 100ms") })
    }
}
