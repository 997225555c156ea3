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
    ///
    /// With `shrinkOnFailure`, a failing run is also shrunk (see ``ShrinkOnFailure``): the minimal scenario
    /// is written and shown in one more failure.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ path: String, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
        shrinkOnFailure: ShrinkOnFailure? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> ScenarioOutcome {
        let scenarioFile = ScenarioSuite.resolve(path, from: "\(file)")
        let harness = ScenarioHarness(plugins: plugins)
        let outcome = XCTRecord(harness.run(scenarioFile, seed: seed), harness, file: file, line: line)
        if let shrinkOnFailure, outcome.result?.passed == false,
            let shrunk = harness.shrink(scenarioFile, seed: seed, request: shrinkOnFailure)
        {
            XCTFail(shrunk.message, file: file, line: line)
        }
        return outcome
    }

    /// Validates and runs a scenario built in code, failing the test once per failing expectation.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ scenario: Scenario, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) -> ScenarioOutcome {
        let harness = ScenarioHarness(plugins: plugins)
        return XCTRecord(harness.run(scenario, seed: seed), harness, file: file, line: line)
    }

    /// Builds, validates and runs a scenario; a problem fails the test at the builder call that caused it.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ builder: ScenarioBuilder, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) -> ScenarioOutcome {
        do {
            return XCTAssertScenarioPasses(try builder.build(plugins: plugins), seed: seed, plugins: plugins)
        } catch {
            for diagnostic in error.diagnostics {
                // XCTest takes a static file path: the builder call's line in the asserting file
                // (the message names the builder call's own file and line).
                if let site = builder.callSite(for: diagnostic.path), site.filePath == "\(file)" {
                    XCTFail(diagnostic.description, file: file, line: UInt(site.line))
                } else {
                    XCTFail(diagnostic.description, file: file, line: line)
                }
            }
            return ScenarioOutcome(file: builder.scenario.name, invalid: error)
        }
    }

    private func XCTRecord(
        _ outcome: ScenarioOutcome, _ harness: ScenarioHarness, file: StaticString, line: UInt
    ) -> ScenarioOutcome {
        var outcome = outcome
        outcome.saveArtifactsOnFailure(registry: harness.registry)
        for warning in outcome.scenario?.warnings ?? [] { print("warning: " + warning.description) }
        if let reason = outcome.skipped { print("skipped \(outcome.file): \(reason)") }
        for failure in outcome.failures {
            XCTFail(failure.message, file: file, line: line)
        }
        return outcome
    }
#endif
