// The complete examples of docs/testing.md, verbatim but for the names, so they keep compiling and passing.
import SimulateTesting
import Testing

#if canImport(XCTest)
    import XCTest
#endif

@Test(arguments: ScenarioSuite.files(in: "Scenarios"))
func docsScenario(_ file: ScenarioFile) {
    ScenarioExpectations.check(file: file)
}

@Test func docsOfflineIndicatorShowsDuringAnOutage() throws {
    let scenario = try ScenarioBuilder("phone offline for 20 s", duration: .seconds(60))
        .device("phone")
        .device("mac", platform: .macOS)
        .plugin("sse")
        .network(latency: .milliseconds(20) ... .milliseconds(120))
        .fault(.offline, at: .seconds(10), for: .seconds(20), devices: ["phone"])
        .step(at: .seconds(2), device: "mac", do: "sse.add", args: ["text": "milk"])
        .expect(invariant: "sse.backoff")
        .expect(invariant: "sse.offlineIndicator")
        .expect(check: "sse.offlineIndicator", at: .seconds(25), device: "phone", equals: true)
        .expect(check: "sse.offlineIndicator", device: "phone", equals: false)  // at the end
        .build()
    ScenarioExpectations.check(scenario)
}

#if canImport(XCTest)
    final class DocsSyncScenarioTests: XCTestCase {
        func testEveryBundledScenario() {
            for file in ScenarioSuite.files(in: "Scenarios") {
                XCTAssertScenarioPasses(file)
                XCTAssertScenarioPasses(file, seed: 7)
            }
        }

        func testCounterUnderContention() throws {
            let scenario = try ScenarioBuilder("two devices allocate", duration: .seconds(30))
                .device("phone")
                .device("mac", platform: .macOS)
                .plugin("counter")
                .step(at: .seconds(1), device: "phone", do: "counter.next", every: .seconds(2), count: 5)
                .step(at: .seconds(1), device: "mac", do: "counter.next", every: .seconds(3), count: 5)
                .expect(invariant: "counter.unique")
                .expect(check: "counter.value", equals: 10)
                .build()
            XCTAssertScenarioPasses(scenario)
        }
    }
#endif

@Test func docsCounterUnderFaults() {
    ScenarioExpectations.check(file: "Scenarios/counter/swarm.json", seed: 42, shrinkOnFailure: .beside)
}
