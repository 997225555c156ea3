import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// Attribute values between JSON (scenarios, store) and CloudKit field values (records).
enum FieldCoding {
    static func json(_ value: CloudFieldValue?) -> JSON {
        guard let value else { return .null }
        switch value {
        case .int(let number): return .integer(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .date(let nanoseconds): return .string(ValueCoding.dateString(localNanoseconds: nanoseconds))
        case .reference(let id): return .string(id.recordName)
        case .list(let values): return .array(values.map { json($0) })
        }
    }

    static func field(_ value: JSON) -> CloudFieldValue? {
        switch value {
        case .null: nil
        case .bool(let flag): .bool(flag)
        case .integer(let number): .int(number)
        case .unsignedInteger(let number): .int(Int64(truncatingIfNeeded: number))
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let values): .list(values.compactMap(field))
        case .object: .string(JSONWriter.string(value))
        }
    }
}
