import SimulateSSE
import SimulateTesting
import Testing

/// The app's own Punchlist client under every bundled `sse` scenario: the same verdicts as the
/// reference client (every expectation, including the hazards a scenario expects to be violated).
@Suite struct PunchlistScenarioTests {
    static let plugin = AppComponents.punchlist()

    @Test(arguments: ScenarioSuite.files(in: "Scenarios/sse"))
    func bundledScenario(_ file: ScenarioFile) {
        ScenarioExpectations.check(file: file, plugins: [Self.plugin], setting: ["sse": ["client": "app"]])
    }
}
