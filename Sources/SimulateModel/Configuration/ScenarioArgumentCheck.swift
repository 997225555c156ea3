import SimulateCore
import SimulateJSON

/// Checks the scenario's `model.*` steps and expectations against the configured schema: entities,
/// property names, value types, relationship values and predicate key paths. Key paths that SwiftData
/// only rejects when the fetch runs (to-many keys, array attributes) are left for run time.
struct ScenarioArgumentCheck {
    let layout: StoreLayout
    let diagnostics: Diagnostics

    func check(_ scenario: Scenario) {
        for step in scenario.steps where step.plugin == "model" {
            if (step.device == nil) != (step.action == "expireChangeTokens") {
                diagnostics.error(
                    step.device == nil
                        ? "\(step.qualifiedName) runs on a device: add \"device\""
                        : "model.expireChangeTokens is a server-side fault: remove \"device\"", at: step.path)
            }
            guard step.action != "sync" && step.action != "foreground" && step.action != "expireChangeTokens" else {
                continue
            }
            let path = step.path / "args"
            guard let entity = entity(step.args["entity"], at: path / "entity") else { continue }
            if let values = step.args["values"]?.objectValue { checkValues(values, entity, at: path / "values") }
            if let predicate = step.args["where"] { checkPredicate(predicate, entity, at: path / "where") }
            for (index, name) in (step.args["by"]?.arrayValue ?? []).enumerated()
            where name.stringValue.flatMap(entity.spec.attribute(named:)) == nil {
                diagnostics.error(
                    "\(entity.name) has no attribute \(BoundedQuote.quote(name.stringValue ?? "")) (attributes: "
                        + entity.attributes.map(\.name).joined(separator: ", ") + ")", at: path / "by" / index)
            }
        }
        for expectation in scenario.expectations ?? [] where expectation.plugin == "model" {
            let path = expectation.path / "args"
            switch expectation.name {
            case "objects", "serverObjects", "count":
                if let name = expectation.args["entity"] { _ = entity(name, at: path / "entity") }
            case "uniqueness":
                for (index, key) in (expectation.args["keys"]?.arrayValue ?? []).enumerated() {
                    _ = ModelConfiguration.readUniqueKey(key, layout, at: path / "keys" / index, diagnostics)
                }
            default: break
            }
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
