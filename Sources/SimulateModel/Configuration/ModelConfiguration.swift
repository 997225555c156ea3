import SimulateCore
import SimulateJSON

/// The `model` plugin's configuration (`"plugins": {"model": {…}}`), every key with its default.
public struct ModelConfiguration: PluginValue {
    public enum ConflictPolicy: String, Sendable, CaseIterable {
        /// The later save replaces the whole record (the device re-sends every field over the server's).
        case recordLastWriterWins
        /// The later save wins per field: the device keeps the server's values of fields it did not change.
        case propertyMerge
    }

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
        case `private`
        case none
    }

    /// A logical key that CloudKit cannot enforce: no two objects of `entity` may share these values.
    public struct UniqueKey: Sendable, Equatable {
        public var entity: String
        public var attributes: [String]
    }

    public struct PushModel: Sendable, Equatable {
        public var enabled = true
        public var delayMin = VirtualDuration.milliseconds(200)
        public var delayMax = VirtualDuration.seconds(2)
        public var dropProbability = 0.0
        /// At most one push pending per device; while offline APNs keeps only the last one.
        public var coalesce = true
    }

    public var schema: ModelSchema = .seeds
    public var cloudKitDatabase: CloudKitDatabase = .private
    public var uniqueKeys: [UniqueKey] = []
    public var conflictPolicy: ConflictPolicy = .recordLastWriterWins
    /// Entity and int attribute that get a displayId from the counter plugin on insert.
    public var displayID: (entity: String, attribute: String)?
    public var exportDebounce = VirtualDuration.milliseconds(500)
    /// 0 (the default): no periodic passes, as the container has none (it imports on a push, at launch
    /// and on returning to the foreground).
    public var periodicSync = VirtualDuration.zero
    public var syncOnReconnect = true
    public var push = PushModel()
    public var exportBatchSize = 400
    public var importBatchSize = 400
    public var importOrder: ImportOrder = .changeOrder
    public var atomicExports = true
    /// `CKOperation.Configuration.timeoutIntervalForRequest`: 60 s by default.
    public var requestTimeout = VirtualDuration.seconds(60)
    public var maxConflictRetries = 5
    public var retryBackoff = VirtualDuration.seconds(1)
    public static let retryBackoffCap = VirtualDuration.seconds(60)

    public init() {}

    /// Reads and checks a configuration object; nil when it has errors (reported at their paths).
    public static var parameters: [ParameterDoc] { ModelConfigurationDocs.parameters }

    public static func decode(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> ModelConfiguration? {
        read(value, at: path, diagnostics: diagnostics)
    }

    public static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> ModelConfiguration? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let before = diagnostics.items.count
        var configuration = ModelConfiguration()
        if let schema = reader.value("schema") {
            configuration.schema = SchemaReader.read(schema, at: path / "schema", diagnostics: diagnostics) ?? .seeds
        }
        let layout = StoreLayout(configuration.schema.current)
        if let database = reader.choice("cloudKitDatabase", CloudKitDatabase.allCases.map(\.rawValue)) {
            configuration.cloudKitDatabase = CloudKitDatabase(rawValue: database) ?? .private
        }
        if let keys = reader.value("uniqueKeys") {
            configuration.uniqueKeys = readUniqueKeys(keys, layout, at: path / "uniqueKeys", diagnostics)
        }
        if let policy = reader.choice("conflictPolicy", ConflictPolicy.allCases.map(\.rawValue)) {
            configuration.conflictPolicy = ConflictPolicy(rawValue: policy) ?? .recordLastWriterWins
        }
        if let displayID = reader.value("displayId") {
            configuration.displayID = readDisplayID(displayID, layout, at: path / "displayId", diagnostics)
        }
        configuration.exportDebounce = reader.duration("exportDebounce") ?? .milliseconds(500)
        configuration.periodicSync = reader.duration("periodicSync") ?? .zero
        if (.nanoseconds(1)..<(.milliseconds(1))).contains(configuration.periodicSync) {
            diagnostics.error(
                "a periodic sync interval must be at least 1ms (or 0 for none)", at: path / "periodicSync")
        }
        configuration.syncOnReconnect = reader.bool("syncOnReconnect") ?? true
        if let push = reader.value("push") {
            configuration.push = readPush(push, at: path / "push", diagnostics) ?? PushModel()
        }
        configuration.exportBatchSize = reader.int("exportBatchSize", range: 1...400) ?? 400
        configuration.importBatchSize = reader.int("importBatchSize", range: 1...100_000) ?? 400
        if let order = reader.choice("importOrder", ImportOrder.allCases.map(\.rawValue)) {
            configuration.importOrder = ImportOrder(rawValue: order) ?? .changeOrder
        }
        configuration.atomicExports = reader.bool("atomicExports") ?? true
        configuration.requestTimeout = reader.duration("requestTimeout") ?? .seconds(60)
        if configuration.requestTimeout <= .zero {
            diagnostics.error("the request timeout must be longer than 0", at: path / "requestTimeout")
        }
        configuration.maxConflictRetries = reader.int("maxConflictRetries", range: 0...100) ?? 5
        configuration.retryBackoff = reader.duration("retryBackoff") ?? .seconds(1)
        if configuration.retryBackoff < .milliseconds(1) {
            diagnostics.error("the retry backoff must be at least 1ms", at: path / "retryBackoff")
        }
        reader.rejectUnknownKeys()
        return diagnostics.items.count == before ? configuration : nil
    }

    private static func readUniqueKeys(
        _ value: JSON, _ layout: StoreLayout, at path: JSONPath, _ diagnostics: Diagnostics
    ) -> [UniqueKey] {
        guard let items = value.arrayValue else {
            diagnostics.error("expected an array of {\"entity\", \"attributes\"}, found \(value.typeName)", at: path)
            return []
        }
        var keys: [UniqueKey] = []
        for (index, item) in items.enumerated() {
            if let key = readUniqueKey(item, layout, at: path / index, diagnostics) { keys.append(key) }
        }
        return keys
    }

    static func readUniqueKey(_ value: JSON, _ layout: StoreLayout, at path: JSONPath, _ diagnostics: Diagnostics)
        -> UniqueKey?
    {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        defer { reader.rejectUnknownKeys() }
        guard let name = reader.id("entity", required: true) else { return nil }
        guard let entity = layout.entity(named: name) else {
            diagnostics.error(unknownEntity(name, layout), at: path / "entity")
            return nil
        }
        guard let list = reader.value("attributes", required: true) else { return nil }
        guard let names = list.arrayValue, !names.isEmpty else {
            diagnostics.error("expected a non-empty array of attribute names", at: path / "attributes")
            return nil
        }
        var attributes: [String] = []
        for (index, item) in names.enumerated() {
            guard let attribute = item.stringValue, entity.spec.attribute(named: attribute) != nil else {
                diagnostics.error(
                    "\(entity.name) has no attribute \(JSONWriter.string(item)) (attributes: "
                        + entity.attributes.map(\.name).joined(separator: ", ") + ")", at: path / "attributes" / index)
                continue
            }
            attributes.append(attribute)
        }
        return attributes.count == names.count ? UniqueKey(entity: name, attributes: attributes) : nil
    }

    private static func readDisplayID(
        _ value: JSON, _ layout: StoreLayout, at path: JSONPath, _ diagnostics: Diagnostics
    ) -> (entity: String, attribute: String)? {
        var target: (entity: String, attribute: String)? = ("Task", "displayId")
        if case .bool(let enabled) = value {
            if !enabled { return nil }
        } else if let reader = ObjectReader(value, at: path, diagnostics: diagnostics, what: "true, false or an object")
        {
            target = (reader.id("entity") ?? "Task", reader.id("attribute") ?? "displayId")
            reader.rejectUnknownKeys()
        } else {
            return nil
        }
        guard let target else { return nil }
        guard let entity = layout.entity(named: target.entity) else {
            diagnostics.error(unknownEntity(target.entity, layout), at: path)
            return nil
        }
        guard let attribute = entity.spec.attribute(named: target.attribute), attribute.type == .int, !attribute.isArray
        else {
            diagnostics.error(
                "\(target.entity).\(target.attribute) must be an int attribute to hold a displayId", at: path)
            return nil
        }
        return target
    }

    private static func readPush(_ value: JSON, at path: JSONPath, _ diagnostics: Diagnostics) -> PushModel? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        var push = PushModel()
        push.enabled = reader.bool("enabled") ?? true
        if let delay = reader.value("delay") {
            if let range = ObjectReader(delay, at: path / "delay", diagnostics: Diagnostics()), range.has("min") {
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
