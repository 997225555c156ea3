import SimulateKit
import Testing

/// The example app code under simulation is deterministic: a seed always gives the same trace hash,
/// and other seeds explore other runs.
@Suite struct DeterminismTests {
    static let cases: [(file: String, plugin: String, key: String)] = [
        ("sse/lossy-network.json", "sse", "client"),
        ("counter/contention-2-devices.json", "counter", "allocator"),
    ]

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: cases.indices)
    func hundredSeedsTwice(_ index: Int) {
        let (path, plugin, key) = Self.cases[index]
        let harness = ScenarioHarness(plugins: [AppComponents.punchlist(), AppComponents.displayIDs()])
        let file = ScenarioSuite.resolve("Scenarios/" + path)
        var hashes: Set<String> = []
        for seed in UInt64(0)..<100 {
            let first = harness.run(file, seed: seed, setting: [plugin: [key: "app"]])
            let second = harness.run(file, seed: seed, setting: [plugin: [key: "app"]])
            #expect(first.result?.traceHash != nil, "\(path) seed \(seed) did not run")
            #expect(first.result?.traceHash == second.result?.traceHash, "\(path) seed \(seed)")
            hashes.insert(first.result?.traceHash ?? "")
        }
        #expect(hashes.count > 1, "\(path): every seed gave the same run")
    }
}
