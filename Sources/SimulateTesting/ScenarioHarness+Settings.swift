import Foundation
import SimulateCore
import SimulateJSON

extension ScenarioHarness {
    /// Loads a scenario file, replaces plugin settings, then validates and runs it: how a test runs
    /// the bundled scenarios against its own component, e.g. `setting: ["sse": ["client": "app"]]`.
    /// A plugin the scenario does not enable is left alone.
    public func run(_ file: ScenarioFile, seed: UInt64? = nil, setting settings: [String: JSONObject])
        -> ScenarioOutcome
    {
        do {
            return run(try scenario(file, setting: settings), seed: seed)
        } catch let error as ScenarioError {
            return ScenarioOutcome(file: file.displayPath, invalid: error)
        } catch {
            return run(file, seed: seed)
        }
    }

    /// A scenario file loaded with plugin settings replaced, e.g. to sweep it with ``sweep(_:seeds:)``.
    public func scenario(_ file: ScenarioFile, setting settings: [String: JSONObject]) throws -> Scenario {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        var scenario = try ScenarioLoader(registry: registry).load(bytes: [UInt8](data), file: file.displayPath)
        for index in scenario.plugins.indices {
            guard let replacements = settings[scenario.plugins[index].name] else { continue }
            var configuration = scenario.plugins[index].configuration.objectValue ?? JSONObject()
            for (key, value) in replacements.members { configuration[key] = value }
            scenario.plugins[index].configuration = .object(configuration)
        }
        return scenario
    }
}

#if canImport(Testing)
    import Testing

    extension ScenarioExpectations {
        /// Runs a scenario file with plugin settings replaced (see ``ScenarioHarness/run(_:seed:setting:)``)
        /// and records an issue for each failure.
        @discardableResult
        public static func check(
            file: ScenarioFile, seed: UInt64? = nil, plugins: [any SimulationPlugin] = [],
            setting settings: [String: JSONObject], sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> ScenarioOutcome {
            let outcome = ScenarioHarness(plugins: plugins).run(file, seed: seed, setting: settings)
            for failure in outcome.failures {
                Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
            }
            ScenarioSkip.report(outcome, sourceLocation: sourceLocation)
            return outcome
        }
    }
#endif
