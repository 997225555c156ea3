import SimulateCore
import SimulateJSON

/// The `model` plugin's configuration (`"plugins": {"model": {…}}`), every key with its default;
/// the keys are declared once in `ModelConfiguration+Fields.swift`.
public struct ModelConfiguration: PluginArguments {
    /// `conflictPolicy`: which values survive when two devices save the same record (an assumption: Apple documents no rule).
    public enum ConflictPolicy: String, Sendable, CaseIterable {
        /// The later save replaces the whole record (the device re-sends every field over the server's).
        case recordLastWriterWins
        /// The later save wins per field: the device keeps the server's values of fields it did not change.
        case propertyMerge
    }

    /// `importOrder`: the order the records of a fetched page are applied in.
    public enum ImportOrder: String, Sendable, CaseIterable {
        /// As the server's change feed lists them.
        case changeOrder
        /// Each fetched page back to front: children before their parents.
        case reversed
        /// Each fetched page in a seeded random order.
        case shuffled
    }

    /// `ModelConfiguration(cloudKitDatabase:)`: mirror to the private database, or not at all (seed 004's
    /// "Alternative: Disable CloudKit").
    public enum CloudKitDatabase: String, Sendable, CaseIterable {
        /// Mirrored to the private database.
        case `private`
        /// No mirroring: the stores load whatever the schema.
        case none
    }

    /// Which versions of a migration plan the CloudKit rules are checked on.
    public enum ValidatedVersions: String, Sendable, CaseIterable {
        /// Every version (the seeds' reading: an assumption).
        case all
        /// Only the version the store loads, the plan's last (what the validator inspects).
        case current
    }

    /// A logical key that CloudKit cannot enforce: no two objects of `entity` may share these values.
    public struct UniqueKey: Sendable, Equatable {
        /// The entity whose objects must differ.
        public var entity: String
        /// The attributes whose values together must differ.
        public var attributes: [String]
    }

    /// `push`: how the zone subscription's silent pushes (APNs) arrive.
    public struct PushModel: Sendable, Equatable {
        /// `enabled`: whether a change pushes to the other devices at all.
        public var enabled = true
        /// `delay.min`: the shortest push delay.
        public var delayMin = VirtualDuration.milliseconds(200)
        /// `delay.max`: the longest push delay.
        public var delayMax = VirtualDuration.seconds(2)
        /// `dropProbability`: the chance that APNs never delivers a push.
        public var dropProbability = 0.0
        /// At most one push pending per device; while offline APNs keeps only the last one.
        public var coalesce = true
    }

    /// The schema the stores run: read from `sources` when the scenario names Swift sources, else the
    /// inline `schema` (default: the seeds' model).
    public var schema: ModelSchema {
        get { sources?.schema ?? inlineSchema }
        set { inlineSchema = newValue }
    }
    /// `schema`: the inline schema (the seeds' Project ↔ Task model by default).
    public var inlineSchema: ModelSchema = .seeds
    /// `"sources"`: the team's Swift files, read once at load by ``SwiftSourceSchema``.
    public var sources: SwiftSourceSchema.Sources?
    /// `cloudKitDatabase`: mirror to the private database, or not at all.
    public var cloudKitDatabase: CloudKitDatabase = .private
    public var validateVersions: ValidatedVersions = .all
    /// The entities of the store's `ModelConfiguration(schema:)`; nil: every entity of the schema.
    public var configurationEntities: [String]?
    /// `uniqueKeys`: logical keys CloudKit cannot enforce, checked across devices by `model.uniqueness`.
    public var uniqueKeys: [UniqueKey] = []
    /// `conflictPolicy`: which values survive a conflict.
    public var conflictPolicy: ConflictPolicy = .recordLastWriterWins
    /// Entity and int attribute that get a displayId from the counter plugin on insert.
    public var displayID: (entity: String, attribute: String)?
    /// `exportDebounce`: quiet time after the last local save before an export pass starts.
    public var exportDebounce = VirtualDuration.milliseconds(500)
    /// The system's wait before a pass it schedules: an assumption (TN3164: the system decides).
    public var syncDeferral = SyncDeferral.standard
    /// 0 (the default): no periodic passes, as the container has none (it imports on a push, at launch
    /// and on returning to the foreground).
    public var periodicSync = VirtualDuration.zero
    /// `syncOnReconnect`: run a pass when a device comes back online.
    public var syncOnReconnect = true
    /// `push`: the zone subscription's pushes.
    public var push = PushModel()
    /// `exportBatchSize`: records per modify operation (at most 400, CloudKit's limit); halved after `limitExceeded`.
    public var exportBatchSize = 400
    /// `importBatchSize`: changes per fetchChanges page.
    public var importBatchSize = 400
    /// `importOrder`: the order a fetched page is applied in.
    public var importOrder: ImportOrder = .changeOrder
    /// `atomicExports`: modify operations are atomic (one failed item fails the rest with `batchRequestFailed`).
    public var atomicExports = true
    /// `CKOperation.Configuration.timeoutIntervalForRequest`: 60 s by default (an assumption, see the field).
    public var requestTimeout = VirtualDuration.seconds(60)
    /// `maxConflictRetries`: attempts per record and pass after `serverRecordChanged` or other item errors.
    public var maxConflictRetries = 5
    /// `retryBackoff`: the first retry delay after a failed pass, doubling up to ``retryBackoffCap``.
    public var retryBackoff = VirtualDuration.seconds(1)
    /// The longest retry delay after failed passes.
    public static let retryBackoffCap = VirtualDuration.seconds(60)

