import Foundation
import SimulateCore
import SimulateJSON
import Testing

/// Reproducers from fuzzing (scripts/fuzz, docs/ci.md): other encodings, out-of-range integers, zero durations, and member
/// names compared by code units.
@Suite struct EdgeMessageTests {
    let loader = Probe.loader
    static let minimal =
        #"{"format": 1, "name": "n", "duration": "1s", "devices": [{"id": "a"}], "plugins": {"probe": {}}}"#

    static func with(_ members: String) -> String { String(minimal.dropLast()) + members }

    func diagnostics(_ bytes: [UInt8]) -> [ScenarioDiagnostic] {
        do {
            _ = try loader.load(bytes: bytes, file: "x.json")
            return []
        } catch {
            return error.diagnostics
        }
    }

    func diagnostics(_ text: String) -> [ScenarioDiagnostic] { diagnostics(Array(text.utf8)) }

    static func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            bytes += bigEndian ? pair : pair.reversed()
        }
        return bytes
    }

    static func utf32(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        var bytes: [UInt8] = mark ? (bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]) : []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let quad = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            bytes += bigEndian ? quad : quad.reversed()
        }
        return bytes
    }

    @Test(arguments: [
        (utf16(minimal, bigEndian: false, mark: true), "UTF-16LE (it starts with a UTF-16LE byte order mark)"),
        (utf16(minimal, bigEndian: true, mark: true), "UTF-16BE (it starts with a UTF-16BE byte order mark)"),
        (utf16(minimal, bigEndian: false, mark: false), "UTF-16LE (by its NUL bytes)"),
        (utf16(minimal, bigEndian: true, mark: false), "UTF-16BE (by its NUL bytes)"),
        (utf32(minimal, bigEndian: false, mark: true), "UTF-32LE (it starts with a UTF-32LE byte order mark)"),
        (utf32(minimal, bigEndian: true, mark: true), "UTF-32BE (it starts with a UTF-32BE byte order mark)"),
        (utf32(minimal, bigEndian: false, mark: false), "UTF-32LE (by its NUL bytes)"),
        (utf32(minimal, bigEndian: true, mark: false), "UTF-32BE (by its NUL bytes)"),
    ])
    func otherEncodingsAreNamed(_ bytes: [UInt8], _ encoding: String) {
        let found = diagnostics(bytes)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("the file is \(encoding); JSON text must be UTF-8") == true)
        #expect(found.first?.location == SourceLocation(line: 1, column: 1))
    }

    @Test(arguments: [
        (
            #""repeat": {"every": "1s", "count": 1e19}"#, "/steps/0/repeat/count",
            "expected an integer from 1 to 10000000, found 1e+19"
        ),
        (
            #""repeat": {"every": "1s", "count": 0}"#, "/steps/0/repeat/count",
            "expected an integer from 1 to 10000000, found 0"
        ),
        (
            #""repeat": {"every": "1s", "count": 2.5}"#, "/steps/0/repeat/count",
            "expected an integer from 1 to 10000000, found 2.5, which is not a whole number"
        ),
        (
            #""repeat": {"every": "1s", "count": 18446744073709551615}"#, "/steps/0/repeat/count",
            "expected an integer from 1 to 10000000, found 18446744073709551615"
        ),
    ])
    func outOfRangeIntegersGiveRangeAndValue(_ repeating: String, _ path: String, _ message: String) throws {
        let found = diagnostics(
            Self.with(#", "steps": [{"at": "0s", "do": "probe.request", \#(repeating)}]}"#))
        #expect(found.map(\.message) == [message])
        #expect(found.first?.path.description == path)
        #expect(found.first?.location?.line == 1)
    }

    @Test func outOfRangeChunkBytesAndLimits() {
        let chunk = diagnostics(Self.with(#", "network": {"chunkBytes": 1e19}}"#))
        #expect(chunk.map(\.message) == ["expected an integer from 1 to 2147483647, found 1e+19"])
        let limits = diagnostics(Self.with(#", "limits": {"events": 0}}"#))
        #expect(limits.map(\.message) == ["expected an integer from 1 to \(Int.max), found 0"])
    }

    @Test(arguments: [
        (#""0s""#, "expected a duration greater than zero (zero means nothing here), found \"0s\""),
        (#"0"#, "expected a duration greater than zero (zero means nothing here), found 0"),
        (
            #""0.0000000001ns""#,
            "expected a duration greater than zero (zero means nothing here), found \"0.0000000001ns\", "
                + "which rounds to 0ns (durations count whole nanoseconds)"
        ),
    ])
    func zeroScenarioDurationIsAnError(_ duration: String, _ message: String) {
        let found = diagnostics(Self.minimal.replacingOccurrences(of: #""1s""#, with: duration))
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix(message) == true, "\(found.map(\.message))")
        #expect(found.first?.path.description == "/duration")
        #expect(found.first?.location == SourceLocation(line: 1, column: 40))
    }

    @Test func zeroRepeatPeriodAndFaultLengthAreErrors() {
        let found = diagnostics(
            Self.minimal.dropLast()
                + #", "faults": [{"at": "0s", "for": "0ms", "kind": "offline", "repeat": {"every": "0s", "count": 2}}]}"#
        )
        #expect(found.map(\.path.description) == ["/faults/0/for", "/faults/0/repeat/every"])
    }

    @Test func canonicallyEquivalentKeysAreNotDuplicatesOnAnyPath() throws {
        // A big integer elsewhere used to switch json-c to the fallback, which judged the keys one way.
        for big in ["", #", "x-big": 18446744073709551616000"#, #", "x-big": -9223372036854775809"#] {
            for backend in [JSONBackend.jsonC, .foundation] {
                let text = Self.with(#", "x-names": {"\u00e9": 1, "e\u0301": 2}\#(big)}"#)
                _ = try ScenarioLoader(registry: Probe.registry, backend: backend).load(text: text)
            }
        }
    }

    @Test func extensionFieldsAreRecognisedByCodeUnits() {
        // "x-" then a combining mark is one Character, so String.hasPrefix("x-") is false.
        #expect(diagnostics(Self.with(#", "x-\u0301note": 1}"#)).isEmpty)
        #expect(
            diagnostics(Self.with(#", "\u212Aind": 1}"#)).map(\.message).first?.hasPrefix(
                "unknown field \"\u{212A}ind\"") == true)
    }

    @Test func aSupplementaryCharacterJSONCMangledReachesTheScenario() throws {
        let scenario = try loader.load(text: Self.minimal.replacingOccurrences(of: #""n""#, with: #""\uD836\uDC00""#))
        #expect(scenario.name.unicodeScalars.map(\.value) == [0x1D800])
    }
}
