#if canImport(Testing)
    import SimulateCore
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
        @discardableResult
        public static func check(
            file: ScenarioFile, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
            sourceLocation: SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            record(ScenarioHarness(plugins: plugins).run(file, seed: seed), sourceLocation: sourceLocation)
        }

        /// Runs the scenario file at `path`; a relative path is looked up from the calling file's
        /// folder upwards, then from the working directory (see ``ScenarioSuite/resolve(_:from:)``).
        @discardableResult
        public static func check(
            file path: String, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [], filePath: String = #filePath,
            sourceLocation: SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            check(
                file: ScenarioSuite.resolve(path, from: filePath), seed: seed, plugins: plugins,
                sourceLocation: sourceLocation)
        }

        /// Validates and runs a scenario built in code (see ``ScenarioBuilder``).
        @discardableResult
        public static func check(
            _ scenario: Scenario, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
            sourceLocation: SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            record(ScenarioHarness(plugins: plugins).run(scenario, seed: seed), sourceLocation: sourceLocation)
        }

        /// Runs every seed in `seeds` as `simulate run --seeds` does: each run's failures, and each
        /// `"sweep": "some"` expectation judged once over the range (a pinned scenario runs its own seed).
        @discardableResult
        public static func check(
            file: ScenarioFile, seeds: ClosedRange<UInt64>, plugins: [any SimulationPlugin] = [],
            sourceLocation: SourceLocation = #_sourceLocation
        ) -> [ScenarioOutcome] {
            let sweep = ScenarioHarness(plugins: plugins).sweep(file, seeds: seeds)
            for failure in sweep.failures {
                Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
            }
            return sweep.outcomes
        }

        private static func record(_ outcome: ScenarioOutcome, sourceLocation: SourceLocation) -> ScenarioOutcome {
            for failure in outcome.failures {
                Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
            }
            return outcome
        }
    }

    extension ScenarioFile: CustomTestStringConvertible {
        public var testDescription: String { displayPath }
    }
#endif
