import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// One object in a device's store.
///
/// A synced object keeps the server's record as Core Data keeps its system fields; its values are read
/// from that record until the device edits it, when it gets a local copy of every field and dirty bits.
/// An object a device only imported and never edited (nine in ten at convergence in the `model`
/// benchmark, ten million objects at 10 devices × 100,000) is one reference to the shared box of the
/// server's version, which knows the entity and the name's number: 24 bytes, 32 of heap. Everything
/// else (the entity, the flags, the copy of the values, the dirty bits, the edit's base version and
/// time) lives in a ``LocalEdits`` made at the object's first edit or flag change and dropped once the
/// edits are all acknowledged (``dropSettledEdits()``).
/// Its record name is the box's, or the edits' (an object always has one or the other).
/// `part` (read as `state`) is read on every import and check; it is `@exclusivity(unchecked)` as in ``ModelStore``.
final class ModelObject: ModelStorePart {
    /// A ``RecordBox`` or ``LocalEdits``, read as `state`.
    @exclusivity(unchecked) private var part: ModelStorePart

    private var state: State {
        get {
            if let box = part as? RecordBox { return .synced(box) }
            return .edited(part as! LocalEdits)
        }
        set {
            switch newValue {
            case .synced(let box): part = box
            case .edited(let edits): part = edits
            }
        }
    }

    /// One reference either way: a second field would take the object from 32 to 48 bytes of heap. Stored
    /// as a plain reference (`part`): a two-case enum of references keeps its case in the pointer's spare
    /// bits, where LeakSanitizer does not see the reference and reports the object leaked.
    private enum State {
        /// Only the server's version: imported, never edited, sent (the server has it), not queued.
        case synced(RecordBox)
        /// Edited on the device (or flagged) at least once; the edits hold the server's version, if any.
        case edited(LocalEdits)
    }

    private static let slotMask: UInt32 = (1 << 29) - 1
    /// Set in ``LocalEdits/bits`` once the object has edits of its own (values, dirty bits, a base
    /// version or an edit time); unset while its edits only hold flags or a box a synced object could
    /// not (every accessor then answers as for a synced object).
    private static let editedBit: UInt32 = 1 << 29
    private static let sentBit: UInt32 = 1 << 30
    private static let queuedBit: UInt32 = 1 << 31

    /// A new local object, every field null.
    init(id: String, slot: Int, entity: StoreLayout.Entity) {
        precondition(slot >= 0 && slot <= Int(Self.slotMask), "too many record names for one run")
        part = LocalEdits(id: id, entity: entity, bits: UInt32(slot) | Self.editedBit, baseTag: 0, box: nil)
    }

    /// An object imported from the server's record in `box`; the server has it, so it counts as sent.
    init(box: RecordBox, entity: StoreLayout.Entity) {
        precondition(box.slot >= 0 && box.slot <= Int(Self.slotMask), "too many record names for one run")
        if box.entity === entity {
            part = box
        } else {
            part = LocalEdits(
                id: box.record.recordID.recordName, entity: entity, bits: UInt32(box.slot) | Self.sentBit,
                baseTag: 0, box: box)
        }
    }

