import SimulateJSON
import Testing

@Suite struct SyntaxErrorLocationTests {
    struct Expectation: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    static let cases: [Expectation] = [
        Expectation(
            text: "{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3, message: "expected ',' or '}' after object member"
        ),
        Expectation(text: "[\"a\nb\"]", line: 1, column: 4, message: "unescaped control character U+000A in string"),
        Expectation(text: "[1,\n 02]", line: 2, column: 2, message: "leading zeros are not allowed"),
        Expectation(text: "{\"é中𝄞\": tru}", line: 1, column: 9, message: "invalid literal; expected 'true'"),
        Expectation(
            text: "{\"é中𝄞\": [1,]}", line: 1, column: 12, message: "a trailing comma is not allowed in an array"),
        Expectation(text: "{\r\n\"a\": 1,\r\n\"b\" 2}", line: 3, column: 5, message: "expected ':' after object key"),
        Expectation(text: "[\r1 x]", line: 2, column: 3, message: "expected ',' or ']' after array element"),
        Expectation(
            text: "[1, 2", line: 1, column: 6,
            message: "unexpected end of input; expected ',' or ']' after array element"),
        Expectation(text: "[\"\\q\"]", line: 1, column: 3, message: "invalid escape sequence '\\q' in string"),
        Expectation(text: "[\"ab\\ud800\"]", line: 1, column: 5, message: "unpaired high surrogate escape"),
        Expectation(text: "[1]\n\n  x", line: 3, column: 3, message: "unexpected character 'x' after the JSON value"),
    ]

    @Test(arguments: cases)
    func errorPointsAtTheOffendingByte(_ expectation: Expectation) {
        for backend in [JSONBackend.jsonC, .foundation] {
            let error = #expect(throws: JSONSyntaxError.self) {
                try JSONParser.parse(expectation.text, backend: backend)
            }
            #expect(error?.location == SourceLocation(line: expectation.line, column: expectation.column))
            #expect(error?.message.hasPrefix(expectation.message) == true, "\(error?.message ?? "")")
        }
    }

    @Test func descriptionShowsLineColumnAndMessage() {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("[01]") }
        #expect(error?.description == "1:2: leading zeros are not allowed")
        #expect(error?.offset == 1)
    }

    @Test func invalidUTF8IsReportedAtItsByte() {
        let bytes: [UInt8] = Array("{\"k\": \"é".utf8) + [0xFF] + Array("\"}".utf8)
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
        #expect(error?.location == SourceLocation(line: 1, column: 9))
        #expect(error?.offset == 9)
        #expect(error?.message == "invalid UTF-8 byte 0xFF")
    }

    @Test func deepNestingIsRejectedWithoutCrashing() {
        let text = String(repeating: "[", count: 1_000_000)
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        #expect(error?.message == "containers are nested more than 512 levels deep")
        #expect(error?.location == SourceLocation(line: 1, column: 513))
    }
}

@Suite struct SeveralSyntaxErrorsTests {
    private func errors(_ text: [UInt8]) -> [String] {
        do {
            _ = try JSONParser.parse(text)
            return []
        } catch {
            return ([error] + error.furtherErrors).map(\.description)
        }
    }

    @Test func errorsInsideStringsAndNumbersAreStepOverAndAllReported() {
        let text = Array("{\"a\": 01,\n \"b\": \"x\\qy\", \"c\": \"\\udc00\",\n \"d\": \"t\tt\", \"e\": [1,]}".utf8)
        #expect(
            errors(text) == [
                "1:7: leading zeros are not allowed",
                "2:9: invalid escape sequence '\\q' in string",
                "2:21: unpaired low surrogate escape \\uDC00; only a high surrogate may precede it",
                "3:9: unescaped control character U+0009 in string; write it as an escape",
                "3:22: a trailing comma is not allowed in an array",
            ])
    }

    @Test func invalidUTF8AndAByteOrderMarkAreReportedWithWhatFollows() {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[\"".utf8) + [0xFF] + Array("\", 1.5, 007]".utf8)
        #expect(
            errors(text) == [
                "1:1: a byte order mark (U+FEFF) is not allowed in JSON text",
                "1:4: invalid UTF-8 byte 0xFF",
                "1:13: leading zeros are not allowed",
            ])
    }

    @Test func aValidDocumentStillParses() throws {
        let document = try JSONParser.parse(Array("{\"a\": \"\\ud83d\\ude00\", \"b\": [0, -0.5e3]}".utf8))
        #expect(document.root["a"] == .string("😀"))
    }
}
