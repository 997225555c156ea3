import SimulateJSON

/// What an intent answers before it is encoded: a result object or an error.
struct IntentResponse {
    /// The intent name as the caller passed it (also for `unknownIntent`).
    var intent: String
    var outcome: Result<JSONObject, IntentError>

    /// `{"ok": true, "intent", "result"}` or `{"ok": false, "intent", "error"}`.
    var json: JSON {
        switch outcome {
        case .success(let result):
            ["ok": true, "intent": .string(intent), "result": .object(result)]
        case .failure(let error):
            ["ok": false, "intent": .string(intent), "error": error.json]
        }
    }

    /// "ok" or the error code, for traces and histograms.
    var outcomeName: String {
        switch outcome {
        case .success: "ok"
        case .failure(let error): error.code.rawValue
        }
    }

    var errorCode: IntentError.Code? {
        if case .failure(let error) = outcome { error.code } else { nil }
    }

    /// The string the intent returns, as the configured app would build it.
    func text(_ configuration: IntentsConfiguration) -> String {
        if errorCode != nil && configuration.errors == .thrown { return "" }
        switch configuration.encoding {
        case .writer: return JSONWriter.string(json)
        case .interpolation: return InterpolatedJSON.string(json)
        }
    }
}

/// JSON built by string interpolation, as in `"{\"title\": \"\(title)\"}"`: strings are not escaped, so a
/// quote, backslash or control character in user text breaks the output.
enum InterpolatedJSON {
    static func string(_ value: JSON) -> String {
        switch value {
        case .string(let text):
            return "\"\(text)\""
        case .array(let items):
            return "[" + items.map(string).joined(separator: ", ") + "]"
        case .object(let object):
            return "{" + object.members.map { "\"\($0)\": \(string($1))" }.joined(separator: ", ") + "}"
        default:
            return JSONWriter.string(value)
        }
    }
}
