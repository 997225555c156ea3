import SimulateCore
import SimulateJSON
import SimulateReports

/// The JSON Schema (draft 2020-12) of scenario files, generated from the format and from each
/// plugin's documented actions, configuration, invariants and observables, so it cannot drift from them.
public enum ScenarioSchema {
    /// The schema for scenarios that may enable the plugins of `registry`.
    public static func generate(_ registry: PluginRegistry) -> JSON {
        var root = JSONObject()
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["$id"] = "https://simulate.dev/schema/scenario-1.schema.json"
        root["title"] = "simulate scenario, format 1"
        root["type"] = "object"
        root["required"] = ["format", "name", "duration", "devices", "plugins"]
        root["properties"] = .object(
            JSONObject([
                ("$schema", ["type": "string"]),
                ("format", ["const": 1]),
                ("name", ["type": "string"]),
                ("description", ["type": "string"]),
                ("seed", ["type": "integer", "minimum": 0, "maximum": JSON(UInt64.max)]),
                (
                    "pinSeed",
                    [
                        "type": "boolean",
                        "description":
                            "The expectations are about `seed` alone: --seeds runs this scenario once, with it.",
                    ]
                ),
                ("judges", judges),
                ("strategy", strategy),
                ("duration", ref("duration")),
                ("devices", ["type": "array", "minItems": 1, "items": ref("device")]),
                ("network", ref("network")),
                ("faults", ["oneOf": [["type": "array", "items": ref("fault")], ref("faultsObject")]]),
                ("plugins", plugins(registry)),
                ("steps", ["type": "array", "items": step(registry)]),
                ("expect", ["type": "array", "items": expectation(registry)]),
                ("limits", closedObject(["events": ["type": "integer", "minimum": 1]])),
                ("faultPoints", faultPoints),
            ]))
        root["patternProperties"] = ["^x-": [:]]
        root["additionalProperties"] = false
        root["$defs"] = .object(definitions(registry))
        return .object(root)
    }

    static func ref(_ name: String) -> JSON { ["$ref": .string("#/$defs/\(name)")] }

    /// `"faultPoints"`: how the app's own fault points (`SimulationFault.maybe`) behave in the run.
    static let faultPoints: JSON = [
        "type": "object", "additionalProperties": false,
        "description": .string(
            "The app's fault points (SimulationFault.maybe): each is active in a run with probability activation "
                + "and then fires at a call with probability firing, both drawn from the seed."),
        "properties": [
            "enabled": ["type": "boolean", "description": "false: every fault point is inert."],
            "activation": ["type": "number", "minimum": 0, "maximum": 1, "description": "Default 0.25."],
            "firing": ["type": "number", "minimum": 0, "maximum": 1, "description": "Default 0.25."],
            "off": ["type": "array", "items": ["type": "string", "minLength": 1], "description": "Never fire."],
            "force": [
                "type": "array", "items": ["type": "string", "minLength": 1], "description": "Fire at every call.",
            ],
        ],
    ]

    /// `"strategy"`: how the async runtime orders same-instant jobs (docs/exploration.md).
    static let strategy: JSON = [
        "type": "string",
        "description": .string(
            "How the async runtime orders jobs ready at the same instant: random (the default), pct:D[:N], "
                + "delay:K[:N], fifo or replay:STEP[+SKIP],…; --strategy overrides it."),
        "pattern":
            "^(random|fifo|pct:[0-9]+(:[0-9]+)?|delay:[0-9]+(:[0-9]+)?|replay:([0-9]+(\\+[0-9]+)?(,[0-9]+(\\+[0-9]+)?)*)?)$",
    ]

    /// `"judges"`: documented behaviour, or the reference component's own configuration (with why).
    static let judges: JSON = [
        "description": .string(
            "What the expectations judge: \"behaviour\" (documented behaviour: any conforming component must "
                + "pass; the default) or {\"reference\": \"why\"} (the reference component's own configuration: "
                + "skipped, with the reason, when a plugin's component setting selects an app component)."),
        "oneOf": [
            ["const": "behaviour"],
            [
                "type": "object", "required": ["reference"], "additionalProperties": false,
                "properties": ["reference": ["type": "string", "minLength": 1, "pattern": "\\S"]],
            ],
        ],
    ]

