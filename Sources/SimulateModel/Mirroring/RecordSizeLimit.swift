import SimulateCloudKit

/// CloudKit's limit on one record: 1 MB, asset fields not included (CloudKit Web Services Reference,
/// "Data Size Limits"). Which error a record over it gets is not documented; the toolkit answers the
/// request with `limitExceeded`, the code for requests over CloudKit's size limits (an assumption),
/// so the container splits the batch down to the record alone, and that record never exports.
enum RecordSizeLimit {
    static let bytes = 1 << 20

    /// The bytes a record's fields take, the entity's assets left out: text as UTF-8, data (base64
    /// text here) as its decoded length, numbers and dates as 8 bytes, references as their record name.
    static func size(of record: CloudRecord, entity: StoreLayout.Entity?) -> Int {
        var total = 0
        for (key, value) in record.fields where !(entity?.assetKeys.contains(key) ?? false) {
            if case .string(let base64) = value, entity?.dataKeys.contains(key) ?? false {
                total += base64.utf8.count / 4 * 3
            } else {
                total += size(of: value)
            }
        }
        return total
    }

    private static func size(of value: CloudFieldValue) -> Int {
        switch value {
        case .int, .double, .date: 8
        case .bool: 1
        case .string(let text): text.utf8.count
        case .reference(let id): id.recordName.utf8.count
        case .list(let values): values.reduce(0) { $0 + size(of: $1) }
        }
    }
}

extension MirrorShared {
    /// The error for the first record of the request over ``RecordSizeLimit``, if any.
    func oversizedRecord(_ records: [CloudRecord]) -> CloudKitError? {
        for record in records where record.recordType != Self.linkRecordType {
            let size = RecordSizeLimit.size(of: record, entity: layout.entity(of: record))
            if size > RecordSizeLimit.bytes {
                context.trace.instant(
                    "server:cloudkit", "cloudkit", "recordTooLarge", "\(record.recordID.recordName) \(size) bytes",
                    value: Int64(size))
                return CloudKitError(
                    .limitExceeded,
                    "record \(record.recordID.recordName) is \(size) bytes without assets; CloudKit allows 1 MB")
            }
        }
        return nil
    }
}
