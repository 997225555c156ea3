/// The items of one modify operation, checked before anything is applied.
struct ModifyPlan {
    let records: [CloudRecord]
    let recordIDs: [CloudRecordID]
    /// Per save: the fields the record will have, or the item's error.
    var saves: [Result<CloudFields, CloudKitError>]
    /// Per save: the server's record, when it exists.
    var existing: [StoredRecord?]
    var deleteErrors: [CloudKitError?]
    var seen: Set<CloudRecordID> = []
    var hasFailure = false

    init(records: [CloudRecord], recordIDs: [CloudRecordID]) {
        self.records = records
        self.recordIDs = recordIDs
        saves = Array(repeating: .success([:]), count: records.count)
        existing = Array(repeating: nil, count: records.count)
        deleteErrors = Array(repeating: nil, count: recordIDs.count)
        if records.count + recordIDs.count > 1 { seen.reserveCapacity(records.count + recordIDs.count) }
    }

    /// Notes an item; a record named twice in one operation is an error, as in CloudKit.
    mutating func visit(_ recordID: CloudRecordID) -> CloudKitError? {
        guard records.count + recordIDs.count > 1 else { return nil }
        guard seen.insert(recordID).inserted else {
            return CloudKitError(.invalidArguments, "record \(recordID) appears twice in one operation")
        }
        return nil
    }

    /// `CKModifyRecordsOperation.isAtomic`: "If there's a failure to modify any of the records in a
    /// zone, CloudKit doesn't change the other records in that same zone." In each atomic zone with a
    /// failed item, every item that would have succeeded fails with `batchRequestFailed`; items of
    /// other zones are applied.
    mutating func failRemaining(isAtomic: (CloudZoneID) -> Bool) {
        var failedZones: [CloudZoneID] = []
        func noteFailure(_ zoneID: CloudZoneID) {
            if !failedZones.contains(zoneID) { failedZones.append(zoneID) }
        }
        for index in saves.indices {
            if case .failure = saves[index] { noteFailure(records[index].recordID.zoneID) }
        }
        for index in deleteErrors.indices where deleteErrors[index] != nil { noteFailure(recordIDs[index].zoneID) }
        failedZones.removeAll { !isAtomic($0) }
        guard !failedZones.isEmpty else { return }
        let batchFailed = CloudKitError(
            .batchRequestFailed, "another item of the atomic operation failed in the same zone")
        for index in saves.indices where failedZones.contains(records[index].recordID.zoneID) {
            if case .success = saves[index] { saves[index] = .failure(batchFailed) }
        }
        for index in deleteErrors.indices
        where deleteErrors[index] == nil && failedZones.contains(recordIDs[index].zoneID) {
            deleteErrors[index] = batchFailed
        }
    }
}

extension CloudKitRecordServer {
    func evaluateSave(_ index: Int, policy: CloudSavePolicy, requester: String?, plan: inout ModifyPlan) {
        let record = plan.records[index]
        let duplicate = plan.visit(record.recordID)
        let existing = duplicate == nil ? storedRecord(record.recordID) : nil
        let result: Result<CloudFields, CloudKitError> =
            switch check(record, existing, policy: policy, duplicate: duplicate, requester: requester) {
            case .saved(.asSent): .success(record.fields)
            case .saved(.merged(let fields)): .success(fields)
            case .failed(let error): .failure(error)
            case .conflict(let conflict):
                .failure(
                    conflict.error(
                        existing: existing, clientRecord: record, clientEdit: nil, detailsFrom: &conflictDetails))
            }
        if case .failure = result { plan.hasFailure = true }
        plan.saves[index] = result
        plan.existing[index] = existing
    }

    /// The common case of one save, without the bookkeeping of a batch: the saved record or the item's error.
    /// A record the sender no longer holds becomes the server's version in place.
    func saveOne(_ record: consuming CloudRecord, policy: CloudSavePolicy, requester: String?) -> Result<
        CloudRecord, CloudKitError
    > {
        let existing = storedRecord(of: record)
        switch check(record, existing, policy: policy, duplicate: nil, requester: requester) {
        case .saved(let fields): return .success(keep(record, fields, replacing: existing))
        case .failed(let error): return failed(error)
        case .conflict(let conflict):
            return failed(
                conflict.error(existing: existing, clientRecord: record, clientEdit: nil, detailsFrom: &conflictDetails)
            )
        }
    }

