import SimulateCore
import SimulateJSON

/// Reads `"schema"` from a scenario: `{"entities": […]}` (one version, not deployed) or
/// `{"versions": [{"name", "deployed", "entities"}, …]}`. Every problem is reported at its JSON path.
enum SchemaReader {
    /// Fields (attributes and to-one relationships) one entity may have: dirty flags fit in 64 bits.
    static let fieldLimit = 64

    static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> ModelSchema? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let before = diagnostics.items.count
        var versions: [SchemaVersion] = []
        if reader.has("versions") {
            let list = reader.value("versions")?.arrayValue
            if list == nil || list?.isEmpty == true {
                diagnostics.error("expected a non-empty array of schema versions", at: path / "versions")
            }
            var names: Set<String> = []
            for (index, item) in (list ?? []).enumerated() {
                let itemPath = path / "versions" / index
                guard let version = readVersion(item, at: itemPath, diagnostics: diagnostics) else { continue }
                if !names.insert(version.name).inserted {
                    diagnostics.error(
                        "duplicate version name \(BoundedQuote.quote(version.name))", at: itemPath / "name")
                }
                versions.append(version)
            }
        } else {
            let entities = readEntities(reader, at: path, diagnostics: diagnostics)
            versions = [SchemaVersion(name: "v1", entities: entities)]
        }
        reader.rejectUnknownKeys()
        guard diagnostics.items.count == before, !versions.isEmpty else { return nil }
        return ModelSchema(versions: versions)
    }

    private static func readVersion(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> SchemaVersion? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let name = reader.id("name", required: true)
        let deployed = reader.bool("deployed") ?? false
        let entities = readEntities(reader, at: path, diagnostics: diagnostics)
        reader.rejectUnknownKeys()
        return name.map { SchemaVersion(name: $0, isDeployed: deployed, entities: entities) }
    }

    private static func readEntities(_ reader: ObjectReader, at path: JSONPath, diagnostics: Diagnostics)
        -> [EntitySpec]
    {
        guard let list = reader.value("entities", required: true) else { return [] }
        guard let items = list.arrayValue, !items.isEmpty else {
            diagnostics.error("expected a non-empty array of entities", at: path / "entities")
            return []
        }
        var entities: [EntitySpec] = []
        for (index, item) in items.enumerated() {
            let itemPath = path / "entities" / index
            guard let entity = EntityReader.read(item, at: itemPath, diagnostics: diagnostics) else { continue }
            if entities.contains(where: { $0.name == entity.name }) {
                diagnostics.error("duplicate entity \(BoundedQuote.quote(entity.name))", at: itemPath / "name")
            }
            entities.append(entity)
        }
        checkParents(entities, at: path / "entities", diagnostics: diagnostics)
        checkRelationships(entities, at: path / "entities", diagnostics: diagnostics)
        return entities
    }

    /// Destinations exist; an inverse names a relationship of the destination that points back.
    /// A parent names another entity of the version, without a cycle, and a sub-entity does not
    /// declare a property it inherits.
    private static func checkParents(_ entities: [EntitySpec], at path: JSONPath, diagnostics: Diagnostics) {
        let version = SchemaVersion(name: "", entities: entities)
        for (index, entity) in entities.enumerated() {
            guard let parent = entity.parent else { continue }
            guard version.entity(named: parent) != nil, parent != entity.name else {
                diagnostics.error(
                    "parent \(BoundedQuote.quote(parent)) is not another entity of this version (entities: "
                        + entities.map(\.name).joined(separator: ", ") + ")", at: path / index / "parent")
                continue
            }
            let lineage = version.lineage(of: entity)
            if let last = lineage.last?.parent, lineage.contains(where: { $0.name == last }) {
                diagnostics.error(
                    "\(entity.name) inherits from itself: " + lineage.map(\.name).joined(separator: " → ") + " → "
                        + last,
                    at: path / index / "parent")
                continue
            }
            let inherited = Set(
                lineage.dropFirst().flatMap { $0.attributes.map(\.name) + $0.relationships.map(\.name) })
            for name in entity.attributes.map(\.name) + entity.relationships.map(\.name) where inherited.contains(name)
            {
                diagnostics.error(
                    "\(entity.name) declares \(BoundedQuote.quote(name)), which it inherits from \(parent)",
                    at: path / index / "parent")
            }
        }
    }

    private static func checkRelationships(_ entities: [EntitySpec], at path: JSONPath, diagnostics: Diagnostics) {
        for (entityIndex, entity) in entities.enumerated() {
            for (index, relationship) in entity.relationships.enumerated() {
                let relationshipPath = path / entityIndex / "relationships" / index
                guard let destination = entities.first(where: { $0.name == relationship.destination }) else {
                    diagnostics.error(
                        "unknown destination entity \(BoundedQuote.quote(relationship.destination)) (entities: "
                            + entities.map(\.name).joined(separator: ", ") + ")",
                        at: relationshipPath / "destination")
                    continue
                }
                guard let inverseName = relationship.inverse else { continue }
                guard let inverse = destination.relationship(named: inverseName) else {
                    diagnostics.error(
                        "\(destination.name) has no relationship \(BoundedQuote.quote(inverseName)) to be the inverse",
                        at: relationshipPath / "inverse")
                    continue
                }
                if inverse.destination != entity.name
                    || (inverse.inverse != nil && inverse.inverse != relationship.name)
                {
                    diagnostics.error(
                        "\(destination.name).\(inverseName) does not point back to \(entity.name).\(relationship.name)",
                        at: relationshipPath / "inverse")
                }
            }
        }
    }
}

