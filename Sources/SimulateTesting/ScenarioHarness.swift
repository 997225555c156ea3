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
        if let problem = file.problem { return Self.unreadable(file, problem) }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return Self.unreadable(file, "no such file or cannot be read")
        }
        var scenario: Scenario
        do {
            scenario = try ScenarioLoader(registry: registry).load(bytes: [UInt8](data), file: file.displayPath)
        } catch {
            return ScenarioOutcome(file: file.displayPath, invalid: error)
        }
        if let strategy { scenario.strategy = strategy }
        return ScenarioOutcome(result: runner.run(scenario, seed: seed, keepsTrace: false), scenario: scenario)
    }

    /// Validates and runs a scenario built in code.
    public func run(_ scenario: Scenario, seed: UInt64? = nil) -> ScenarioOutcome {
        var scenario = scenario
        if let strategy { scenario.strategy = strategy }
        do {
            try runner.validate(scenario)
        } catch {
            return ScenarioOutcome(file: scenario.file ?? scenario.name, invalid: error)
        }
        return ScenarioOutcome(result: runner.run(scenario, seed: seed, keepsTrace: false), scenario: scenario)
    }

    static func unreadable(_ file: ScenarioFile, _ message: String) -> ScenarioOutcome {
        ScenarioOutcome(file: file.displayPath, invalid: unreadableError(file, message))
    }

    /// A file that cannot be run: missing, unreadable, or a folder search that found nothing.
    static func unreadableError(_ file: ScenarioFile, _ message: String) -> ScenarioError {
        let diagnostic = ScenarioDiagnostic(kind: .scenario, file: file.displayPath, path: .root, message: message)
        return ScenarioError(file: file.displayPath, diagnostics: [diagnostic])
    }

    private var runner: SimulationRunner { SimulationRunner(registry: registry) }
}