    /// `saveOne` of a record with one field set. With `ifServerRecordUnchanged` the changed record is made
    /// only when it is saved: a conflict's error carries the edit. The merging policies save the changed record.
    func saveOne(_ edit: consuming CloudRecordEdit, policy: CloudSavePolicy, requester: String?) -> Result<
        CloudRecord, CloudKitError
    > {
        guard policy == .ifServerRecordUnchanged else {
            return saveOne(edit.record, policy: policy, requester: requester)
        }
        let existing = storedRecord(of: edit.base)
        switch check(edit.base, existing, policy: policy, duplicate: nil, requester: requester) {
        case .saved(.asSent):
            let saved = edit.base.savedSetting(edit.key, to: edit.value, tag: makeTag(), at: scheduler.now)
            return .success(store(saved, replacing: existing))
        case .saved(let fields): return .success(keep(edit.record, fields, replacing: existing))
        case .failed(let error): return failed(error)
        case .conflict(let conflict):
            return failed(
                conflict.error(
                    existing: existing, clientRecord: nil, clientEdit: consume edit, detailsFrom: &conflictDetails))
        }
    }

    private func keep(_ record: consuming CloudRecord, _ fields: SavedFields, replacing existing: StoredRecord?)
        -> CloudRecord
    {
        let saved =
            switch fields {
            case .asSent: record.savedAsSent(tag: makeTag(), at: scheduler.now)
            case .merged(let fields): record.serverCopy(fields: fields, tag: makeTag(), at: scheduler.now)
            }
        return store(saved, replacing: existing)
    }

    private func store(_ saved: CloudRecord, replacing existing: StoredRecord?) -> CloudRecord {
        keepSaved(saved, replacing: existing)
        noteSaved()
        trace.instant(Self.track, "cloudkit", "modify", value: 1)
        return saved
    }

    private func failed(_ error: consuming CloudKitError) -> Result<CloudRecord, CloudKitError> {
        trace.instant(Self.track, "cloudkit", "modify", value: 0)
        return .failure(error)
    }

    /// What a save leaves on the server: the record's fields as sent, or the fields merged with the
    /// server's by the policy.
    enum SavedFields {
        case asSent
        case merged(CloudFields)
    }

    /// What a save of one record comes to, before anything is applied.
    enum SaveCheck {
        case saved(SavedFields)
        case failed(CloudKitError)
        /// `serverRecordChanged`: the caller makes the error, which carries the client's record.
        case conflict(Conflict)
    }

    /// A `serverRecordChanged`, before the client's record is put into its error. It holds no reference to
    /// the server's record: the caller has it already and passes it in (holding it here was a retain and
    /// release a conflict).
    struct Conflict {
        /// The server leaves its record out of the error (the `serverRecordChangedWithoutRecord` server error).
        var withholdsServerRecord = false
        /// The change tag the client's record was fetched at; nil for a record never saved.
        var clientTag: CloudChangeTag?

        /// The error, with `existing` (the server's record `check` was given) unless the server withholds it.
        // Not inlined: inlined into `saveOne`, its message was retained and released once more a conflict.
        @inline(never)
        func error(
            existing: StoredRecord?, clientRecord: consuming CloudRecord?, clientEdit: consuming CloudRecordEdit?,
            detailsFrom pool: inout CloudKitError.ConflictDetailsPool
        ) -> CloudKitError {
            let withheld = withholdsServerRecord || existing == nil
            var message = clientTag == nil ? "record to insert already exists" : "client oplock error updating record"
            if withheld { message += " (no server record)" }
            return CloudKitError(
                serverRecordChanged: message, serverRecord: withheld ? nil : existing?.current,
                clientRecord: clientRecord, clientEdit: clientEdit,
                ancestorRecord: withheld ? nil : existing?.version(clientTag), detailsFrom: &pool)
        }
    }

