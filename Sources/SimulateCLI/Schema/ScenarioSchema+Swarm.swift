import SimulateCore
import SimulateJSON
import SimulateReports

/// Swarm mode in the schema: `faults` as an object with `list`, `generate` and `liveness`.
extension ScenarioSchema {
    static func swarmDefinitions() -> [(String, JSON)] {
        let kinds = JSON.array(FaultKind.allCases.filter { $0 != .serverError }.map { .string($0.rawValue) })
        let range = { (item: JSON) -> JSON in
            ["oneOf": [item, closedObject(["min": item, "max": item], required: ["min", "max"])]]
        }
        let generator = closedObject(
            JSONObject([
                (
                    "kinds",
                    [
                        "description": "fault kinds to draw from: a list (equal weights) or kind → weight",
                        "oneOf": [
                            ["type": "array", "minItems": 1, "items": ["enum": kinds]],
                            [
                                "type": "object", "minProperties": 1,
                                "propertyNames": ["enum": kinds],
                                "additionalProperties": ["type": "number", "exclusiveMinimum": 0],
                            ],
                        ],
                    ]
                ),
                ("count", range(["type": "integer", "minimum": 0, "maximum": 1000])),
                ("length", ref("latency")),
                ("devices", ["type": "array", "minItems": 1, "items": ref("id")]),
                ("window", closedObject(["from": ref("duration"), "to": ref("duration")], required: ["to"])),
                ("allDevices", ["type": "number", "minimum": 0, "maximum": 1]),
                ("latency", ref("latency")),
                (
                    "loss",
                    closedObject(
                        [
                            "min": ["type": "number", "minimum": 0, "maximum": 1],
                            "max": ["type": "number", "minimum": 0, "maximum": 1],
                        ], required: ["min", "max"])
                ),
                ("plugin", ["type": "string"]),
            ]), required: ["kinds", "window"])
        let liveness: JSON = [
            "oneOf": [
                ["const": false],
                closedObject(["after": ref("duration"), "within": ref("duration")], required: ["within"]),
            ]
        ]
        let faults = closedObject(
            JSONObject([
                ("list", ["type": "array", "items": ref("fault")]),
                ("generate", ref("faultGenerator")),
                ("liveness", ref("liveness")),
            ]))
        var faultsObject = faults.objectValue!
        faultsObject["minProperties"] = 1
        return [("faultGenerator", generator), ("liveness", liveness), ("faultsObject", .object(faultsObject))]
    }
}
