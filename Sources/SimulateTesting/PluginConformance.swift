import SimulateCore
import SimulateJSON

/// Checks that a plugin keeps the contract of `SimulationPlugin` and `PluginRun` (SimulateCore), the way any
/// plugin's own test suite can run it on itself:
///
/// ```swift
/// @Test func heartbeatConforms() {
///     PluginConformance.expectConforms(HeartbeatPlugin())
/// }
/// ```
///
/// What it checks: the names are ids and unique; every entry and member is documented; the
/// configuration a scenario may leave out (`{}`, or `configuration`) decodes; a member the plugin
/// does not declare, and a value of the wrong type for each declared member, are rejected with an
/// error at that member's JSON path (so users see file, line and column); the same seed gives the
/// same trace hash twice; and two runs of the plugin share no state.
public enum PluginConformance {
    /// One way the plugin breaks the contract.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Every problem found; empty when the plugin conforms. `configuration` is a valid configuration
    /// (the default `{}` when every member has a default); `dependencies` are the plugins it needs.
    public static func problems(
        of plugin: any SimulationPlugin, configuration: JSON = .object(JSONObject()),
        dependencies: [any SimulationPlugin] = []
    ) -> [Problem] {
        var problems: [Problem] = []
        func report(_ text: String) { problems.append(Problem(description: "\(plugin.name): \(text)")) }
        if !Identifier.isValid(plugin.name) { report("name \"\(plugin.name)\" is not an id") }
        if plugin.summary.isEmpty { report("the summary is empty") }
        for (kind, entries) in [
            ("action", plugin.actions), ("invariant", plugin.invariants), ("observable", plugin.observables),
        ] {
            checkNames(entries.map(\.name), kind, report)
            for entry in entries {
                if entry.summary.isEmpty { report("\(kind) \(entry.name) has no summary") }
                checkNames(entry.parameters.map(\.name), "\(kind) \(entry.name) parameter", report)
                for parameter in entry.parameters where parameter.summary.isEmpty {
                    report("\(kind) \(entry.name)'s parameter \(parameter.name) has no summary")
                }
            }
        }
        checkNames(plugin.configuration.map(\.name), "configuration key", report)
        for parameter in plugin.configuration where parameter.summary.isEmpty {
            report("configuration key \(parameter.name) has no summary")
        }
        for dependency in plugin.dependencyNames where dependency == plugin.name {
            report("it depends on itself")
        }

        let registry = PluginRegistry(dependencies + [plugin])
        let base = scenario(plugin, configuration: configuration, dependencies: dependencies)
        let runner = SimulationRunner(registry: registry)
        do {
            _ = try runner.prepare(base)
        } catch {
            report("the configuration \(JSONWriter.string(configuration)) does not load: \(error)")
            return problems
        }
        let configurationPath = JSONPath.root / "plugins" / plugin.name
        var extra = configuration.objectValue ?? JSONObject()
        extra["notDeclared"] = .integer(1)
        expectError(
            at: configurationPath / "notDeclared", plugin, .object(extra), dependencies, "an undeclared key", report)
        for parameter in plugin.configuration {
            var wrong = configuration.objectValue ?? JSONObject()
            wrong[parameter.name] = wrongValue(for: parameter.type)
            expectError(
                at: configurationPath / parameter.name, plugin, .object(wrong), dependencies,
                "\(parameter.type) member \"\(parameter.name)\" given \(JSONWriter.string(wrongValue(for: parameter.type)))",
                report)
        }

        // A default written out must load: one outside its own rule is a value no scenario could write.
        for parameter in plugin.configuration {
            guard configuration[parameter.name] == nil, let text = parameter.defaultValue,
                let value = try? JSONParser.parse(Array(text.utf8)).root
            else { continue }
            var written = configuration.objectValue ?? JSONObject()
            written[parameter.name] = value
            do {
                _ = try runner.prepare(scenario(plugin, configuration: .object(written), dependencies: dependencies))
            } catch {
                let path = configurationPath / parameter.name
                if let problem = error.diagnostics.first(where: { $0.path == path }) {
                    report(
                        "the default of configuration key \(parameter.name), \(text), is refused: \(problem.message)")
                }
            }
        }

        let first = runner.run(base, seed: 7)
        let again = runner.run(base, seed: 7)
        if let failure = first.failure { report("a run without steps broke: \(failure.message)") }
        if first.traceHash != again.traceHash {
            report("the same seed gave two trace hashes (state kept between runs?)")
        }
        if first.expectations.map(\.passed) != again.expectations.map(\.passed) {
            report("the same seed gave two verdicts (state kept between runs?)")
        }
        return problems
    }

    private static func checkNames(_ names: [String], _ kind: String, _ report: (String) -> Void) {
        var seen: Set<String> = []
        for name in names {
            if !Identifier.isValid(name) { report("\(kind) \"\(name)\" is not an id") }
            if !seen.insert(name).inserted { report("\(kind) \"\(name)\" is declared twice") }
        }
    }

    /// A value no member of `type` accepts.
    private static func wrongValue(for type: String) -> JSON {
        switch type {
        case "object", "array": .bool(true)
        case "boolean": .string("not a boolean")
        default: .array([])
        }
    }

    private static func scenario(
        _ plugin: any SimulationPlugin, configuration: JSON, dependencies: [any SimulationPlugin]
    ) -> Scenario {
        Scenario(
            name: "conformance of \(plugin.name)", duration: .seconds(10),
            devices: [DeviceSpec(id: "phone"), DeviceSpec(id: "mac", platform: .macOS)],
            plugins: dependencies.map { PluginSpec(name: $0.name) }
                + [PluginSpec(name: plugin.name, configuration: configuration, path: .root / "plugins" / plugin.name)])
    }

    private static func expectError(
        at path: JSONPath, _ plugin: any SimulationPlugin, _ configuration: JSON,
        _ dependencies: [any SimulationPlugin],
        _ what: String, _ report: (String) -> Void
    ) {
        let runner = SimulationRunner(registry: PluginRegistry(dependencies + [plugin]))
        do {
            _ = try runner.prepare(scenario(plugin, configuration: configuration, dependencies: dependencies))
            report("\(what) was accepted")
        } catch {
            if !error.diagnostics.contains(where: { $0.path == path }) {
                report("\(what) was not reported at \(path): \(error)")
            }
        }
    }
}

#if canImport(Testing)
    import Testing

    extension PluginConformance {
        /// Records an issue for each problem of ``problems(of:configuration:dependencies:)``.
        public static func expectConforms(
            _ plugin: any SimulationPlugin, configuration: JSON = .object(JSONObject()),
            dependencies: [any SimulationPlugin] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) {
            for problem in problems(of: plugin, configuration: configuration, dependencies: dependencies) {
                Issue.record(Comment(rawValue: problem.description), sourceLocation: sourceLocation)
            }
        }
    }
#endif
