import Foundation
import SimulateCore
import SimulatePlugins

/// Loads and runs scenarios for tests: the built-in plugins plus your own, all in memory.
///
/// Nothing here needs entitlements, an app group or CloudKit, so it runs in any test target,
/// on Linux CI and on the iOS simulator alike.
public struct ScenarioHarness: Sendable {
    /// The plugins scenarios may enable: the built-in ones and yours.
    public let registry: PluginRegistry
    /// No plugin of your own: the stock `simulate` command line replays a failure.
    public let builtInPluginsOnly: Bool
    /// How the async runtime orders same-instant jobs in every run; nil: each scenario's own `"strategy"`
    /// (`random` when it names none). See ``using(_:)`` and docs/exploration.md.
    public var strategy: ScheduleStrategy?

    /// The built-in plugins plus `plugins` (a plugin with a built-in's name replaces it).
    public init(plugins: [any SimulationPlugin] = []) {
        var registry = PluginRegistry(BuiltinPlugins.all)
        for plugin in plugins { registry.register(plugin) }
        self.registry = registry
        builtInPluginsOnly = plugins.isEmpty
    }

    /// Exactly these plugins.
    public init(registry: PluginRegistry) {
        self.registry = registry
        builtInPluginsOnly = false
    }

    /// Loads and runs one scenario file. `seed` overrides the scenario's own.
    public func run(_ file: ScenarioFile, seed: UInt64? = nil) -> ScenarioOutcome {
        run(load(file), seed: seed)
    }

    /// Validates and runs a scenario built in code, or one loaded from a file and changed in code: its
    /// failures' replay lines never run the file as written (see ``SweepOutcome``).
    public func run(_ scenario: Scenario, seed: UInt64? = nil) -> ScenarioOutcome {
        run(prepare(scenario), seed: seed, asWritten: false)
    }

    /// Runs a loaded scenario with `seed` (nil: its own), or hands back why it cannot run. `asWritten`:
    /// the scenario is its file as written, so `simulate run FILE` replays it when only built-in plugins ran.
    func run(_ ready: ReadyScenario, seed: UInt64?, asWritten: Bool = true) -> ScenarioOutcome {
        switch ready {
        case .ready(let scenario):
            var outcome = ScenarioOutcome(
                result: runner.run(scenario, seed: seed, keepsTrace: false), scenario: scenario)
            outcome.replay = ReplayContext(
                builtInPluginsOnly: builtInPluginsOnly, testFilter: ReplayContext.currentTestFilter)
            outcome.differsFromFile = !asWritten && scenario.file != nil
            return outcome
        case .invalid(let invalid):
            return invalid
        }
    }

    /// A scenario file loaded (and so validated), with the harness's strategy; or why it cannot run.
    func load(_ file: ScenarioFile) -> ReadyScenario {
        if let problem = file.problem { return .invalid(Self.unreadable(file, problem)) }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .invalid(Self.unreadable(file, "no such file or cannot be read"))
        }
        do {
            var scenario = try ScenarioLoader(registry: registry).load(bytes: [UInt8](data), file: file.displayPath)
            if let strategy { scenario.strategy = strategy }
            return .ready(scenario)
        } catch {
            return .invalid(ScenarioOutcome(file: file.displayPath, invalid: error))
        }
    }

    /// The scenario with the harness's strategy and its plugin values decoded, so that each of its runs
    /// does not decode them again; or its problems.
    func prepare(_ scenario: Scenario) -> ReadyScenario {
        var scenario = scenario
        if let strategy { scenario.strategy = strategy }
        do {
            return .ready(try runner.prepare(scenario))
        } catch {
            return .invalid(ScenarioOutcome(file: scenario.file ?? scenario.name, invalid: error))
        }
    }

    static func unreadable(_ file: ScenarioFile, _ message: String) -> ScenarioOutcome {
        ScenarioOutcome(file: file.displayPath, invalid: unreadableError(file, message))
    }

    /// A file that cannot be run: missing, unreadable, or a folder search that found nothing.
    static func unreadableError(_ file: ScenarioFile, _ message: String) -> ScenarioError {
        let diagnostic = ScenarioDiagnostic(kind: .scenario, file: file.displayPath, path: .root, message: message)
        return ScenarioError(file: file.displayPath, diagnostics: [diagnostic])
    }

    var runner: SimulationRunner { SimulationRunner(registry: registry) }
}

/// A scenario ready to run, or the outcome that says why it cannot run.
enum ReadyScenario {
    case ready(Scenario)
    case invalid(ScenarioOutcome)
}
