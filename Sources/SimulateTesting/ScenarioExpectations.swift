#if canImport(Testing)
    import SimulateCore
    import SimulateJSON
    import Testing

    /// Runs scenarios inside Swift Testing: every failing expectation becomes an `Issue` that names
    /// the scenario file, the seed, the violation and the replay command, at the caller's source location.
    ///
    /// ```swift
    /// @Test(arguments: ScenarioSuite.files(in: "Scenarios"))
    /// func scenario(_ file: ScenarioFile) {
    ///     ScenarioExpectations.check(file: file)
    /// }
    /// ```
    public enum ScenarioExpectations {
        /// Runs a scenario file and records an issue for each failure. Returns the outcome for further checks.
        /// With `shrinkOnFailure`, a failing run is also shrunk (see ``ShrinkOnFailure``) and the minimal
        /// scenario is written and shown in one more issue.
        @discardableResult
        public static func check(
            file: ScenarioFile, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
            shrinkOnFailure: ShrinkOnFailure? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            let harness = ScenarioHarness(plugins: plugins)
            let outcome = record(harness.run(file, seed: seed), harness, sourceLocation: sourceLocation)
            if let shrinkOnFailure, outcome.result?.passed == false,
                let shrunk = harness.shrink(file, seed: seed, request: shrinkOnFailure)
            {
                Issue.record(Comment(rawValue: shrunk.message), sourceLocation: sourceLocation)
            }
            return outcome
        }

        /// Runs the scenario file at `path`; a relative path is looked up from the calling file's
        /// folder upwards, then from the working directory (see ``ScenarioSuite/resolve(_:from:)``).
        @discardableResult
        public static func check(
            file path: String, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
            shrinkOnFailure: ShrinkOnFailure? = nil, filePath: String = #filePath,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            check(
                file: ScenarioSuite.resolve(path, from: filePath), seed: seed, plugins: plugins,
                shrinkOnFailure: shrinkOnFailure, sourceLocation: sourceLocation)
        }

        /// Validates and runs a scenario built in code (see ``ScenarioBuilder``).
        @discardableResult
        public static func check(
            _ scenario: Scenario, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            let harness = ScenarioHarness(plugins: plugins)
            return record(harness.run(scenario, seed: seed), harness, sourceLocation: sourceLocation)
        }

        /// Runs every seed in `seeds` of a scenario built in code, or loaded and changed in code
        /// (`Scenario.keepInvariantsOnly()`, `Scenario.state(_:for:)`), judged as
        /// ``check(file:seeds:plugins:sourceLocation:)``: a failure saves the scenario as run, and its replay
        /// lines name this test and that saved file, never the file as written.
        @discardableResult
        public static func check(
            _ scenario: Scenario, seeds: ClosedRange<UInt64>, plugins: [any SimulationPlugin] = [],
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> [ScenarioOutcome] {
            let harness = ScenarioHarness(plugins: plugins)
            return record(
                harness.sweep(scenario, seeds: seeds), harness, seeds: seeds, sourceLocation: sourceLocation)
        }

        /// Builds, validates and runs a scenario; a problem is recorded at the builder call that caused it.
        @discardableResult
        public static func check(
            _ builder: ScenarioBuilder, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            let scenario: Scenario
            do {
                scenario = try builder.build(plugins: plugins)
            } catch {
                for diagnostic in error.diagnostics {
                    let site = builder.callSite(for: diagnostic.path)
                    let location =
                        site.map {
                            Testing.SourceLocation(
                                fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
                        } ?? sourceLocation
                    Issue.record(Comment(rawValue: diagnostic.description), sourceLocation: location)
                }
                return ScenarioOutcome(file: builder.scenario.name, invalid: error)
            }
            return check(scenario, seed: seed, plugins: plugins, sourceLocation: sourceLocation)
        }

        /// Runs every seed in `seeds` as `simulate run --seeds` does: each run's failures, and each
        /// `"sweep": "some"` expectation judged once over the range (a pinned scenario runs its own seed).
        @discardableResult
        public static func check(
            file: ScenarioFile, seeds: ClosedRange<UInt64>, plugins: [any SimulationPlugin] = [],
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> [ScenarioOutcome] {
            let harness = ScenarioHarness(plugins: plugins)
            return record(harness.sweep(file, seeds: seeds), harness, seeds: seeds, sourceLocation: sourceLocation)
        }

        /// Runs every seed in `seeds` with plugin settings replaced (see
        /// ``ScenarioHarness/run(_:seed:setting:)``), judged as ``check(file:seeds:plugins:sourceLocation:)``.
        @discardableResult
        public static func check(
            file: ScenarioFile, seeds: ClosedRange<UInt64>, plugins: [any SimulationPlugin] = [],
            setting settings: [String: JSONObject], sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> [ScenarioOutcome] {
            let harness = ScenarioHarness(plugins: plugins)
            return record(
                harness.sweep(file, seeds: seeds, setting: settings), harness, seeds: seeds,
                sourceLocation: sourceLocation)
        }

        /// Runs a scenario file with plugin settings replaced (see ``ScenarioHarness/run(_:seed:setting:)``)
        /// and records an issue for each failure; a failure saves the scenario with the settings written in.
        @discardableResult
        public static func check(
            file: ScenarioFile, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
            setting settings: [String: JSONObject], sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            let harness = ScenarioHarness(plugins: plugins)
            return record(harness.run(file, seed: seed, setting: settings), harness, sourceLocation: sourceLocation)
        }

        /// Runs the scenario file at `path` (found as ``check(file:seed:plugins:shrinkOnFailure:filePath:sourceLocation:)``
        /// finds it) with plugin settings replaced, as ``check(file:seed:plugins:setting:sourceLocation:)``.
        @discardableResult
        public static func check(
            file path: String, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
            setting settings: [String: JSONObject], filePath: String = #filePath,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            check(
                file: ScenarioSuite.resolve(path, from: filePath), seed: seed, plugins: plugins, setting: settings,
                sourceLocation: sourceLocation)
        }

        /// Runs every seed in `seeds` of the scenario file at `path`, as
        /// ``check(file:seeds:plugins:sourceLocation:)``; `setting` replaces plugin settings.
        @discardableResult
        public static func check(
            file path: String, seeds: ClosedRange<UInt64>, plugins: [any SimulationPlugin] = [],
            setting settings: [String: JSONObject] = [:], filePath: String = #filePath,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> [ScenarioOutcome] {
            let file = ScenarioSuite.resolve(path, from: filePath)
            guard !settings.isEmpty else {
                return check(file: file, seeds: seeds, plugins: plugins, sourceLocation: sourceLocation)
            }
            return check(file: file, seeds: seeds, plugins: plugins, setting: settings, sourceLocation: sourceLocation)
        }

        private static func record(
            _ sweep: SweepOutcome, _ harness: ScenarioHarness, seeds: ClosedRange<UInt64>,
            sourceLocation: Testing.SourceLocation
        ) -> [ScenarioOutcome] {
            var sweep = sweep
            if let saved = sweep.prepareForReport(harness, seeds: seeds, testFilter: currentTestFilter) {
                attach(saved, sourceLocation: sourceLocation)
            }
            recordWarnings(sweep.outcomes.first, sourceLocation: sourceLocation)
            for failure in sweep.failures {
                Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
            }
            if let reason = sweep.skipped {
                ScenarioSkip.report(
                    file: sweep.outcomes.first?.file ?? "", reason: reason, sourceLocation: sourceLocation)
            }
            return sweep.outcomes
        }

        /// `swift test --filter` for the running test: `Module.Suite/test`.
        private static var currentTestFilter: String? { ReplayContext.currentTestFilter }

        private static func record(
            _ outcome: ScenarioOutcome, _ harness: ScenarioHarness, sourceLocation: Testing.SourceLocation
        ) -> ScenarioOutcome {
            var outcome = outcome
            outcome.prepareForReport(harness, testFilter: currentTestFilter)
            recordWarnings(outcome, sourceLocation: sourceLocation)
            for failure in outcome.failures {
                Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
            }
            if let artifacts = outcome.artifacts { attach(artifacts, sourceLocation: sourceLocation) }
            ScenarioSkip.report(outcome, sourceLocation: sourceLocation)
            return outcome
        }

        /// Warnings (a bare number of seconds longer than the run…) never fail the test.
        private static func recordWarnings(_ outcome: ScenarioOutcome?, sourceLocation: Testing.SourceLocation) {
            for warning in outcome?.scenario?.warnings ?? [] {
                #if compiler(>=6.3)  // Issue.record(_:severity:sourceLocation:) is public from Swift 6.3
                    Issue.record(
                        Comment(rawValue: "warning: " + warning.description), severity: .warning,
                        sourceLocation: sourceLocation)
                #else
                    print("warning: " + warning.description)
                #endif
            }
        }

        /// The saved scenario file, timeline and trace, as test attachments.
        private static func attach(_ artifacts: FailureArtifacts, sourceLocation: Testing.SourceLocation) {
            #if compiler(>=6.2)
                for (name, text) in artifacts.contents {
                    Attachment.record(text, named: name, sourceLocation: sourceLocation)
                }
            #endif
        }
    }

    extension ScenarioFile: CustomTestStringConvertible {
        public var testDescription: String { displayPath }
    }
#endif
