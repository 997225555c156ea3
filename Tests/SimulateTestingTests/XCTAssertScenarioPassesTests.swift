#if canImport(XCTest)
    import SimulateCore
    import SimulateJSON
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

        func testAPathTakesSettingsAndSeeds() {
            // The reference client with its documented settings written in: every run passes.
            let settings: [String: JSONObject] = ["sse": ["offlineIndicatorDelay": "1.5s"]]
            let one = XCTAssertScenarioPasses("Scenarios/sse/short-drop.json", seed: 4, setting: settings)
            XCTAssertEqual(one.result?.seed, 4)
            let swept = XCTAssertScenarioPasses("Scenarios/sse/short-drop.json", seeds: 0...2, setting: settings)
            XCTAssertEqual(swept.compactMap(\.result?.seed), [0, 1, 2])
            XCTAssertTrue(swept.allSatisfy(\.passed))
        }
    }
#endif
