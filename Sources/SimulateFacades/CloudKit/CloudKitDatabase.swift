import SimulateCloudKit

/// What app code asks of a `CKDatabase`, as a protocol over the toolkit's record types: the same code
/// runs against iCloud in the app (`CKDatabaseAdapter` on Apple platforms) and against the
/// scenario's simulated record server in tests (``SimulatedCloudKitDatabase``).
///
/// Errors are `CloudKitError`s with CloudKit's codes and user info: `serverRecordChanged` carries
/// the server, client and ancestor records; `requestRateLimited`, `zoneBusy` and
/// `serviceUnavailable` carry retry-after seconds; `partialFailure` carries the per-item errors.
/// As with `CKDatabase`'s async API, the per-record outcome of a fetch or modify comes back in the
/// results, and the call throws when the operation as a whole fails (no network, rate limited,
/// `limitExceeded`, …) and when a modify with `atomically: true` fails in a zone with the atomic
/// capability: then nothing of that zone changed and the call throws `partialFailure`, whose
/// `partialErrors` hold each culprit's own error and `batchRequestFailed` for the others.
public protocol CloudKitDatabase: Sendable {
    /// `CKDatabase.record(for:)`: throws `unknownItem` when the record does not exist.
    func record(for recordID: CloudRecordID) async throws -> CloudRecord
    /// `CKDatabase.records(for:)`: one result per requested record.
    func records(for recordIDs: [CloudRecordID]) async throws -> [CloudRecordID: Result<CloudRecord, any Error>]
    /// `CKDatabase.modifyRecords(saving:deleting:savePolicy:atomically:)`.
    func modifyRecords(
        saving recordsToSave: [CloudRecord], deleting recordIDsToDelete: [CloudRecordID],
        savePolicy: CloudSavePolicy, atomically: Bool
    ) async throws -> (
        saveResults: [CloudRecordID: Result<CloudRecord, any Error>],
        deleteResults: [CloudRecordID: Result<Void, any Error>]
    )
    /// `CKDatabase.modifyRecordZones(saving:deleting:)`: creates (or updates) and deletes custom zones,
    /// one result per zone. Saving a zone that a `zoneNotFound` / `userDeletedZone` fault (or a delete)
    /// removed creates it again, empty. On a device, a zone's `atomic` flag is CloudKit's to give
    /// (`CKRecordZone.capabilities`): every custom zone of a private database has it.
    func modifyRecordZones(saving recordZonesToSave: [CloudZone], deleting recordZoneIDsToDelete: [CloudZoneID])
        async throws -> (
            saveResults: [CloudZoneID: Result<CloudZone, any Error>],
            deleteResults: [CloudZoneID: Result<Void, any Error>]
        )
    /// `CKDatabase.recordZoneChanges(inZoneWith:since:desiredKeys:resultsLimit:)`: one page of changes after
    /// `token`, of at most `resultsLimit` records and deletions (nil: the server's page, 400 in the simulation).
    func recordZoneChanges(inZoneWith zoneID: CloudZoneID, since token: CloudChangeToken?, resultsLimit: Int?)
        async throws -> CloudZoneChanges
    /// `CKDatabase.databaseChanges(since:resultsLimit:)`: one page of the custom zones changed or deleted after
    /// `token` (nil: every zone there is), each deletion with its reason (`purged`: the user removed the app's
    /// data); at most `resultsLimit` zones (nil: the server's page).
    func databaseChanges(since token: CloudDatabaseChangeToken?, resultsLimit: Int?) async throws
        -> CloudDatabaseChanges
}

extension CloudKitDatabase {
    /// `CKDatabase.recordZoneChanges(inZoneWith:since:)`: one page of the server's size.
    public func recordZoneChanges(inZoneWith zoneID: CloudZoneID, since token: CloudChangeToken?) async throws
        -> CloudZoneChanges
    {
        try await recordZoneChanges(inZoneWith: zoneID, since: token, resultsLimit: nil)
    }

    /// `CKDatabase.databaseChanges(since:)`: one page of the server's size.
    public func databaseChanges(since token: CloudDatabaseChangeToken?) async throws -> CloudDatabaseChanges {
        try await databaseChanges(since: token, resultsLimit: nil)
    }

    /// Saves one record with `ifServerRecordUnchanged`, like `CKDatabase.save(_:)`: throws the record's
    /// own error (`serverRecordChanged` with the server's record, …), not the batch's `partialFailure`.
    public func save(_ record: CloudRecord) async throws -> CloudRecord {
        let saved: [CloudRecordID: Result<CloudRecord, any Error>]
        do {
            (saved, _) = try await modifyRecords(
                saving: [record], deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: true)
        } catch let error as CloudKitError where error.code == .partialFailure {
            throw error.error(for: record.recordID) ?? error
        }
        guard let result = saved[record.recordID] else { throw CloudKitError(.internalError, "no result") }
        return try result.get()
    }
}