/// Reads one entity: `{"name", "attributes": […], "relationships": […], "renamedFrom"}`.
enum EntityReader {
    static let attributeTypes =
        AttributeType.allCases.map(\.rawValue) + AttributeType.allCases.map { "[\($0.rawValue)]" }
        + UnsupportedAttributeType.allCases.map(\.rawValue)

    static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> EntitySpec? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let name = reader.id("name", required: true)
        let renamedFrom = reader.id("renamedFrom")
        var entity = EntitySpec(name: name ?? "", renamedFrom: renamedFrom, parent: reader.id("parent"))
        var names: Set<String> = []
        for (index, item) in (array(reader, "attributes", at: path, diagnostics) ?? []).enumerated() {
            let itemPath = path / "attributes" / index
            guard let attribute = readAttribute(item, entity: entity.name, at: itemPath, diagnostics: diagnostics)
            else { continue }
            if !names.insert(attribute.name).inserted {
                diagnostics.error("duplicate property \(BoundedQuote.quote(attribute.name))", at: itemPath / "name")
            }
            entity.attributes.append(attribute)
        }
        for (index, item) in (array(reader, "relationships", at: path, diagnostics) ?? []).enumerated() {
            let itemPath = path / "relationships" / index
            guard let relationship = readRelationship(item, at: itemPath, diagnostics: diagnostics) else { continue }
            if !names.insert(relationship.name).inserted {
                diagnostics.error("duplicate property \(BoundedQuote.quote(relationship.name))", at: itemPath / "name")
            }
            entity.relationships.append(relationship)
        }
        let fields = entity.attributes.count + entity.relationships.count
        if fields > SchemaReader.fieldLimit {
            diagnostics.error("at most \(SchemaReader.fieldLimit) properties per entity, found \(fields)", at: path)
        }
        reader.rejectUnknownKeys()
        return name == nil ? nil : entity
    }

    private static func array(_ reader: ObjectReader, _ key: String, at path: JSONPath, _ diagnostics: Diagnostics)
        -> [JSON]?
    {
        guard let value = reader.value(key) else { return nil }
        guard let items = value.arrayValue else {
            diagnostics.error("expected an array, found \(value.typeName)", at: path / key)
            return nil
        }
        return items
    }

    private static func readAttribute(_ value: JSON, entity: String, at path: JSONPath, diagnostics: Diagnostics)
        -> AttributeSpec?
    {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let name = reader.id("name", required: true)
        let typeName = reader.choice("type", attributeTypes, required: true)
        var attribute = AttributeSpec(
            name: name ?? "", type: .string, isOptional: reader.bool("optional") ?? false,
            isUnique: reader.bool("unique") ?? false, renamedFrom: reader.id("renamedFrom"))
        attribute.isExternalStorage = reader.bool("externalStorage") ?? false
        if let typeName {
            attribute.isArray = typeName.hasPrefix("[")
            attribute.type = AttributeType(rawValue: typeName.trimmingBrackets) ?? .string
            if let unsupported = UnsupportedAttributeType(rawValue: typeName) {
                attribute.type = .data
                attribute.unsupportedType = unsupported
            }
        }
        if let defaultValue = reader.value("default"), typeName != nil {
            if defaultValue == .string("now") && attribute.type == .date && !attribute.isArray
                || defaultValue == .string("random") && attribute.type == .uuid && !attribute.isArray
            {
                attribute.defaultValue = defaultValue
            } else {
                switch ValueCoding.coerce(defaultValue, for: attribute, entity: entity) {
                case .success(let value): attribute.defaultValue = value
                case .failure(let error): diagnostics.error(error.message, at: path / "default")
                }
            }
        }
        reader.rejectUnknownKeys()
        return name == nil || typeName == nil ? nil : attribute
    }

    private static func readRelationship(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics)
        -> RelationshipSpec?
    {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let name = reader.id("name", required: true)
        let destination = reader.id("destination", required: true)
        let rule = reader.choice("deleteRule", DeleteRule.allCases.map(\.rawValue)).flatMap(DeleteRule.init)
        var relationship = RelationshipSpec(
            name: name ?? "", destination: destination ?? "", isToMany: reader.bool("toMany") ?? false,
            isOptional: reader.bool("optional") ?? false, inverse: reader.id("inverse"),
            deleteRule: rule ?? .nullify, isOrdered: reader.bool("ordered") ?? false,
            renamedFrom: reader.id("renamedFrom"))
        relationship.isUnique = reader.bool("unique") ?? false
        reader.rejectUnknownKeys()
        return name == nil || destination == nil ? nil : relationship
    }
}

extension String {
    fileprivate var trimmingBrackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
