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

    /// `path`: the step's `args`.
    func check(_ action: ModelAction, at path: JSONPath) {
        guard action.kind != .sync && action.kind != .foreground && action.kind != .expireChangeTokens else { return }
        guard let entity = entity(.string(action.entity), at: path / "entity") else { return }
        checkValues(action.values, entity, at: path / "values")
        if let predicate = action.predicate { checkPredicate(predicate, entity, at: path / "where") }
        for (index, name) in (action.by ?? []).enumerated() where entity.spec.attribute(named: name) == nil {
            diagnostics.error(
                "\(entity.name) has no attribute \(BoundedQuote.quote(name)) (attributes: "
                    + entity.attributes.map(\.name).joined(separator: ", ") + ")", at: path / "by" / index)
        }
    }

    func check(_ invariant: ModelInvariant, at path: JSONPath) {
        for (index, key) in invariant.keys.enumerated() {
            _ = ModelConfiguration.readUniqueKey(key, layout, at: path / "keys" / index, diagnostics)
        }
    }

    func check(_ observable: ModelObservable, at path: JSONPath) {
        if let name = observable.entity { _ = entity(.string(name), at: path / "entity") }
    }

    private func entity(_ value: JSON?, at path: JSONPath) -> StoreLayout.Entity? {
        guard let name = value?.stringValue else { return nil }
        guard let entity = layout.entity(named: name) else {
            diagnostics.error(ModelConfiguration.unknownEntity(name, layout), at: path)
            return nil
        }
        return entity
    }

    private func checkValues(_ values: JSONObject, _ entity: StoreLayout.Entity, at path: JSONPath) {
        for (name, value) in values.members {
            if let relationship = entity.spec.relationship(named: name) {
                checkRelationshipValue(value, relationship, at: path / name)
            } else if let attribute = entity.spec.attribute(named: name) {
                if case .failure(let error) = ValueCoding.coerce(value, for: attribute, entity: entity.name) {
                    diagnostics.error(error.message, at: path / name)
                }
            } else {
                diagnostics.error(
                    "\(entity.name) has no property \(BoundedQuote.quote(name)) (properties: "
                        + (entity.fieldNames + entity.toMany.map(\.name)).joined(separator: ", ") + ")", at: path / name
                )
            }
        }
    }

    private func checkRelationshipValue(_ value: JSON, _ relationship: RelationshipSpec, at path: JSONPath) {
        if value.isNull { return }
        if let object = value.objectValue {
            guard object.count == 1, let predicate = object["where"] else {
                diagnostics.error("expected {\"where\": predicate}", at: path)
                return
            }
            switch ModelPredicate.parse(predicate, at: path / "where") {
            case .failure(let error): diagnostics.error(error.message, at: error.path)
            case .success:
                if let destination = layout.entity(named: relationship.destination) {
                    checkPredicate(predicate, destination, at: path / "where")
                }
            }
            return
        }
        if relationship.isToMany {
            guard let items = value.arrayValue else {
                diagnostics.error("\(relationship.name) is to-many: expected an array of @ids", at: path)
                return
            }
            for (index, item) in items.enumerated() where item.stringValue.map(Identifier.isValid) != true {
                diagnostics.error("expected an @id", at: path / index)
            }
        } else if value.stringValue.map(Identifier.isValid) != true {
            diagnostics.error("\(relationship.name) is to-one: expected an @id, null or {\"where\": …}", at: path)
        }
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
