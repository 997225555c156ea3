/// What the server answers an operation on one record.
enum SingleRecordAnswer {
    /// The fetched or saved record, as the server now has it.
    case record(CloudRecord)
    /// The item failed (`unknownItem`, `serverRecordChanged`, …): the operation itself ran.
    case itemError(CloudKitError)
    /// The whole operation was refused (load model, limits).
    case operationError(CloudKitError)
}

extension CloudKitRecordServer {
    /// `fetch(recordIDs: [recordID])` for one record, without the arrays and the `partialFailure` wrapper.
    func fetchSingle(_ recordID: CloudRecordID, requester: String?) -> SingleRecordAnswer {
        if let error = admitRead(zoneID: recordID.zoneID, requester: requester) {
            return .operationError(error)
        }
        if let record = storedRecord(recordID) { return .record(record.current) }
        if let error = zoneError(recordID.zoneID) { return .itemError(error) }
        return .itemError(CloudKitError(.unknownItem, "record \(recordID) not found"))
    }

    /// `modify(saving: [record])` for one record, without the arrays and the `partialFailure` wrapper.
    /// A record nothing else holds is saved in place (``CloudRecord/savedAsSent(tag:at:)``).
    func saveSingle(_ record: consuming CloudRecord, policy: CloudSavePolicy, requester: String?) -> SingleRecordAnswer
    {
        if let error = admitModify(itemCount: 1, zoneID: record.recordID.zoneID, requester: requester) {
            return .operationError(error)
        }
        return answer(saveOne(record, policy: policy, requester: requester), requester: requester)
    }

    /// `saveSingle` of a record with one field set: the changed record is made only when it is saved.
    func saveSingle(_ edit: consuming CloudRecordEdit, policy: CloudSavePolicy, requester: String?)
        -> SingleRecordAnswer
    {
        if let error = admitModify(itemCount: 1, zoneID: edit.base.recordID.zoneID, requester: requester) {
            return .operationError(error)
        }
        return answer(saveOne(edit, policy: policy, requester: requester), requester: requester)
    }

    private func answer(_ result: consuming Result<CloudRecord, CloudKitError>, requester: String?)
        -> SingleRecordAnswer
    {
        switch result {
        case .success(let saved):
            return losesResponse(to: requester) ? .operationError(Self.responseLost) : .record(saved)
        case .failure(let error): return .itemError(error)
        }
    }
}
