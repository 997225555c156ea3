import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// One object in a device's store.
///
/// A synced object keeps the server's record as Core Data keeps its system fields; its values are read
/// from that record until the device edits it, when it gets a local copy of every field and dirty bits.
/// What only an edited object needs (the copy, the dirty bits, the edit's base version and time) lives
/// in a ``LocalEdits`` made at its first edit, which then holds the server's version too. An object
/// a device only imported is two words and the flags after the header, 40 bytes (48 of heap): a run of
/// 10 devices × 100,000 objects holds ten million of them. Its record name is the box's, or the edits'
/// while it has no box (an object always has one or the other).
/// `state` is read on every import and check; it is `@exclusivity(unchecked)` as in ``ModelStore``.
final class ModelObject {
    let entity: StoreLayout.Entity
    @exclusivity(unchecked) private var state: State
    /// The number of `id` in the run's ``NameTable`` (low 30 bits) and the two flags below.
    private var bits: UInt32

    /// One reference either way: a third field would take the object from 48 to 64 bytes of heap.
    private enum State {
        /// Only the server's version: the device imported the object and never edited it.
        case synced(RecordBox)
        /// Edited on the device at least once; the edits hold the server's version, if any.
        case edited(LocalEdits)
    }

    /// The last copy of the record the server gave this device (change tag and values), if any; one
    /// box per server version, shared by every device that holds that version.
    var box: RecordBox? {
        get {
            switch state {
            case .synced(let box): box
            case .edited(let edits): edits.box
            }
        }
        set {
            switch state {
            case .edited(let edits): edits.box = newValue
            case .synced:
                if let newValue { state = .synced(newValue) } else { makeEdits().box = nil }
            }
        }
    }

    private var edits: LocalEdits? {
        if case .edited(let edits) = state { edits } else { nil }
    }

    private static let slotMask: UInt32 = (1 << 30) - 1
    private static let sentBit: UInt32 = 1 << 30
    private static let queuedBit: UInt32 = 1 << 31

    /// A new local object, every field null.
    init(id: String, slot: Int, entity: StoreLayout.Entity) {
        precondition(slot >= 0 && slot <= Int(Self.slotMask), "too many record names for one run")
        self.entity = entity
        bits = UInt32(slot)
        state = .edited(LocalEdits(id: id, baseTag: 0, box: nil))
    }

    /// An object imported from the server's record in `box`.
    init(box: RecordBox, entity: StoreLayout.Entity) {
        precondition(box.slot >= 0 && box.slot <= Int(Self.slotMask), "too many record names for one run")
        self.entity = entity
        state = .synced(box)
        bits = UInt32(box.slot)
    }

    /// The record name.
    var id: String {
        switch state {
        case .synced(let box): return box.record.recordID.recordName
        case .edited(let edits): return edits.id
        }
    }

    /// Every field's value while the object has edits not yet exported; nil when it matches `record`.
    var local: [JSON]? {
        get { edits?.values }
        set {
            if let edits {
                edits.values = newValue
            } else if newValue != nil {
                makeEdits().values = newValue
            }
        }
    }

    /// Sets one field of the local copy, if there is one.
    func setLocal(_ field: Int, _ value: JSON) {
        edits?.values?[field] = value
    }

    /// Fields edited locally and not yet exported.
    var dirtyMask: UInt64 {
        get { edits?.dirtyMask ?? 0 }
        set {
            if let edits {
                edits.dirtyMask = newValue
            } else if newValue != 0 {
                makeEdits().dirtyMask = newValue
            }
        }
    }

    /// The server version (change tag) the local edits are based on: what the device had seen. Without
    /// edits, the version it holds.
    var baseTag: UInt64 {
        get { edits?.baseTag ?? box?.tag ?? 0 }
        set {
            if let edits {
                edits.baseTag = newValue
            } else if newValue != box?.tag ?? 0 {
                makeEdits().baseTag = newValue
            }
        }
    }

    /// True time of the last local edit.
    var editTime: VirtualInstant {
        get { edits?.editTime ?? .start }
        set {
            if let edits {
                edits.editTime = newValue
            } else if newValue != .start {
                makeEdits().editTime = newValue
            }
        }
    }

    /// Bumped on every local edit, so an export acknowledges only what it sent.
    var generation: UInt32 { edits?.generation ?? 0 }

    private func makeEdits() -> LocalEdits {
        if let edits { return edits }
        let made = LocalEdits(id: id, baseTag: baseTag, box: box)
        state = .edited(made)
        return made
    }

    /// The number of `id` in the run's ``NameTable`` (where its store keeps it).
    var slot: Int { Int(bits & Self.slotMask) }

    /// The record was sent to the server at least once (so a delete must be exported).
    var wasSent: Bool {
        get { bits & Self.sentBit != 0 }
        set { bits = newValue ? bits | Self.sentBit : bits & ~Self.sentBit }
    }

