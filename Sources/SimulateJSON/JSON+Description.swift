/// JSON values print as JSON: `print(outcome.result!.observed)`, string interpolation and test
/// failure messages show `{"text":"milk","done":false}`, not the enum's cases.
extension JSON: CustomStringConvertible {
    public var description: String { JSONWriter.string(self) }
}

extension JSONObject: CustomStringConvertible {
    public var description: String { JSONWriter.string(.object(self)) }
}
