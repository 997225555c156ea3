import SimulateCore
import SimulateJSON

/// The documented configuration keys, with their defaults and editor schemas.
enum ModelConfigurationDocs {
    static let parameters: [ParameterDoc] = [
        ParameterDoc(
            "schema", type: "object", default: "the seeds' Project ↔ Task model",
            "The SwiftData schema: {\"entities\": […]} or {\"versions\": [{\"name\", \"deployed\", \"entities\"}]}; "
                + "default: the seeds' Project.tasks ([Task]?, cascade) ↔ Task.project (Project?, nullify) with "
                + "Project.name, Task.title, done, priority, displayId", schema: schemaSchema),
        ParameterDoc(
            "cloudKitDatabase", type: "string", default: "\"private\"",
            "private: the stores are mirrored to the private database and do not load when a schema version breaks "
                + "CloudKit's rules (Code=134060); none: no mirroring, the stores load whatever the schema (seed 004's "
                + "alternative, ModelConfiguration(cloudKitDatabase: .none))",
            schema: ["enum": ["private", "none"]]),
        ParameterDoc(
            "uniqueKeys", type: "array", default: "[]",
            "Logical keys CloudKit cannot enforce, checked across devices by model.uniqueness: "
                + "[{\"entity\": \"Project\", \"attributes\": [\"name\"]}]",
            schema: ["type": "array", "items": uniqueKey]),
        ParameterDoc(
            "conflictPolicy", type: "string", default: "\"recordLastWriterWins\"",
            "The toolkit's assumption (Apple documents no rule for which values survive a conflict): "
                + "recordLastWriterWins: the later save replaces the whole record; propertyMerge: the later save wins "
                + "per field and keeps the server's values of fields it did not change",
            schema: ["enum": ["recordLastWriterWins", "propertyMerge"]]),
        ParameterDoc(
            "displayId", type: "boolean", default: "false",
            "true (Task.displayId) or {\"entity\", \"attribute\"}: inserting that entity allocates its displayId "
                + "through the counter plugin on the device (needs \"counter\" enabled)",
            schema: [
                "oneOf": [
                    ["type": "boolean"],
                    [
                        "type": "object", "additionalProperties": false,
                        "properties": ["entity": ["type": "string"], "attribute": ["type": "string"]],
                    ],
                ]
            ]),
        ParameterDoc(
            "exportDebounce", type: "duration", default: "\"500ms\"",
            "Quiet time after the last local save before an export pass starts"),
        ParameterDoc(
            "periodicSync", type: "duration", default: "0",
            "0 (default): no timer, as NSPersistentCloudKitContainer imports on a push, at launch and on returning to "
                + "the foreground (model.foreground); otherwise the interval of a periodic pass on every device "
                + "(seeded phase per device), an option with no documented counterpart"),
        ParameterDoc("syncOnReconnect", type: "boolean", default: "true", "Run a pass when a device comes back online"),
        ParameterDoc(
            "push", type: "object", default: "{}",
            "Zone-subscription pushes (APNs): {\"enabled\": true, \"delay\": {\"min\": \"200ms\", \"max\": \"2s\"}, "
                + "\"dropProbability\": 0, \"coalesce\": true}; coalescing keeps one pending push per device and holds "
                + "the last one while the device is offline",
            schema: pushSchema),
        ParameterDoc(
            "exportBatchSize", type: "integer", default: "400",
            "Records per modify operation (1…400, CloudKit's limit); halved after limitExceeded",
            schema: ["type": "integer", "minimum": 1, "maximum": 400]),
        ParameterDoc(
            "importBatchSize", type: "integer", default: "400", "Changes per fetchChanges page (1…100000)",
            schema: ["type": "integer", "minimum": 1, "maximum": 100_000]),
        ParameterDoc(
            "importOrder", type: "string", default: "\"changeOrder\"",
            "Order records of a fetched page are applied in: changeOrder, reversed (children before parents), "
                + "shuffled (seeded) — CloudKit does not promise an order",
            schema: ["enum": ["changeOrder", "reversed", "shuffled"]]),
        ParameterDoc(
            "atomicExports", type: "boolean", default: "true",
            "Modify operations are atomic (one failed item fails the rest with batchRequestFailed; they are re-queued)"),
        ParameterDoc(
            "requestTimeout", type: "duration", default: "\"60s\"",
            "Timeout of one CloudKit request: CKOperation.Configuration.timeoutIntervalForRequest (60 s by default)"),
        ParameterDoc(
            "maxConflictRetries", type: "integer", default: "5",
            "Attempts per record and pass after serverRecordChanged or other item errors; the rest waits for the next pass",
            schema: ["type": "integer", "minimum": 0, "maximum": 100]),
        ParameterDoc(
            "retryBackoff", type: "duration", default: "\"1s\"",
            "First retry delay after a failed pass, doubling to 60s (at least the server's retry-after)"),
    ]

    static let uniqueKey: JSON = [
        "type": "object", "additionalProperties": false, "required": ["entity", "attributes"],
        "properties": [
            "entity": ["type": "string"], "attributes": ["type": "array", "items": ["type": "string"], "minItems": 1],
        ],
    ]

    private static let pushSchema: JSON = [
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
            "name": ["type": "string"], "renamedFrom": ["type": "string"],
            "attributes": [
                "type": "array",
                "items": [
                    "type": "object", "additionalProperties": false, "required": ["name", "type"],
                    "properties": [
                        "name": ["type": "string"], "type": ["enum": attributeTypes], "optional": ["type": "boolean"],
                        "default": [:], "unique": ["type": "boolean"], "renamedFrom": ["type": "string"],
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
                        "ordered": ["type": "boolean"], "renamedFrom": ["type": "string"],
                    ],
                ],
            ],
        ],
    ]

    private static let schemaSchema: JSON = [
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
