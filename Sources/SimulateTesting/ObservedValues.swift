import SimulateCore
import SimulateJSON

/// A Swift type an observed JSON value converts to: `Bool`, `Int`, `Double`, `String`, `JSON`, arrays of them.
///
/// A conformer must return nil, never trap, for a value of another JSON type or out of its range:
/// the check then fails with a message that shows the value observed.
public protocol ObservedValue {
    /// The value `observed` stands for; nil when it is not one of this type.
    init?(observed: JSON)
}

extension Bool: ObservedValue {
    public init?(observed: JSON) {
        guard let value = observed.boolValue else { return nil }
        self = value
    }
}

extension Int: ObservedValue {
    public init?(observed: JSON) {
        guard let value = observed.intValue else { return nil }
        self = value
    }
}

extension Double: ObservedValue {
    public init?(observed: JSON) {
        guard let value = observed.doubleValue else { return nil }
        self = value
    }
}

extension String: ObservedValue {
    public init?(observed: JSON) {
        guard let value = observed.stringValue else { return nil }
        self = value
    }
}

extension JSON: ObservedValue {
    public init?(observed: JSON) { self = observed }
}

extension Array: ObservedValue where Element: ObservedValue {
    public init?(observed: JSON) {
        guard let items = observed.arrayValue else { return nil }
        var values: [Element] = []
        for item in items {
            guard let value = Element(observed: item) else { return nil }
            values.append(value)
        }
        self = values
    }
}

extension ScenarioOutcome {
    /// The value a point check of the scenario read, found by the check's own fields rather than a
    /// string key: `outcome.observed("sse.offlineIndicator", at: .seconds(25), device: "phone")`.
    /// `at: nil` is the check at the end. nil when the scenario has no such check or did not run.
    public func observed(_ name: String, at: Duration? = nil, device: String? = nil) -> JSON? {
        let time: TimePoint = at.map { .at(.start + $0.virtual) } ?? .end
        return result?.expectations.first {
            $0.kind == .check && $0.name == name && $0.at == time && $0.device == device
        }?.observed
    }

    /// The check's value as a Swift type: `outcome.observed("sse.connected", device: "phone", as: Bool.self)`.
    /// nil when there is no such check or its value is not of that type.
    public func observed<Value: ObservedValue>(
        _ name: String, at: Duration? = nil, device: String? = nil, as type: Value.Type
    ) -> Value? {
        observed(name, at: at, device: device).flatMap(Value.init(observed:))
    }
}
