import SimulateJSON
import Testing

/// Integer literals that fit `Int64` are `.integer`, above that up to `UInt64.max` `.unsignedInteger`, beyond
/// that `.double`. `-0` is the integer 0, `-0.0` the double -0.0. A literal beyond `Double`'s range (`1e400`)
/// is an error rather than infinity, since infinity cannot be written back as JSON; one below its precision
/// (`1e-400`) is 0.
@Suite struct NumberTests {
    @Test(arguments: [
        ("0", JSON.integer(0)),
        ("-0", .integer(0)),
        ("9223372036854775807", .integer(.max)),
        ("-9223372036854775808", .integer(.min)),
        ("9223372036854775808", .unsignedInteger(9_223_372_036_854_775_808)),
        ("18446744073709551615", .unsignedInteger(.max)),
        ("18446744073709551616", .double(18_446_744_073_709_551_616.0)),
        ("-9223372036854775809", .double(-9_223_372_036_854_775_808)),
        ("1.5", .double(1.5)),
        ("1E2", .double(100)),
        ("2.5e-3", .double(0.0025)),
        ("0.30000000000000004", .double(0.30000000000000004)),
        ("1e-400", .double(0)),
        ("5e-324", .double(.leastNonzeroMagnitude)),
        ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
    ])
    func literalsConvertExactly(_ literal: String, _ expected: JSON) throws {
        for backend in [JSONBackend.jsonC, .foundation] {
            for text in [literal, "[\(literal)]", "{\"n\": \(literal)}"] {
                let root = try JSONParser.parse(text, backend: backend).root
                let value = root[0] ?? root["n"] ?? root
                #expect(JSONWriter.string(value) == JSONWriter.string(expected), "\(text) on \(backend)")
            }
        }
    }

    @Test func negativeZeroDoubleKeepsItsSign() throws {
        for backend in [JSONBackend.jsonC, .foundation] {
            let value = try JSONParser.parse("[-0.0]", backend: backend).root[0]?.doubleValue
            #expect(value == 0 && value?.sign == .minus)
        }
    }

    @Test(arguments: ["1e400", "-1e400", "[1e309]", "1" + String(repeating: "0", count: 309)])
    func literalsBeyondDoubleAreErrors(_ text: String) {
        for backend in [JSONBackend.jsonC, .foundation] {
            let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text, backend: backend) }
            #expect(error?.message.contains("outside the range of a 64-bit floating-point value") == true)
        }
    }
}
