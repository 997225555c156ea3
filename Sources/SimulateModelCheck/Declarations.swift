import SwiftSyntax

/// A written type, as far as the schema cares: its name path, whether it is optional, and whether it is
/// an array (`[E]`, `Array<E>`) or another collection (`[K: V]`, `Set<E>`).
struct TypeReference: Equatable {
    enum Shape: Equatable {
        case single
        case array
        /// A dictionary or set: stored as a Codable value.
        case collection
    }

    /// `["SchemaV9", "SDMoodEntry"]` for the element type (the whole type when `shape` is `single`).
    var path: [String]
    var isOptional: Bool
    var shape: Shape
    /// An array element that is itself optional (`[String?]`).
    var elementIsOptional = false
    /// As written, for messages.
    var text: String

    var name: String { path.last ?? text }
}

/// One `@Attribute`/`@Relationship`/`@Transient` annotated stored property of an `@Model` class.
struct PropertyDeclaration {
    var name: String
    var position: SourcePosition
    var type: TypeReference?
    var defaultValue: ExprSyntax?
    var isTransient = false
    var isUnique = false
    var uniquePosition: SourcePosition?
    var isTransformable = false
    /// `@Attribute(.externalStorage)`: a CloudKit asset, outside the 1 MB record limit.
    var isExternalStorage = false
    var originalName: String?
    var relationship: RelationshipArguments?
    /// `var id = Owner.member` with no type written: the member's name (the type read is `Owner`'s, which is the
    /// value's only when `member` is an enum case, not a static property of a model).
    var typeFromMember: String?
}

/// What `@Relationship(…)` says.
struct RelationshipArguments {
    /// The attribute as written (`@Relationship(deleteRule: .cascade)`), for fix-its that keep it.
    var text: String?
    var deleteRule: String?
    var deleteRulePosition: SourcePosition?
    var inverse: KeyPathReference?
    var originalName: String?
    var position: SourcePosition
    /// `@Relationship(.unique)`: where the option is written.
    var uniquePosition: SourcePosition?
}

/// `\Root.a.b` as written: the root type path (empty for `\.a`) and the member names.
struct KeyPathReference {
    var root: [String]
    var members: [String]
    var position: SourcePosition
    var text: String
}

/// One `@Model` class.
struct ModelDeclaration {
    var name: String
    /// Enclosing type names, outermost first (`["SchemaV9"]` for a class nested in a `VersionedSchema`).
    var scope: [String]
    var position: SourcePosition
    var properties: [PropertyDeclaration] = []
    /// The first inherited type (`Vehicle` in `class Car: Vehicle`): a parent entity when it is a @Model.
    var superclassPath: [String]?
    /// `#Unique<T>([\.a], [\.b, \.c])`: the key paths of each constraint.
    var uniqueConstraints: [(members: [String], position: SourcePosition)] = []
    var qualifiedName: String { (scope + [name]).joined(separator: ".") }
}

/// An enum or struct that may be an attribute's type.
struct ValueTypeDeclaration {
    var name: String
    var scope: [String]
    var isEnum: Bool
    /// The raw value type of an enum (`String`, `Int`…), when it has one.
    var rawType: String?
    /// Case names and explicit raw values of an enum, in order.
    var cases: [(name: String, rawValue: ExprSyntax?)] = []
    /// A case carries values (`case circle(radius: Double)`): no case name alone is a default.
    var hasAssociatedValues = false
    var position: SourcePosition
}

/// `enum SchemaV2: VersionedSchema`.
struct VersionedSchemaDeclaration {
    var name: String
    var scope: [String]
    var position: SourcePosition
    var versionIdentifier: [Int]?
    var models: [(path: [String], position: SourcePosition)]?
    var modelsPosition: SourcePosition?

    var qualifiedName: String { (scope + [name]).joined(separator: ".") }
}

/// `MigrationStage.lightweight(fromVersion:toVersion:)` or `.custom(…)`.
struct StageDeclaration {
    var kind: String
    var from: [String]
    var to: [String]
    var position: SourcePosition
}

/// `enum Plan: SchemaMigrationPlan`.
struct MigrationPlanDeclaration {
    var name: String
    var position: SourcePosition
    var schemas: [(path: [String], position: SourcePosition)] = []
    var stages: [StageDeclaration] = []
}

/// A `#Predicate` closure: its root type when written or implied, and the closure.
struct PredicateDeclaration {
    var root: [String]?
    var closure: ClosureExprSyntax
    var source: ParsedSource
    var position: SourcePosition
}

/// A key path the app sorts or filters by in a `FetchDescriptor`, e.g. `SortDescriptor(\Project.tasks.count)`.
struct DescriptorKeyPath {
    var keyPath: KeyPathReference
}

/// Seed 003's trap: a `static let` shared `ModelContainer` whose initialiser uses CloudKit or an App Group.
struct SharedContainerDeclaration {
    var owner: String
    var name: String
    /// `let` or `var`: a stored type property either way, created on first use.
    var keyword: String
    var position: SourcePosition
    var usesCloudKit: Bool
    var usesAppGroup: Bool
    /// CloudKit only by the default configuration (`.automatic`), nothing named.
    var byDefault = false
}

/// Everything read from the sources.
struct Declarations {
    var models: [ModelDeclaration] = []
    var valueTypes: [ValueTypeDeclaration] = []
    var versionedSchemas: [VersionedSchemaDeclaration] = []
    var plans: [MigrationPlanDeclaration] = []
    /// `scope + [name]` joined by dots → the aliased type path.
    var typeAliases: [String: [String]] = [:]
    /// The types of `static` stored properties, by `Owner.member` (qualified), where written or told by their
    /// values (`static let defaultName = "Home"`): what `var name = Owner.defaultName` stores.
    var staticTypes: [String: TypeReference] = [:]
    var predicates: [PredicateDeclaration] = []
    var descriptorKeyPaths: [DescriptorKeyPath] = []
    var sharedContainers: [SharedContainerDeclaration] = []
    var errors: [InputError] = []
}
