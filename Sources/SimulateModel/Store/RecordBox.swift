import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// One version of a server record, shared by reference.
final class RecordBox: ModelStorePart {
    let record: CloudRecord
    let tag: UInt64
    /// The number of the record's name in the run's ``NameTable``.
    let slot: Int
    /// The entity the record holds in the run's layout, if any: the entity of every synced object of it.
    let entity: StoreLayout.Entity?
    /// The to-one fields' destinations under `entity`, read from the record once for every device
    /// holding this version (nil until first read; empty when every one is nil).
    private var references: [String?]?

    init(_ record: CloudRecord, slot: Int, entity: StoreLayout.Entity?) {
        self.record = record
        self.slot = slot
        self.entity = entity
        tag = record.changeTag?.rawValue ?? 0
    }

    func reference(_ field: Int, of entity: StoreLayout.Entity) -> String? {
        let references = references(of: entity)
        return references.isEmpty ? nil : references[field - entity.attributes.count]
    }

    func hasReferences(of entity: StoreLayout.Entity) -> Bool {
        !references(of: entity).isEmpty
    }

    // Read under the box's own entity: a synced object's and an object view's answers.

    func value(_ field: Int) -> JSON { FieldCoding.json(record[entity!.fieldKeys[field]]) }

    func reference(_ field: Int) -> String? { reference(field, of: entity!) }

    var hasReferences: Bool { !entity!.toOne.isEmpty && hasReferences(of: entity!) }

    /// Kept for the box's own entity; read anew for another (an object whose entity the record does not name).
    private func references(of entity: StoreLayout.Entity) -> [String?] {
        if entity === self.entity, let references { return references }
        var read = (entity.attributes.count..<entity.fieldCount).map {
            FieldCoding.json(record[entity.fieldKeys[$0]]).stringValue
        }
        if read.allSatisfy({ $0 == nil }) { read = [] }
        if entity === self.entity { references = read }
        return read
    }
}
