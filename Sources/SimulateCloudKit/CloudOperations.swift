/// How a save treats the server's version, like `CKModifyRecordsOperation.RecordSavePolicy`.
public enum CloudSavePolicy: String, Sendable, CaseIterable {
    /// The default: the save fails with `serverRecordChanged` unless the client's change tag is the server's.
    case ifServerRecordUnchanged
    /// Writes only the keys the client changed, over whatever the server has; change tags are ignored.
    case changedKeys
    /// Writes every key of the client's record, replacing the server's; change tags are ignored.
    case allKeys
}

/// The outcome of one record of an operation.
public struct CloudRecordResult: Sendable, Equatable {
    /// The record the result is about.
    public var recordID: CloudRecordID
    /// The saved or fetched record as the server now has it, or the item's error.
    public var result: Result<CloudRecord, CloudKitError>

    /// A record's outcome.
    public init(recordID: CloudRecordID, result: Result<CloudRecord, CloudKitError>) {
        self.recordID = recordID
        self.result = result
    }

    /// The record, when the item succeeded.
    public var record: CloudRecord? { if case .success(let record) = result { record } else { nil } }
    /// The item's error, when it failed.
    public var error: CloudKitError? { if case .failure(let error) = result { error } else { nil } }
}

/// The outcome of one deletion of an operation.
public struct CloudDeleteResult: Sendable, Equatable {
    /// The record the deletion was about.
    public var recordID: CloudRecordID
    /// nil when the record was deleted.
    public var error: CloudKitError?

    /// A deletion's outcome.
    public init(recordID: CloudRecordID, error: CloudKitError?) {
        self.recordID = recordID
        self.error = error
    }
}

/// What a modify operation answered when the operation as a whole ran: one result per item, in request order.
public struct CloudModifyResult: Sendable, Equatable {
    /// Each saved record's outcome, in request order.
    public var saveResults: [CloudRecordResult]
    /// Each deletion's outcome, in request order.
    public var deleteResults: [CloudDeleteResult]
    /// nil when every item succeeded; otherwise `partialFailure` with each failed item's error.
    public var error: CloudKitError?

    /// A modify operation's answer.
    public init(saveResults: [CloudRecordResult], deleteResults: [CloudDeleteResult], error: CloudKitError?) {
        self.saveResults = saveResults
        self.deleteResults = deleteResults
        self.error = error
    }
}

/// What a fetch operation answered: one result per requested record, in request order.
public struct CloudFetchResult: Sendable, Equatable {
    /// Each requested record's outcome, in request order.
    public var results: [CloudRecordResult]
    /// nil when every record was found; otherwise `partialFailure` (missing records: `unknownItem`).
    public var error: CloudKitError?

    /// A fetch operation's answer.
    public init(results: [CloudRecordResult], error: CloudKitError?) {
        self.results = results
        self.error = error
    }

    /// The fetched record of that ID, when it was found.
    public func record(for recordID: CloudRecordID) -> CloudRecord? {
        results.first { $0.recordID == recordID }?.record
    }
}

/// A position in a zone's change history, like `CKServerChangeToken`: opaque to clients.
public struct CloudChangeToken: Hashable, Sendable, CustomStringConvertible {
    /// The zone whose history the token points into.
    public let zoneID: CloudZoneID
    let epoch: Int
    let sequence: Int

    /// `zone@epoch.sequence`, for reports.
    public var description: String { "\(zoneID.zoneName)@\(epoch).\(sequence)" }
}

/// One page of a zone's changes, like the results of `CKFetchRecordZoneChangesOperation`.
public struct CloudZoneChanges: Sendable, Equatable {
    /// Records changed since the token, in the order of their last change, as the server has them now.
    public var changedRecords: [CloudRecord]
    /// Records deleted since the token (tombstones).
    public var deletedRecordIDs: [CloudRecordID]
    /// Pass it to the next fetch; store it only once the page is applied.
    public var token: CloudChangeToken
    /// More changes follow: fetch again with `token`.
    public var moreComing: Bool
}
