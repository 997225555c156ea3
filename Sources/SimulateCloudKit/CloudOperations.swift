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

/// A position in a zone's change history, like `CKServerChangeToken`: opaque to clients. Codable, so an app
/// keeps it across launches as it keeps CloudKit's (Apple: "Cache each token as you receive it").
public struct CloudChangeToken: Hashable, Sendable, CustomStringConvertible, Codable {
    /// The zone whose history the token points into.
    public let zoneID: CloudZoneID
    let epoch: Int
    let sequence: Int
    /// On a device, the `CKServerChangeToken` archived with `NSKeyedArchiver` (`CKDatabaseAdapter`); nil in
    /// the simulation.
    package let archivedServerToken: [UInt8]?

    init(zoneID: CloudZoneID, epoch: Int, sequence: Int) {
        self.zoneID = zoneID
        self.epoch = epoch
        self.sequence = sequence
        archivedServerToken = nil
    }

    /// A device's token: CloudKit's own, archived.
    package init(zoneID: CloudZoneID, archivedServerToken: [UInt8]) {
        self.zoneID = zoneID
        epoch = 0
        sequence = 0
        self.archivedServerToken = archivedServerToken
    }

    /// `zone@epoch.sequence`, for reports.
    public var description: String {
        archivedServerToken == nil ? "\(zoneID.zoneName)@\(epoch).\(sequence)" : "\(zoneID.zoneName)@server"
    }

    private enum CodingKeys: String, CodingKey {
        case zone, epoch, sequence, serverToken
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        zoneID = CloudZoneID(try container.decode(String.self, forKey: .zone))
        epoch = try container.decode(Int.self, forKey: .epoch)
        sequence = try container.decode(Int.self, forKey: .sequence)
        archivedServerToken = try container.decodeIfPresent([UInt8].self, forKey: .serverToken)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(zoneID.zoneName, forKey: .zone)
        try container.encode(epoch, forKey: .epoch)
        try container.encode(sequence, forKey: .sequence)
        try container.encodeIfPresent(archivedServerToken, forKey: .serverToken)
    }
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

    /// A page of changes.
    package init(
        changedRecords: [CloudRecord], deletedRecordIDs: [CloudRecordID], token: CloudChangeToken, moreComing: Bool
    ) {
        self.changedRecords = changedRecords
        self.deletedRecordIDs = deletedRecordIDs
        self.token = token
        self.moreComing = moreComing
    }
}
