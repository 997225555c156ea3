import SimulateCloudKit
import SimulateJSON

/// An object of a device's store read in place: one the device only imported is read from its shared
/// box, as the ``ModelObject`` made for it would answer, without making that object.
struct ObjectView {
    private let entry: ModelStore.Entry

    init(_ entry: ModelStore.Entry) {
        self.entry = entry
    }

    /// The object, when the store has made one.
    var object: ModelObject? {
        if case .object(let object) = entry { object } else { nil }
    }

    var id: String {
        switch entry {
        case .synced(let box): box.record.recordID.recordName
        case .object(let object): object.id
        }
    }

    var entity: StoreLayout.Entity {
        switch entry {
        case .synced(let box): box.entity!
        case .object(let object): object.entity
        }
    }

    var slot: Int {
        switch entry {
        case .synced(let box): box.slot
        case .object(let object): object.slot
        }
    }

    var box: RecordBox? {
        switch entry {
        case .synced(let box): box
        case .object(let object): object.box
        }
    }

    var record: CloudRecord? { box?.record }

    /// Every field's value while the object has edits not yet exported; nil for an imported object.
    var local: [JSON]? { object?.local }

    var baseTag: UInt64 {
        switch entry {
        case .synced(let box): box.tag
        case .object(let object): object.baseTag
        }
    }

    var isDirty: Bool { object?.isDirty ?? false }

    var hasReferences: Bool {
        switch entry {
        case .synced(let box): box.hasReferences
        case .object(let object): object.hasReferences
        }
    }

    func value(_ field: Int) -> JSON {
        switch entry {
        case .synced(let box): box.value(field)
        case .object(let object): object.value(field)
        }
    }

    func reference(_ field: Int) -> String? {
        switch entry {
        case .synced(let box): box.reference(field)
        case .object(let object): object.reference(field)
        }
    }
}

extension ModelStore {
    /// What a store's slot holds, told apart by the class of its ``ModelStorePart``.
    enum Entry {
        /// Imported and not yet asked for: the object ``ModelObject/init(box:entity:)`` would make.
        case synced(RecordBox)
        case object(ModelObject)

        init?(_ part: ModelStorePart?) {
            guard let part else { return nil }
            if let object = part as? ModelObject {
                self = .object(object)
            } else {
                self = .synced(part as! RecordBox)
            }
        }

        var part: ModelStorePart {
            switch self {
            case .synced(let box): box
            case .object(let object): object
            }
        }
    }
}