    var entity: StoreLayout.Entity {
        switch state {
        case .synced(let box): box.entity!
        case .edited(let edits): edits.entity
        }
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
            case .synced(let box):
                if let newValue, newValue.entity === box.entity, newValue.slot == box.slot {
                    state = .synced(newValue)
                } else {
                    detach().box = newValue
                }
            }
        }
    }

    /// The object's own edits, if it has any.
    private var edits: LocalEdits? {
        if case .edited(let edits) = state, edits.bits & Self.editedBit != 0 { edits } else { nil }
    }

    /// The edits' storage, made without edits of its own for a synced object.
    private func detach() -> LocalEdits {
        switch state {
        case .edited(let edits): return edits
        case .synced(let box):
            let made = LocalEdits(
                id: box.record.recordID.recordName, entity: entity, bits: bits, baseTag: 0, box: box)
            state = .edited(made)
            return made
        }
    }

    /// The number of `id` in the run's ``NameTable`` (low 30 bits) and the two flags below.
    private var bits: UInt32 {
        switch state {
        case .synced(let box): UInt32(box.slot) | Self.sentBit
        case .edited(let edits): edits.bits & ~Self.editedBit
        }
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

    /// True time of the last local edit the server has not acknowledged; nil when there is none (an
    /// object imported and never edited, or one whose edits were all acknowledged). A save carries it to
    /// the `noLostUpdates` ledger, so an object uploaded again after a zone reset without a local edit
    /// claims no edit time.
    var editTime: VirtualInstant? {
        get { edits?.editTime }
        set {
            if let edits {
                edits.editTime = newValue
            } else if newValue != nil {
                makeEdits().editTime = newValue
            }
        }
    }

    /// Bumped on every local edit, so an export acknowledges only what it sent.
    var generation: UInt32 { edits?.generation ?? 0 }

    private func makeEdits() -> LocalEdits {
        if let edits { return edits }
        let baseTag = baseTag
        let made = detach()
        made.baseTag = baseTag
        made.bits |= Self.editedBit
        return made
    }

    /// The server acknowledged every edit the object had: no values, dirty bits or edit time are left,
    /// and it goes back to its box if nothing else keeps its edits (``dropSettledEdits()``).
    func acknowledgeEdits() {
        if let edits {
            edits.values = nil
            edits.dirtyMask = 0
            edits.editTime = nil
        }
        dropSettledEdits()
    }

    /// Goes back to the one reference of a synced object once its edits are all acknowledged: no values
    /// or dirty bits left, sent and not queued, based on the server's version it holds, of its own entity.
    /// A device's own objects then take no more memory than those it imported (at 10 × 100,000 a million
    /// edits' storage, docs/performance.md). The generation goes with the edits: a device exports one
    /// batch at a time, so no answer still on its way can name this object's generation, and the next
    /// edit starts it again (``acknowledgeEdits()`` has already cleared the edit time).
    func dropSettledEdits() {
        guard case .edited(let edits) = state, edits.values == nil, edits.dirtyMask == 0,
            edits.bits & (Self.sentBit | Self.queuedBit) == Self.sentBit, let box = edits.box,
            box.entity === edits.entity, box.slot == Int(edits.bits & Self.slotMask), edits.baseTag == box.tag
        else { return }
        state = .synced(box)
    }

    /// The number of `id` in the run's ``NameTable`` (where its store keeps it).
    var slot: Int { Int(bits & Self.slotMask) }

    /// The record was sent to the server at least once (so a delete must be exported).
    var wasSent: Bool {
        get { bits & Self.sentBit != 0 }
        set { setFlag(Self.sentBit, newValue) }
    }

    var isQueued: Bool {
        get { bits & Self.queuedBit != 0 }
        set { setFlag(Self.queuedBit, newValue) }
    }

    /// A synced object keeps its implied flags (sent, not queued) until one changes.
    private func setFlag(_ flag: UInt32, _ on: Bool) {
        let changed = on ? bits | flag : bits & ~flag
        guard changed != bits else { return }
        let edits = detach()
        edits.bits = changed | (edits.bits & Self.editedBit)
    }

    // The readers below take each case apart once: through `entity`, `local` and `box` a synced
    // object's box was retained and released three times a call (`model` benchmark, 10 × 1,000:
    // 601 M instructions against 559 M before objects were one reference).

    func value(_ field: Int) -> JSON {
        switch state {
        case .synced(let box): return box.value(field)
        case .edited(let edits):
            if edits.bits & Self.editedBit != 0, let values = edits.values { return values[field] }
            return FieldCoding.json(edits.box?.record[edits.entity.fieldKeys[field]])
        }
    }

    /// The destination's record name of a to-one field.
    func reference(_ field: Int) -> String? {
        switch state {
        case .synced(let box): return box.reference(field)
        case .edited(let edits):
            if edits.bits & Self.editedBit != 0, let values = edits.values { return values[field].stringValue }
            return edits.box?.reference(field, of: edits.entity)
        }
    }

    /// Whether any to-one field may name a destination (false: every `reference` is nil).
    var hasReferences: Bool {
        switch state {
        case .synced(let box): return box.hasReferences
        case .edited(let edits):
            guard !edits.entity.toOne.isEmpty else { return false }
            if edits.bits & Self.editedBit != 0, edits.values != nil { return true }
            return edits.box?.hasReferences(of: edits.entity) ?? false
        }
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

/// What a device changed in one object, from its first local edit or flag change until its edits are all
/// acknowledged (``ModelObject/dropSettledEdits()``); an acknowledged export drops the copy of the values.
final class LocalEdits: ModelStorePart {
    /// The record name (the object's `id` while it has no server version).
    let id: String
    let entity: StoreLayout.Entity
    /// The object's last copy of the server's record (``ModelObject/box``).
    var box: RecordBox?
    /// Every field's value while the object has edits not yet exported.
    var values: [JSON]?
    var dirtyMask: UInt64 = 0
    var baseTag: UInt64
    /// The edit time's nanoseconds, `Int64.min` for none: as an optional it took 89 bytes, 112 of heap.
    private var editNanoseconds = Int64.min
    var generation: UInt32 = 0
    /// ``ModelObject``'s name number and flags (beside `generation`: 88 bytes in all, 96 of heap).
    var bits: UInt32

    var editTime: VirtualInstant? {
        get { editNanoseconds == .min ? nil : VirtualInstant(nanoseconds: editNanoseconds) }
        set { editNanoseconds = newValue?.nanoseconds ?? .min }
    }

    init(id: String, entity: StoreLayout.Entity, bits: UInt32, baseTag: UInt64, box: RecordBox?) {
        self.id = id
        self.entity = entity
        self.bits = bits
        self.baseTag = baseTag
        self.box = box
    }
}

/// What a store's slot or an object's state refers to: ``RecordBox``, ``LocalEdits`` or ``ModelObject``,
/// told apart by their class. No state of its own, so it costs no memory.
class ModelStorePart {}