    private func check(
        _ record: borrowing CloudRecord, _ existing: StoredRecord?, policy: CloudSavePolicy,
        duplicate: CloudKitError?, requester: String?
    ) -> SaveCheck {
        if let duplicate { return .failed(duplicate) }
        if hasServerErrors, serverError(.quotaExceeded, affects: requester) {
            return .failed(
                CloudKitError(.quotaExceeded, "saving \(record.recordID) exceeds the user's iCloud storage quota"))
        }
        guard let existing else {
            if let error = zoneError(record.recordID.zoneID) { return .failed(error) }
            if policy == .ifServerRecordUnchanged && record.changeTag != nil {
                return .failed(CloudKitError(.unknownItem, "record to update \(record.recordID) not found"))
            }
            return .saved(.asSent)
        }
        if existing.current.recordType != record.recordType {
            return .failed(
                CloudKitError(
                    .invalidArguments,
                    "record \(record.recordID) is a \(existing.current.recordType), not a \(record.recordType)"))
        }
        switch policy {
        case .ifServerRecordUnchanged:
            guard record.changeTag == existing.current.changeTag else {
                noteConflict()
                if hasServerErrors, serverError(.serverRecordChangedWithoutRecord, affects: requester) {
                    return .conflict(Conflict(withholdsServerRecord: true, clientTag: record.changeTag))
                }
                return .conflict(Conflict(clientTag: record.changeTag))
            }
            // The client's copy is the server's current version plus its changed keys: merging them into the
            // server's fields gives the client's fields.
            return .saved(.asSent)
        case .changedKeys:
            return .saved(.merged(merging(copy record, into: existing.current.fields)))
        case .allKeys:
            return .saved(.merged(writingAllKeys(copy record, over: existing.current.fields)))
        }
    }

    /// `RecordSavePolicy.allKeys`: every key the client's record holds overwrites the server's value
    /// (and a key the client removed is removed); keys only the server record holds are kept, as
    /// Apple's documentation says for a record fetched with `desiredKeys` or extended by another client.
    private func writingAllKeys(_ record: CloudRecord, over fields: CloudFields) -> CloudFields {
        var fields = fields
        for (key, value) in record.fields { fields[key] = value }
        for key in record.changedKeyList where record[key] == nil { fields[key] = nil }
        return fields
    }

    private func merging(_ record: CloudRecord, into fields: CloudFields) -> CloudFields {
        var fields = fields
        for key in record.changedKeyList { fields[key] = record[key] }
        return fields
    }

    func evaluateDelete(_ recordID: CloudRecordID, plan: inout ModifyPlan) -> CloudKitError? {
        var error = plan.visit(recordID) ?? zoneError(recordID.zoneID)
        if error == nil && storedRecord(recordID) == nil {
            error = CloudKitError(.unknownItem, "record to delete \(recordID) not found")
        }
        if error != nil { plan.hasFailure = true }
        return error
    }

    func apply(_ plan: ModifyPlan) -> CloudModifyResult {
        let now = scheduler.now
        var partial: [(recordID: CloudRecordID, error: CloudKitError)] = []
        var saveResults: [CloudRecordResult] = []
        saveResults.reserveCapacity(plan.records.count)
        for (index, record) in plan.records.enumerated() {
            switch plan.saves[index] {
            case .success(let fields):
                let saved = record.serverCopy(fields: fields, tag: makeTag(), at: now)
                keepSaved(saved, replacing: plan.existing[index])
                noteSaved()
                saveResults.append(CloudRecordResult(recordID: record.recordID, result: .success(saved)))
            case .failure(let error):
                partial.append((record.recordID, error))
                saveResults.append(CloudRecordResult(recordID: record.recordID, result: .failure(error)))
            }
        }
        var deleteResults: [CloudDeleteResult] = []
        for (recordID, error) in zip(plan.recordIDs, plan.deleteErrors) {
            if let error {
                partial.append((recordID, error))
            } else {
                let removed = removeStored(recordID)
                zoneState(recordID.zoneID)?.noteDeleted(recordID, removed: removed)
            }
            deleteResults.append(CloudDeleteResult(recordID: recordID, error: error))
        }
        trace.instant(Self.track, "cloudkit", "modify", value: Int64(plan.records.count - partial.count))
        return CloudModifyResult(
            saveResults: saveResults, deleteResults: deleteResults, error: partialFailure(partial))
    }
}
