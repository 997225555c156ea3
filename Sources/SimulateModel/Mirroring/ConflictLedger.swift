import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// Server-side bookkeeping for `noLostUpdates`: who last wrote each field of each record, and every
/// save that replaced a value another device had written after the saver last saw the field.
final class ConflictLedger {
    /// Fields in this order, and `RecordWrites`' `fields` first: 32 bytes a record's slot instead of 40.
    struct Write {
        var tag: UInt64
        /// nil for a save that carried no local edit (``ModelObject/editTime``).
        var editTime: VirtualInstant?
        var device: Int32
    }

    /// One overwritten edit.
    struct LostUpdate {
        var entity: String
        var recordName: String
        var field: String
        var lostValue: JSON
        var lostDevice: String
        var lostEditTime: VirtualInstant?
        var winningValue: JSON
        var winningDevice: String
        var winningEditTime: VirtualInstant?
        var savedTime: VirtualInstant
    }

    /// What one saved record carried besides its fields.
    struct SaveContext {
        var device: Int32
        var baseTag: UInt64
        var editTime: VirtualInstant?
        /// The number of the record's name in the run's ``NameTable``.
        var slot: Int
    }

    /// Who wrote a record: `all` for every field without an entry of its own in `fields`.
    private struct RecordWrites {
        var fields: [String: Write] = [:]
        var all: Write

        init(all: Write) {
            self.all = all
        }
    }

    /// By the number of the record's name in the run's ``NameTable``.
    @exclusivity(unchecked) private var writes: [RecordWrites?] = []
    private(set) var lost: [LostUpdate] = []
    /// Reports kept at most; the count goes on.
    static let reportLimit = 1000
    private(set) var lostCount = 0

    /// Called on the server right after a modify applied `saved` over `before`.
    func noteSave(
        sent: CloudRecord, before: CloudRecord?, saved: CloudRecord, context: SaveContext, deviceNames: [String],
        now: VirtualInstant
    ) {
        guard let tag = saved.changeTag?.rawValue else { return }
        let name = sent.recordID.recordName
        let write = Write(tag: tag, editTime: context.editTime, device: context.device)
        let slot = context.slot
        if slot >= writes.count { writes += repeatElement(nil, count: max(slot + 1, writes.count * 2) - writes.count) }
        guard before != nil, var record = writes[slot] else {
            writes[slot] = RecordWrites(all: write)
            return
        }
        for key in sent.changedKeys.sorted() {
            let old = before?[key]
            let new = saved[key]
            guard old != new else { continue }
            let previous = record.fields[key] ?? record.all
            if previous.device != context.device && previous.tag > context.baseTag {
                lostCount += 1
                if lost.count < Self.reportLimit {
                    lost.append(
                        LostUpdate(
                            entity: saved["CD_entityName"]?.stringValue ?? String(saved.recordType.dropFirst(3)),
                            recordName: name,
                            field: String(key.dropFirst(3)), lostValue: FieldCoding.json(old),
                            lostDevice: deviceNames[Int(previous.device)],
                            lostEditTime: previous.editTime, winningValue: FieldCoding.json(new),
                            winningDevice: deviceNames[Int(context.device)],
                            winningEditTime: context.editTime, savedTime: now))
                }
            }
            record.fields[key] = write
        }
        writes[slot] = record
    }

    /// `slot` numbers the deleted record's name; nil when it has none (so no save was noted).
    func noteDelete(slot: Int?) {
        if let slot, slot < writes.count { writes[slot] = nil }
    }
}
