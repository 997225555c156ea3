import SimulateCore
import SimulateJSON

/// The editor schemas of the configuration keys that hold structures.
enum ModelConfigurationDocs {
    static let uniqueKey: JSON = [
        "type": "object", "additionalProperties": false, "required": ["entity", "attributes"],
        "properties": [
            "entity": ["type": "string"], "attributes": ["type": "array", "items": ["type": "string"], "minItems": 1],
        ],
    ]

    static let pushSchema: JSON = [
        "type": "object", "additionalProperties": false,
        "properties": [
            "enabled": ["type": "boolean"],
            "delay": [
                "oneOf": [
                    ["$ref": "#/$defs/duration"],
                    [
                        "type": "object", "additionalProperties": false, "required": ["min", "max"],
                        "properties": ["min": ["$ref": "#/$defs/duration"], "max": ["$ref": "#/$defs/duration"]],
                    ],
                ]
            ],
            "dropProbability": ["type": "number", "minimum": 0, "maximum": 1], "coalesce": ["type": "boolean"],
        ],
    ]

    private static let attributeTypes: JSON = .array(EntityReader.attributeTypes.map { .string($0) })

    private static let entitySchema: JSON = [
        "type": "object", "additionalProperties": false, "required": ["name"],
        "properties": [
            "name": ["type": "string"], "renamedFrom": ["type": "string"], "parent": ["type": "string"],
            "attributes": [
                "type": "array",
                "items": [
                    "type": "object", "additionalProperties": false, "required": ["name", "type"],
                    "properties": [
                        "name": ["type": "string"], "type": ["enum": attributeTypes], "optional": ["type": "boolean"],
                        "default": [:], "unique": ["type": "boolean"], "renamedFrom": ["type": "string"],
                        "externalStorage": ["type": "boolean"],
                    ],
                ],
            ],
            "relationships": [
                "type": "array",
                "items": [
                    "type": "object", "additionalProperties": false, "required": ["name", "destination"],
                    "properties": [
                        "name": ["type": "string"], "destination": ["type": "string"], "toMany": ["type": "boolean"],
                        "optional": ["type": "boolean"], "inverse": ["type": "string"],
                        "deleteRule": ["enum": ["cascade", "nullify", "deny", "noAction"]],
                        "ordered": ["type": "boolean"], "unique": ["type": "boolean"],
                        "renamedFrom": ["type": "string"],
                    ],
                ],
            ],
        ],
    ]

    static let schemaSchema: JSON = [
        "type": "object", "additionalProperties": false,
        "properties": [
            "entities": ["type": "array", "items": entitySchema, "minItems": 1],
            "versions": [
                "type": "array", "minItems": 1,
                "items": [
                    "type": "object", "additionalProperties": false, "required": ["name", "entities"],
                    "properties": [
                        "name": ["type": "string"], "deployed": ["type": "boolean"],
                        "entities": ["type": "array", "items": entitySchema, "minItems": 1],
                    ],
                ],
            ],
        ],
    ]
}
