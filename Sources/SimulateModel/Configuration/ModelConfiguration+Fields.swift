import SimulateCore
import SimulateJSON

/// Every key of the `model` configuration, declared once: the docs, the schema and the checks of a
/// scenario's `plugins.model` follow from these fields; rules that need the schema are in `check`.
extension ModelConfiguration {
    public static let fields: [Field<Self>] = [
        .custom(
            "schema", \.inlineSchema, type: "object", default: "the seeds' Project ↔ Task model",
            schema: ModelConfigurationDocs.schemaSchema,
            "The SwiftData schema: {\"entities\": […]} or {\"versions\": [{\"name\", \"deployed\", \"entities\"}]}; "
                + "default: the seeds' Project.tasks ([Task]?, cascade) ↔ Task.project (Project?, nullify) with "
                + "Project.name, Task.title, done, priority, displayId", read: SchemaReader.read),
        .custom(
            "sources", \.sources, type: "string", default: "none",
            schema: [
                "oneOf": [
                    ["type": "string"], ["type": "array", "items": ["type": "string"], "minItems": 1],
                ]
            ],
            "The team's SwiftData sources instead of an inline schema: a .swift file or folder, or an array of them, "
                + "relative to the scenario file; read once at load with swift-syntax (needs the SimulateModelCheck "
                + "product: the simulate command line built with its default traits has it, a test installs it with "
                + "ModelCheck.installSourceReader()); "
                + "errors point at the Swift declaration. See docs/model-check.md", read: SwiftSourceSchema.read),
        .choice(
            "cloudKitDatabase", \.cloudKitDatabase,
            "private: the stores are mirrored to the private database and do not load when a schema version breaks "
                + "CloudKit's rules (Code=134060); none: no mirroring, the stores load whatever the schema (seed 004's "
                + "alternative, ModelConfiguration(cloudKitDatabase: .none))"),
        .choice(
            "validateVersions", \.validateVersions,
            "all: CloudKit's rules are checked on every version of a migration plan (an assumption from seeds 001 "
                + "and 004; Core Data's validator inspects the model it loads); current: only the version the store "
                + "loads, the plan's last"),
        .custom(
            "configurationEntities", \.configurationEntities, type: "array", default: "every entity",
            schema: ["type": "array", "items": ["type": "string"], "minItems": 1],
            "The entities of the store's ModelConfiguration(schema:): model.schema reports a relationship to an "
                + "entity outside them (Core Data keeps relationships within one store; Apple's sample \"Linking Data "
                + "Between Two Core Data Stores\" links stores with a fetched property instead)",
            read: { value, path, diagnostics in readEntityNames(value, at: path, diagnostics).map { .some($0) } }),
        .custom(
            "uniqueKeys", \.uniqueKeys, type: "array", default: "[]",
            schema: ["type": "array", "items": ModelConfigurationDocs.uniqueKey],
            "Logical keys CloudKit cannot enforce, checked across devices by model.uniqueness: "
                + "[{\"entity\": \"Project\", \"attributes\": [\"name\"]}]", read: UniqueKey.decodeList),
        .choice(
            "conflictPolicy", \.conflictPolicy,
            "The toolkit's assumption (Apple documents no rule for which values survive a conflict): "
                + "recordLastWriterWins: the later save replaces the whole record; propertyMerge: the later save wins "
                + "per field and keeps the server's values of fields it did not change"),
        .custom(
            "displayId", \.displayID, type: "boolean", default: "false",
            schema: [
                "oneOf": [
                    ["type": "boolean"],
                    [
                        "type": "object", "additionalProperties": false,
                        "properties": ["entity": ["type": "string"], "attribute": ["type": "string"]],
                    ],
                ]
            ],
            "true (Task.displayId) or {\"entity\", \"attribute\"}: inserting that entity allocates its displayId "
                + "through the counter plugin on the device (needs \"counter\" enabled)", read: readDisplayID),
        .duration(
            "exportDebounce", \.exportDebounce,
            "Quiet time after the last local save before the container asks for an export pass: the toolkit's "
                + "assumption (Apple documents no figure; the system schedules exports, TN3164)"),
        .custom(
            "syncDeferral", \.syncDeferral, type: "duration", default: "{\"min\": \"0s\", \"max\": \"500ms\"}",
            schema: SyncDeferral.schema,
            "How long the system waits before a pass it schedules (after a save's exportDebounce, on a push, on "
                + "reconnect, at launch, on model.foreground): seeded uniform per request, a duration or {\"min\", "
                + "\"max\"} up to 24h. An assumption: the system decides when exports and imports run (TN3163, "
                + "TN3164) and documents no figure; model.sync and retries do not wait", read: SyncDeferral.read),
        .duration(
            "periodicSync", \.periodicSync,
            "0 (default): no timer, as NSPersistentCloudKitContainer imports on a push, at launch and on returning to "
                + "the foreground (model.foreground); otherwise the interval of a periodic pass on every device "
                + "(seeded phase per device), an option with no documented counterpart"),
        .boolean("syncOnReconnect", \.syncOnReconnect, "Run a pass when a device comes back online"),
        .custom(
            "push", \.push, type: "object", default: "{}", schema: ModelConfigurationDocs.pushSchema,
            "Zone-subscription pushes (APNs): {\"enabled\": true, \"delay\": {\"min\": \"200ms\", \"max\": \"2s\"}, "
                + "\"dropProbability\": 0, \"coalesce\": true}; coalescing keeps one pending push per device and holds "
                + "the last one while the device is offline", read: readPush),
        .integer(
            "exportBatchSize", \.exportBatchSize, in: 1...400,
            "Records per modify operation (1…400, CloudKit's limit); halved after limitExceeded"),
        .integer(
            "importBatchSize", \.importBatchSize, in: 1...100_000, "Changes per fetchChanges page (1…100000)"),
        .choice(
            "importOrder", \.importOrder,
            "Order records of a fetched page are applied in: changeOrder, reversed (children before parents), "
                + "shuffled (seeded) — CloudKit does not promise an order"),
        .boolean(
            "atomicExports", \.atomicExports,
            "Modify operations are atomic (one failed item fails the rest with batchRequestFailed; they are re-queued)"),
        .duration(
            "requestTimeout", \.requestTimeout,
            "Timeout of one CloudKit request: CKOperation.Configuration.timeoutIntervalForRequest (60 s by default: "
                + "the deprecated CKOperation.timeoutIntervalForRequest's documented default, \"The default value is "
                + "60\"; the same for the configuration is an assumption)"),
        .integer(
            "maxConflictRetries", \.maxConflictRetries, in: 0...100,
            "Attempts per record and pass after serverRecordChanged or other item errors; the rest waits for the next pass"
        ),
        .duration(
            "retryBackoff", \.retryBackoff,
            "First retry delay after a failed pass, doubling to 60s (at least the server's retry-after)"),
    ]

