#if canImport(XCTest)
    import SimulateCore
    import SimulateJSON
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
        shrinkOnFailure: ShrinkOnFailure? = nil, file: StaticString = #filePath, line: UInt = #line,
        fileID: String = #fileID, function: String = #function
    ) -> ScenarioOutcome {
        let scenarioFile = ScenarioSuite.resolve(path, from: "\(file)")
        return XCTAssertScenarioPasses(
            scenarioFile, seed: seed, plugins: plugins, shrinkOnFailure: shrinkOnFailure, file: file, line: line,
            fileID: fileID, function: function)
    }

    /// Runs a scenario file found by ``ScenarioSuite`` (a folder that was not found fails here).
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ scenarioFile: ScenarioFile, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
        shrinkOnFailure: ShrinkOnFailure? = nil, file: StaticString = #filePath, line: UInt = #line,
        fileID: String = #fileID, function: String = #function
    ) -> ScenarioOutcome {
        let harness = ScenarioHarness(plugins: plugins)
        let filter = ReplayContext.filter(fileID: fileID, function: function)
        let outcome = XCTRecord(harness.run(scenarioFile, seed: seed), harness, filter, file: file, line: line)
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
        file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, function: String = #function
    ) -> ScenarioOutcome {
        let harness = ScenarioHarness(plugins: plugins)
        let filter = ReplayContext.filter(fileID: fileID, function: function)
        return XCTRecord(harness.run(scenario, seed: seed), harness, filter, file: file, line: line)
    }

    /// Runs every seed in `seeds` of a scenario built in code, or loaded and changed in code
    /// (`Scenario.keepInvariantsOnly()`, `Scenario.state(_:for:)`); a failure saves the scenario as run.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ scenario: Scenario, seeds: ClosedRange<UInt64>, plugins: [any SimulationPlugin] = [],
        file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, function: String = #function
    ) -> [ScenarioOutcome] {
        let harness = ScenarioHarness(plugins: plugins)
        let filter = ReplayContext.filter(fileID: fileID, function: function)
        return XCTRecord(
            harness.sweep(scenario, seeds: seeds), harness, seeds: seeds, filter,
            shownAs: scenario.file ?? scenario.name, file: file, line: line)
    }

    /// Runs a scenario file with plugin settings replaced (see ``ScenarioHarness/run(_:seed:setting:)``),
    /// e.g. `setting: ["sse": ["client": "app"]]` to run it against your own component.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ scenarioFile: ScenarioFile, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
        setting settings: [String: JSONObject], file: StaticString = #filePath, line: UInt = #line,
        fileID: String = #fileID, function: String = #function
    ) -> ScenarioOutcome {
        let harness = ScenarioHarness(plugins: plugins)
        let filter = ReplayContext.filter(fileID: fileID, function: function)
        return XCTRecord(
            harness.run(scenarioFile, seed: seed, setting: settings), harness, filter, file: file, line: line)
    }

    /// Runs every seed in `seeds`, judged as `simulate run --seeds` judges them (see
    /// `ScenarioHarness.sweep(_:seeds:)`); `setting` replaces plugin settings as above.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ scenarioFile: ScenarioFile, seeds: ClosedRange<UInt64>, plugins: [any SimulationPlugin] = [],
        setting settings: [String: JSONObject] = [:], file: StaticString = #filePath, line: UInt = #line,
        fileID: String = #fileID, function: String = #function
    ) -> [ScenarioOutcome] {
        let harness = ScenarioHarness(plugins: plugins)
        let sweep =
            settings.isEmpty
            ? harness.sweep(scenarioFile, seeds: seeds) : harness.sweep(scenarioFile, seeds: seeds, setting: settings)
        let filter = ReplayContext.filter(fileID: fileID, function: function)
        return XCTRecord(
            sweep, harness, seeds: seeds, filter, shownAs: scenarioFile.displayPath, file: file, line: line)
    }

    /// Runs the scenario file at `path` with plugin settings replaced; a relative path is looked up from the
    /// test file's folder upwards, then from the working directory.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ path: String, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
        setting settings: [String: JSONObject], file: StaticString = #filePath, line: UInt = #line,
        fileID: String = #fileID, function: String = #function
    ) -> ScenarioOutcome {
        XCTAssertScenarioPasses(
            ScenarioSuite.resolve(path, from: "\(file)"), seed: seed, plugins: plugins, setting: settings, file: file,
            line: line, fileID: fileID, function: function)
    }

    /// Runs every seed in `seeds` of the scenario file at `path`; `setting` replaces plugin settings.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ path: String, seeds: ClosedRange<UInt64>, plugins: [any SimulationPlugin] = [],
        setting settings: [String: JSONObject] = [:], file: StaticString = #filePath, line: UInt = #line,
        fileID: String = #fileID, function: String = #function
    ) -> [ScenarioOutcome] {
        XCTAssertScenarioPasses(
            ScenarioSuite.resolve(path, from: "\(file)"), seeds: seeds, plugins: plugins, setting: settings,
            file: file, line: line, fileID: fileID, function: function)
    }

    /// Builds, validates and runs a scenario; a problem fails the test at the builder call that caused it.
    @discardableResult
    public func XCTAssertScenarioPasses(
        _ builder: ScenarioBuilder, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
        file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, function: String = #function
    ) -> ScenarioOutcome {
        do {
            let scenario = try builder.build(plugins: plugins)
            return XCTAssertScenarioPasses(
                scenario, seed: seed, plugins: plugins, file: file, line: line, fileID: fileID, function: function)
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
        _ sweep: SweepOutcome, _ harness: ScenarioHarness, seeds: ClosedRange<UInt64>, _ testFilter: String,
        shownAs name: String, file: StaticString, line: UInt
    ) -> [ScenarioOutcome] {
        var sweep = sweep
        _ = sweep.prepareForReport(harness, seeds: seeds, testFilter: testFilter)
        for failure in sweep.failures {
            XCTFail(failure.message, file: file, line: line)
        }
        if let reason = sweep.skipped { print("skipped \(name): \(reason)") }
        return sweep.outcomes
    }

    private func XCTRecord(
        _ outcome: ScenarioOutcome, _ harness: ScenarioHarness, _ testFilter: String, file: StaticString, line: UInt
    ) -> ScenarioOutcome {
        var outcome = outcome
        outcome.prepareForReport(harness, testFilter: testFilter)
        for warning in outcome.scenario?.warnings ?? [] { print("warning: " + warning.description) }
        if let reason = outcome.skipped { print("skipped \(outcome.file): \(reason)") }
        for failure in outcome.failures {
            XCTFail(failure.message, file: file, line: line)
        }
        return outcome
    }
#endif
