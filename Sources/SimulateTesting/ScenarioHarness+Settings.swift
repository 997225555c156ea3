import Foundation
import SimulateCore
import SimulateJSON

extension ScenarioHarness {
    /// Loads a scenario file, replaces plugin settings, then validates and runs it: how a test runs
    /// the bundled scenarios against its own component, e.g. `setting: ["sse": ["client": "app"]]`.
    /// A plugin the scenario does not enable is left alone. A failure's saved scenario has the
    /// settings written in, and its replay runs that copy.
    public func run(_ file: ScenarioFile, seed: UInt64? = nil, setting settings: [String: JSONObject])
        -> ScenarioOutcome
    {
        let scenario: Scenario
        do {
            scenario = try self.scenario(file, setting: settings)
        } catch {
            return failedToLoad(file, error)
        }
        var outcome = run(scenario, seed: seed)
        outcome.file = file.displayPath
        outcome.differsFromFile = true
        return outcome
    }

    /// Runs a scenario file with plugin settings replaced (see ``run(_:seed:setting:)``) with every
    /// seed in `seeds`, judged as `sweep(_:seeds:)` judges them.
    public func sweep(_ file: ScenarioFile, seeds: ClosedRange<UInt64>, setting settings: [String: JSONObject])
        -> SweepOutcome
    {
        let scenario: Scenario
        do {
            scenario = try self.scenario(file, setting: settings)
        } catch {
            let outcome = failedToLoad(file, error)
            return SweepOutcome(outcomes: [outcome], failures: outcome.failures)
        }
        var swept = sweep(scenario, seeds: seeds)
        for index in swept.outcomes.indices {
            swept.outcomes[index].file = file.displayPath
            swept.outcomes[index].differsFromFile = true
        }
        return Self.judge(swept.outcomes, seeds: seeds)
    }

    /// A scenario file loaded with plugin settings replaced, e.g. to sweep it with `sweep(_:seeds:)`.
    public func scenario(_ file: ScenarioFile, setting settings: [String: JSONObject]) throws -> Scenario {
        if let problem = file.problem { throw Self.unreadableError(file, problem) }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw Self.unreadableError(file, "no such file or cannot be read")
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

    private func failedToLoad(_ file: ScenarioFile, _ error: any Error) -> ScenarioOutcome {
        if let error = error as? ScenarioError { return ScenarioOutcome(file: file.displayPath, invalid: error) }
        return Self.unreadable(file, "\(error)")
    }
}
