/// Turns byte offsets and JSON paths into line and column by scanning the source again, so that a successful
/// parse stores no positions. Line breaks are LF, CR LF and a lone CR.
enum SourceLocator {
    /// Locations of the given offsets (any order), computed in one pass.
    static func locations(ofOffsets offsets: [Int], in source: [UInt8]) -> [SourceLocation] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [SourceLocation](repeating: SourceLocation(line: 1, column: 1), count: offsets.count)
        source.withUnsafeBufferPointer { bytes in
            var line = 1
            var column = 1
            var position = 0
            for slot in order {
                let target = min(max(offsets[slot], 0), bytes.count)
                while position < target {
                    let byte = bytes[position]
                    if byte == 0x0A || (byte == 0x0D && (position + 1 == bytes.count || bytes[position + 1] != 0x0A)) {
                        line += 1
                        column = 1
                    } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                        column += 1
                    }
                    position += 1
                }
                result[slot] = SourceLocation(line: line, column: column)
            }
        }
        return result
    }

    /// Byte offset where the value at `path` starts, in bytes already accepted by the validator.
    static func offset(of path: JSONPath, in source: [UInt8]) -> Int? {
        source.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            var cursor = ValidatedJSONCursor(base: base, count: bytes.count)
            cursor.skipWhitespace()
            for component in path.components {
                switch (component, cursor.byte) {
                case (.key(let key), UInt8(ascii: "{")):
                    guard seekMember(key, &cursor) else { return nil }
                case (.index(let index), UInt8(ascii: "[")):
                    guard seekElement(index, &cursor) else { return nil }
                default:
                    return nil
                }
            }
            return cursor.index
        }
    }

    static func seekMember(_ key: String, _ cursor: inout ValidatedJSONCursor) -> Bool {
        cursor.index += 1
        cursor.skipWhitespace()
        guard cursor.byte != UInt8(ascii: "}") else { return false }
        repeat {
            let candidate = cursor.decodeString()
            _ = cursor.skipSeparator()
            if candidate.hasSameCodeUnits(as: key) { return true }
            cursor.skipValue()
        } while cursor.skipSeparator()
        return false
    }

    private static func seekElement(_ index: Int, _ cursor: inout ValidatedJSONCursor) -> Bool {
        cursor.index += 1
        cursor.skipWhitespace()
        guard index >= 0, cursor.byte != UInt8(ascii: "]") else { return false }
        var position = 0
        repeat {
            if position == index { return true }
            cursor.skipValue()
            position += 1
        } while cursor.skipSeparator()
        return false
    }
}
