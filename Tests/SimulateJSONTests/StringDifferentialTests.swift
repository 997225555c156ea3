import TestSupport
import Testing

@testable import SimulateJSON

/// Every string escape class through every path that builds a tree, against a reference decoder written
/// here from RFC 8259 alone: json-c, Foundation, and the Swift tree builder (which json-c falls back to
/// when an integer is clamped; the last element forces it).
@Suite struct StringDifferentialTests {
    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case jsonC, foundation, fallback
        var testDescription: String { rawValue }

        func parse(_ bytes: [UInt8]) throws -> JSON {
            try JSONParser.parse(bytes, backend: self == .foundation ? .foundation : .jsonC).root
        }

        func parse(_ text: String) throws -> JSON { try parse(Array(text.utf8)) }

        /// The fallback's documents end with an integer json-c clamps, so its tree is not used.
        var trailer: String { self == .fallback ? ", -9223372036854775809" : "" }
    }

    /// The reference: a surrogate pair's scalar as RFC 8259 section 7 defines it.
    static func pairScalar(high: UInt32, low: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
    }

    static func hex(_ value: UInt32, uppercase: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The 1,024 high surrogates in 16 blocks of 64; each test parses 64 × 1,024 pairs as values and as keys.
    /// Under a sanitizer the first and the last block only (``SanitizerRuns/ends(of:)``).
    static let highBlocks: [ClosedRange<UInt32>] = SanitizerRuns.ends(
        of: (0..<16).map { block in
            let first = 0xD800 + UInt32(block) * 64
            return first...(first + 63)
        })

    /// Appends `\uXXXX`, the hex digits in upper or lower case.
    static func appendEscape(_ value: UInt32, uppercase: Bool, to bytes: inout [UInt8]) {
        let digits = uppercase ? upperDigits : lowerDigits
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "u"))
        bytes.append(digits[Int(value >> 12 & 0xF)])
        bytes.append(digits[Int(value >> 8 & 0xF)])
        bytes.append(digits[Int(value >> 4 & 0xF)])
        bytes.append(digits[Int(value & 0xF)])
    }

    static let upperDigits = Array("0123456789ABCDEF".utf8)
    static let lowerDigits = Array("0123456789abcdef".utf8)

    @Test(.oneThreadSoNotUnderTheThreadSanitizer, arguments: Path.allCases, highBlocks)
    func everySurrogatePairDecodesExactly(_ path: Path, _ highs: ClosedRange<UInt32>) throws {
        // Built as bytes: 65,536 pairs per document, as values and as member names.
        var values: [UInt8] = [UInt8(ascii: "[")]
        var keys: [UInt8] = [UInt8(ascii: "{")]
        values.reserveCapacity(highs.count * 1024 * 16 + 64)
        keys.reserveCapacity(highs.count * 1024 * 20 + 64)
        var escape: [UInt8] = []
        for high in highs {
            for low: UInt32 in 0xDC00...0xDFFF {
                if values.count > 1 {
                    values.append(UInt8(ascii: ","))
                    keys.append(UInt8(ascii: ","))
                }
                escape.removeAll(keepingCapacity: true)
                Self.appendEscape(high, uppercase: low & 1 == 0, to: &escape)
                Self.appendEscape(low, uppercase: high & 1 == 0, to: &escape)
                values.append(UInt8(ascii: "\""))
                values += escape
                values.append(UInt8(ascii: "\""))
                keys.append(contentsOf: "\"k".utf8)
                keys += escape
                keys.append(contentsOf: "\":0".utf8)
            }
        }
        values += Array("\(path.trailer)]".utf8)
        keys += Array((path == .fallback ? ",\"n\":-9223372036854775809}" : "}").utf8)
        let decodedValues = try #require(path.parse(values).arrayValue)
        let decodedKeys = try #require(path.parse(keys).objectValue?.keys)
        var mismatches: [String] = []
        var index = 0
        for high in highs {
            for low: UInt32 in 0xDC00...0xDFFF {
                let scalar = Self.pairScalar(high: high, low: low)
                let value = decodedValues[index].stringValue ?? ""
                let valueScalars = value.unicodeScalars
                if valueScalars.count != 1 || valueScalars.first != scalar {
                    mismatches.append("value U+\(String(scalar.value, radix: 16)) became \(Self.describe(value))")
                }
                let keyScalars = decodedKeys[index].unicodeScalars
                if keyScalars.count != 2 || keyScalars.first != "k" || keyScalars.last != scalar {
                    mismatches.append(
                        "key kU+\(String(scalar.value, radix: 16)) became \(Self.describe(decodedKeys[index]))")
                }
                if mismatches.count > 5 { break }
                index += 1
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    static func describe(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// Every non-surrogate `\uXXXX`, the two-character escapes, raw UTF-8 of every scalar, and a U+FEFF that
    /// opens a string (Foundation drops it; a libFuzzer run found that).
    @Test(.oneThreadSoNotUnderTheThreadSanitizer, arguments: Path.allCases)
    func otherEscapeClassesDecodeExactly(_ path: Path) throws {
        var text = "["
        var expected: [String] = []
        func add(_ literal: String, _ decoded: String, wrapped: Bool = true) {
            if !expected.isEmpty { text += "," }
            text += wrapped ? "\"a\(literal)b\"" : "\"\(literal)\""
            expected.append(wrapped ? "a\(decoded)b" : decoded)
        }
        for unit: UInt32 in 0...0xFFFF where !(0xD800...0xDFFF).contains(unit) {
            add("\\u\(Self.hex(unit, uppercase: unit & 1 == 0))", String(Unicode.Scalar(unit)!))
        }
        let short: [(String, String)] = [
            ("\\\"", "\""), ("\\\\", "\\"), ("\\/", "/"), ("\\b", "\u{8}"), ("\\f", "\u{C}"), ("\\n", "\n"),
            ("\\r", "\r"), ("\\t", "\t"),
        ]
        for (literal, decoded) in short { add(literal, decoded) }
        for value: UInt32 in stride(from: 0x20, through: 0x10FFFF, by: 7) {
            guard let scalar = Unicode.Scalar(value), value != 0x22, value != 0x5C else { continue }
            add(String(scalar), String(scalar))
        }
        let bare: [(String, String)] = [
            ("\u{FEFF}", "\u{FEFF}"), ("\u{FEFF}d", "\u{FEFF}d"), ("\u{FEFF}\u{FEFF}", "\u{FEFF}\u{FEFF}"),
            ("\u{FEFF}\\u00e9", "\u{FEFF}\u{e9}"), ("\u{FFFE}d", "\u{FFFE}d"), ("d\u{FEFF}", "d\u{FEFF}"),
        ]
        for (literal, decoded) in bare { add(literal, decoded, wrapped: false) }
        add("e\u{301}\\u00e9\u{1D800}\\uD836\\uDC00", "e\u{301}\u{e9}\u{1D800}\u{1D800}")
        let root = try #require(path.parse(text + path.trailer + "]").arrayValue)
        var mismatches: [String] = []
        for (index, string) in expected.enumerated()
        where !(root[index].stringValue ?? "").unicodeScalars.elementsEqual(string.unicodeScalars) {
            mismatches.append("\(Self.describe(string)) became \(Self.describe(root[index].stringValue ?? ""))")
            if mismatches.count > 5 { break }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
