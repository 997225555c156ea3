import SimulateCore
import SimulateJSON

/// Checks the scenario's `model.*` steps and expectations against the configured schema: entities,
/// property names, value types, relationship values and predicate key paths. Key paths that SwiftData
/// only rejects when the fetch runs (to-many keys, array attributes) are left for run time.
struct ScenarioArgumentCheck {
    let layout: StoreLayout
    let diagnostics: Diagnostics

    init(_ context: PluginCheckContext<ModelConfiguration>) {
        layout = StoreLayout(context.configuration.schema.current)
        diagnostics = context.diagnostics
    }

    /// The action with its `values` typed by the schema; `path`: the step's `args`.
    func prepare(_ action: ModelAction, at path: JSONPath) -> ModelAction {
        guard
            action.kind != .sync && action.kind != .foreground && action.kind != .expireChangeTokens
                && action.kind != .throttleSync
        else {
            return action
        }
        guard let entity = entity(.string(action.entity), at: path / "entity") else { return action }
        var prepared = action
        prepared.typedValues = typedValues(action.values, entity, at: path / "values")
        if let predicate = action.predicate { checkPredicate(predicate, entity, at: path / "where") }
        for (index, name) in (action.by ?? []).enumerated()
        where name != ModelRun.idKey && entity.spec.attribute(named: name) == nil {
            diagnostics.error(
                "\(entity.name) has no attribute \(BoundedQuote.quote(name)) (attributes: "
                    + entity.attributes.map(\.name).joined(separator: ", ") + "; or \"@id\")", at: path / "by" / index)
        }
        return prepared
    }

    /// `path`: the expectation's `args`.
    func check(_ invariant: ModelInvariant, at path: JSONPath) {
        guard case .uniqueness(let arguments) = invariant else { return }
        ModelConfiguration.check(arguments.keys, layout, at: path / "keys", diagnostics)
    }

    func check(_ observable: ModelObservable, at path: JSONPath) {
        if let name = observable.entity { _ = entity(.string(name), at: path / "entity") }
        if case .serverRecords(let recordType) = observable, recordType != MirrorShared.linkRecordType,
            layout.entity(recordType: recordType) == nil
        {
            diagnostics.error(
                "no record type \(BoundedQuote.quote(recordType)) (record types: "
                    + (layout.entities.map(\.recordType) + [MirrorShared.linkRecordType]).joined(separator: ", ") + ")",
                at: path / "recordType")
        }
    }

    private func entity(_ value: JSON?, at path: JSONPath) -> StoreLayout.Entity? {
        guard let name = value?.stringValue else { return nil }
        guard let entity = layout.entity(named: name) else {
            diagnostics.error(ModelConfiguration.unknownEntity(name, layout), at: path)
            return nil
        }
        return entity
    }

    /// Every member of `values` typed by `entity`'s schema; problems are reported at their paths.
    private func typedValues(_ values: JSONObject, _ entity: StoreLayout.Entity, at path: JSONPath) -> TypedValues {
        var typed = TypedValues()
        for (name, value) in values.members {
            if let relationship = entity.spec.relationship(named: name) {
                if let target = target(value, relationship, at: path / name) {
                    typed.members.append(.relationship(relationship, target))
                }
            } else if let attribute = entity.spec.attribute(named: name) {
                switch ValueCoding.coerce(value, for: attribute, entity: entity.name) {
                case .success(let coerced): typed.members.append(.attribute(name: name, value: coerced))
                case .failure(let error): diagnostics.error(error.message, at: path / name)
                }
            } else {
                diagnostics.error(
                    "\(entity.name) has no property \(BoundedQuote.quote(name)) (properties: "
                        + (entity.fieldNames + entity.toMany.map(\.name)).joined(separator: ", ") + ")", at: path / name
                )
            }
        }
        return typed
    }

    /// What a relationship value names: `null`, an `@id` (an array of them for to-many) or
    /// `{"where": predicate}` checked against the destination entity.
    private func target(_ value: JSON, _ relationship: RelationshipSpec, at path: JSONPath) -> TypedValues.Target? {
        if value.isNull { return TypedValues.Target.none }
        if let object = value.objectValue {
            guard object.count == 1, let predicate = object["where"] else {
                diagnostics.error("expected {\"where\": predicate}", at: path)
                return nil
            }
            switch ModelPredicate.parse(predicate, at: path / "where") {
            case .failure(let error):
                diagnostics.error(error.message, at: error.path)
                return nil
            case .success(let parsed):
                if let destination = layout.entity(named: relationship.destination) {
                    checkPredicate(predicate, destination, at: path / "where")
                }
                return .matching(parsed)
            }
        }
        if relationship.isToMany {
            guard let items = value.arrayValue else {
                diagnostics.error("\(relationship.name) is to-many: expected an array of @ids", at: path)
                return nil
            }
            var ids: [String] = []
            for (index, item) in items.enumerated() {
                guard let id = item.stringValue, Identifier.isValid(id) else {
                    diagnostics.error("expected an @id", at: path / index)
                    continue
                }
                ids.append(id)
            }
            return ids.count == items.count ? .ids(ids) : nil
        }
        guard let id = value.stringValue, Identifier.isValid(id) else {
            diagnostics.error("\(relationship.name) is to-one: expected an @id, null or {\"where\": …}", at: path)
            return nil
        }
        return .ids([id])
    }

    private func checkPredicate(_ predicate: JSON, _ entity: StoreLayout.Entity, at path: JSONPath) {
        guard case .success(let parsed) = ModelPredicate.parse(predicate, at: path) else { return }
        for (keyPath, op, value) in parsed.comparisons {
            do {
                let resolved = try PredicateEvaluator.resolve(keyPath, from: entity, layout: layout)
                _ = resolved
                let store = ModelStore(layout: layout, device: Device(id: "check", index: 0))
                _ = try PredicateEvaluator(.compare(keyPath, op, value), entity: entity, store: store)
            } catch {
                if error.code == .toManyKeyNotAllowed || error.code == .arrayAttributeNotQueryable { continue }
                diagnostics.error(error.message, at: keyPath.path)
            }
        }
    }
}