    static func closedObject(_ properties: JSONObject, required: [String] = []) -> JSON {
        var object: JSONObject = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { object["required"] = .array(required.map(JSON.string)) }
        return .object(object)
    }

    static func closedObject(_ properties: [String: JSON], required: [String] = []) -> JSON {
        closedObject(JSONObject(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }), required: required)
    }

    private static func definitions(_ registry: PluginRegistry) -> JSONObject {
        var definitions = JSONObject([
            (
                "duration",
                [
                    "description":
                        "\"<number><unit>\" with unit ns, us, ms, s, m or h, or a number of seconds; at most 100000h",
                    "oneOf": [
                        ["type": "string", "pattern": .string(DurationPattern.pattern(signed: false))],
                        ["type": "number", "minimum": 0, "maximum": 360_000_000],
                    ],
                ]
            ),
            (
                "signedDuration",
                [
                    "oneOf": [
                        ["type": "string", "pattern": .string(DurationPattern.pattern(signed: true))],
                        ["type": "number", "minimum": -360_000_000, "maximum": 360_000_000],
                    ]
                ]
            ),
            ("timePoint", ["oneOf": [ref("duration"), ["const": "end"]]]),
            ("id", ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]*$"]),
            (
                "repeat",
                closedObject(
                    ["every": ref("duration"), "count": ["type": "integer", "minimum": 1]],
                    required: ["every", "count"])
            ),
            (
                "latency",
                [
                    "oneOf": [
                        ref("duration"),
                        closedObject(["min": ref("duration"), "max": ref("duration")], required: ["min", "max"]),
                    ]
                ]
            ),
            (
                "device",
                closedObject(
                    [
                        "id": ref("id"),
                        "platform": ["enum": .array(Platform.allCases.map { .string($0.rawValue) })],
                        "clockSkew": ref("signedDuration"), "simulator": ["type": "boolean"],
                    ], required: ["id"])
            ),
            (
                "network",
                closedObject([
                    "latency": ref("latency"),
                    "loss": ["type": "number", "minimum": 0, "maximum": 1],
                    "chunkBytes": [
                        "oneOf": [
                            ["type": "integer", "minimum": 1],
                            closedObject(
                                ["min": ["type": "integer", "minimum": 1], "max": ["type": "integer", "minimum": 1]],
                                required: ["min", "max"]),
                        ]
                    ],
                ])
            ),
            ("fault", fault(registry.plugins.flatMap(\.serverErrors))),
        ])
        for (name, schema) in swarmDefinitions() { definitions[name] = schema }
        return definitions
    }

    /// A fault; its kind decides which of `latency`, `loss`, `plugin`, `server` and `error` it needs and allows.
    private static func fault(_ errors: [ServerErrorDoc]) -> JSON {
        var schema = closedObject(
            [
                "at": ref("timePoint"), "for": ref("duration"), "device": ref("id"),
                "devices": ["type": "array", "items": ref("id")],
                "kind": ["enum": .array(FaultKind.allCases.map { .string($0.rawValue) })],
                "latency": ref("latency"), "loss": ["type": "number", "minimum": 0, "maximum": 1],
                "plugin": ["type": "string"], "server": ["type": "string"],
                "error": ["enum": .array(Array(Set(errors.map(\.error))).sorted().map { .string($0) })],
                "repeat": ref("repeat"),
            ], required: ["at", "kind"]
        ).objectValue!
        let fieldOfKind: [(field: String, kind: FaultKind)] = [
            ("latency", .latency), ("loss", .loss), ("plugin", .serverRestart), ("server", .serverError),
            ("error", .serverError),
        ]
        var rules: [JSON] = [["not": ["required": ["device", "devices"]]]]
        for (field, kind) in fieldOfKind {
            rules.append([
                "if": ["properties": ["kind": ["const": .string(kind.rawValue)]], "required": ["kind"]],
                "then": ["required": [.string(field)]],
                "else": ["not": ["required": [.string(field)]]],
            ])
        }
        schema["allOf"] = .array(rules)
        return .object(schema)
    }

    private static func parametersSchema(_ parameters: [ParameterDoc]) -> JSON {
        var properties = JSONObject()
        for parameter in parameters {
            var schema = parameter.schema.objectValue ?? JSONObject()
            schema["description"] = .string(parameter.summary)
            if let value = parameter.defaultValue, let parsed = try? JSONParser.parse(value).root {
                schema["default"] = parsed
            }
            properties[parameter.name] = .object(schema)
        }
        return closedObject(properties, required: parameters.filter(\.isRequired).map(\.name))
    }

    private static func plugins(_ registry: PluginRegistry) -> JSON {
        var properties = JSONObject()
        for plugin in registry.plugins {
            var schema = parametersSchema(plugin.configuration).objectValue ?? JSONObject()
            schema["description"] = .string(plugin.summary)
            properties[plugin.name] = .object(schema)
        }
        return ["type": "object", "minProperties": 1, "properties": .object(properties), "additionalProperties": false]
    }

    private static func step(_ registry: PluginRegistry) -> JSON {
        let actions = registry.plugins.flatMap { plugin in plugin.actions.map { (plugin, $0) } }
        let conditions: [JSON] = actions.map { plugin, action in
            var required: [JSON] = action.parameters.contains(where: \.isRequired) ? ["args"] : []
            var then: JSONObject = ["properties": ["args": parametersSchema(action.parameters)]]
            switch action.device {
            case .required(let role):
                required.append("device")
                then["description"] = .string("\(plugin.name).\(action.name) \(role): \"device\" is required")
            case .forbidden(let role):
                then["not"] = ["required": ["device"]]
                then["description"] = .string("\(plugin.name).\(action.name) \(role): no \"device\"")
            case .optional:
                break
            }
            then["required"] = .array(required)
            return [
                "if": ["properties": ["do": ["const": .string("\(plugin.name).\(action.name)")]]],
                "then": .object(then),
            ]
        }
        var base = closedObject(
            [
                "at": ref("timePoint"), "device": ref("id"),
                "do": [
                    "enum": .array(actions.map { .string("\($0.0.name).\($0.1.name)") }),
                    "description": "<plugin>.<action>",
                ],
                "args": ["type": "object"], "repeat": ref("repeat"),
            ], required: ["at", "do"]
        ).objectValue!
        base["allOf"] = .array(conditions)
        return .object(base)
    }

    private static let sweepRule: JSON = [
        "enum": .array(SweepRule.allCases.map { .string($0.rawValue) }),
        "description":
            "Under --seeds: \"every\" (default) must be met with every seed; \"some\" with at least one seed of the sweep.",
    ]

    private static func expectation(_ registry: PluginRegistry) -> JSON {
        let invariants = registry.plugins.flatMap { plugin in plugin.invariants.map { (plugin, $0) } }
        let observables = registry.plugins.flatMap { plugin in plugin.observables.map { (plugin, $0) } }
        var invariantSchema = closedObject(
            [
                "invariant": ["enum": .array(invariants.map { .string("\($0.0.name).\($0.1.name)") })],
                "args": ["type": "object"], "violated": ["type": "boolean"], "sweep": sweepRule,
            ], required: ["invariant"]
        ).objectValue!
        invariantSchema["allOf"] = .array(
            invariants.map { plugin, entry in
                [
                    "if": ["properties": ["invariant": ["const": .string("\(plugin.name).\(entry.name)")]]],
                    "then": ["properties": ["args": parametersSchema(entry.parameters)]],
                ]
            })
        var checkSchema = closedObject(
            [
                "check": ["enum": .array(observables.map { .string("\($0.0.name).\($0.1.name)") })],
                "at": ref("timePoint"), "device": ref("id"), "args": ["type": "object"], "equals": [:],
                "sweep": sweepRule,
            ], required: ["check", "at", "equals"]
        ).objectValue!
        checkSchema["allOf"] = .array(
            observables.map { plugin, entry in
                [
                    "if": ["properties": ["check": ["const": .string("\(plugin.name).\(entry.name)")]]],
                    "then": ["properties": ["args": parametersSchema(entry.parameters)]],
                ]
            })
        return ["oneOf": [.object(invariantSchema), .object(checkSchema)]]
    }
}
