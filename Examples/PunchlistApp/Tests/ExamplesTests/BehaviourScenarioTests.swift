import SimulateKit
import Testing

/// The app's own Punchlist client and displayId service, each with its own default options, under
/// every bundled `sse` and `counter` scenario for seeds 0 to 19: every scenario that judges
/// documented behaviour passes, exactly as `simulate run --seeds 0..19` judges the reference; one
/// that judges the reference component's own configuration is skipped, with its reason.
@Suite struct BehaviourScenarioTests {
    static let seeds: ClosedRange<UInt64> = 0...19
    static let punchlist = AppComponents.punchlist()
    static let displayIDs = AppComponents.displayIDs()

    @Test(arguments: ScenarioSuite.files(in: "Scenarios/sse"))
    func punchlistClient(_ file: ScenarioFile) throws {
        try Self.sweep(file, plugin: Self.punchlist, setting: ["sse": ["client": "app"]])
    }

    @Test(arguments: ScenarioSuite.files(in: "Scenarios/counter"))
    func displayIDService(_ file: ScenarioFile) throws {
        try Self.sweep(file, plugin: Self.displayIDs, setting: ["counter": ["allocator": "app"]])
    }

    static func sweep(_ file: ScenarioFile, plugin: any SimulationPlugin, setting: [String: JSONObject]) throws {
        let harness = ScenarioHarness(plugins: [plugin])
        let sweep = harness.sweep(try harness.scenario(file, setting: setting), seeds: seeds)
        for failure in sweep.failures { Issue.record(Comment(rawValue: failure.message)) }
        if let reason = sweep.skipped { try Test.cancel(Comment(rawValue: reason)) }
    }
}
