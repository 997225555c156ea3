import Foundation
import SimulateCloudKit

/// How `CKDatabaseAdapter` turns what CloudKit hands back into `CloudFieldValue` and `CloudKitError`,
/// and back: plain functions over Foundation values, so they build and are tested on Linux, where
/// CloudKit does not exist. The adapter passes the CloudKit-only parts (a `CKRecord.Reference`) through
/// the `reference` closures.
public enum CloudKitValueConversion {
    /// A field value as `CKRecord[key]` returns it: `NSNumber` for integers, doubles and booleans
    /// (told apart by the number's stored type, so `true` stays a boolean and `3.0` a double),
    /// `String`, `Date`, a list (`NSArray`) of those, or a reference (`reference` recognises it).
    /// nil for what a `CloudFieldValue` cannot hold (`CKAsset`, `CLLocation`, `Data`): the adapter never
    /// writes such a field back, so a save keeps it on the server.
    public static func fieldValue(_ value: Any, reference: (Any) -> CloudRecordID?) -> CloudFieldValue? {
        if let id = reference(value) { return .reference(id) }
        switch value {
        case let number as NSNumber: return numberValue(number)
        case let text as String: return .string(text)
        case let date as Date: return .date(nanoseconds: nanoseconds(date))
        case let list as [Any]:
            var values: [CloudFieldValue] = []
            values.reserveCapacity(list.count)
            for element in list {
                guard let converted = fieldValue(element, reference: reference) else { return nil }
                values.append(converted)
            }
            return .list(values)
        default: return nil
        }
    }

    /// The Foundation value to store for `value`: `NSNumber` (from `Int64`, `Double` or `Bool`), `String`,
    /// `Date`, `[Any]` for a list, or what `reference` makes of a record id.
    public static func foundationValue(_ value: CloudFieldValue, reference: (CloudRecordID) -> Any) -> Any {
        switch value {
        case .int(let number): NSNumber(value: number)
        case .double(let number): NSNumber(value: number)
        case .bool(let flag): NSNumber(value: flag)
        case .string(let text): text
        case .date(let nanoseconds): date(nanoseconds: nanoseconds)
        case .reference(let id): reference(id)
        case .list(let values): values.map { foundationValue($0, reference: reference) }
        }
    }

    /// An `NSNumber`'s own type decides: CloudKit returns every number field as `NSNumber`, and bridging it to
    /// `Int64` would also accept `true` and `3.0`.
    static func numberValue(_ number: NSNumber) -> CloudFieldValue {
        if isBoolean(number) { return .bool(number.boolValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"): return .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
            // Unsigned: CloudKit's INT64 fields are signed; one above Int64.max reads as a double.
            let value = number.uint64Value
            return value <= UInt64(Int64.max) ? .int(Int64(value)) : .double(number.doubleValue)
        default: return .int(number.int64Value)
        }
    }

    /// `NSNumber(value: true)` is the `kCFBooleanTrue` singleton (on Darwin and in swift-corelibs-foundation),
    /// whose class differs from every other number's.
    static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == type(of: NSNumber(value: true))
    }

    /// Nanoseconds since 1970, saturating: a date beyond ±292 years of 1970 (`Date.distantFuture`, year
    /// 4001) does not fit, and reads as `Int64.max` or `Int64.min`, which ``date(nanoseconds:)`` turns
    /// back into `distantFuture` / `distantPast`.
    public static func nanoseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1e9).rounded()
        if value.isNaN { return 0 }
        if value >= 9.223_372_036_854_775_807e18 { return .max }
        if value <= -9.223_372_036_854_775_808e18 { return .min }
        return Int64(value)
    }

    public static func date(nanoseconds: Int64) -> Date {
        switch nanoseconds {
        case .max: .distantFuture
        case .min: .distantPast
        default:
            Date(
                timeIntervalSince1970: Double(nanoseconds / 1_000_000_000)
                    + Double(nanoseconds % 1_000_000_000) / 1e9)
        }
    }

    /// What a CloudKit error code becomes: `operationCancelled` (20) is Swift's `CancellationError`, as
    /// every other cancelled async call reports it; a code `CloudKitErrorCode` lists keeps its number
    /// (`notAuthenticated` 9, `serverResponseLost` 34, `accountTemporarilyUnavailable` 36, …); any other is
    /// `internalError`, with CloudKit's number in the message.
    public static func error(
        code: Int, message: String, retryAfterSeconds: Double? = nil,
        partialErrors: [CloudRecordID: CloudKitError] = [:], serverRecord: CloudRecord? = nil,
        clientRecord: CloudRecord? = nil, ancestorRecord: CloudRecord? = nil
    ) -> any Error {
        if code == operationCancelled { return CancellationError() }
        let known = CloudKitErrorCode(rawValue: code)
        return CloudKitError(
            known ?? .internalError, known == nil ? "CKError \(code): \(message)" : message,
            retryAfterSeconds: retryAfterSeconds, partialErrors: partialErrors, serverRecord: serverRecord,
            clientRecord: clientRecord, ancestorRecord: ancestorRecord)
    }

    /// `CKError.Code.operationCancelled`.
    public static let operationCancelled = 20
}