    /// The rules between keys: names the schema decides, and bounds no field states.
    public func check(at path: JSONPath, diagnostics: Diagnostics) {
        let layout = StoreLayout(schema.current)
        Self.check(uniqueKeys, layout, at: path / "uniqueKeys", diagnostics)
        if let displayID { Self.check(displayID: displayID, layout, at: path / "displayId", diagnostics) }
        for (index, name) in (configurationEntities ?? []).enumerated() where layout.entity(named: name) == nil {
            diagnostics.error(Self.unknownEntity(name, layout), at: path / "configurationEntities" / index)
        }
        if (.nanoseconds(1)..<(.milliseconds(1))).contains(periodicSync) {
            diagnostics.error(
                "a periodic sync interval must be at least 1ms (or 0 for none)", at: path / "periodicSync")
        }
        if requestTimeout <= .zero {
            diagnostics.error("the request timeout must be longer than 0", at: path / "requestTimeout")
        }
        if retryBackoff < .milliseconds(1) {
            diagnostics.error("the retry backoff must be at least 1ms", at: path / "retryBackoff")
        }
    }

    /// A non-empty array of entity names; checked against the schema by ``check(at:diagnostics:)``.
    static func readEntityNames(_ value: JSON, at path: JSONPath, _ diagnostics: Diagnostics) -> [String]? {
        guard let items = value.arrayValue, !items.isEmpty else {
            diagnostics.error("expected a non-empty array of entity names, found \(value.typeName)", at: path)
            return nil
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            guard let name = item.stringValue else {
                diagnostics.error("expected an entity name, found \(item.typeName)", at: path / index)
                continue
            }
            names.append(name)
        }
        return names.count == items.count ? names : nil
    }
}
