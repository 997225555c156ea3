import SimulateJSON
import Testing

@Suite struct WriterTests {
    static let sample: JSON = [
        "name": "quote \" backslash \\ slash / newline \n tab \t nul \u{0} bell \u{7} é 𝄞",
        "integers": [0, -1, .integer(.max), .integer(.min), .unsignedInteger(.max)],
        "doubles": [1.5, 0.1, 1e-5, 1e300, -0.0, .double(.leastNonzeroMagnitude), 123456789.125],
        "flags": [true, false, nil],
        "empty": ["array": [], "object": [:]],
    ]

    @Test(arguments: [false, true])
    func roundTripsThroughTheParser(_ pretty: Bool) throws {
        let text = JSONWriter.string(Self.sample, pretty: pretty)
        let parsed = try JSONParser.parse(text).root
        #expect(parsed == Self.sample)
        #expect(JSONWriter.string(parsed, pretty: pretty) == text)
    }

    @Test func compactOutput() {
        #expect(JSONWriter.string(["b": 1, "a": [true, nil, 1.5, "x"]]) == #"{"b":1,"a":[true,null,1.5,"x"]}"#)
        #expect(JSONWriter.string(["b": 1, "a": 2], sortedKeys: true) == #"{"a":2,"b":1}"#)
        #expect(JSONWriter.string(.double(.infinity)) == "null")
        #expect(JSONWriter.string(.double(.nan)) == "null")
        #expect(JSONWriter.string(.unsignedInteger(.max)) == "18446744073709551615")
    }

    @Test func prettyOutputIndentsByTwoSpaces() {
        let text = JSONWriter.string(["a": [1, 2], "b": [:], "c": []], pretty: true)
        #expect(text == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}")
    }

    @Test func escaping() {
        #expect(JSONWriter.escape("a\"b\\c\nd\u{1F}é") == #""a\"b\\c\u000Ad\u001Fé""#)
        #expect(JSONWriter.escape("") == #""""#)
    }

    /// Escapes at either end, only escapes, and multi-byte characters after an escape all come out as they
    /// went in.
    @Test(arguments: [
        ("\"", #""\"""#), ("x\\", #""x\\""#), ("\n\t\u{0}", #""\u000A\u0009\u0000""#),
        ("é\n𝄞\"x", #""é\u000A𝄞\"x""#), ("plain 𝄞 text", #""plain 𝄞 text""#),
    ])
    func escapingKeepsEveryOtherByte(_ text: String, _ expected: String) throws {
        #expect(JSONWriter.escape(text) == expected)
        // The writer escapes strings and keys with its own byte-level copy of the rule.
        #expect(JSONWriter.string(.string(text)) == expected)
        #expect(JSONWriter.string([text: [.string(text)]]) == "{" + expected + ":[" + expected + "]}")
        #expect(try JSONParser.parse("[" + JSONWriter.escape(text) + "]").root == [.string(text)])
    }

    @Test(arguments: [
        0.1, 1.0 / 3, 2e-5, 1e21, 6.02214076e23, -1.25e-300, Double.leastNonzeroMagnitude,
        Double.greatestFiniteMagnitude,
    ])
    func doublesReadBackExactly(_ value: Double) throws {
        let text = JSONWriter.string(.double(value))
        #expect(try JSONParser.parse(text).root.doubleValue == value, "\(text)")
    }
}
