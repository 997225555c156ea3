#if canImport(CJSONC)
    import CJSONC
#endif

/// Member names looked for by `JSONQuickElement.forEachMember`, as bytes, made once.
public struct JSONMemberNames: Sendable {
    let names: [[UInt8]]

    /// `names`: ASCII, without U+0000.
    public init(_ names: [String]) {
        precondition(names.allSatisfy { $0.utf8.allSatisfy { $0 != 0 && $0 < 0x80 } }, "member names must be ASCII")
        self.names = names.map { Array($0.utf8) }
    }
}

/// An element of a `JSONArrayStream` read straight from json-c's tree, before any `JSON` value is built: for
/// elements in a shape the caller reads often. Valid only inside the call that receives it.
public struct JSONQuickElement {
    public let index: Int
    /// Where the element starts and ends in the source.
    let range: Range<Int>
    /// The element's members counted in the source (-1: not an object); json-c merges repeated names.
    let sourceMemberCount: Int
    let object: OpaquePointer?
    let base: UnsafePointer<UInt8>

    /// A member's value: a string of ASCII characters (exactly as the source gives it: json-c decodes those
    /// right), or anything else.
    public enum Member {
        case string(JSONQuickString)
        case other
    }

    /// When this element is an object of at most `maximumCount` members, each with a name in `names` (compared
    /// by code units), calls `body` with each member's position in `names` and its value, in json-c's order,
    /// until `body` returns false. Returns whether every member was passed and accepted; false without a
    /// call when the element is not in that shape.
    public func forEachMember(of names: JSONMemberNames, maximumCount: Int, _ body: (Int, Member) -> Bool) -> Bool {
        #if canImport(CJSONC)
            guard let object, sourceMemberCount >= 0, sourceMemberCount <= maximumCount,
                json_object_get_type(object) == json_type_object, let table = json_object_get_object(object),
                Int(lh_table_length(table)) == sourceMemberCount
            else { return false }
            var entry = lh_table_head(table)
            while let current = entry {
                guard let key = lh_entry_k(current).map({ $0.assumingMemoryBound(to: UInt8.self) }),
                    let number = Self.position(of: key, in: names),
                    body(number, Self.member(OpaquePointer(lh_entry_v(current))))
                else { return false }
                entry = lh_entry_next(current)
            }
            return true
        #else
            return false
        #endif
    }

    /// The value of the member named `key` (by code units), and where it starts in the source.
    public func member(_ key: String) -> (offset: Int, value: JSON)? {
        var cursor = ValidatedJSONCursor(base: base, count: range.upperBound, index: range.lowerBound)
        guard cursor.byte == UInt8(ascii: "{"), SourceLocator.seekMember(key, &cursor) else { return nil }
        #if canImport(CJSONC)
            var child: OpaquePointer?
            guard let object, json_object_object_get_ex(object, key, &child) != 0,
                let value = JSONCBackend.convert(child, base: base, count: range.upperBound, offset: cursor.index)
            else { return nil }
            return (cursor.index, value)
        #else
            return nil
        #endif
    }

    #if canImport(CJSONC)
        private static func position(of key: UnsafePointer<UInt8>, in names: JSONMemberNames) -> Int? {
            outer: for number in 0..<names.names.count {
                let name = names.names[number]
                for offset in 0..<name.count where key[offset] != name[offset] { continue outer }
                if key[name.count] == 0 { return number }
            }
            return nil
        }

        private static func member(_ value: OpaquePointer?) -> Member {
            guard let value, json_object_get_type(value) == json_type_string, let text = json_object_get_string(value)
            else { return .other }
            let count = Int(json_object_get_string_len(value))
            let buffer = UnsafeBufferPointer(
                start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
            guard buffer.allSatisfy({ $0 != 0 && $0 < 0x80 }) else { return .other }
            return .string(JSONQuickString(bytes: buffer))
        }
    #endif
}

/// A string member of a `JSONQuickElement`: ASCII bytes without U+0000, in json-c's tree. Valid only inside the
/// call that receives the element.
public struct JSONQuickString {
    let bytes: UnsafeBufferPointer<UInt8>

    public var count: Int { bytes.count }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    public var byteArray: [UInt8] { Array(bytes) }

    /// The same bytes as `other`.
    public func hasBytes(_ other: [UInt8]) -> Bool {
        guard other.count == bytes.count else { return false }
        for index in 0..<other.count where other[index] != bytes[index] { return false }
        return true
    }

    public func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result { body(bytes.span) }
}
