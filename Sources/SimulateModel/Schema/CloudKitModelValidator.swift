/// The checks `NSPersistentCloudKitContainer` runs when it loads a store (`PFCloudKitModelValidator`),
/// reported as its `NSCocoaErrorDomain Code=134060` failure reason: one group per rule, in Core Data's
/// order, each a header followed by one sorted `Entity: property` line per offender.
public enum CloudKitModelValidator {
    /// One rule that some properties break.
    public struct Group: Sendable, Equatable {
        public var rule: Rule
        public var header: String
        public var lines: [String]

        /// The header and its lines, one per line, as in the error's failure reason.
        public var text: String { ([header] + lines).joined(separator: "\n") }
    }

    public enum Rule: String, Sendable, CaseIterable {
        case inverse, ordered, attributes, optionalRelationships, deleteRules, uniqueConstraints
    }

    /// Every group the version breaks, in the order Core Data prints them; empty when CloudKit accepts it.
    public static func validate(_ version: SchemaVersion) -> [Group] {
        var lines: [Rule: [String]] = [:]
        for entity in version.entities {
            for attribute in entity.attributes where !attribute.isOptional && attribute.defaultValue == nil {
                lines[.attributes, default: []].append("\(entity.name): \(attribute.name)")
            }
            for relationship in entity.relationships {
                let line = "\(entity.name): \(relationship.name)"
                if !relationship.isOptional { lines[.optionalRelationships, default: []].append(line) }
                if relationship.inverse == nil { lines[.inverse, default: []].append(line) }
                if relationship.isOrdered { lines[.ordered, default: []].append(line) }
                if relationship.deleteRule == .deny || relationship.deleteRule == .noAction {
                    lines[.deleteRules, default: []].append(
                        "\(entity.name):\(relationship.name) - \(relationship.deleteRule.coreDataName)")
                }
            }
            let unique = entity.attributes.filter(\.isUnique).map(\.name)
            for name in unique {
                lines[.uniqueConstraints, default: []].append("\(entity.name): \(name)")
            }
        }
        return Rule.allCases.compactMap { rule in
            guard let found = lines[rule], !found.isEmpty else { return nil }
            return Group(rule: rule, header: header(rule), lines: found.sorted(by: caseInsensitive))
        }
    }

    /// The whole failure reason: the groups joined by newlines, or nil when the model is valid.
    public static func failureReason(_ version: SchemaVersion) -> String? {
        let groups = validate(version)
        return groups.isEmpty ? nil : groups.map(\.text).joined(separator: "\n")
    }

    /// Core Data's header text for a rule. `noAction` shares the delete-rule group: Core Data itself only
    /// flags `Deny`, but a `No Action` relationship leaves dangling references on other devices.
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
        }
    }

    /// `localizedCaseInsensitiveCompare`, close enough for ASCII names; ties broken by the exact text.
    private static func caseInsensitive(_ a: String, _ b: String) -> Bool {
        let (la, lb) = (a.lowercased(), b.lowercased())
        return la == lb ? a < b : la < lb
    }
}
