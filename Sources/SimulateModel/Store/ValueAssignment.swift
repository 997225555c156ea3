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

    static func resolve(_ values: StepValues, entity: StoreLayout.Entity, store: ModelStore)
        throws(ModelStoreError) -> ValueAssignment
    {
        switch values {
        case .typed(let typed): try resolve(typed, entity: entity, store: store)
        case .json(let json): try resolve(json, entity: entity, store: store)
        }
    }

    /// Values typed at load: only relationship targets are looked up on the device.
    static func resolve(_ values: TypedValues, entity: StoreLayout.Entity, store: ModelStore)
        throws(ModelStoreError) -> ValueAssignment
    {
        var assignment = ValueAssignment()
        for member in values.members {
            switch member {
            case .attribute(let name, let value):
                assignment.fields.append((entity.fieldIndexByName[name]!, value))
            case .relationship(let relationship, let target):
                let destination = store.layout.entity(named: relationship.destination)!
                let ids: [String]
                switch target {
                case .none: ids = []
                case .matching(let predicate): ids = try matches(predicate, relationship, destination, store)
                case .ids(let names):
                    ids = try names.map { name throws(ModelStoreError) in
                        try object(name, relationship, destination, store)
                    }
                }
                assignment.add(ids, for: relationship, entity: entity)
            }
        }
        return assignment
    }

    static func resolve(_ values: JSONObject, entity: StoreLayout.Entity, store: ModelStore) throws(ModelStoreError)
        -> ValueAssignment
    {
        var assignment = ValueAssignment()
        for (name, value) in values.members {
            if let relationship = entity.spec.relationship(named: name) {
                let destination = store.layout.entity(named: relationship.destination)!
                assignment.add(try targets(value, relationship, destination, store), for: relationship, entity: entity)
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

    private mutating func add(_ ids: [String], for relationship: RelationshipSpec, entity: StoreLayout.Entity) {
        if relationship.isToMany {
            toMany.append((relationship, ids))
        } else {
            fields.append((entity.fieldIndexByName[relationship.name]!, ids.first.map { .string($0) } ?? .null))
        }
    }

    private static func targets(
        _ value: JSON, _ relationship: RelationshipSpec, _ destination: StoreLayout.Entity, _ store: ModelStore
    ) throws(ModelStoreError) -> [String] {
        if value.isNull { return [] }
        if let object = value.objectValue, object.count == 1, let predicate = object["where"] {
            switch ModelPredicate.parse(predicate) {
            case .success(let parsed): return try matches(parsed, relationship, destination, store)
            case .failure(let error):
                throw ModelStoreError(.invalidPredicate, error.message, keyPath: relationship.name)
            }
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
            result.append(try object(name, relationship, destination, store))
        }
        return result
    }

    /// The objects `{"where": predicate}` names: the first match of a to-one relationship (which
    /// must exist), every match of a to-many one.
    private static func matches(
        _ predicate: ModelPredicate, _ relationship: RelationshipSpec, _ destination: StoreLayout.Entity,
        _ store: ModelStore
    ) throws(ModelStoreError) -> [String] {
        let evaluator = try PredicateEvaluator(predicate, entity: destination, store: store)
        let found = store.all(destination).filter(evaluator.matches).map(\.id)
        if !relationship.isToMany && found.isEmpty {
            throw ModelStoreError(
                .notFound, "no \(destination.name) matches the \"where\" of \(relationship.name)",
                keyPath: relationship.name)
        }
        return relationship.isToMany ? found : Array(found.prefix(1))
    }

    /// The object `@id` `name` names on the device, which must be a `destination`.
    private static func object(
        _ name: String, _ relationship: RelationshipSpec, _ destination: StoreLayout.Entity, _ store: ModelStore
    ) throws(ModelStoreError) -> String {
        guard let target = store.resolve(name), target.entity === destination else {
            throw ModelStoreError(
                .notFound,
                "no \(destination.name) \(BoundedQuote.quote(name)) on this device (for \(relationship.name))",
                keyPath: relationship.name)
        }
        return target.id
    }

    func apply(to object: ModelObject, store: ModelStore, now: VirtualInstant) {
        for (field, value) in fields { store.set(object, field: field, to: value, now: now) }
        for (relationship, ids) in toMany { store.setToMany(object, relationship, to: ids, now: now) }
    }
}
