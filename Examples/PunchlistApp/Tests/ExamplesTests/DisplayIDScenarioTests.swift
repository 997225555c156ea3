import SimulateKit
import Testing

/// The app's own displayId service under the bundled `counter` scenarios that exercise the reference
/// allocator: not `localMaxPlusOne` or `saveBatch`, which exercise other components, nor
/// `zone-subscription`, whose `counter.knownValue` reads pushes the facades do not offer.
@Suite struct DisplayIDScenarioTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static let plugin = AppComponents.displayIDs()
    static let files = ScenarioSuite.files(in: "Scenarios/counter").filter {
        !["local-max-plus-one.json", "limit-exceeded.json", "zone-subscription.json"].contains($0.name)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: files)
    func bundledScenario(_ file: ScenarioFile) {
        ScenarioExpectations.check(file: file, plugins: [Self.plugin], setting: ["counter": ["allocator": "app"]])
    }
}
