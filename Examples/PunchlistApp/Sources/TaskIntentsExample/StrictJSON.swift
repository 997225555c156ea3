/// What Foundation's `JSONSerialization` lets through and RFC 8259 does not: on Linux it reads
/// `{"name": "x",}` and keeps the last of two `"name"` members without a word. The app checks the input
/// against the grammar first, and finds duplicate member names, as the documented intents answer them.
enum StrictJSON {
    enum Problem: Error {
        case syntax(String)
        case duplicate(String)
    }

    static let maxDepth = 512

    static func check(_ text: String) -> Problem? {
        var reader = Reader(bytes: Array(text.utf8))
        do {
            reader.skipSpace()
            try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.index == reader.bytes.count else { throw Problem.syntax("text after the value") }
            return nil
        } catch let problem as Problem {
            return problem
        } catch {
            return .syntax("\(error)")
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var next: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func expect(_ byte: UInt8) throws {
            guard next == byte else { throw Problem.syntax("expected \"\(Character(Unicode.Scalar(byte)))\"") }
            index += 1
        }

        mutating func value(depth: Int) throws {
            guard depth < StrictJSON.maxDepth else { throw Problem.syntax("nested too deeply") }
            switch next {
            case UInt8(ascii: "{"): try object(depth: depth + 1)
            case UInt8(ascii: "["): try array(depth: depth + 1)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: try number()
            }
        }

        mutating func object(depth: Int) throws {
            index += 1
            skipSpace()
            if next == UInt8(ascii: "}") { return index += 1 }
            var names: Set<[UInt8]> = []
            while true {
                skipSpace()
                let name = try string()
                guard names.insert(name).inserted else {
                    throw Problem.duplicate(String(decoding: name, as: UTF8.self))
                }
                skipSpace()
                try expect(UInt8(ascii: ":"))
                skipSpace()
                try value(depth: depth)
                skipSpace()
                if next == UInt8(ascii: ",") { index += 1; continue }
                return try expect(UInt8(ascii: "}"))
            }
        }

        mutating func array(depth: Int) throws {
            index += 1
            skipSpace()
            if next == UInt8(ascii: "]") { return index += 1 }
            while true {
                skipSpace()
                try value(depth: depth)
                skipSpace()
                if next == UInt8(ascii: ",") { index += 1; continue }
                return try expect(UInt8(ascii: "]"))
            }
        }

        /// The raw bytes between the quotes (escapes checked, not decoded: enough to compare names written alike).
        mutating func string() throws -> [UInt8] {
            try expect(UInt8(ascii: "\""))
            let start = index
            while let byte = next {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return Array(bytes[start..<(index - 1)])
                case UInt8(ascii: "\\"):
                    index += 1
                    guard let escaped = next, Array("\"\\/bfnrtu".utf8).contains(escaped) else {
                        throw Problem.syntax("a bad escape")
                    }
                    index += 1
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            guard let hex = next, isHex(hex) else { throw Problem.syntax("a bad \\u escape") }
                            index += 1
                        }
                    }
                case 0..<0x20: throw Problem.syntax("a control character in a string")
                default: index += 1
                }
            }
            throw Problem.syntax("an unterminated string")
        }

        mutating func literal(_ word: String) throws {
            for byte in word.utf8 { try expect(byte) }
        }

        mutating func number() throws {
            if next == UInt8(ascii: "-") { index += 1 }
            guard let first = next, isDigit(first) else { throw Problem.syntax("an unexpected character") }
            index += 1
            if first != UInt8(ascii: "0") { digits() }
            if next == UInt8(ascii: ".") {
                index += 1
                guard let byte = next, isDigit(byte) else { throw Problem.syntax("a digit after \".\"") }
                digits()
            }
            if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                index += 1
                if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { index += 1 }
                guard let byte = next, isDigit(byte) else { throw Problem.syntax("a digit in the exponent") }
                digits()
            }
        }

        mutating func digits() {
            while let byte = next, isDigit(byte) { index += 1 }
        }

        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func isHex(_ byte: UInt8) -> Bool {
            isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
