import SimulateJSON

/// A schema as the `"schema"` JSON that ``SchemaReader`` reads (docs/model.md): what `model-check
/// --emit-schema` writes, and what a run's trace hash covers when the schema came from Swift `sources`.
package enum SchemaJSON {
    package static func json(_ schema: ModelSchema) -> JSON {
        if schema.versions.count == 1 {
            return .object(["entities": .array(schema.current.entities.map(entity))])
        }
        return .object([
            "versions": .array(
                schema.versions.map { version in
                    .object([
                        "name": .string(version.name), "deployed": .bool(version.isDeployed),
                        "entities": .array(version.entities.map(entity)),
                    ])
                })
        ])
    }

    package static func text(_ schema: ModelSchema) -> String { JSONWriter.string(json(schema), pretty: true) + "\n" }

    private static func entity(_ entity: EntitySpec) -> JSON {
        var object: JSONObject = ["name": .string(entity.name)]
        if !entity.attributes.isEmpty { object["attributes"] = .array(entity.attributes.map(attribute)) }
        if !entity.relationships.isEmpty { object["relationships"] = .array(entity.relationships.map(relationship)) }
        if let renamed = entity.renamedFrom { object["renamedFrom"] = .string(renamed) }
        if let parent = entity.parent { object["parent"] = .string(parent) }
        return .object(object)
    }

    private static func attribute(_ attribute: AttributeSpec) -> JSON {
        var object: JSONObject = ["name": .string(attribute.name), "type": .string(attribute.typeName)]
        if attribute.isOptional { object["optional"] = .bool(true) }
        if let value = attribute.defaultValue { object["default"] = value }
        if attribute.isUnique { object["unique"] = .bool(true) }
        if attribute.isExternalStorage { object["externalStorage"] = .bool(true) }
        if let renamed = attribute.renamedFrom { object["renamedFrom"] = .string(renamed) }
        return .object(object)
    }

    private static func relationship(_ relationship: RelationshipSpec) -> JSON {
        var object: JSONObject = ["name": .string(relationship.name), "destination": .string(relationship.destination)]
        if relationship.isToMany { object["toMany"] = .bool(true) }
        if relationship.isOptional { object["optional"] = .bool(true) }
        if let inverse = relationship.inverse { object["inverse"] = .string(inverse) }
        object["deleteRule"] = .string(relationship.deleteRule.rawValue)
        if relationship.isOrdered { object["ordered"] = .bool(true) }
        if relationship.isUnique { object["unique"] = .bool(true) }
        if let renamed = relationship.renamedFrom { object["renamedFrom"] = .string(renamed) }
        return .object(object)
    }
}
