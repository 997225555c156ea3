import SimulateJSON
import Testing

@Suite struct LocationTests {
    static let text =
        "{\r\n  \"name\": \"é 中\",\r\n  \"devices\": [\r\n    {\"id\": \"phone\"},\r\n    {\"id\":\"watch\", \"skew\": -1}\r\n  ],\n  \"a/b~c\": {\"x\": [[], [true]]}\n}"

    @Test(arguments: [
        (JSONPath.root, 1, 1),
        (JSONPath.root / "name", 2, 11),
        (JSONPath.root / "devices", 3, 14),
        (JSONPath.root / "devices" / 0, 4, 5),
        (JSONPath.root / "devices" / 0 / "id", 4, 12),
        (JSONPath.root / "devices" / 1 / "skew", 5, 28),
        (JSONPath.root / "a/b~c" / "x" / 1 / 0, 7, 24),
    ])
    func valueLocations(_ path: JSONPath, _ line: Int, _ column: Int) throws {
        let document = try JSONParser.parse(Self.text)
        #expect(document.location(of: path) == SourceLocation(line: line, column: column))
    }

    @Test(arguments: [
        JSONPath.root / "missing", JSONPath.root / "devices" / 2, JSONPath.root / "name" / "x", JSONPath.root / 0,
        JSONPath.root / "devices" / -1,
    ])
    func missingPathsHaveNoLocation(_ path: JSONPath) throws {
        #expect(try JSONParser.parse(Self.text).location(of: path) == nil)
    }

    /// Found together (as the loader locates all of a file's problems at once), in any order, repeated and
    /// missing paths among them, each location is the one found alone.
    @Test func pathsLocatedTogetherAreLocatedAsAlone() throws {
        let document = try JSONParser.parse(Self.text)
        let paths = [
            JSONPath.root / "devices" / 1 / "skew", JSONPath.root / "missing", JSONPath.root / "devices" / 0,
            JSONPath.root / "a/b~c" / "x" / 1 / 0, JSONPath.root / "devices" / 2, JSONPath.root,
            JSONPath.root / "devices" / 0, JSONPath.root / "devices" / -1, JSONPath.root / "name",
        ]
        #expect(document.locations(of: paths) == paths.map { document.location(of: $0) })
    }

    @Test func locationOfAnOffset() throws {
        let document = try JSONParser.parse("[\n\"é\",\r\n1]")
        #expect(document.location(ofOffset: 0) == SourceLocation(line: 1, column: 1))
        #expect(document.location(ofOffset: 2) == SourceLocation(line: 2, column: 1))
        #expect(document.location(ofOffset: 5) == SourceLocation(line: 2, column: 3))
        #expect(document.location(ofOffset: 9) == SourceLocation(line: 3, column: 1))
        #expect(document.location(ofOffset: 1000) == SourceLocation(line: 3, column: 3))
    }

    @Test func repeatedKeyLocatesTheKeptFirstOccurrence() throws {
        let document = try JSONParser.parse("{\"a\": 1,\n \"a\": 2}")
        #expect(document.location(of: JSONPath.root / "a") == SourceLocation(line: 1, column: 7))
    }
}
