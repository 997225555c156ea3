import SimulateCore
import SimulateJSON

/// What a `model` step does, read once from its `args`.
public struct ModelAction: PluginEntries {
    enum Kind: String {
        case insert, update, delete, fetch, sync, foreground, deduplicate, expireChangeTokens, throttleSync
    }

    let kind: Kind
    let entity: String
    let id: String?
    let values: JSONObject
    let predicate: JSON?
    /// `predicate` as the loader decoded it: the run never parses it again.
    var parsedPredicate: ModelPredicate? = nil
    /// `deduplicate` only: the attributes that make two objects the same (nil: the app's own rule).
    var by: [String]? = nil
    /// `values` typed by the scenario's schema, as ``ModelPlugin/prepare(action:device:at:context:)``
    /// made them when the scenario loaded (nil only for an action that was never prepared).
    var typedValues: TypedValues? = nil
    /// `throttleSync` only: how long the system holds the device's passes back, and the least time
    /// between two passes meanwhile (nil: none runs until the end).
    var throttle: (length: VirtualDuration, every: VirtualDuration?)? = nil

    /// A `where` clause as written and as the loader decoded it.
    struct Clause: Sendable {
        var json: JSON
        var predicate: ModelPredicate
    }

    /// The arguments of every action on objects; each action declares the members it takes.
    struct Arguments: PluginArguments {
        var entity = ""
        var id: String?
        var values = JSONObject()
        var clause: Clause?
        var by: [String]?

        static let entity: Field<Self> = .id("entity", \.entity, required: true, "Entity name, e.g. \"Task\"")
        static let id: Field<Self> = .value(
            "id", \.id, type: "id", default: "the record name", "The app's identifier: the object's @id"
        ) { reader, name in reader.id(name).map { .some($0) } }
        static func values(required: Bool) -> Field<Self> {
            .custom(
                "values", \.values, type: "object", default: required ? nil : "{}", schema: ["type": "object"],
                "Attribute values; to-one relationships take an @id, null or {\"where\": …}; to-many an array of @ids"
            ) { json, path, diagnostics in
                guard let object = json.objectValue else {
                    diagnostics.error("expected an object, found \(json.typeName)", at: path)
                    return nil
                }
                return object
            }
        }
        static let clause: Field<Self> = .custom(
            "where", \.clause, type: "object", default: "{}", schema: ["type": "object"],
            "Predicate: {\"title\": \"Milk\"}, {\"priority\": {\">=\": 2}}, {\"project.name\": \"Home\"}, "
                + "{\"@id\": \"t1\"}, {\"and\"|\"or\": […]}, {\"not\": …}; {} matches every object"
        ) { json, path, diagnostics in
            switch ModelPredicate.parse(json, at: path) {
            case .success(let predicate): return Clause(json: json, predicate: predicate)
            case .failure(let error):
                diagnostics.error(error.message, at: error.path)
                return nil
            }
        }
        static let by: Field<Self> = .custom(
            "by", \.by, type: "array", default: "[\"@id\"]",
            schema: ["type": "array", "items": ["type": "string"], "minItems": 1],
            "Attribute names whose values make the key; \"@id\" stands for the object's @id"
        ) { json, path, diagnostics in
            let names = json.arrayValue?.compactMap(\.stringValue)
            guard let names, !names.isEmpty, names.count == json.arrayValue?.count else {
                diagnostics.error("expected a non-empty array of attribute names", at: path)
                return nil
            }
            return names
        }

        static var fields: [Field<Self>] { [entity, id, values(required: false), clause, by] }
    }

    struct Insert: PluginArguments {
        var arguments = Arguments()
        static let fields: [Field<Self>] = [
            Arguments.entity.lifted(\.arguments), Arguments.id.lifted(\.arguments),
            Arguments.values(required: false).lifted(\.arguments),
        ]
    }

    struct Update: PluginArguments {
        var arguments = Arguments()
        static let fields: [Field<Self>] = [
            Arguments.entity.lifted(\.arguments), Arguments.clause.lifted(\.arguments),
            Arguments.values(required: true).lifted(\.arguments),
        ]
    }

    struct Match: PluginArguments {
        var arguments = Arguments()
        static let fields: [Field<Self>] = [
            Arguments.entity.lifted(\.arguments), Arguments.clause.lifted(\.arguments),
        ]
    }

    struct Deduplicate: PluginArguments {
        var arguments = Arguments()
        static let fields: [Field<Self>] = [Arguments.entity.lifted(\.arguments), Arguments.by.lifted(\.arguments)]
    }

