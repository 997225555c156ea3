import SimulateModel

/// The message of each finding: what the rule is, where it comes from, and the change that fixes it.
enum FixIts {
    static func message(
        rule: CloudKitModelValidator.Rule, entity: String, property: PropertyDeclaration?, name: String,
        spec: EntitySpec?, version: String, versionCount: Int, schema: SchemaVersion? = nil,
        enumDefault: String? = nil
    ) -> String {
        let subject = "\(entity).\(name)" + (versionCount > 1 ? " (\(version))" : "")
        let declared = property.map { declaration($0, name: name) } ?? "var \(name)"
        switch rule {
        case .attributes:
            let attribute = spec?.attribute(named: name)
            let typeText = property?.type?.text ?? attribute.map { swiftType($0) } ?? "Type"
            let value =
                enumDefault.map { $0.isEmpty ? nil : $0 }
                ?? attribute.flatMap { suggestedDefault($0, property: property) }
            let giveDefault = value.map { "give it a default value: `var \(name): \(typeText) = \($0)`, or " } ?? ""
            return "\(subject) is non-optional without a default value; CloudKit needs every attribute optional or "
                + "defaulted (Code=134060): \(giveDefault)make it optional: `var \(name): \(typeText)?`"
        case .uniqueConstraints:
            let macro = spec?.relationship(named: name) == nil ? "@Attribute" : "@Relationship"
            return "\(subject) has a unique constraint, which CloudKit does not support (Code=134060): remove "
                + "`.unique` from `\(macro)` (or the key from `#Unique`) and check uniqueness in your own code, "
                + "e.g. fetch before insert (seed 001)"
        case .optionalRelationships:
            // What the property says stays: its `@Relationship(…)` (the delete rule) and its default (`= []`).
            let type = property?.type.map { $0.text + "?" } ?? "Type?"
            let attribute = property?.relationship?.text.map { $0 + " " } ?? ""
            let value = property?.defaultValue.map { " = \($0.trimmedDescription)" } ?? ""
            return "\(subject) is a non-optional relationship; CloudKit needs every relationship optional "
                + "(Code=134060): make it optional: `\(attribute)var \(name): \(type)\(value)` (seed 004)"
        case .inverse:
            let destination = spec?.relationship(named: name)?.destination ?? "Destination"
            let toOne = spec?.relationship(named: name)?.isToMany == false
            let back = backName(
                destination: destination, entity: entity, relationship: name, schema: schema, plural: toOne)
            // The side that points back to a to-one relationship is usually to-many (many items, one owner):
            // proposing a to-one would make it one-to-one and drop all but one.
            let added = toOne ? "[\(entity)]? = []" : "\(entity)?"
            let attribute = relationshipAttribute(property, inverse: "\\\(destination).\(back.name)")
            return "\(subject) has no inverse; CloudKit needs every relationship to have one (Code=134060): name "
                + "the relationship of \(destination) that points back"
                + (back.exists ? "" : " (add one: `var \(back.name): \(added)`)")
                + ": `\(attribute) \(declared)` — one side is enough (seed 004)"
        case .deleteRules:
            let relationship = spec?.relationship(named: name)
            let inverse =
                relationship.flatMap { spec in spec.inverse.map { ", inverse: \\\(spec.destination).\($0)" } } ?? ""
            return "\(subject) uses the Deny delete rule, which CloudKit does not support (Code=134060, \"Creating "
                + "a Core Data Model for CloudKit\"): use `.cascade` or `.nullify`: "
                + "`@Relationship(deleteRule: .nullify\(inverse)) \(declared)` (seed 000)"
        case .ordered:
            return "\(subject) is an ordered relationship, which CloudKit does not support (Code=134060)"
        case .attributeTypes:
            return "\(subject) has an Undefined or Object ID type, which CloudKit does not support (\"Creating a "
                + "Core Data Model for CloudKit\"): give it a storable type"
        }
    }

