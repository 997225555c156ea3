import SimulateCounter
import SimulateJSON

/// Server-side bookkeeping for `noLostUpdates`: who last wrote each field of each record, and every
/// save that replaced a value another device had written after the saver last saw the field.
final class ConflictLedger {
    struct Write {
        var tag: UInt64
        var device: Int32
        var editNanoseconds: Int64
    }

    /// One overwritten edit.
    struct LostUpdate {
        var entity: String
        var recordName: String
        var field: String
        var lostValue: JSON
        var lostDevice: String
        var lostEditNanoseconds: Int64
        var winningValue: JSON
        var winningDevice: String
        var winningEditNanoseconds: Int64
        var savedNanoseconds: Int64
    }

    /// What one saved record carried besides its fields.
    struct SaveContext {
        var device: Int32
        var baseTag: UInt64
        var editNanoseconds: Int64
    }

    private var writes: [String: [String: Write]] = [:]
    private(set) var lost: [LostUpdate] = []
    /// Reports kept at most; the count goes on.
    static let reportLimit = 1000
    private(set) var lostCount = 0

    /// Called on the server right after a modify applied `saved` over `before`.
    func noteSave(
        sent: CloudRecord, before: CloudRecord?, saved: CloudRecord, context: SaveContext, deviceNames: [String],
        now: Int64
    ) {
        guard let tag = saved.changeTag?.rawValue else { return }
        var fields = writes[sent.recordID.recordName] ?? [:]
        for key in sent.changedKeys.sorted() {
            let old = before?.fields[key]
            let new = saved.fields[key]
            if let previous = fields[key], old != new, previous.device != context.device,
                previous.tag > context.baseTag
            {
                lostCount += 1
                if lost.count < Self.reportLimit {
                    lost.append(
                        LostUpdate(
                            entity: String(saved.recordType.dropFirst(3)), recordName: sent.recordID.recordName,
                            field: String(key.dropFirst(3)), lostValue: FieldCoding.json(old),
                            lostDevice: deviceNames[Int(previous.device)],
                            lostEditNanoseconds: previous.editNanoseconds, winningValue: FieldCoding.json(new),
                            winningDevice: deviceNames[Int(context.device)],
                            winningEditNanoseconds: context.editNanoseconds, savedNanoseconds: now))
                }
            }
            if old != new || fields[key] == nil {
                fields[key] = Write(tag: tag, device: context.device, editNanoseconds: context.editNanoseconds)
            }
        }
        writes[sent.recordID.recordName] = fields
    }

    func noteDelete(_ recordName: String) {
        writes[recordName] = nil
    }
}
