import SimulateCore
import SimulateCounter
import SimulateIntents
import SimulateJSON
import SimulateModel

let registry = PluginRegistry([CounterPlugin(), ModelPlugin(), IntentsPlugin()])

/// One `intents.call` step.
struct Call {
    var at = "1s"
    var device = "phone"
    var intent: String
    var input: String

    var json: String {
        """
        {"at": "\(at)", "device": "\(device)", "do": "intents.call",
         "args": {"intent": \(JSONWriter.escape(intent)), "input": \(JSONWriter.escape(input))}}
        """
    }
}

/// A scenario with the three plugins, built from steps and expectations written as JSON text.
func scenario(
    devices: [String] = ["phone"], steps: [String], expect: [String], intents: String = "{}", counter: String = "{}",
    model: String = "{}", faults: String = "[]", duration: String = "60s"
) throws -> Scenario {
    let deviceList = devices.map { "{\"id\": \"\($0)\"}" }.joined(separator: ",")
    let text = """
        {"format": 1, "name": "intents test", "duration": "\(duration)", "devices": [\(deviceList)],
         "network": {"latency": "30ms"}, "faults": \(faults),
         "plugins": {"model": \(model), "counter": \(counter), "intents": \(intents)},
         "steps": [\(steps.joined(separator: ","))], "expect": [\(expect.joined(separator: ","))]}
        """
    return try ScenarioLoader(registry: registry).load(text: text)
}

func run(_ scenario: Scenario, seed: UInt64 = 1) -> RunResult {
    SimulationRunner(registry: registry).run(scenario, seed: seed)
}

/// `{"at": …, "device": …, "check": "intents.<name>"}` with a placeholder expected value; read `observed`.
func check(_ name: String, device: String = "phone", at: String = "end", equals: String = "null") -> String {
    "{\"at\": \"\(at)\", \"device\": \"\(device)\", \"check\": \"intents.\(name)\", \"equals\": \(equals)}"
}

func violations(_ result: RunResult, _ name: String) -> [Violation]? {
    result.expectations.first { $0.name == name }?.violations
}

func observed(_ result: RunResult, _ name: String, device: String = "phone", at: String = "end") -> JSON? {
    result.expectations.first { $0.name == "intents.\(name)" && $0.device == device && $0.at?.text == at }?.observed
}

let jsonOut = "{\"invariant\": \"intents.jsonOut\"}"

/// The failed expectations with their first violation, short enough to read in a test log.
func failures(_ result: RunResult) -> String {
    let failed = result.expectations.filter { !$0.passed }.map { expectation in
        "\(expectation.name): \(expectation.violations.first?.message.prefix(300) ?? "observed \(expectation.observed.map { JSONWriter.string($0) } ?? "nothing")")"
    }
    return (failed + [result.failure?.message].compactMap { $0 }).joined(separator: "; ")
}