    struct Throttle: PluginArguments {
        var length = VirtualDuration.zero
        var every: VirtualDuration?
        static let fields: [Field<Self>] = [
            .value(
                "for", \.length, type: "duration", default: nil,
                "How long the system holds the device's passes back (longer than 0s, at most 24h)"
            ) { reader, name in
                guard let length = reader.duration(name, required: true) else { return nil }
                guard length > .zero, length <= .hours(24) else {
                    reader.diagnostics.error("for must be longer than 0s and at most 24h", at: reader.path / name)
                    return nil
                }
                return length
            },
            .value(
                "every", \.every, type: "duration", default: "none",
                "Throttle rather than defer: at most one pass per this interval meanwhile (none: no pass until the end)"
            ) { reader, name in
                guard let every = reader.duration(name) else { return nil }
                guard every > .zero, every <= .hours(24) else {
                    reader.diagnostics.error("every must be longer than 0s and at most 24h", at: reader.path / name)
                    return nil
                }
                return .some(every)
            },
        ]
    }

    private static func doc(_ kind: Kind) -> EntryDoc {
        guard let doc = ModelEntryDocs.actions.first(where: { $0.name == kind.rawValue }) else {
            preconditionFailure("model.\(kind.rawValue) has no documentation")
        }
        return doc
    }

    public static let entries: [Entry<Self>] = [
        .entry(doc(.insert), device: .required(), arguments: Insert.self) { ModelAction(.insert, $0.arguments) },
        .entry(doc(.update), device: .required(), arguments: Update.self) { ModelAction(.update, $0.arguments) },
        .entry(doc(.delete), device: .required(), arguments: Match.self) { ModelAction(.delete, $0.arguments) },
        .entry(doc(.fetch), device: .required(), arguments: Match.self) { ModelAction(.fetch, $0.arguments) },
        .entry(doc(.sync), device: .required(), ModelAction(.sync)),
        .entry(doc(.deduplicate), device: .required(), arguments: Deduplicate.self) {
            ModelAction(.deduplicate, $0.arguments)
        },
        .entry(doc(.foreground), device: .required(), ModelAction(.foreground)),
        .entry(
            doc(.expireChangeTokens), device: .forbidden(role: "is a server-side fault"),
            ModelAction(.expireChangeTokens)),
        .entry(doc(.throttleSync), device: .required(), arguments: Throttle.self) { arguments in
            var action = ModelAction(.throttleSync)
            action.throttle = (arguments.length, arguments.every)
            return action
        },
    ]
}

extension ModelAction {
    fileprivate init(_ kind: Kind, _ arguments: Arguments = Arguments()) {
        self.init(
            kind: kind, entity: arguments.entity, id: arguments.id, values: arguments.values,
            predicate: arguments.clause?.json, parsedPredicate: arguments.clause?.predicate, by: arguments.by)
    }
}

/// A `model` invariant with its arguments, read once when the scenario loads.
public enum ModelInvariant: PluginEntries {
    /// The schema passes CloudKit's model validation and add-only migration.
    case schema
    /// At the end every device holds exactly the server's objects, values and links.
    case converged
    /// At the end no reference names a missing object, on the server or any device.
    case relationships
    /// No save overwrote a field another device had changed since the saver last saw it.
    case noLostUpdates
    /// No two objects share a logical unique key, on the server or any device.
    case uniqueness(Uniqueness)

    /// `uniqueness`'s arguments: keys beyond the configured ones. Their entity and attribute names are
    /// checked against the schema by ``ModelPlugin/check(invariant:at:context:)``.
    public struct Uniqueness: PluginArguments {
        /// `keys`: more keys, beyond the configured ones.
        public var keys: [ModelConfiguration.UniqueKey] = []
        /// No extra keys.
        public init() {}
        public static let fields: [Field<Self>] = [
            .custom(
                "keys", \.keys, type: "array", default: "[]",
                schema: ["type": "array", "items": ModelConfigurationDocs.uniqueKey],
                "More keys: [{\"entity\", \"attributes\"}]", read: ModelConfiguration.UniqueKey.decodeList)
        ]
    }

    var name: String {
        switch self {
        case .schema: "schema"
        case .converged: "converged"
        case .relationships: "relationships"
        case .noLostUpdates: "noLostUpdates"
        case .uniqueness: "uniqueness"
        }
    }

    private static func doc(_ name: String) -> EntryDoc {
        guard let doc = ModelEntryDocs.invariants.first(where: { $0.name == name }) else {
            preconditionFailure("model.\(name) has no documentation")
        }
        return doc
    }

    public static let entries: [Entry<Self>] = [
        .entry(doc("schema"), .schema),
        .entry(doc("converged"), .converged),
        .entry(doc("relationships"), .relationships),
        .entry(doc("noLostUpdates"), .noLostUpdates),
        .entry(doc("uniqueness"), arguments: Uniqueness.self, Self.uniqueness),
    ]
}

