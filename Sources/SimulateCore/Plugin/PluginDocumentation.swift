import SimulateJSON

/// One documented parameter: a configuration key, an action argument, or an invariant parameter.
public struct ParameterDoc: Sendable {
    public var name: String
    /// The JSON type as users write it: "string", "duration", "integer", "number", "boolean", "object", …
    public var type: String
    /// The default as it would be written in JSON; nil when the parameter is required.
    public var defaultValue: String?
    public var summary: String
    /// A JSON Schema (draft 2020-12) for the value, for the editor schema.
    public var schema: JSON
    /// The members of a nested object (a ``Field/nested(_:_:_:)`` value), for its own docs table.
    public var members: [ParameterDoc] = []
    /// A component setting's built-in names (a ``Field/component(_:_:builtIn:_:)``): any other name
    /// selects an app component. nil for every other parameter.
    public var builtInComponents: [String]?

    public init(
        _ name: String, type: String, default defaultValue: String? = nil, _ summary: String, schema: JSON? = nil
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
        self.schema = schema ?? ParameterDoc.schema(forType: type)
    }

    public var isRequired: Bool { defaultValue == nil }

    static func schema(forType type: String) -> JSON {
        switch type {
        case "string": ["type": "string"]
        case "integer": ["type": "integer"]
        case "number": ["type": "number"]
        case "boolean": ["type": "boolean"]
        case "object": ["type": "object"]
        case "array": ["type": "array"]
        case "duration": ["$ref": "#/$defs/duration"]
        default: [:]
        }
    }
}

/// The documentation of an action, invariant or observable: one line for `simulate list`, more for `simulate explain`.
public struct EntryDoc: Sendable {
    public var name: String
    public var summary: String
    public var details: String
    public var parameters: [ParameterDoc]
    /// Observables only: whether `device` is required (per-device) or omitted (server-wide).
    public var perDevice: Bool
    /// Observables only: the JSON type of the value.
    public var valueType: String
    /// Whether a step (or check) names a device, as the entry's declaration says: the JSON Schema
    /// requires or forbids `device` by it.
    public var device: DeviceUse = .optional

    public init(
        _ name: String, _ summary: String, details: String = "", parameters: [ParameterDoc] = [],
        perDevice: Bool = true,
        valueType: String = ""
    ) {
        self.name = name
        self.summary = summary
        self.details = details
        self.parameters = parameters
        self.perDevice = perDevice
        self.valueType = valueType
    }
}
