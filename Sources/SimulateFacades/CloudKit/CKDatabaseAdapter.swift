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

        public func recordZoneChanges(inZoneWith zoneID: CloudZoneID, since token: CloudChangeToken?) async throws
            -> CloudZoneChanges
        {
            // CloudChangeToken cannot carry a CKServerChangeToken: fetch zone changes with CKDatabase
            // directly in the app until the facade grows a token of its own.
            throw CloudKitError(.invalidArguments, "recordZoneChanges is not adapted yet: use CKDatabase directly")
        }

        // MARK: Conversions

        static func ckID(_ id: CloudRecordID) -> CKRecord.ID {
            CKRecord.ID(
                recordName: id.recordName,
                zoneID: id.zoneID.isDefaultZone
                    ? CKRecordZone.default().zoneID : CKRecordZone.ID(zoneName: id.zoneID.zoneName))
        }

        static func cloudID(_ id: CKRecord.ID) -> CloudRecordID {
            CloudRecordID(
                recordName: id.recordName,
                zoneID: id.zoneID == CKRecordZone.default().zoneID ? .defaultZone : CloudZoneID(id.zoneID.zoneName))
        }

        private func remember(_ record: CKRecord) -> CloudRecord {
            lock.withLock { known[record.recordID] = record }
            return Self.convert(record)
        }

        static func convert(_ record: CKRecord) -> CloudRecord {
            var fields: [String: CloudFieldValue] = [:]
            for key in record.allKeys() {
                if let value = record[key].flatMap(fieldValue) { fields[key] = value }
            }
            return CloudRecord(recordType: record.recordType, recordID: cloudID(record.recordID), fields: fields)
        }

        private func ckRecord(_ record: CloudRecord) -> CKRecord {
            let id = Self.ckID(record.recordID)
            let base =
                lock.withLock { known[id]?.copy() as? CKRecord }
                ?? CKRecord(recordType: record.recordType, recordID: id)
            for key in record.changedKeys { base[key] = record[key].flatMap(Self.ckValue) }
            return base
        }

        static func fieldValue(_ value: any CKRecordValueProtocol) -> CloudFieldValue? {
            switch value {
            case let number as Int64: .int(number)
            case let number as Int: .int(Int64(number))
            case let number as Double: .double(number)
            case let text as String: .string(text)
            case let flag as Bool: .bool(flag)
            case let date as Date: .date(nanoseconds: Int64(date.timeIntervalSince1970 * 1e9))
            case let reference as CKRecord.Reference: .reference(cloudID(reference.recordID))
            default: nil
            }
        }

        static func ckValue(_ value: CloudFieldValue) -> (any CKRecordValueProtocol)? {
            switch value {
            case .int(let number): number
            case .double(let number): number
            case .string(let text): text
            case .bool(let flag): flag
            case .date(let nanoseconds): Date(timeIntervalSince1970: Double(nanoseconds) / 1e9)
            case .reference(let id): CKRecord.Reference(recordID: ckID(id), action: .none)
            case .list: nil
            }
        }

        /// A `CKError` as a ``CloudKitError``: the same code, retry-after, per-item errors and records.
        func cloudError(_ error: any Error) -> any Error {
            guard let error = error as? CKError else { return error }
            var partial: [CloudRecordID: CloudKitError] = [:]
            for (key, value) in error.partialErrorsByItemID ?? [:] {
                if let id = key as? CKRecord.ID, let item = cloudError(value) as? CloudKitError {
                    partial[Self.cloudID(id)] = item
                }
            }
            // The server's record is remembered: saving it again (edited) must carry its change tag.
            return CloudKitError(
                CloudKitErrorCode(rawValue: error.errorCode) ?? .internalError, error.localizedDescription,
                retryAfterSeconds: error.retryAfterSeconds, partialErrors: partial,
                serverRecord: error.serverRecord.map(remember), clientRecord: error.clientRecord.map(Self.convert),
                ancestorRecord: error.ancestorRecord.map(Self.convert))
        }
    }
#endif
