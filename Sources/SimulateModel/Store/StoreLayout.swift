import SimulateCloudKit
import SimulateJSON

/// The current schema version laid out for the store: per entity, its fields (attributes, then to-one
/// relationships) by index, with their `CD_` record keys, and its to-many relationships.
final class StoreLayout {
    final class Entity {
        let index: Int
        let spec: EntitySpec
        /// `CD_Task`; a sub-entity's is its root entity's ("Reading CloudKit Records for Core Data").
        let recordType: String
        /// No parent: the entity that owns its record type.
        let isRoot: Bool
        let attributes: [AttributeSpec]
        /// To-one relationships; field `attributes.count + i` holds the destination's record name.
        let toOne: [RelationshipSpec]
        let toMany: [RelationshipSpec]
        /// `title`, …, `project`.
        let fieldNames: [String]
        /// `CD_title`, …, `CD_project`.
        let fieldKeys: [String]
        let fieldIndexByName: [String: Int]
        /// `CD_` keys of `externalStorage` attributes: assets, outside the record size limit.
        let assetKeys: Set<String>
        /// `CD_` keys of `data` attributes, whose values are base64 text here.
        let dataKeys: Set<String>
        /// Per to-one field: the destination entity.
        var toOneDestinations: [Int] = []

        /// `spec` with its inherited properties; `root`: the topmost ancestor's name.
        init(index: Int, spec: EntitySpec, root: String) {
            self.index = index
            self.spec = spec
            recordType = "CD_" + root
            isRoot = spec.parent == nil
            attributes = spec.attributes
            toOne = spec.relationships.filter { !$0.isToMany }
            toMany = spec.relationships.filter(\.isToMany)
            fieldNames = attributes.map(\.name) + toOne.map(\.name)
            fieldKeys = fieldNames.map { "CD_" + $0 }
            assetKeys = Set(attributes.filter(\.isExternalStorage).map { "CD_" + $0.name })
            dataKeys = Set(attributes.filter { $0.type == .data && !$0.isArray }.map { "CD_" + $0.name })
            var byName: [String: Int] = [:]
            for (index, name) in fieldNames.enumerated() { byName[name] = index }
            fieldIndexByName = byName
        }

        var fieldCount: Int { fieldNames.count }
        var name: String { spec.name }

        func isRelationshipField(_ field: Int) -> Bool { field >= attributes.count }
        func relationship(field: Int) -> RelationshipSpec { toOne[field - attributes.count] }
    }

    let version: SchemaVersion
    let entities: [Entity]
    private let byName: [String: Int]
    private let byRecordType: [String: Int]
    private let hasSubentities: Bool

    init(_ version: SchemaVersion) {
        self.version = version
        entities = version.entities.enumerated().map { index, spec in
            Entity(
                index: index, spec: version.flattened(spec), root: version.lineage(of: spec).last?.name ?? spec.name)
        }
        hasSubentities = version.entities.contains { $0.parent != nil }
        var byName: [String: Int] = [:]
        var byRecordType: [String: Int] = [:]
        for entity in entities {
            byName[entity.name] = entity.index
            if entity.isRoot { byRecordType[entity.recordType] = entity.index }
        }
        self.byName = byName
        self.byRecordType = byRecordType
        for entity in entities {
            entity.toOneDestinations = entity.toOne.map { byName[$0.destination] ?? 0 }
        }
    }

    func entity(named name: String) -> Entity? {
        // Comparing a few short names costs less than hashing one.
        guard entities.count > 8 else { return entities.last { $0.name == name } }
        return byName[name].map { entities[$0] }
    }
    func entity(recordType: String) -> Entity? {
        // Comparing a few short names costs less than hashing one.
        guard entities.count > 8 else { return entities.last { $0.isRoot && $0.recordType == recordType } }
        return byRecordType[recordType].map { entities[$0] }
    }

    /// The entity a record holds: named by its `CD_entityName` when sub-entities share the record type.
    func entity(of record: CloudRecord) -> Entity? {
        if hasSubentities, case .string(let name)? = record["CD_entityName"], let entity = entity(named: name),
            entity.recordType == record.recordType
        {
            return entity
        }
        return entity(recordType: record.recordType)
    }

    /// The to-one field of `destination` that is the inverse of a to-many relationship, if any.
    func inverseField(of relationship: RelationshipSpec) -> (entity: Entity, field: Int)? {
        guard let inverse = relationship.inverse, let destination = entity(named: relationship.destination),
            let field = destination.fieldIndexByName[inverse], destination.isRelationshipField(field)
        else { return nil }
        return (destination, field)
    }

    /// A many-to-many (or inverse-less to-many) relationship is stored as links, not as a field.
    func storesLinks(_ relationship: RelationshipSpec) -> Bool {
        relationship.isToMany && inverseField(of: relationship) == nil
    }
}
