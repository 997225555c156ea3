#if canImport(CloudKit)
    import CloudKit
    import SimulateCloudKit

    /// ``CloudKitDatabase`` over a real `CKDatabase`, for the app itself. Compiled only where CloudKit
    /// exists; this repository's CI (Linux) cannot build or run it.
    ///
    /// CloudKit needs the server's system fields (change tag) to save with `ifServerRecordUnchanged`:
    /// the adapter keeps the last `CKRecord` it saw for each record id (from fetches, saves and
    /// `serverRecordChanged` errors) and saves a ``CloudRecord`` by setting its changed keys on that copy.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public final class CKDatabaseAdapter: CloudKitDatabase, @unchecked Sendable {
        public let database: CKDatabase
        private let lock = NSLock()
        private var known: [CKRecord.ID: CKRecord] = [:]

        public init(database: CKDatabase) {
            self.database = database
        }

        public func record(for recordID: CloudRecordID) async throws -> CloudRecord {
            do {
                return remember(try await database.record(for: Self.ckID(recordID)))
            } catch { throw cloudError(error) }
        }

        public func records(for recordIDs: [CloudRecordID]) async throws
            -> [CloudRecordID: Result<CloudRecord, any Error>]
        {
            do {
                let results = try await database.records(for: recordIDs.map(Self.ckID))
                var mapped: [CloudRecordID: Result<CloudRecord, any Error>] = [:]
                for (id, result) in results {
                    mapped[Self.cloudID(id)] = result.map(remember).mapError(cloudError)
                }
                return mapped
            } catch { throw cloudError(error) }
        }

        public func modifyRecords(
            saving recordsToSave: [CloudRecord], deleting recordIDsToDelete: [CloudRecordID],
            savePolicy: CloudSavePolicy, atomically: Bool
        ) async throws -> (
            saveResults: [CloudRecordID: Result<CloudRecord, any Error>],
            deleteResults: [CloudRecordID: Result<Void, any Error>]
        ) {
            let policy: CKModifyRecordsOperation.RecordSavePolicy =
                switch savePolicy {
                case .ifServerRecordUnchanged: .ifServerRecordUnchanged
                case .changedKeys: .changedKeys
                case .allKeys: .allKeys
                }
            do {
                let (saves, deletes) = try await database.modifyRecords(
                    saving: recordsToSave.map(ckRecord), deleting: recordIDsToDelete.map(Self.ckID),
                    savePolicy: policy, atomically: atomically)
                var saveResults: [CloudRecordID: Result<CloudRecord, any Error>] = [:]
                for (id, result) in saves {
                    saveResults[Self.cloudID(id)] = result.map(remember).mapError(cloudError)
                }
                var deleteResults: [CloudRecordID: Result<Void, any Error>] = [:]
                for (id, result) in deletes { deleteResults[Self.cloudID(id)] = result.mapError(cloudError) }
                return (saveResults, deleteResults)
            } catch { throw cloudError(error) }
        }

        public func modifyRecordZones(
            saving recordZonesToSave: [CloudZone], deleting recordZoneIDsToDelete: [CloudZoneID]
        )
            async throws -> (
                saveResults: [CloudZoneID: Result<CloudZone, any Error>],
                deleteResults: [CloudZoneID: Result<Void, any Error>]
            )
        {
            do {
                let (saves, deletes) = try await database.modifyRecordZones(
                    saving: recordZonesToSave.map { CKRecordZone(zoneID: Self.ckZoneID($0.zoneID)) },
                    deleting: recordZoneIDsToDelete.map(Self.ckZoneID))
                var saveResults: [CloudZoneID: Result<CloudZone, any Error>] = [:]
                for (id, result) in saves {
                    saveResults[Self.cloudZoneID(id)] = result.map { Self.convert($0) }.mapError(cloudError)
                }
                var deleteResults: [CloudZoneID: Result<Void, any Error>] = [:]
                for (id, result) in deletes { deleteResults[Self.cloudZoneID(id)] = result.mapError(cloudError) }
                return (saveResults, deleteResults)
            } catch { throw cloudError(error) }
        }

        /// One page of `CKDatabase.recordZoneChanges(inZoneWith:since:)`. The token carries CloudKit's
        /// `CKServerChangeToken`, archived; the changed records come sorted by record name (the async API
        /// answers a dictionary). A record whose modification failed fails the page with its error.
        public func recordZoneChanges(
            inZoneWith zoneID: CloudZoneID, since token: CloudChangeToken?, resultsLimit: Int?
        ) async throws -> CloudZoneChanges {
            do {
                let previous = try token.map(Self.serverToken)
                let page = try await database.recordZoneChanges(
                    inZoneWith: Self.ckZoneID(zoneID), since: previous, resultsLimit: resultsLimit)
                var changed: [CloudRecord] = []
                for (_, result) in page.modificationResultsByID {
                    changed.append(remember(try result.get().record))
                }
                changed.sort { $0.recordID.recordName < $1.recordID.recordName }
                let archived = try NSKeyedArchiver.archivedData(
                    withRootObject: page.changeToken, requiringSecureCoding: true)
                return CloudZoneChanges(
                    changedRecords: changed, deletedRecordIDs: page.deletions.map { Self.cloudID($0.recordID) },
                    token: CloudChangeToken(zoneID: zoneID, archivedServerToken: [UInt8](archived)),
                    moreComing: page.moreComing)
            } catch { throw cloudError(error) }
        }

        /// One page of `CKDatabase.databaseChanges(since:)`. The token carries CloudKit's `CKServerChangeToken`,
        /// archived; each deletion keeps CloudKit's reason.
        public func databaseChanges(since token: CloudDatabaseChangeToken?, resultsLimit: Int?) async throws
            -> CloudDatabaseChanges
        {
            do {
                let previous = try token.map { try Self.serverToken($0.archivedServerToken, describing: "\($0)") }
                let page = try await database.databaseChanges(since: previous, resultsLimit: resultsLimit)
                let deletions = page.deletions.map { deletion in
                    let reason: CloudZoneDeletionReason =
                        switch deletion.reason {
                        case .purged: .purged
                        case .encryptedDataReset: .encryptedDataReset
                        default: .deleted
                        }
                    return CloudZoneDeletion(zoneID: Self.cloudZoneID(deletion.zoneID), reason: reason)
                }
                let archived = try NSKeyedArchiver.archivedData(
                    withRootObject: page.changeToken, requiringSecureCoding: true)
                return CloudDatabaseChanges(
                    modifiedZoneIDs: page.modifications.map { Self.cloudZoneID($0.zoneID) }, deletions: deletions,
                    token: CloudDatabaseChangeToken(archivedServerToken: [UInt8](archived)),
                    moreComing: page.moreComing)
            } catch { throw cloudError(error) }
        }

        /// The `CKServerChangeToken` a device's token archived; a token made by the simulation has none.
        static func serverToken(_ token: CloudChangeToken) throws -> CKServerChangeToken {
            try serverToken(token.archivedServerToken, describing: "\(token)")
        }

        static func serverToken(_ archived: [UInt8]?, describing token: String) throws -> CKServerChangeToken {
            guard let archived,
                let serverToken = try NSKeyedUnarchiver.unarchivedObject(
                    ofClass: CKServerChangeToken.self, from: Data(archived))
            else { throw CloudKitError(.invalidArguments, "the change token \(token) is not a CloudKit token") }
            return serverToken
        }

        // MARK: Conversions

        static func ckID(_ id: CloudRecordID) -> CKRecord.ID {
            CKRecord.ID(recordName: id.recordName, zoneID: ckZoneID(id.zoneID))
        }

        static func cloudID(_ id: CKRecord.ID) -> CloudRecordID {
            CloudRecordID(recordName: id.recordName, zoneID: cloudZoneID(id.zoneID))
        }

        static func ckZoneID(_ id: CloudZoneID) -> CKRecordZone.ID {
            id.isDefaultZone ? CKRecordZone.default().zoneID : CKRecordZone.ID(zoneName: id.zoneName)
        }

        static func cloudZoneID(_ id: CKRecordZone.ID) -> CloudZoneID {
            id == CKRecordZone.default().zoneID ? .defaultZone : CloudZoneID(id.zoneName)
        }

        /// The zone as the server saved it: its capabilities are the server's to give.
        static func convert(_ zone: CKRecordZone) -> CloudZone {
            CloudZone(zoneID: cloudZoneID(zone.zoneID), atomic: zone.capabilities.contains(.atomic))
        }

        private func remember(_ record: CKRecord) -> CloudRecord {
            lock.withLock { known[record.recordID] = record }
            return Self.convert(record)
        }

        // The value conversions are CloudKitValueConversion's (tested on Linux); only CloudKit's own
        // types are handled here.

        static func convert(_ record: CKRecord) -> CloudRecord {
            var fields: [String: CloudFieldValue] = [:]
            for key in record.allKeys() {
                if let object = record.object(forKey: key),
                    let value = CloudKitValueConversion.fieldValue(object, reference: cloudReference)
                {
                    fields[key] = value
                }
            }
            return CloudRecord(recordType: record.recordType, recordID: cloudID(record.recordID), fields: fields)
        }

        /// Sets only the changed keys on the last copy of the record seen, so fields a ``CloudRecord``
        /// cannot hold (assets, locations, bytes) stay as the server has them.
        private func ckRecord(_ record: CloudRecord) -> CKRecord {
            let id = Self.ckID(record.recordID)
            let base =
                lock.withLock { known[id]?.copy() as? CKRecord }
                ?? CKRecord(recordType: record.recordType, recordID: id)
            for key in record.changedKeys {
                base.setObject(record[key].flatMap(Self.ckValue), forKey: key)
            }
            return base
        }

        static func cloudReference(_ value: Any) -> CloudRecordID? {
            (value as? CKRecord.Reference).map { cloudID($0.recordID) }
        }

        static func ckValue(_ value: CloudFieldValue) -> (any __CKRecordObjCValue)? {
            objectValue(
                CloudKitValueConversion.foundationValue(value) { CKRecord.Reference(recordID: ckID($0), action: .none) }
            )
        }

        private static func objectValue(_ value: Any) -> (any __CKRecordObjCValue)? {
            switch value {
            case let number as NSNumber: number
            case let text as String: text as NSString
            case let date as Date: date as NSDate
            case let reference as CKRecord.Reference: reference
            case let list as [Any]: list.compactMap(objectValue) as NSArray
            default: nil
            }
        }

        /// A `CKError` as a ``CloudKitError`` (`operationCancelled` as `CancellationError`): the same code,
        /// retry-after, per-item errors and records.
        func cloudError(_ error: any Error) -> any Error {
            guard let error = error as? CKError else { return error }
            var partial: [CloudRecordID: CloudKitError] = [:]
            for (key, value) in error.partialErrorsByItemID ?? [:] {
                if let id = key as? CKRecord.ID, let item = cloudError(value) as? CloudKitError {
                    partial[Self.cloudID(id)] = item
                }
            }
            // The server's record is remembered: saving it again (edited) must carry its change tag.
            return CloudKitValueConversion.error(
                code: error.errorCode, message: error.localizedDescription,
                retryAfterSeconds: error.retryAfterSeconds, partialErrors: partial,
                serverRecord: error.serverRecord.map(remember), clientRecord: error.clientRecord.map(Self.convert),
                ancestorRecord: error.ancestorRecord.map(Self.convert))
        }
    }
#endif
