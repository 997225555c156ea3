#if canImport(XCTest)
    import SimulateCore
    import XCTest

    /// Runs a scenario file and fails the test once per failing expectation, naming the file, the seed,
    /// the violation and the replay command.
    ///
    /// ```swift
    /// func testOfflineIndicator() {
    ///     XCTAssertScenarioPasses("Scenarios/offline-indicator.json")
    /// }
    /// ```
    /// A relative path is looked up like ``ScenarioSuite/files(in:from:)`` does: from the test
    /// file's folder upwards, then from the working directory.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ path: String, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) -> ScenarioOutcome {
        let scenarioFile = ScenarioSuite.resolve(path, from: "\(file)")
        return XCTRecord(ScenarioHarness(plugins: plugins).run(scenarioFile, seed: seed), file: file, line: line)
    }

    /// Validates and runs a scenario built in code, failing the test once per failing expectation.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ scenario: Scenario, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) -> ScenarioOutcome {
        XCTRecord(ScenarioHarness(plugins: plugins).run(scenario, seed: seed), file: file, line: line)
    }

    private func XCTRecord(_ outcome: ScenarioOutcome, file: StaticString, line: UInt) -> ScenarioOutcome {
        for failure in outcome.failures {
            XCTFail(failure.message, file: file, line: line)
        }
        return outcome
    }
#endif
