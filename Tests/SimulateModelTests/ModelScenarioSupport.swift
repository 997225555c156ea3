import SimulateCore
import SimulateCounter
import SimulateJSON

@testable import SimulateModel

/// Loads and runs scenarios with the model and counter plugins, as the CLI would.
enum ModelScenarioSupport {
    static let registry = PluginRegistry([ModelPlugin(), CounterPlugin()])

    static var scenariosDirectory: String {
        let file = #filePath
        let root = file.components(separatedBy: "/Tests/").first ?? "."
        return root + "/Scenarios/model"
    }

    static func run(_ text: String, seed: UInt64? = nil) throws -> RunResult {
        let scenario = try ScenarioLoader(registry: registry).load(text: text, file: "test.json")
        return SimulationRunner(registry: registry).run(scenario, seed: seed)
    }

    static func runFile(_ path: String, seed: UInt64? = nil) throws -> RunResult {
        let scenario = try ScenarioLoader(registry: registry).load(file: path)
        return SimulationRunner(registry: registry).run(scenario, seed: seed)
    }

    /// The messages of every expectation that did not pass.
    static func failures(_ result: RunResult) -> [String] {
        result.expectations.filter { !$0.passed }.map { expectation in
            "\(expectation.name): " + expectation.violations.map(\.message).joined(separator: " | ")
        } + (result.failure.map { [$0.message] } ?? [])
    }

    /// Diagnostics of a scenario that does not load.
    static func loadErrors(_ text: String) -> [ScenarioDiagnostic] {
        do {
            _ = try ScenarioLoader(registry: registry).load(text: text, file: "test.json")
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// A scenario around the given plugin configuration, steps and expectations (JSON fragments).
    static func scenario(
        devices: [String] = ["phone", "ipad"], duration: String = "2m", model: String = "{}", faults: String = "[]",
        steps: String = "[]", expect: String
    ) -> String {
        let deviceList = devices.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ")
        return """
            {"format": 1, "name": "test", "duration": "\(duration)", "devices": [\(deviceList)],
             "faults": \(faults), "plugins": {"model": \(model)}, "steps": \(steps), "expect": \(expect)}
            """
    }
}
