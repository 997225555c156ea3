import SimulateJSON
import Testing

@Suite struct DuplicateKeyTests {
    static let text = """
        {
          "name": "first",
          "devices": [
            {"id": "phone", "id": "tablet", "platform": "iOS"},
            {"id": "watch", "tags": {"a": 1, "a": 2, "a": 3}}
          ],
          "name": "second"
        }
        """

    @Test(arguments: [JSONBackend.jsonC, .foundation])
    func everyDuplicateIsReportedAndTheFirstOccurrenceKept(_ backend: JSONBackend) throws {
        let document = try JSONParser.parse(Self.text, backend: backend)
        #expect(
            document.duplicateKeys == [
                JSONDuplicateKey(
                    path: JSONPath.root / "devices" / 0 / "id", key: "id", location: SourceLocation(line: 4, column: 21)
                ),
                JSONDuplicateKey(
                    path: JSONPath.root / "devices" / 1 / "tags" / "a", key: "a",
                    location: SourceLocation(line: 5, column: 38)),
                JSONDuplicateKey(
                    path: JSONPath.root / "devices" / 1 / "tags" / "a", key: "a",
                    location: SourceLocation(line: 5, column: 46)),
                JSONDuplicateKey(
                    path: JSONPath.root / "name", key: "name", location: SourceLocation(line: 7, column: 3)),
            ])
        #expect(document.root["name"] == "first")
        #expect(document.root["devices"]?[0]?["id"] == "phone")
        #expect(document.root["devices"]?[0]?.objectValue?.keys == ["id", "platform"])
        #expect(document.root["devices"]?[1]?["tags"] == ["a": 1])
        #expect(document.root.objectValue?.keys == ["name", "devices"])
        #expect(document.duplicateKeys[0].path.description == "/devices/0/id")
    }

    @Test func duplicatesInsideARepeatedValueAreReportedToo() throws {
        let document = try JSONParser.parse(#"{"a": {"b": 1, "b": 2}, "a": {"c": 1, "c": 2}}"#)
        #expect(document.duplicateKeys.map(\.path.description) == ["/a/b", "/a/c", "/a"])
        #expect(document.root == ["a": ["b": 1]])
    }

    @Test func noDuplicatesMeansAnEmptyList() throws {
        #expect(try JSONParser.parse(#"{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}"#).duplicateKeys.isEmpty)
    }
}
