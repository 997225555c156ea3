/// Builds the tree from validated bytes in Swift. It is the reference the fast backends must match, and the
/// path taken whenever they cannot: repeated keys (first occurrence wins, every repeat is reported), integers
/// json-c clamps, numbers that overflow `Double`, and keys containing U+0000. Member names are compared
/// by code units (RFC 8259), so `"\u00e9"` and `"e\u0301"` are two keys.
struct JSONTreeBuilder {
    struct Duplicate {
        var path: JSONPath
        var key: String
        var offset: Int
    }

    private var cursor: ValidatedJSONCursor
    private var path: [JSONPath.Component] = []
    private(set) var duplicates: [Duplicate] = []

    /// `path`: where the value at `rootStart` is in the whole document (duplicates are reported under it).
    init(base: UnsafePointer<UInt8>, count: Int, rootStart: Int, path: [JSONPath.Component] = []) {
        cursor = ValidatedJSONCursor(base: base, count: count, index: rootStart)
        self.path = path
    }

    mutating func build() throws(JSONSyntaxIssue) -> JSON {
        try value()
    }

    private mutating func value() throws(JSONSyntaxIssue) -> JSON {
        switch cursor.byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(cursor.decodeString())
        case UInt8(ascii: "t"):
            cursor.index += 4
            return .bool(true)
        case UInt8(ascii: "f"):
            cursor.index += 5
            return .bool(false)
        case UInt8(ascii: "n"):
            cursor.index += 4
            return .null
        default:
            let (range, isInteger) = cursor.scanNumber()
            return try cursor.number(in: range, isInteger: isInteger)
        }
    }

    private mutating func array() throws(JSONSyntaxIssue) -> JSON {
        cursor.index += 1
        cursor.skipWhitespace()
        var elements: [JSON] = []
        if cursor.byte != UInt8(ascii: "]") {
            repeat {
                path.append(.index(elements.count))
                elements.append(try value())
                path.removeLast()
            } while cursor.skipSeparator()
        }
        cursor.index += 1
        return .array(elements)
    }

    private mutating func object() throws(JSONSyntaxIssue) -> JSON {
        cursor.index += 1
        cursor.skipWhitespace()
        var keys: [String] = []
        var values: [JSON] = []
        var seen: Set<CodeUnitKey> = []
        if cursor.byte != UInt8(ascii: "}") {
            repeat {
                let keyOffset = cursor.index
                let key = cursor.decodeString()
                _ = cursor.skipSeparator()
                path.append(.key(key))
                let member = try value()
                if seen.insert(CodeUnitKey(key)).inserted {
                    keys.append(key)
                    values.append(member)
                } else {
                    duplicates.append(Duplicate(path: JSONPath(path), key: key, offset: keyOffset))
                }
                path.removeLast()
            } while cursor.skipSeparator()
        }
        cursor.index += 1
        return .object(JSONObject(keys: keys, values: values))
    }
}
