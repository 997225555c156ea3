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
        var scenario = try load(data, file: file, replacing: settings)
        for index in scenario.plugins.indices {
            guard let replacements = settings[scenario.plugins[index].name] else { continue }
            var configuration = scenario.plugins[index].configuration.objectValue ?? JSONObject()
            for (key, value) in replacements.members { configuration[key] = value }
            scenario.plugins[index].configuration = .object(configuration)
        }
        return scenario
    }

    /// The file loaded as written; when its only problems are at settings being replaced (`"handler": "app"` that
    /// this test registers under another name), which are not what runs, with those settings written in.
    private func load(_ data: Data, file: ScenarioFile, replacing settings: [String: JSONObject]) throws -> Scenario {
        let loader = ScenarioLoader(registry: registry)
        let original: ScenarioError
        do {
            return try loader.load(bytes: [UInt8](data), file: file.displayPath)
        } catch {
            original = error
        }
        guard Self.onlyReplaced(original, settings) else { throw original }
        return try loader.load(text: try Self.replacing(settings, in: data), file: file.displayPath)
    }

    /// Every problem is at a setting being replaced: `/plugins/<plugin>/<key>`.
    private static func onlyReplaced(_ error: ScenarioError, _ settings: [String: JSONObject]) -> Bool {
        !error.diagnostics.isEmpty
            && error.diagnostics.allSatisfy { diagnostic in
                let parts = diagnostic.path.components
                guard parts.count >= 3, case .key("plugins") = parts[0], case .key(let plugin) = parts[1],
                    case .key(let key) = parts[2]
                else { return false }
                return settings[plugin]?[key] != nil
            }
    }

    /// The file's text with `settings` written into its plugins' objects.
    private static func replacing(_ settings: [String: JSONObject], in data: Data) throws -> String {
        var root = try JSONParser.parse([UInt8](data)).root
        guard case .object(var object) = root, case .object(var plugins)? = object["plugins"] else {
            return String(decoding: data, as: UTF8.self)
        }
        for (plugin, replacements) in settings {
            guard case .object(var configuration)? = plugins[plugin] else { continue }
            for (key, value) in replacements.members { configuration[key] = value }
            plugins[plugin] = .object(configuration)
        }
        object["plugins"] = .object(plugins)
        root = .object(object)
        return JSONWriter.string(root)
    }

    private func failedToLoad(_ file: ScenarioFile, _ error: any Error) -> ScenarioOutcome {
        if let error = error as? ScenarioError { return ScenarioOutcome(file: file.displayPath, invalid: error) }
        return Self.unreadable(file, "\(error)")
    }
}