    /// Every key at its default.
    public init() {}

    /// Reads and checks a configuration object; nil when it has errors (reported at their paths).
    public static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> ModelConfiguration? {
        decode(value, at: path, diagnostics: diagnostics)
    }

    /// Checks keys whose names the schema decides; reports each at its path under `path` (`keys`).
    static func check(_ keys: [UniqueKey], _ layout: StoreLayout, at path: JSONPath, _ diagnostics: Diagnostics) {
        for (index, key) in keys.enumerated() {
            guard let entity = layout.entity(named: key.entity) else {
                diagnostics.error(unknownEntity(key.entity, layout), at: path / index / "entity")
                continue
            }
            for (position, name) in key.attributes.enumerated() where entity.spec.attribute(named: name) == nil {
                diagnostics.error(
                    "\(entity.name) has no attribute \(JSONWriter.string(.string(name))) (attributes: "
                        + entity.attributes.map(\.name).joined(separator: ", ") + ")",
                    at: path / index / "attributes" / position)
            }
        }
    }

    /// `displayId`: `true` (Task.displayId), `false`, or `{"entity", "attribute"}`; checked against the
    /// schema by ``check(at:diagnostics:)``.
    static func readDisplayID(_ value: JSON, at path: JSONPath, _ diagnostics: Diagnostics)
        -> (entity: String, attribute: String)??
    {
        if case .bool(let enabled) = value { return .some(enabled ? ("Task", "displayId") : nil) }
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics, what: "true, false or an object")
        else { return nil }
        let before = diagnostics.items.count
        let target = (reader.id("entity") ?? "Task", reader.id("attribute") ?? "displayId")
        reader.rejectUnknownKeys()
        return diagnostics.items.count == before ? .some(target) : nil
    }

    /// The configured displayId target is an int attribute of an entity of the schema.
    static func check(
        displayID target: (entity: String, attribute: String), _ layout: StoreLayout, at path: JSONPath,
        _ diagnostics: Diagnostics
    ) {
        guard let entity = layout.entity(named: target.entity) else {
            diagnostics.error(unknownEntity(target.entity, layout), at: path)
            return
        }
        guard let attribute = entity.spec.attribute(named: target.attribute), attribute.type == .int, !attribute.isArray
        else {
            diagnostics.error(
                "\(target.entity).\(target.attribute) must be an int attribute to hold a displayId", at: path)
            return
        }
    }

    static func readPush(_ value: JSON, at path: JSONPath, _ diagnostics: Diagnostics) -> PushModel? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        var push = PushModel()
        push.enabled = reader.bool("enabled") ?? true
        if let delay = reader.value("delay") {
            if delay["min"] != nil {
                let delayReader = ObjectReader(delay, at: path / "delay", diagnostics: diagnostics)
                push.delayMin = delayReader?.duration("min", required: true) ?? .zero
                push.delayMax = delayReader?.duration("max", required: true) ?? .zero
                delayReader?.rejectUnknownKeys()
            } else if let fixed = DurationValue.parse(delay, at: path / "delay", diagnostics: diagnostics) {
                push.delayMin = fixed
                push.delayMax = fixed
            }
            if push.delayMax < push.delayMin {
                diagnostics.error("\"max\" must not be below \"min\"", at: path / "delay")
            }
        }
        push.dropProbability = reader.double("dropProbability", range: 0...1) ?? 0
        push.coalesce = reader.bool("coalesce") ?? true
        reader.rejectUnknownKeys()
        return push
    }

    static func unknownEntity(_ name: String, _ layout: StoreLayout) -> String {
        "unknown entity \(BoundedQuote.quote(name)) (entities: \(layout.entities.map(\.name).joined(separator: ", ")))"
    }
}
