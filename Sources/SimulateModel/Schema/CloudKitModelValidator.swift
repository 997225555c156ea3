/// The checks `NSPersistentCloudKitContainer` runs when it loads a store (`PFCloudKitModelValidator`),
/// reported as its `NSCocoaErrorDomain Code=134060` failure reason: one group per rule, in Core Data's
/// order, each a header followed by one sorted `Entity: property` line per offender.
public enum CloudKitModelValidator {
    /// One rule that some properties break.
    public struct Group: Sendable, Equatable {
        /// The rule broken.
        public var rule: Rule
        /// Core Data's header line for the rule.
        public var header: String
        /// One sorted `Entity: property` line per offender.
        public var lines: [String]

        /// The header and its lines, one per line, as in the error's failure reason.
        public var text: String { ([header] + lines).joined(separator: "\n") }
    }

    /// The rules CloudKit mirroring enforces, in the order Core Data reports them.
    public enum Rule: String, Sendable, CaseIterable {
        /// Every relationship has an inverse.
        case inverse
        /// No relationship is ordered.
        case ordered
        /// Every attribute is optional or has a default.
        case attributes
        /// Every relationship is optional.
        case optionalRelationships
        /// No `deny` delete rule.
        case deleteRules
        /// No unique constraint.
        case uniqueConstraints
        /// Undefined and Object ID attributes: the rule is documented ("Creating a Core Data Model for
        /// CloudKit"); its header is the toolkit's wording, listed after Core Data's own groups.
        case attributeTypes
    }

    /// Every group the version breaks, in the order Core Data prints them; empty when CloudKit accepts it.
    public static func validate(_ version: SchemaVersion) -> [Group] { validate([version]) }

    /// Every group any version of a migration plan breaks. That every version is checked is an
    /// assumption read from the seeds (seed 001: "All versions in your migration plan must follow these
    /// rules"; seed 004's one failure reason lists `SDUserProfileV9` and `SDUserProfileV10` lines): the
    /// validator itself checks the entities of the model it loads. A line several versions share is
    /// listed once.
    public static func validate(_ schema: ModelSchema) -> [Group] { validate(schema.versions) }

    /// ``validate(_:)-(ModelSchema)`` for `"validateVersions": "all"`, else the loaded (last) version only.
    static func validate(_ schema: ModelSchema, versions: ModelConfiguration.ValidatedVersions) -> [Group] {
        versions == .all ? validate(schema.versions) : validate([schema.current])
    }

    private static func validate(_ versions: [SchemaVersion]) -> [Group] {
        var lines: [Rule: [String]] = [:]
        for entity in versions.flatMap(\.entities) {
            for attribute in entity.attributes where !attribute.isOptional && attribute.defaultValue == nil {
                lines[.attributes, default: []].append("\(entity.name): \(attribute.name)")
            }
            for attribute in entity.attributes {
                if let unsupported = attribute.unsupportedType {
                    lines[.attributeTypes, default: []].append(
                        "\(entity.name): \(attribute.name) - \(unsupported.coreDataName)")
                }
            }
            for relationship in entity.relationships {
                let line = "\(entity.name): \(relationship.name)"
                if !relationship.isOptional { lines[.optionalRelationships, default: []].append(line) }
                if relationship.inverse == nil { lines[.inverse, default: []].append(line) }
                if relationship.isOrdered { lines[.ordered, default: []].append(line) }
                if relationship.deleteRule == .deny {
                    lines[.deleteRules, default: []].append(
                        "\(entity.name):\(relationship.name) - \(relationship.deleteRule.coreDataName)")
                }
            }
            let unique =
                entity.attributes.filter(\.isUnique).map(\.name) + entity.relationships.filter(\.isUnique).map(\.name)
            for name in unique {
                lines[.uniqueConstraints, default: []].append("\(entity.name): \(name)")
            }
        }
        return Rule.allCases.compactMap { rule in
            guard let found = lines[rule], !found.isEmpty else { return nil }
            let unique = Array(Set(found))
            return Group(rule: rule, header: header(rule), lines: unique.sorted(by: CollationOrder.precedes))
        }
    }

    /// The whole failure reason: the groups joined by newlines, or nil when the model is valid.
    public static func failureReason(_ version: SchemaVersion) -> String? { failureReason(validate(version)) }

    /// The failure reason of every version of a migration plan.
    public static func failureReason(_ schema: ModelSchema) -> String? { failureReason(validate(schema)) }

    static func failureReason(_ groups: [Group]) -> String? {
        groups.isEmpty ? nil : groups.map(\.text).joined(separator: "\n")
    }

    /// Core Data's header text for a rule. Only `Deny` is an unsupported delete rule ("Creating a Core
    /// Data Model for CloudKit": "CloudKit doesn't support the Deny deletion rule").
    public static func header(_ rule: Rule) -> String {
        switch rule {
        case .inverse:
            "CloudKit integration requires that all relationships have an inverse, the following do not:"
        case .ordered:
            "CloudKit integration does not support ordered relationships. The following relationships are marked ordered:"
        case .attributes:
            "CloudKit integration requires that all attributes be optional, or have a default value set. "
                + "The following attributes are marked non-optional but do not have a default value:"
        case .optionalRelationships:
            "CloudKit integration requires that all relationships be optional, the following are not:"
        case .deleteRules:
            "The following relationships are configured with unsupported delete rules:"
        case .uniqueConstraints:
            "CloudKit integration does not support unique constraints. The following entities are constrained:"
        case .attributeTypes:
            "CloudKit integration does not support the Undefined and Object ID attribute types. "
                + "The following attributes use them:"
        }
    }
}
