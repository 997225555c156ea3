import SimulateJSON

/// The value type of an attribute, as SwiftData declares it.
public enum AttributeType: String, Sendable, CaseIterable {
    /// `String`.
    case string
    /// `Int`.
    case int
    /// `Double`.
    case double
    /// `Bool`.
    case bool
    /// `Date`.
    case date
    /// `UUID`.
    case uuid
    /// `Data`.
    case data
}

/// Core Data attribute types CloudKit cannot store ("Creating a Core Data Model for CloudKit"). SwiftData
/// never declares them; a scenario may, to see the check. At run time they hold binary data.
public enum UnsupportedAttributeType: String, Sendable, CaseIterable {
    case undefined, objectID

    /// The name Core Data's model editor shows: `Undefined`, `Object ID`.
    var coreDataName: String {
        switch self {
        case .undefined: "Undefined"
        case .objectID: "Object ID"
        }
    }
}

/// A SwiftData delete rule (`@Relationship(deleteRule:)`).
public enum DeleteRule: String, Sendable, CaseIterable {
    /// Deleting the source deletes the destinations.
    case cascade
    /// Deleting the source clears the destinations' inverse.
    case nullify
    /// The source cannot be deleted while it has destinations (CloudKit mirroring rejects it).
    case deny
    /// Nothing happens to the destinations.
    case noAction

    /// The name Core Data's validator prints: `Deny`, `No Action`.
    var coreDataName: String {
        switch self {
        case .cascade: "Cascade"
        case .nullify: "Nullify"
        case .deny: "Deny"
        case .noAction: "No Action"
        }
    }
}

/// One stored attribute of an entity.
public struct AttributeSpec: Sendable, Equatable {
    /// The attribute's name.
    public var name: String
    /// Its value type.
    public var type: AttributeType
    /// `[String]` rather than `String`: stored by CloudKit as binary data, never queryable.
    public var isArray: Bool
    /// Declared optional (`String?`).
    public var isOptional: Bool
    /// The declared default: a value of the type, or `"now"` (dates) / `"random"` (uuids).
    public var defaultValue: JSON?
    /// `@Attribute(.unique)`: CloudKit cannot enforce it.
    public var isUnique: Bool
    /// SwiftData's `originalName`: the attribute's name in the previous version.
    public var renamedFrom: String?
    /// A Core Data type CloudKit rejects (stored as `data` here); nil for the SwiftData types.
    public var unsupportedType: UnsupportedAttributeType?
    /// `@Attribute(.externalStorage)`: the value travels as a CloudKit asset, outside the 1 MB record limit.
    public var isExternalStorage = false

    /// An attribute; see the members.
    public init(
        name: String, type: AttributeType, isArray: Bool = false, isOptional: Bool = false,
        defaultValue: JSON? = nil, isUnique: Bool = false, renamedFrom: String? = nil,
        unsupportedType: UnsupportedAttributeType? = nil
    ) {
        self.unsupportedType = unsupportedType
        self.name = name
        self.type = type
        self.isArray = isArray
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.isUnique = isUnique
        self.renamedFrom = renamedFrom
    }

    /// `string`, `[string]`.
    public var typeName: String {
        if let unsupportedType { return unsupportedType.rawValue }
        return isArray ? "[\(type.rawValue)]" : type.rawValue
    }
}

/// One relationship of an entity.
public struct RelationshipSpec: Sendable, Equatable {
    /// The relationship's name.
    public var name: String
    /// The destination entity's name.
    public var destination: String
    /// A to-many relationship (`[Task]`).
    public var isToMany: Bool
    /// Declared optional.
    public var isOptional: Bool
    /// The inverse relationship's name on the destination, if declared.
    public var inverse: String?
    /// What deleting the source does to the destination.
    public var deleteRule: DeleteRule
    /// An ordered relationship (CloudKit mirroring does not support it).
    public var isOrdered: Bool
    /// SwiftData's `originalName`: the relationship's name in the previous version.
    public var renamedFrom: String?
    /// A unique constraint (`@Relationship(.unique)`), which CloudKit mirroring does not support.
    public var isUnique = false

    /// A relationship; optional, to-one, nullify, unordered by default.
    public init(
        name: String, destination: String, isToMany: Bool = false, isOptional: Bool = true, inverse: String? = nil,
        deleteRule: DeleteRule = .nullify, isOrdered: Bool = false, renamedFrom: String? = nil
    ) {
        self.name = name
        self.destination = destination
        self.isToMany = isToMany
        self.isOptional = isOptional
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.isOrdered = isOrdered
        self.renamedFrom = renamedFrom
    }

