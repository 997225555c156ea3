import SimulateKit
import Testing

/// The app's own Punchlist client under every bundled `sse` scenario: the same verdicts as the
/// reference client (every expectation, including the hazards a scenario expects to be violated).
/// A scenario that states an expectation for only some seeds of a sweep (`"sweep": "some"`) is
/// judged as the CLI judges it, over a sweep: the app draws its jitter from its own streams, so its
/// seed 0 is not the reference client's seed 0.
@Suite struct PunchlistScenarioTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static let plugin = AppComponents.punchlist()
    static let setting: [String: JSONObject] = ["sse": ["client": "app"]]

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: ScenarioSuite.files(in: "Scenarios/sse"))
    func bundledScenario(_ file: ScenarioFile) throws {
        let harness = ScenarioHarness(plugins: [Self.plugin])
        let scenario = try harness.scenario(file, setting: Self.setting)
        guard scenario.expectations?.contains(where: { $0.sweep == .some }) == true else {
            ScenarioExpectations.check(file: file, plugins: [Self.plugin], setting: Self.setting)
            return
        }
        for failure in harness.sweep(scenario, seeds: 0...19).failures {
            Issue.record(Comment(rawValue: failure.message))
        }
    }
}
