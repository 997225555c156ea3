import SimulateCore
import SimulateJSON

/// The `intents` plugin's configuration, read from the scenario's `plugins.intents` object.
struct IntentsConfiguration: Sendable {
    enum Errors: String, CaseIterable, Sendable {
        /// Errors are encoded as JSON in the returned string (the seed's rule).
        case json
        /// The intent throws: `shortcuts run` prints the error on stderr and nothing on stdout (a hazard).
        case thrown
    }

    enum Encoding: String, CaseIterable, Sendable {
        /// A JSON encoder: every string escaped.
        case writer
        /// String interpolation without escaping (a hazard).
        case interpolation
    }

    var maxInputBytes = IntentInput.defaultMaxBytes
    var timeoutNanoseconds: Int64 = 30_000_000_000
    var errors = Errors.json
    var encoding = Encoding.writer

    static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> IntentsConfiguration? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let before = diagnostics.items.count
        var configuration = IntentsConfiguration()
        configuration.maxInputBytes = reader.int("maxInputBytes", range: 64...16_777_216) ?? IntentInput.defaultMaxBytes
        configuration.timeoutNanoseconds = reader.duration("timeout") ?? 30_000_000_000
        configuration.errors = reader.choice("errors", Errors.allCases.map(\.rawValue)).flatMap(Errors.init) ?? .json
        configuration.encoding =
            reader.choice("encoding", Encoding.allCases.map(\.rawValue)).flatMap(Encoding.init) ?? .writer
        reader.rejectUnknownKeys()
        return diagnostics.items.count == before ? configuration : nil
    }

    static let parameters: [ParameterDoc] = [
        ParameterDoc(
            "maxInputBytes", type: "integer", default: "65536",
            "inputs longer than this many UTF-8 bytes answer inputTooLarge before any parsing (64…16777216)",
            schema: ["type": "integer", "minimum": 64, "maximum": 16_777_216]),
        ParameterDoc(
            "timeout", type: "duration", default: "\"30s\"",
            "how long the caller waits for an intent that needs the counter; then it answers timeout (0: no limit)"),
        ParameterDoc(
            "errors", type: "string", default: "\"json\"",
            "\"json\": errors are encoded in the returned string; \"thrown\": the intent throws and the caller's "
                + "stdout is empty (the hazard the seed warns about)",
            schema: ["enum": ["json", "thrown"]]),
        ParameterDoc(
            "encoding", type: "string", default: "\"writer\"",
            "\"writer\": a JSON encoder; \"interpolation\": JSON built by string interpolation without escaping "
                + "(breaks on quotes, backslashes and control characters in user text)",
            schema: ["enum": ["writer", "interpolation"]]),
    ]
}
