import SimulateCore
import SimulateCounter
import SimulateJSON
import SimulateModel

/// The `intents` plugin: App Intents with one JSON string in and one JSON string out.
public struct IntentsPlugin: SimulationPlugin {
    public init() {}

    public var name: String { "intents" }
    public var summary: String { "App Intents with one JSON string in and one JSON string out" }
    public var configuration: [ParameterDoc] { IntentsConfiguration.parameters }
    public var actions: [EntryDoc] { IntentsDocs.actions }
    public var invariants: [EntryDoc] { IntentsDocs.invariants }
    public var observables: [EntryDoc] { IntentsDocs.observables }
    public var dependencies: [any SimulationPlugin] { [ModelPlugin(), CounterPlugin()] }

    public func validateConfiguration(
        _ configuration: JSON, at path: JSONPath, scenario: Scenario, diagnostics: Diagnostics
    ) {
        _ = IntentsConfiguration.read(configuration, at: path, diagnostics: diagnostics)
        if let model = scenario.plugin(named: "model") {
            ModelCompatibility.check(model, diagnostics: diagnostics)
        }
        for step in scenario.steps where step.plugin == name && step.device == nil {
            diagnostics.error("intents.\(step.action) runs on a device: add \"device\"", at: step.path)
        }
    }

    public func validateAction(_ action: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return }
        switch action {
        case "call":
            _ = reader.string("intent", required: true)
            _ = reader.string("input", required: true)
        case "fuzz":
            _ = reader.int("count", range: 1...100_000)
            _ = reader.choice("intent", IntentName.allCases.map(\.rawValue))
            if let kinds = reader.value("kinds") { checkKinds(kinds, at: path / "kinds", diagnostics) }
        default:
            break
        }
        reader.rejectUnknownKeys()
    }

    private func checkKinds(_ kinds: JSON, at path: JSONPath, _ diagnostics: Diagnostics) {
        guard let items = kinds.arrayValue, !items.isEmpty else {
            return diagnostics.error("expected a non-empty array of fuzz kinds", at: path)
        }
        for (index, item) in items.enumerated() where item.stringValue.flatMap(FuzzKind.init) == nil {
            diagnostics.error(
                "unknown fuzz kind \(JSONWriter.string(item)) (kinds: "
                    + FuzzKind.allCases.map(\.rawValue).joined(separator: ", ") + ")", at: path / index)
        }
    }

    public func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        let settings =
            IntentsConfiguration.read(configuration, at: .root, diagnostics: Diagnostics()) ?? IntentsConfiguration()
        return IntentsRun(configuration: settings, context: context)
    }
}
