/// CloudKit's Production schema is add-only: once a version is deployed, every later version may add
/// entities and properties but not rename, remove or retype them (seed 000). This is the toolkit's own
/// report of what CloudKit would reject at export.
public enum MigrationValidator {
    /// One change that is not an addition.
    public struct Change: Sendable, Equatable {
        /// The version that makes the change and the deployed version it breaks.
        public var version: String
        /// The deployed version the change breaks.
        public var deployedVersion: String
        /// What changed, as one line of the report.
        public var line: String
    }

    /// Every change a version after a deployed one makes to what is deployed that is not an addition, in
    /// version order, each reported once. Each version is compared with the last deployed version before it:
    /// what an undeployed version added, a later one may still rename or remove.
    public static func validate(_ schema: ModelSchema) -> [Change] {
        guard let firstDeployed = schema.versions.firstIndex(where: \.isDeployed) else { return [] }
        var changes: [Change] = []
        var reported: Set<String> = []
        var deployed = schema.versions[firstDeployed]
        for index in schema.versions.indices where index > firstDeployed {
            let version = schema.versions[index]
            for line in compare(from: deployed, to: version) where reported.insert(line).inserted {
                changes.append(Change(version: version.name, deployedVersion: deployed.name, line: line))
            }
            if version.isDeployed { deployed = version }
        }
        return changes
    }

    /// The header of the report, in the style of Core Data's messages.
    public static let header =
        "CloudKit schemas are add-only once deployed to Production: later versions may add entities and "
        + "attributes, but may not rename, remove or change the type of existing ones. The following changes are not additions:"

    static func compare(from old: SchemaVersion, to new: SchemaVersion) -> [String] {
        var lines: [String] = []
        for entity in old.entities {
            if let renamed = new.entities.first(where: { $0.renamedFrom == entity.name && $0.name != entity.name }) {
                lines.append("\(entity.name): entity renamed to \(renamed.name)")
                continue
            }
            guard let successor = new.entity(named: entity.name) else {
                lines.append("\(entity.name): entity removed")
                continue
            }
            lines += compareAttributes(entity, successor)
            lines += compareRelationships(entity, successor)
        }
        return lines
    }

    private static func compareAttributes(_ old: EntitySpec, _ new: EntitySpec) -> [String] {
        var lines: [String] = []
        for attribute in old.attributes {
            if let renamed = new.attributes.first(where: {
                $0.renamedFrom == attribute.name && $0.name != attribute.name
            }) {
                lines.append("\(old.name): \(attribute.name) renamed to \(renamed.name)")
            } else if let successor = new.attribute(named: attribute.name) {
                if successor.typeName != attribute.typeName {
                    lines.append(
                        "\(old.name): \(attribute.name) type changed from \(attribute.typeName) to \(successor.typeName)"
                    )
                }
            } else {
                lines.append("\(old.name): \(attribute.name) removed")
            }
        }
        return lines
    }

    private static func compareRelationships(_ old: EntitySpec, _ new: EntitySpec) -> [String] {
        var lines: [String] = []
        for relationship in old.relationships {
            if let renamed = new.relationships.first(where: {
                $0.renamedFrom == relationship.name && $0.name != relationship.name
            }) {
                lines.append("\(old.name): \(relationship.name) renamed to \(renamed.name)")
            } else if let successor = new.relationship(named: relationship.name) {
                if successor.typeName != relationship.typeName {
                    lines.append(
                        "\(old.name): \(relationship.name) type changed from \(relationship.typeName) to \(successor.typeName)"
                    )
                }
            } else {
                lines.append("\(old.name): \(relationship.name) removed")
            }
        }
        return lines
    }
}
