import SimulateJSON
import TestSupport
import Testing

@Suite struct LargeDocumentTests {
    /// About 20 MB of scenario-shaped steps.
    static func largeDocument(steps: Int) -> [UInt8] {
        var text = #"{"format": 1, "name": "large", "duration": "1h", "plugins": {"sse": {}}, "steps": ["#
        text.reserveCapacity(steps * 100)
        for index in 0..<steps {
            if index > 0 { text += ",\n" }
            text +=
                #"{"at": "\#(index % 3600).5s", "device": "phone", "do": "sse.add", "args": {"text": "item \#(index) \"q\" \u00e9"}}"#
        }
        text += "]}"
        return Array(text.utf8)
    }

    @Test(.oneThreadSoNotUnderTheThreadSanitizer, arguments: [JSONBackend.jsonC, .foundation])
    func twentyMegabytesLoad(_ backend: JSONBackend) throws {
        let bytes = Self.largeDocument(steps: 200_000)
        #expect(bytes.count > 20_000_000)
        let document = try JSONParser.parse(bytes, backend: backend)
        let steps = try #require(document.root["steps"]?.arrayValue)
        #expect(steps.count == 200_000)
        #expect(steps[123_456]["args"]?["text"] == "item 123456 \"q\" é")
        #expect(document.duplicateKeys.isEmpty)
        #expect(
            document.location(of: JSONPath.root / "steps" / 199_999 / "do") == SourceLocation(line: 200_000, column: 44)
        )
    }
}
