import SimulateJSON

/// The JSON an observable's declared scalar value type (`valueType` of its documentation) can be equal
/// to, so that a check's `equals` of another kind is an error when the scenario is read, not a failure
/// after the run. `null` is never refused (an observable may have no value yet), nor any value of an
/// undeclared type, an array or an object (`intents.lastResponse`, an object, is the raw text as a string
/// when an answer does not parse).
enum ObservableValueType {
    /// `expected an integer`, or nil when `value` can be a value of `valueType`.
    static func mismatch(_ valueType: String, _ value: JSON) -> String? {
        switch (valueType, value) {
        case (_, .null): return nil
        case ("integer", .integer): return nil
        case ("integer", .double(let number)) where number.rounded() == number: return nil
        case ("number", .integer), ("number", .double): return nil
        case ("boolean", .bool), ("string", .string): return nil
        case ("integer", _): return "expected an integer"
        case ("number", _): return "expected a number"
        case ("boolean", _): return "expected true or false"
        case ("string", _): return "expected a string"
        default: return nil
        }
    }
}
