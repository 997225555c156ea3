import SimulateJSON
import Testing

/// Member names compare as code-unit sequences (RFC 8259 section 8.3), not by Swift's canonical equivalence.
@Suite struct CodeUnitKeyTests {
    static let paths: [String] = ["json-c", "foundation", "fallback"]

    static func parse(_ text: String, _ path: String) throws -> JSONDocument {
        switch path {
        case "foundation": try JSONParser.parse(text, backend: .foundation)
        case "fallback":
            // A clamped integer elsewhere switches json-c to the Swift tree builder.
            try JSONParser.parse(#"{"big": -9223372036854775809, "o": \#(text)}"#, backend: .jsonC)
        default: try JSONParser.parse(text, backend: .jsonC)
        }
    }

    @Test(arguments: paths)
    func canonicallyEquivalentNamesAreTwoKeys(_ path: String) throws {
        let document = try Self.parse(#"{"\u00e9":1,"e\u0301":2}"#, path)
        let object = try #require((document.root["o"] ?? document.root).objectValue)
        #expect(document.duplicateKeys.isEmpty)
        #expect(object.count == 2)
        #expect(object["\u{e9}"] == 1)
        #expect(object["e\u{301}"] == 2)
        #expect(object.keys.map { Array($0.utf8) } == [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
    }

    @Test(arguments: paths)
    func identicalCodeUnitsAreADuplicate(_ path: String) throws {
        let document = try Self.parse(#"{"e\u0301":1,"e\u0301":2}"#, path)
        #expect(document.duplicateKeys.count == 1)
    }

    @Test func stringValuesCompareByCodeUnits() {
        #expect(JSON.string("\u{e9}") != JSON.string("e\u{301}"))
        #expect(JSON.object(JSONObject([("\u{e9}", 1)])) != JSON.object(JSONObject([("e\u{301}", 1)])))
        #expect(JSON.string("\u{212A}") != JSON.string("K"))
    }

    @Test func pointerEscapesASlashFollowedByACombiningMark() {
        #expect((JSONPath.root / "a/\u{301}~\u{301}").description == "/a~1\u{301}~0\u{301}")
        #expect(JSONPath.root / "\u{e9}" != JSONPath.root / "e\u{301}")
    }
}
