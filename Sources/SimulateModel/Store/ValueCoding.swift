import SimulateCore
import SimulateJSON

/// Checks and normalises attribute values written as JSON: the same rules at load time (reported at
/// the value's JSON path) and at run time (returned as errors, e.g. to an App Intent).
enum ValueCoding {
    /// Virtual time 0 on a device's clock is this instant (2025-01-01T00:00:00Z), for `"now"` dates.
    static let epochDays: Int64 = 20089

    /// The value to store, or why it is not a value of the attribute.
    static func coerce(_ value: JSON, for attribute: AttributeSpec, entity: String) -> Result<JSON, ValueError> {
        if value.isNull {
            return attribute.isOptional
                ? .success(.null)
                : .failure(ValueError("\(entity).\(attribute.name) is not optional: null is not allowed"))
        }
        if attribute.isArray {
            guard let elements = value.arrayValue else {
                return .failure(
                    ValueError("\(entity).\(attribute.name) expects an array of \(attribute.type.rawValue)"))
            }
            var result: [JSON] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                switch scalar(element, attribute.type) {
                case .success(let value): result.append(value)
                case .failure(let message):
                    return .failure(ValueError("\(entity).\(attribute.name) element: \(message)"))
                }
            }
            return .success(.array(result))
        }
        return scalar(value, attribute.type).mapError { ValueError("\(entity).\(attribute.name): \($0.message)") }
    }

    static func scalar(_ value: JSON, _ type: AttributeType) -> Result<JSON, ValueError> {
        switch type {
        case .string:
            if case .string = value { return .success(value) }
        case .int:
            if let number = value.int64Value { return .success(.integer(number)) }
        case .double:
            if let number = value.doubleValue { return .success(.double(number)) }
        case .bool:
            if case .bool = value { return .success(value) }
        case .date:
            if let text = value.stringValue {
                return isDate(text)
                    ? .success(value)
                    : .failure(
                        ValueError(
                            "expected a date such as \"2025-01-31T09:30:00Z\" (a real day and time of day), found "
                                + BoundedQuote.quote(text)))
            }
        case .uuid:
            if let text = value.stringValue {
                return isUUID(text)
                    ? .success(.string(text.uppercased()))
                    : .failure(ValueError("expected a UUID such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\""))
            }
        case .data:
            if let text = value.stringValue {
                return isBase64(text)
                    ? .success(value) : .failure(ValueError("expected base64 data, found \(BoundedQuote.quote(text))"))
            }
        }
        return .failure(ValueError("expected \(describe(type)), found \(value.typeName)"))
    }

    static func describe(_ type: AttributeType) -> String {
        switch type {
        case .string: "a string"
        case .int: "an integer"
        case .double: "a number"
        case .bool: "true or false"
        case .date: "a date string (RFC 3339, UTC)"
        case .uuid: "a UUID string"
        case .data: "a base64 string"
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`: one spelling, so dates compare as text.
    static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40, bytes.last == UInt8(ascii: "Z") else { return false }
        let pattern = Array("dddd-dd-ddTdd:dd:dd".utf8)
        for (index, expected) in pattern.enumerated() {
            let byte = bytes[index]
            if expected == UInt8(ascii: "d") {
                guard byte >= 0x30 && byte <= 0x39 else { return false }
            } else if byte != expected {
                return false
            }
        }
        guard isCalendarDate(bytes) else { return false }
        let rest = bytes[19..<(bytes.count - 1)]
        if rest.isEmpty { return true }
        return rest.first == UInt8(ascii: ".") && rest.count > 1
            && rest.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Month 01…12, a day the month has (29 February only in leap years), hour 00…23, minute and second
    /// 00…59 (the proleptic Gregorian calendar, as `Date` and `ISO8601DateFormatter` use).
    private static func isCalendarDate(_ bytes: [UInt8]) -> Bool {
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return false }
        return number(11..<13) <= 23 && number(14..<16) <= 59 && number(17..<19) <= 59
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let isHex = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
                guard isHex else { return false }
            }
        }
        return true
    }

    static func isBase64(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count % 4 == 0 else { return false }
        let body = bytes.prefix { $0 != UInt8(ascii: "=") }
        guard bytes.count - body.count <= 2 else { return false }
        return body.allSatisfy {
            ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B
                || $0 == 0x2F
        }
    }

    /// A device's clock reading as a date string.
    static func dateString(localNanoseconds: Int64) -> String {
        let totalSeconds = floorDivide(localNanoseconds, 1_000_000_000)
        let milliseconds = (localNanoseconds - totalSeconds * 1_000_000_000) / 1_000_000
        let days = floorDivide(totalSeconds, 86_400) + epochDays
        let secondOfDay = totalSeconds - floorDivide(totalSeconds, 86_400) * 86_400
        let (year, month, day) = civil(fromDays: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(milliseconds, 3))Z"
    }

    /// Howard Hinnant's days-to-civil conversion.
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// A UUID string from two seeded draws (version 4 layout).
    static func uuidString(_ high: UInt64, _ low: UInt64) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            bytes.append(hex[Int((high >> UInt64(shift)) & 0xF)])
            if index == 7 || index == 11 { bytes.append(UInt8(ascii: "-")) }
        }
        bytes.append(UInt8(ascii: "-"))
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            bytes.append(hex[Int((low >> UInt64(shift)) & 0xF)])
            if index == 3 { bytes.append(UInt8(ascii: "-")) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why a value was rejected.
struct ValueError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
