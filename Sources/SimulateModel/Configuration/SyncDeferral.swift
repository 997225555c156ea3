import SimulateCore
import SimulateJSON

/// How long the system waits before it runs a pass that a save, a push, a reconnect, a launch or a
/// return to the foreground asked for: a seeded, uniform draw per request. Apple documents no figure:
/// the system schedules the container's export and import activities and decides when they run
/// (TN3163, TN3164), so the range is the toolkit's assumption; its default keeps the bundled scenarios'
/// verdicts.
public struct SyncDeferral: Sendable, Equatable {
    public var minimum: VirtualDuration
    public var maximum: VirtualDuration

    public init(minimum: VirtualDuration, maximum: VirtualDuration) {
        self.minimum = minimum
        self.maximum = maximum
    }

    public static let standard = SyncDeferral(minimum: .zero, maximum: .milliseconds(500))
    /// Longer deferrals could overflow virtual time when added to it.
    static let longest = VirtualDuration.hours(24)

    public var json: JSON {
        minimum == maximum
            ? .string(DurationFormat.string(minimum))
            : [
                "min": .string(DurationFormat.string(minimum)), "max": .string(DurationFormat.string(maximum)),
            ]
    }

    static let schema: JSON = [
        "oneOf": [
            ["$ref": "#/$defs/duration"],
            [
                "type": "object", "required": ["min", "max"], "additionalProperties": false,
                "properties": ["min": ["$ref": "#/$defs/duration"], "max": ["$ref": "#/$defs/duration"]],
            ],
        ]
    ]

    /// A duration (fixed) or `{"min", "max"}`, each at most 24h, min not above max.
    static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> SyncDeferral? {
        let before = diagnostics.items.count
        var deferral: SyncDeferral?
        if case .object = value {
            guard
                let reader = ObjectReader(
                    value, at: path, diagnostics: diagnostics, what: "a duration or {\"min\", \"max\"}")
            else { return nil }
            let low = reader.duration("min", required: true)
            let high = reader.duration("max", required: true)
            reader.rejectUnknownKeys()
            if let low, let high { deferral = SyncDeferral(minimum: low, maximum: high) }
        } else if let fixed = DurationValue.parse(value, at: path, diagnostics: diagnostics) {
            deferral = SyncDeferral(minimum: fixed, maximum: fixed)
        }
        guard let deferral, diagnostics.items.count == before else { return nil }
        if deferral.maximum < deferral.minimum {
            diagnostics.error("syncDeferral min is greater than max", at: path)
            return nil
        }
        if deferral.maximum > longest {
            diagnostics.error("syncDeferral must be at most 24h", at: path)
            return nil
        }
        return deferral
    }
}
