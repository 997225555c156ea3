import SimulateJSON

/// What a scenario's expectations judge (`"judges"` at the top level).
///
/// `"behaviour"`: documented behaviour, which any conforming component must show: an app component
/// selected in the scenario (`"client": "app"`) is judged by it as the reference is.
/// `{"reference": "<why>"}`: the reference component's own configuration (a save policy, a jitter,
/// a hazard the reference shows only because it is configured to): the run is skipped, with that
/// reason, when a plugin's component setting selects an app component.
public enum ScenarioJudges: Sendable, Equatable {
    case behaviour
    case reference(reason: String)

    public var json: JSON {
        switch self {
        case .behaviour: "behaviour"
        case .reference(let reason): ["reference": .string(reason)]
        }
    }

    static let expected =
        "expected \"behaviour\" or {\"reference\": \"<why the expectations hold only for the reference>\"}"

    /// Reads the member's value; reports what is wrong at `path`.
    static func decode(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> ScenarioJudges? {
        switch value {
        case .string("behaviour"):
            return .behaviour
        case .string(let text):
            let hint = text == "behavior" ? " (spelt \"behaviour\")" : ""
            diagnostics.error("unknown judges \(JSONWriter.string(value))\(hint): " + expected, at: path)
            return nil
        case .object(let object):
            if let unknown = object.keys.first(where: { $0 != "reference" }) {
                diagnostics.error("unknown field \"\(unknown)\": " + expected, at: path / unknown)
                return nil
            }
            guard let reason = object["reference"] else {
                diagnostics.error("missing \"reference\": " + expected, at: path)
                return nil
            }
            guard case .string(let text) = reason else {
                diagnostics.error(
                    "expected a string saying why, found \(reason.typeName)", at: path / "reference")
                return nil
            }
            guard !text.allSatisfy(\.isWhitespace) else {
                diagnostics.error(
                    "the reason must not be empty: say why only the reference passes", at: path / "reference")
                return nil
            }
            return .reference(reason: text)
        default:
            diagnostics.error(expected + ", found \(value.typeName)", at: path)
            return nil
        }
    }
}

extension Scenario {
    /// Why this run is skipped: the scenario judges the reference component's configuration and a
    /// plugin's component setting (one declared with ``Field/component(_:_:builtIn:_:)``) selects an
    /// app component. nil: the run goes ahead.
    public func skipReason(registry: PluginRegistry) -> String? {
        guard case .reference(let reason)? = judges else { return nil }
        for spec in plugins {
            guard let plugin = registry.plugin(named: spec.name) else { continue }
            for parameter in plugin.configuration {
                guard let builtIn = parameter.builtInComponents,
                    case .string(let name)? = spec.configuration[parameter.name], !builtIn.contains(name)
                else { continue }
                return "\(spec.name).\(parameter.name) selects the app component \"\(name)\", and this scenario judges "
                    + "the reference component's configuration: \(reason)"
            }
        }
        return nil
    }
}
