import SimulateCore
import SimulateJSON

/// `values` of an insert or update, checked against the entity before anything changes.
///
/// Attributes take a JSON value of their type; a to-one relationship takes the destination's `@id`,
/// `null`, or `{"where": predicate}` (the first match by `@id`); a to-many relationship takes an array
/// of `@id`s or `{"where": predicate}` (every match).
struct ValueAssignment {
    var fields: [(field: Int, value: JSON)] = []
    var toMany: [(relationship: RelationshipSpec, ids: [String])] = []

    static func resolve(_ values: JSONObject, entity: StoreLayout.Entity, store: ModelStore) throws(ModelStoreError)
        -> ValueAssignment
    {
        var assignment = ValueAssignment()
        for (name, value) in values.members {
            if let relationship = entity.spec.relationship(named: name) {
                let destination = store.layout.entity(named: relationship.destination)!
                let ids = try targets(value, relationship, destination, store)
                if relationship.isToMany {
                    assignment.toMany.append((relationship, ids))
                } else {
                    assignment.fields.append((entity.fieldIndexByName[name]!, ids.first.map { .string($0) } ?? .null))
                }
                continue
            }
            guard let attribute = entity.spec.attribute(named: name), let field = entity.fieldIndexByName[name] else {
                throw ModelStoreError(
                    .unknownProperty, "\(entity.name) has no property \(BoundedQuote.quote(name))", keyPath: name)
            }
            switch ValueCoding.coerce(value, for: attribute, entity: entity.name) {
            case .success(let coerced): assignment.fields.append((field, coerced))
            case .failure(let error): throw ModelStoreError(.invalidValue, error.message, keyPath: name)
            }
        }
        return assignment
    }

    private static func targets(
        _ value: JSON, _ relationship: RelationshipSpec, _ destination: StoreLayout.Entity, _ store: ModelStore
    ) throws(ModelStoreError) -> [String] {
        if value.isNull {
            if relationship.isToMany { return [] }
            return []
        }
        if let object = value.objectValue, object.count == 1, let predicate = object["where"] {
            let parsed: ModelPredicate
            switch ModelPredicate.parse(predicate) {
            case .success(let value): parsed = value
            case .failure(let error):
                throw ModelStoreError(.invalidPredicate, error.message, keyPath: relationship.name)
            }
            let evaluator = try PredicateEvaluator(parsed, entity: destination, store: store)
            let found = store.all(destination).filter(evaluator.matches).map(\.id)
            if !relationship.isToMany && found.isEmpty {
                throw ModelStoreError(
                    .notFound, "no \(destination.name) matches the \"where\" of \(relationship.name)",
                    keyPath: relationship.name)
            }
            return relationship.isToMany ? found : Array(found.prefix(1))
        }
        let ids: [JSON] = relationship.isToMany ? (value.arrayValue ?? [value]) : [value]
        if relationship.isToMany && value.arrayValue == nil || !relationship.isToMany && value.stringValue == nil {
            throw ModelStoreError(
                .invalidValue,
                relationship.isToMany
                    ? "\(relationship.name) expects an array of @ids or {\"where\": …}"
                    : "\(relationship.name) expects an @id, null or {\"where\": …}", keyPath: relationship.name)
        }
        var result: [String] = []
        for id in ids {
            guard let name = id.stringValue else {
                throw ModelStoreError(
                    .invalidValue, "\(relationship.name) expects @id strings", keyPath: relationship.name)
            }
            guard let target = store.resolve(name), target.entity === destination else {
                throw ModelStoreError(
                    .notFound,
                    "no \(destination.name) \(BoundedQuote.quote(name)) on this device (for \(relationship.name))",
                    keyPath: relationship.name)
            }
            result.append(target.id)
        }
        return result
    }

    func apply(to object: ModelObject, store: ModelStore, now: VirtualInstant) {
        for (field, value) in fields { store.set(object, field: field, to: value, now: now) }
        for (relationship, ids) in toMany { store.setToMany(object, relationship, to: ids, now: now) }
    }
}
