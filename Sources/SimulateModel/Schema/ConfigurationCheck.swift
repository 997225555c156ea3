import SimulateCore

/// Relationships that leave the store's configuration (`configurationEntities`): Core Data keeps a
/// relationship within one store (Apple's sample "Linking Data Between Two Core Data Stores" links two
/// stores with a fetched property instead). The report's wording is the toolkit's; it does not stop the
/// store from loading.
enum ConfigurationCheck {
    static let header =
        "Relationships must stay within the store's configuration. The following relationships point to "
        + "entities outside it:"

    /// The lines `Entity: relationship - Destination` of the loaded version, in collation order.
    static func lines(_ version: SchemaVersion, entities: [String]) -> [String] {
        let inside = Set(entities)
        var lines: [String] = []
        for entity in version.entities where inside.contains(entity.name) {
            for relationship in entity.relationships where !inside.contains(relationship.destination) {
                lines.append("\(entity.name): \(relationship.name) - \(relationship.destination)")
            }
        }
        return lines.sorted(by: CollationOrder.precedes)
    }

    static func violation(_ configuration: ModelConfiguration) -> Violation? {
        guard let entities = configuration.configurationEntities else { return nil }
        let found = lines(configuration.schema.current, entities: entities)
        guard !found.isEmpty else { return nil }
        return Violation(at: .start, message: ([header] + found).joined(separator: "\n"))
    }
}
