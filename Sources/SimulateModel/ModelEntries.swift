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
    /// `deduplicate` only: the attributes that make two objects the same (nil: the app's own rule).
    var by: [String]? = nil

    public static let entries: [Entry<Self>] = ModelEntryDocs.actions.map { doc in
        guard let kind = Kind(rawValue: doc.name) else { preconditionFailure("undocumented action \(doc.name)") }
        let device: DeviceUse = kind == .expireChangeTokens ? .forbidden(role: "is a server-side fault") : .required()
        return .entry(doc, device: device) { args, path, diagnostics in read(kind, args, at: path, diagnostics) }
    }

    private static func read(_ kind: Kind, _ args: JSON, at path: JSONPath, _ diagnostics: Diagnostics) -> ModelAction?
    {
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return nil }
        defer { reader.rejectUnknownKeys() }
        guard kind != .sync && kind != .foreground && kind != .expireChangeTokens else {
            return ModelAction(kind: kind, entity: "", id: nil, values: JSONObject(), predicate: nil)
        }
        let entity = reader.id("entity", required: true)
        let id = kind == .insert ? reader.id("id") : nil
        var by: [String]?
        if kind == .deduplicate, let given = reader.value("by") {
            let names = given.arrayValue?.compactMap(\.stringValue)
            if let names, !names.isEmpty, names.count == given.arrayValue?.count {
                by = names
            } else {
                diagnostics.error("expected a non-empty array of attribute names", at: path / "by")
            }
        }
        var values = JSONObject()
        if kind == .insert || kind == .update, let given = reader.value("values", required: kind == .update) {
            if let object = given.objectValue {
                values = object
            } else {
                diagnostics.error("expected an object, found \(given.typeName)", at: path / "values")
            }
        }
        var predicate: JSON?
        if kind != .insert, let given = reader.value("where") {
            predicate = given
            if case .failure(let error) = ModelPredicate.parse(given, at: path / "where") {
                diagnostics.error(error.message, at: error.path)
            }
        }
        return entity.map { ModelAction(kind: kind, entity: $0, id: id, values: values, predicate: predicate, by: by) }
    }
}

/// A `model` invariant with its arguments.
public struct ModelInvariant: PluginEntries {
    let name: String
    /// `uniqueness` only: more unique keys, checked against the schema when the scenario loads.
    let keys: [JSON]

    public static let entries: [Entry<Self>] = ModelEntryDocs.invariants.map { doc in
        let name = doc.name
        return .entry(checking: doc) { args in ModelInvariant(name: name, keys: args["keys"]?.arrayValue ?? []) }
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