    /// `Project` or `[Task]`.
    public var typeName: String { isToMany ? "[\(destination)]" : destination }
}

/// One `@Model` class.
public struct EntitySpec: Sendable, Equatable {
    /// The class name.
    public var name: String
    /// Its stored attributes, in declaration order.
    public var attributes: [AttributeSpec]
    /// Its relationships, in declaration order.
    public var relationships: [RelationshipSpec]
    /// SwiftData's `originalName`: the entity's name in the previous version.
    public var renamedFrom: String?
    /// The entity this one inherits from (a SwiftData `@Model` subclass, a Core Data sub-entity).
    public var parent: String?

    /// An entity; see the members.
    public init(
        name: String, attributes: [AttributeSpec] = [], relationships: [RelationshipSpec] = [],
        renamedFrom: String? = nil, parent: String? = nil
    ) {
        self.parent = parent
        self.name = name
        self.attributes = attributes
        self.relationships = relationships
        self.renamedFrom = renamedFrom
    }

    /// The attribute of that name, if any.
    public func attribute(named name: String) -> AttributeSpec? { attributes.first { $0.name == name } }
    /// The relationship of that name, if any.
    public func relationship(named name: String) -> RelationshipSpec? { relationships.first { $0.name == name } }
}

/// One `VersionedSchema`.
public struct SchemaVersion: Sendable, Equatable {
    /// The version's name.
    public var name: String
    /// Deployed to CloudKit's Production environment: later versions may only add.
    public var isDeployed: Bool
    /// The entities of this version.
    public var entities: [EntitySpec]

    /// A version; not deployed by default.
    public init(name: String, isDeployed: Bool = false, entities: [EntitySpec]) {
        self.name = name
        self.isDeployed = isDeployed
        self.entities = entities
    }

    /// The entity of that name in this version, if any.
    public func entity(named name: String) -> EntitySpec? { entities.first { $0.name == name } }

    /// The entity and its ancestors, the entity first; stops at a missing parent or a cycle.
    func lineage(of entity: EntitySpec) -> [EntitySpec] {
        var chain = [entity]
        while let parent = chain[chain.count - 1].parent, let next = self.entity(named: parent),
            !chain.contains(where: { $0.name == next.name })
        {
            chain.append(next)
        }
        return chain
    }

    /// The entity with its inherited properties first, as the store lays it out.
    func flattened(_ entity: EntitySpec) -> EntitySpec {
        guard entity.parent != nil else { return entity }
        var flat = entity
        let ancestors = lineage(of: entity).dropFirst().reversed()
        flat.attributes = ancestors.flatMap(\.attributes) + entity.attributes
        flat.relationships = ancestors.flatMap(\.relationships) + entity.relationships
        return flat
    }
}

/// The schema a scenario declares: its versions in order; the last one is what the app runs.
public struct ModelSchema: Sendable, Equatable {
    /// Every version, oldest first.
    public var versions: [SchemaVersion]

    /// A schema of at least one version.
    public init(versions: [SchemaVersion]) {
        precondition(!versions.isEmpty, "a schema has at least one version")
        self.versions = versions
    }

    /// The last version: what the app runs.
    public var current: SchemaVersion { versions[versions.count - 1] }

    /// The seeds' model: `Project.tasks: [Task]?` (cascade) ↔ `Task.project: Project?` (nullify).
    public static let seeds = ModelSchema(versions: [
        SchemaVersion(
            name: "v1",
            entities: [
                EntitySpec(
                    name: "Project",
                    attributes: [AttributeSpec(name: "name", type: .string, defaultValue: .string(""))],
                    relationships: [
                        RelationshipSpec(
                            name: "tasks", destination: "Task", isToMany: true, inverse: "project",
                            deleteRule: .cascade)
                    ]),
                EntitySpec(
                    name: "Task",
                    attributes: [
                        AttributeSpec(name: "title", type: .string, defaultValue: .string("")),
                        AttributeSpec(name: "done", type: .bool, defaultValue: .bool(false)),
                        AttributeSpec(name: "priority", type: .int, defaultValue: .integer(0)),
                        AttributeSpec(name: "displayId", type: .int, isOptional: true),
                    ],
                    relationships: [
                        RelationshipSpec(name: "project", destination: "Project", inverse: "tasks")
                    ]),
            ])
    ])
}
