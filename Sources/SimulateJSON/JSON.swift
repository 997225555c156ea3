/// A JSON value as RFC 8259 defines it. Objects keep their members in document order.
public enum JSON: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer literal that fits `Int64`.
    case integer(Int64)
    /// An integer literal above `Int64.max` that fits `UInt64`.
    case unsignedInteger(UInt64)
    /// Any other number (fraction, exponent, or an integer too large for 64 bits).
    case double(Double)
    /// A string, its escapes decoded.
    case string(String)
    /// An array, its elements in document order.
    case array([JSON])
    /// An object, its members in document order.
    case object(JSONObject)
}

/// JSON object members in document order, with lookup by key.
public struct JSONObject: Sendable {
    /// The member names, in document order (a name appears once: parsers report repeated names).
    public private(set) var keys: [String]
    /// The member values, at the same positions as their ``keys``.
    public private(set) var values: [JSON]

    /// An object with no members.
    public init() {
        keys = []
        values = []
    }

    init(keys: [String], values: [JSON]) {
        self.keys = keys
        self.values = values
    }

    /// An object with these members, in this order; the names must differ (they are not checked).
    public init(_ members: [(String, JSON)]) {
        keys = members.map(\.0)
        values = members.map(\.1)
    }

    /// The number of members.
    public var count: Int { keys.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { keys.isEmpty }
    /// Each member's name and value, in document order.
    public var members: Zip2Sequence<[String], [JSON]> { zip(keys, values) }

    /// The position of the member named `key`, compared by code units as RFC 8259 does.
    public func index(forKey key: String) -> Int? {
        keys.firstIndex { $0.hasSameCodeUnits(as: key) }
    }

    /// The value of the member named `key` (code units compared); setting nil removes the member,
    /// setting a new name appends it.
    public subscript(key: String) -> JSON? {
        get {
            guard let index = index(forKey: key) else { return nil }
            return values[index]
        }
        set {
            if let index = index(forKey: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// Appends without checking for an existing key; parsers use it after their own duplicate check.
    public mutating func append(key: String, value: JSON) {
        keys.append(key)
        values.append(value)
    }
}

extension JSON {
    /// Whether the value is `null`.
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The boolean, when the value is one.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }

    /// The string, when the value is one.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }

    /// The elements, when the value is an array.
    public var arrayValue: [JSON]? { if case .array(let value) = self { value } else { nil } }

    /// The members, when the value is an object.
    public var objectValue: JSONObject? { if case .object(let value) = self { value } else { nil } }

    /// The value as a `Double` for any number case.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .unsignedInteger(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The value as `Int64` when it is a whole number in range (`2.0` counts, `2.5` does not).
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): return value
        case .unsignedInteger: return nil
        case .double(let value):
            guard value.rounded() == value, let exact = Int64(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The value as `Int` when it is a whole number in range (as ``int64Value``).
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// The value as `UInt64` when it is a non-negative whole number in range.
    public var uint64Value: UInt64? {
        switch self {
        case .integer(let value): return value >= 0 ? UInt64(value) : nil
        case .unsignedInteger(let value): return value
        case .double(let value):
            guard value.rounded() == value, let exact = UInt64(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// Whether the value is a number, of any of the three number cases.
    public var isNumber: Bool { doubleValue != nil }

    /// The member named `key` when the value is an object that has one; nil otherwise.
    public subscript(key: String) -> JSON? { objectValue?[key] }

    /// The element at `index` when the value is an array that long; nil otherwise.
    public subscript(index: Int) -> JSON? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The JSON type name used in error messages: "null", "boolean", "number", "string", "array", "object".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .unsignedInteger, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSON: Equatable {
    /// JSON value equality: numbers compare by value, strings and member names by code units (not by
    /// Swift's canonical equivalence), and object member order does not matter.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a.hasSameCodeUnits(as: b)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a.members where b[key] != value { return false }
            return true
        case (.integer(let a), .integer(let b)): return a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): return a == b
        default:
            guard let a = lhs.doubleValue, let b = rhs.doubleValue else { return false }
            if let x = lhs.uint64Value, let y = rhs.uint64Value { return x == y }
            if let x = lhs.int64Value, let y = rhs.int64Value { return x == y }
            return a == b
        }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` and `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// A dictionary literal, its members in the order written.
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
}

extension JSON {
    /// An integer.
    public init(_ value: Int) { self = .integer(Int64(value)) }
    /// A double.
    public init(_ value: Double) { self = .double(value) }
    /// A string.
    public init(_ value: String) { self = .string(value) }
    /// A boolean.
    public init(_ value: Bool) { self = .bool(value) }
    /// An unsigned integer: ``integer(_:)`` when it fits `Int64`, else ``unsignedInteger(_:)``.
    public init(_ value: UInt64) {
        self = value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
    }
}

extension JSONObject: Equatable {
    /// Member order does not matter, as for `JSON`.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { JSON.object(lhs) == JSON.object(rhs) }
}
