import Foundation

/// Parses validated bytes with `JSONSerialization` and converts its tree, walking the source alongside:
/// object member order comes from the text (Foundation dictionaries have none), and numbers come from their
/// literals (an `NSDecimalNumber` does not round to the nearest `Double`: 0.30000000000000004 comes back as
/// 0.3000000000000001), and so do strings and member names, decoded exactly from the validated bytes. Returns nil when the tree cannot be trusted, like `JSONCBackend`.
enum FoundationBackend {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, summary: StrictJSONValidator.Summary) -> JSON? {
        guard let base = bytes.baseAddress else { return nil }
        let data = Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: base + summary.rootStart),
            count: summary.rootEnd - summary.rootStart, deallocator: .none)
        guard let parsed = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else {
            return nil
        }
        var converter = Converter(
            cursor: ValidatedJSONCursor(base: base, count: summary.rootEnd, index: summary.rootStart))
        return try? converter.convert(parsed)
    }

    private struct Untrusted: Error {}

    private struct Converter {
        var cursor: ValidatedJSONCursor

        mutating func convert(_ value: Any) throws(Untrusted) -> JSON {
            switch cursor.byte {
            case UInt8(ascii: "{"):
                guard let dictionary = value as? [String: Any] else { throw Untrusted() }
                return try object(dictionary)
            case UInt8(ascii: "["):
                guard let array = value as? [Any] else { throw Untrusted() }
                return try self.array(array)
            case UInt8(ascii: "\""):
                // Without escapes, Foundation's string is the validated UTF-8 as it stands, unless Foundation
                // dropped a leading U+FEFF (the cursor checks the length); any other string is decoded from the
                // validated bytes, exactly as RFC 8259 defines it.
                guard let string = value as? String else { throw Untrusted() }
                return .string(cursor.decodeString(unescaped: string))
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
                do {
                    return try cursor.number(in: range, isInteger: isInteger)
                } catch {
                    throw Untrusted()
                }
            }
        }

        private mutating func array(_ array: [Any]) throws(Untrusted) -> JSON {
            cursor.index += 1
            cursor.skipWhitespace()
            var elements: [JSON] = []
            elements.reserveCapacity(array.count)
            if cursor.byte != UInt8(ascii: "]") {
                repeat {
                    guard elements.count < array.count else { throw Untrusted() }
                    elements.append(try convert(array[elements.count]))
                } while cursor.skipSeparator()
            }
            cursor.index += 1
            guard elements.count == array.count else { throw Untrusted() }
            return .array(elements)
        }

        private mutating func object(_ dictionary: [String: Any]) throws(Untrusted) -> JSON {
            cursor.index += 1
            cursor.skipWhitespace()
            var keys: [String] = []
            var values: [JSON] = []
            keys.reserveCapacity(dictionary.count)
            values.reserveCapacity(dictionary.count)
            if cursor.byte != UInt8(ascii: "}") {
                repeat {
                    let key = cursor.decodeString()
                    _ = cursor.skipSeparator()
                    guard keys.count < dictionary.count, let member = dictionary[key] else { throw Untrusted() }
                    keys.append(key)
                    values.append(try convert(member))
                } while cursor.skipSeparator()
            }
            cursor.index += 1
            guard keys.count == dictionary.count else { throw Untrusted() }
            return .object(JSONObject(keys: keys, values: values))
        }
    }
}