    /// `@Relationship(…)` with the inverse, keeping what the property already says (its delete rule, its
    /// original name): the fix-it changes nothing else.
    private static func relationshipAttribute(_ property: PropertyDeclaration?, inverse: String) -> String {
        var arguments: [String] = []
        if let rule = property?.relationship?.deleteRule { arguments.append("deleteRule: .\(rule)") }
        if let original = property?.relationship?.originalName { arguments.append("originalName: \"\(original)\"") }
        arguments.append("inverse: \(inverse)")
        return "@Relationship(\(arguments.joined(separator: ", ")))"
    }

    /// The destination's one relationship back to `entity` that is no other's inverse, when `entity` has no
    /// other relationship to the destination that could take it (on a model that points at itself: the other
    /// of exactly two such relationships); else a new one, named for `entity` (`sdUserProfileV9` for
    /// `SDUserProfileV9`) or, where that cannot be told apart, for the relationship (`variantsOf`): each
    /// relationship its own inverse.
    private static func backName(
        destination: String, entity: String, relationship: String, schema: SchemaVersion?, plural: Bool
    ) -> (name: String, exists: Bool) {
        let backs = (schema?.entity(named: destination)?.relationships ?? []).filter {
            $0.destination == entity && ($0.inverse == nil || $0.inverse == relationship)
        }
        let siblings = (schema?.entity(named: entity)?.relationships ?? []).filter {
            $0.destination == destination && $0.inverse == nil
        }
        if destination == entity {
            // Two relationships of a model to itself, neither paired (`links`, `backlinks`): each the other's.
            let other = siblings.filter { $0.name != relationship }
            return siblings.count == 2 && other.count == 1 ? (other[0].name, true) : (relationship + "Of", false)
        }
        // A to-one's partner is to-many, and the other way round: `Photo.album` and `Album.photos` pair up though
        // `Album.cover` also points at `Photo`, when each is the only one of its shape.
        let shaped = backs.filter { $0.isToMany == plural }
        if shaped.count == 1, siblings.filter({ $0.isToMany != plural }).count == 1 { return (shaped[0].name, true) }
        if siblings.count > 1 { return (relationship + "Of", false) }
        if backs.count == 1 { return (backs[0].name, true) }
        let leading = entity.prefix { $0.isUppercase }
        let lowered =
            (leading.count > 1 && leading.count < entity.count
                ? leading.dropLast().lowercased() + entity.dropFirst(leading.count - 1)
                : entity.prefix(1).lowercased() + entity.dropFirst()) + (plural ? "s" : "")
        let taken = schema?.entity(named: destination).map { spec in
            spec.relationships.contains { $0.name == lowered } || spec.attributes.contains { $0.name == lowered }
        }
        return (taken == true ? relationship + "Of" : lowered, false)
    }

    private static func declaration(_ property: PropertyDeclaration, name: String) -> String {
        guard let type = property.type else { return "var \(name)" }
        return "var \(name): \(type.text)" + (property.defaultValue.map { " = \($0.sourceText)" } ?? "")
    }

    static func swiftType(_ attribute: AttributeSpec) -> String {
        let scalar: String
        switch attribute.type {
        case .string: scalar = "String"
        case .int: scalar = "Int"
        case .double: scalar = "Double"
        case .bool: scalar = "Bool"
        case .date: scalar = "Date"
        case .uuid: scalar = "UUID"
        case .data: scalar = "Data"
        }
        return attribute.isArray ? "[\(scalar)]" : scalar
    }

    /// The default the fix-it proposes: `""`, `0`, `false`, `Date()`, `UUID()`, `Data()`, `[]`, or the first
    /// case of an enum.
    static func suggestedDefault(_ attribute: AttributeSpec, property: PropertyDeclaration?) -> String? {
        if property?.type?.path == ["Dictionary"] { return "[:]" }
        if attribute.isArray || property?.type?.shape == .collection || property?.type?.shape == .array { return "[]" }
        switch attribute.type {
        case .string where property?.type?.name == "URL": return nil
        case .string: return "\"\""
        case .int: return "0"
        case .double: return "0"
        case .bool: return "false"
        case .date: return "Date()"
        case .uuid: return "UUID()"
        case .data:
            return property?.type.map { AttributeTypes.scalar[$0.name] == nil ? "\($0.name)(…)" : "Data()" } ?? "Data()"
        }
    }
}
