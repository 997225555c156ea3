import SimulateCore
import SimulateJSON
import SimulateSSE

/// Loads scenario JSON with only the `sse` plugin registered.
enum SSEScenario {
    static let registry = PluginRegistry([SSEPlugin()])

    static func load(_ text: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader(registry: registry).load(text: text)
    }

    static func run(_ text: String, seed: UInt64? = nil) throws -> RunResult {
        SimulationRunner(registry: registry).run(try load(text), seed: seed)
    }

    /// The JSON paths of the problems the loader reports for a scenario text.
    static func errorPaths(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch {
            return error.diagnostics.map(\.path.description)
        }
    }

    /// A scenario with one phone (or the given devices) and the given extra top-level members.
    static func text(
        devices: [String] = ["phone"], duration: String = "10s", configuration: String = "{}", rest: String = ""
    ) -> String {
        let list = devices.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ")
        return """
            {"format": 1, "name": "test", "duration": "\(duration)", "devices": [\(list)],
             "plugins": {"sse": \(configuration)}\(rest.isEmpty ? "" : ", " + rest)}
            """
    }
}

extension RunResult {
    /// The result of the first expectation with this name.
    func expectation(_ name: String) -> ExpectationResult? {
        expectations.first { $0.name == name }
    }

    var failures: [String] {
        expectations.filter { !$0.passed }.map { result in
            result.name + ": " + result.violations.map(\.message).joined(separator: "; ")
        }
    }
}
