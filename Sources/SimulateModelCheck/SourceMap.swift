/// Where each part of the built schema was declared, so every finding points at Swift source.
struct SourceMap {
    /// `version` → entity name → its class.
    var versionEntities: [String: [String: ModelDeclaration]] = [:]
    /// `version` → the `VersionedSchema` enum.
    var versions: [String: SourcePosition] = [:]
    /// `from>to` → the migration stage between two versions.
    var stages: [String: SourcePosition] = [:]

    /// `Entity.property` → the default a fix-it proposes when the type is an enum (`.pending`); empty when no
    /// case alone is one (its cases carry values).
    var enumDefaults: [String: String] = [:]

    func model(_ entity: String, in version: String) -> ModelDeclaration? { versionEntities[version]?[entity] }

    func property(_ entity: String, _ property: String, in version: String) -> PropertyDeclaration? {
        model(entity, in: version)?.properties.first { $0.name == property }
    }
}
