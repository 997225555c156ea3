import SimulateCore
import SimulateJSON

/// What a `model` step does, read once from its `args`.
public struct ModelAction: PluginEntries {
    enum Kind: String {
        case insert, update, delete, fetch, sync, foreground, deduplicate, expireChangeTokens
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
            "Attribute names whose values make the key"
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
    ]
}

extension ModelAction {
    fileprivate init(_ kind: Kind, _ arguments: Arguments = Arguments()) {
        self.init(
            kind: kind, entity: arguments.entity, id: arguments.id, values: arguments.values,
            predicate: arguments.clause?.json, parsedPredicate: arguments.clause?.predicate, by: arguments.by)
    }
}

/// A `model` invariant with its arguments.
public struct ModelInvariant: PluginEntries {
    let name: String
    /// `uniqueness` only: more unique keys as written, checked against the schema when the scenario loads.
    let keys: [JSON]
    /// `keys` decoded, for the run (the check at load reports any that do not fit the schema).
    let uniqueKeys: [ModelConfiguration.UniqueKey]

    public static let entries: [Entry<Self>] = ModelEntryDocs.invariants.map { doc in
        let name = doc.name
        return .entry(checking: doc) { args in
            let keys = args["keys"]?.arrayValue ?? []
            return ModelInvariant(name: name, keys: keys, uniqueKeys: keys.compactMap(Self.uniqueKey))
        }
    }

    private static func uniqueKey(_ json: JSON) -> ModelConfiguration.UniqueKey? {
        guard let entity = json["entity"]?.stringValue, let names = json["attributes"]?.arrayValue else { return nil }
        let attributes = names.compactMap(\.stringValue)
        return attributes.count == names.count
            ? ModelConfiguration.UniqueKey(entity: entity, attributes: attributes) : nil
    }
}

/// A `model` observable with its arguments.
public struct ModelObservable: PluginEntries {
    let name: String
    let entity: String?

    public static let entries: [Entry<Self>] = ModelEntryDocs.observables.map { doc in
        let name = doc.name
        return .entry(checking: doc, device: doc.perDevice ? .required() : .optional) { args in
            ModelObservable(name: name, entity: args["entity"]?.stringValue)
        }
    }
}