/// A `model` observable with its arguments, read once when the scenario loads.
public enum ModelObservable: PluginEntries {
    case objects(entity: String)
    case serverObjects(entity: String)
    /// The server's records of one record type (`CD_Task`, `CDMR`), fields and all.
    case serverRecords(recordType: String)
    /// nil: objects of every entity.
    case count(entity: String?)
    case lastFetch, lastError, pendingChanges, unlinked, schemaError

    /// The arguments of an observable of one entity; the name is checked against the schema by
    /// ``ModelPlugin/check(observable:device:at:context:)``.
    public struct Entity: PluginArguments {
        /// `entity`: the entity's name.
        public var entity = ""
        /// No entity named yet (the scenario must name one).
        public init() {}
        public static let fields: [Field<Self>] = [.id("entity", \.entity, required: true, "Entity name")]
    }

    /// `serverRecords`' arguments.
    public struct RecordType: PluginArguments {
        public var recordType = ""
        public init() {}
        public static let fields: [Field<Self>] = [
            .id(
                "recordType", \.recordType, required: true, "A record type: CD_<Entity>, or CDMR for many-to-many links"
            )
        ]
    }

    /// `count`'s arguments.
    public struct Count: PluginArguments {
        /// `entity`: the entity's name; nil: every entity.
        public var entity: String?
        /// Every entity.
        public init() {}
        public static let fields: [Field<Self>] = [
            .value("entity", \.entity, type: "id", default: "every entity", schema: ["type": "string"], "Entity name") {
                reader, name in reader.id(name).map { .some($0) }
            }
        ]
    }

    /// The entity the observable reads, when it names one.
    var entity: String? {
        switch self {
        case .objects(let entity), .serverObjects(let entity): entity
        case .count(let entity): entity
        default: nil
        }
    }

    private static func doc(_ name: String) -> EntryDoc {
        guard let doc = ModelEntryDocs.observables.first(where: { $0.name == name }) else {
            preconditionFailure("model.\(name) has no documentation")
        }
        return doc
    }

    private static func device(_ doc: EntryDoc) -> DeviceUse { doc.perDevice ? .required() : .optional }

    private static func entry(_ name: String, _ value: Self) -> Entry<Self> {
        let doc = doc(name)
        return .entry(doc, device: device(doc), value)
    }

    private static func entry<Arguments: PluginValue>(
        _ name: String, arguments: Arguments.Type, _ make: @escaping @Sendable (Arguments) -> Self
    ) -> Entry<Self> {
        let doc = doc(name)
        return .entry(doc, device: device(doc), arguments: arguments, make)
    }

    public static let entries: [Entry<Self>] = [
        entry("objects", arguments: Entity.self) { .objects(entity: $0.entity) },
        entry("serverObjects", arguments: Entity.self) { .serverObjects(entity: $0.entity) },
        entry("serverRecords", arguments: RecordType.self) { .serverRecords(recordType: $0.recordType) },
        entry("count", arguments: Count.self) { .count(entity: $0.entity) },
        entry("lastFetch", .lastFetch),
        entry("lastError", .lastError),
        entry("pendingChanges", .pendingChanges),
        entry("unlinked", .unlinked),
        entry("schemaError", .schemaError),
    ]
}

extension ModelConfiguration.UniqueKey {
    /// Keys as `uniqueness` takes them in `args.keys`: the shape only; the names are checked against
    /// the schema by the plugin's check, which knows it.
    static func decodeList(_ json: JSON, at path: JSONPath, diagnostics: Diagnostics) -> [Self]? {
        guard let items = json.arrayValue else {
            diagnostics.error("expected an array of {\"entity\", \"attributes\"}, found \(json.typeName)", at: path)
            return nil
        }
        let before = diagnostics.items.count
        var keys: [Self] = []
        for (index, item) in items.enumerated() {
            guard let reader = ObjectReader(item, at: path / index, diagnostics: diagnostics) else { continue }
            let entity = reader.id("entity", required: true)
            let list = reader.value("attributes", required: true)
            reader.rejectUnknownKeys()
            guard let entity, let list else { continue }
            guard let names = list.arrayValue, !names.isEmpty else {
                diagnostics.error("expected a non-empty array of attribute names", at: path / index / "attributes")
                continue
            }
            var attributes: [String] = []
            for (position, name) in names.enumerated() {
                guard let name = name.stringValue else {
                    diagnostics.error(
                        "expected an attribute name, found \(name.typeName)", at: path / index / "attributes" / position
                    )
                    continue
                }
                attributes.append(name)
            }
            keys.append(Self(entity: entity, attributes: attributes))
        }
        return diagnostics.items.count == before ? keys : nil
    }
}
