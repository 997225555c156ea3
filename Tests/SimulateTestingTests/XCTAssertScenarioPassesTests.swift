#if canImport(XCTest)
    import SimulateCore
    import SimulateTesting
    import XCTest

    final class XCTAssertScenarioPassesTests: XCTestCase {
        func testBundledScenariosPass() {
            for file in ScenarioSuite.files(in: "Scenarios") {
                XCTAssertScenarioPasses(file.path)
            }
        }

        func testScenarioBuiltInCodePasses() throws {
            let scenario = try ScenarioBuilder("pings", duration: .seconds(5))
                .device("phone")
                .plugin("probe")
                .step(at: .seconds(1), device: "phone", do: "probe.ping")
                .expect(check: "probe.pings", device: "phone", equals: 1)
                .build(plugins: [ProbePlugin()])
            let outcome = XCTAssertScenarioPasses(scenario, plugins: [ProbePlugin()])
            XCTAssertTrue(outcome.passed)
        }

        func testRelativePathIsFoundFromTheTestFile() throws {
            let scenario = Fixtures.passing
            let fixtures = try Fixtures(["ok.json": scenario])
            defer { fixtures.remove() }
            XCTAssertScenarioPasses(fixtures.path("ok.json"), seed: 3, plugins: [ProbePlugin()])
        }
    }
#endif
