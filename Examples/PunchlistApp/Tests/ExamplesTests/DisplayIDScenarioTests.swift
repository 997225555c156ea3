import SimulateKit
import Testing

/// The app's own displayId service under the bundled `counter` scenarios that exercise the reference
/// allocator: not `localMaxPlusOne` or `saveBatch`, which exercise other components, nor
/// `zone-subscription`, whose `counter.knownValue` reads pushes the facades do not offer.
@Suite struct DisplayIDScenarioTests {
    static let plugin = AppComponents.displayIDs()
    static let files = ScenarioSuite.files(in: "Scenarios/counter").filter {
        !["local-max-plus-one.json", "limit-exceeded.json", "zone-subscription.json"].contains($0.name)
    }

    @Test(arguments: files)
    func bundledScenario(_ file: ScenarioFile) {
        ScenarioExpectations.check(file: file, plugins: [Self.plugin], setting: ["counter": ["allocator": "app"]])
    }
}
