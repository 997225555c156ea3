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
                        position += 1
                    } else if byte < 0x80 {
                        if byte != 0x0D { column += 1 }
                        position += 1
                    } else {
                        // One column per character as a terminal shows the line: a valid sequence, or each
                        // invalid part that a decoder replaces with U+FFFD.
                        column += 1
                        position += min(sequenceLength(bytes, at: position), target - position)
                    }
                }
                result[slot] = SourceLocation(line: line, column: column)
            }
        }
        return result
    }

    /// Bytes of the UTF-8 sequence at `position` (at least 1): a whole valid sequence, or the maximal part of an
    /// invalid one that Unicode's "U+FFFD per maximal subpart" practice (and Swift's `String(decoding:)`) replaces.
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        let lead = bytes[position]
        let (length, secondRange): (Int, ClosedRange<UInt8>) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80...0xBF)
            case 0xE0: (3, 0xA0...0xBF)
            case 0xED: (3, 0x80...0x9F)
            case 0xE1...0xEF: (3, 0x80...0xBF)
            case 0xF0: (4, 0x90...0xBF)
            case 0xF4: (4, 0x80...0x8F)
            case 0xF1...0xF3: (4, 0x80...0xBF)
            default: (1, 0x80...0xBF)
            }
        var consumed = 1
        while consumed < length, position + consumed < bytes.count {
            let byte = bytes[position + consumed]
            let range: ClosedRange<UInt8> = consumed == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else { break }
            consumed += 1
        }
        return consumed
    }

    /// Byte offset where the value at `path` starts, in bytes already accepted by the validator.
    static func offset(of path: JSONPath, in source: [UInt8]) -> Int? {
        offsets(of: [path], in: source)[0]
    }

    /// Byte offsets where the values at `paths` start (nil: no such value), in bytes already accepted by the
    /// validator. Each array on the way is walked once, whatever the number of paths into it: a thousand
    /// diagnostics about the steps of a long file cost one pass over `steps`, not a thousand.
    static func offsets(of paths: [JSONPath], in source: [UInt8]) -> [Int?] {
        source.withUnsafeBufferPointer { bytes -> [Int?] in
            guard let base = bytes.baseAddress else { return paths.map { _ in nil } }
            var elementStarts: [Int: [Int]] = [:]
            return paths.map { path -> Int? in
                var cursor = ValidatedJSONCursor(base: base, count: bytes.count)
                cursor.skipWhitespace()
                for component in path.components {
                    switch (component, cursor.byte) {
                    case (.key(let key), UInt8(ascii: "{")):
                        guard seekMember(key, &cursor) else { return nil }
                    case (.index(let index), UInt8(ascii: "[")):
                        let starts = elementStarts[cursor.index] ?? elementOffsets(cursor)
                        elementStarts[cursor.index] = starts
                        guard starts.indices.contains(index) else { return nil }
                        cursor.index = starts[index]
                    default:
                        return nil
                    }
                }
                return cursor.index
            }
        }
    }

    /// Where each element of the array at the cursor starts.
    private static func elementOffsets(_ start: ValidatedJSONCursor) -> [Int] {
        var cursor = start
        cursor.index += 1
        cursor.skipWhitespace()
        guard cursor.byte != UInt8(ascii: "]") else { return [] }
        var starts: [Int] = []
        repeat {
            starts.append(cursor.index)
            cursor.skipValue()
        } while cursor.skipSeparator()
        return starts
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
}