    var isQueued: Bool {
        get { bits & Self.queuedBit != 0 }
        set { bits = newValue ? bits | Self.queuedBit : bits & ~Self.queuedBit }
    }

    func value(_ field: Int) -> JSON {
        if let local { return local[field] }
        return FieldCoding.json(record?[entity.fieldKeys[field]])
    }

    /// The destination's record name of a to-one field.
    func reference(_ field: Int) -> String? {
        if let local { return local[field].stringValue }
        return box?.reference(field, of: entity)
    }

    /// Whether any to-one field may name a destination (false: every `reference` is nil).
    var hasReferences: Bool {
        guard !entity.toOne.isEmpty else { return false }
        if local != nil { return true }
        return box?.hasReferences(of: entity) ?? false
    }

    func makeLocal() {
        guard local == nil else { return }
        local = (0..<entity.fieldCount).map(value)
    }

    func set(_ field: Int, _ value: JSON, at time: VirtualInstant) {
        makeLocal()
        let edits = makeEdits()
        edits.values?[field] = value
        edits.dirtyMask |= 1 << UInt64(field)
        edits.generation &+= 1
        edits.editTime = time
    }

    var record: CloudRecord? { box?.record }

    var isDirty: Bool { dirtyMask != 0 || box == nil }

    /// `{"@id": …, field: value, …}`: the object and its to-one destinations by their `@id`.
    func json(toMany: [(String, JSON)] = [], names: NameTable) -> JSON {
        var object = JSONObject()
        object.append(key: "@id", value: .string(names.handle(slot: slot)))
        for field in 0..<entity.fieldCount {
            var value = value(field)
            if entity.isRelationshipField(field), let target = value.stringValue {
                value = .string(names.handle(recordName: target))
            }
            object.append(key: entity.fieldNames[field], value: value)
        }
        for (key, value) in toMany { object.append(key: key, value: value) }
        return .object(object)
    }
}

/// What a device changed in one object, from its first local edit on: made once and kept (an
/// acknowledged export drops only the copy of the values), so the edit time and generation carry on.
final class LocalEdits {
    /// The record name (the object's `id` while it has no server version).
    let id: String
    /// The object's last copy of the server's record (``ModelObject/box``).
    var box: RecordBox?
    /// Every field's value while the object has edits not yet exported.
    var values: [JSON]?
    var dirtyMask: UInt64 = 0
    var baseTag: UInt64
    var editTime = VirtualInstant.start
    var generation: UInt32 = 0

    init(id: String, baseTag: UInt64, box: RecordBox?) {
        self.id = id
        self.baseTag = baseTag
        self.box = box
    }
}

/// One version of a server record, shared by reference.
final class RecordBox {
    let record: CloudRecord
    let tag: UInt64
    /// The number of the record's name in the run's ``NameTable``.
    let slot: Int
    /// The to-one fields' destinations, read from the record once for every device holding this version.
    private var references: [String?] = []
    private var referencesEntity: StoreLayout.Entity?

    init(_ record: CloudRecord, slot: Int) {
        self.record = record
        self.slot = slot
        tag = record.changeTag?.rawValue ?? 0
    }

    func reference(_ field: Int, of entity: StoreLayout.Entity) -> String? {
        readReferences(of: entity)
        return references.isEmpty ? nil : references[field - entity.attributes.count]
    }

    func hasReferences(of entity: StoreLayout.Entity) -> Bool {
        readReferences(of: entity)
        return !references.isEmpty
    }

    private func readReferences(of entity: StoreLayout.Entity) {
        if referencesEntity !== entity {
            references = (entity.attributes.count..<entity.fieldCount).map {
                FieldCoding.json(record[entity.fieldKeys[$0]]).stringValue
            }
            if references.allSatisfy({ $0 == nil }) { references = [] }
            referencesEntity = entity
        }
    }
}

/// Attribute values between JSON (scenarios, store) and CloudKit field values (records).
enum FieldCoding {
    static func json(_ value: CloudFieldValue?) -> JSON {
        guard let value else { return .null }
        switch value {
        case .int(let number): return .integer(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .date(let nanoseconds): return .string(ValueCoding.dateString(localNanoseconds: nanoseconds))
        case .reference(let id): return .string(id.recordName)
        case .list(let values): return .array(values.map { json($0) })
        }
    }

    static func field(_ value: JSON) -> CloudFieldValue? {
        switch value {
        case .null: nil
        case .bool(let flag): .bool(flag)
        case .integer(let number): .int(number)
        case .unsignedInteger(let number): .int(Int64(truncatingIfNeeded: number))
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let values): .list(values.compactMap(field))
        case .object: .string(JSONWriter.string(value))
        }
    }
}
