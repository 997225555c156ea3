import SimulateCore
import SimulateJSON
import Testing

@Suite struct DurationTests {
    @Test(arguments: [
        ("1.5s", Int64(1_500_000_000)), ("250ms", 250_000_000), ("30s", 30_000_000_000), ("2h", 7_200_000_000_000),
        ("1m", 60_000_000_000), ("10us", 10_000), ("7ns", 7), ("0s", 0), ("0.001ms", 1_000), ("1.25m", 75_000_000_000),
        ("-250ms", -250_000_000),
    ])
    func parsesEveryUnit(text: String, nanoseconds: Int64) {
        #expect(DurationFormat.parse(text) == nanoseconds)
    }

    @Test(arguments: ["", "s", "1", "1.s", ".5s", "1 s", "1sec", "1S", "1.5.5s", "ms", "+1s", "1e3s"])
    func rejectsMalformedText(text: String) {
        #expect(DurationFormat.parse(text) == nil)
    }

    @Test func numbersAreSeconds() {
        let diagnostics = Diagnostics()
        #expect(DurationValue.parse(.double(0.25), at: .root, diagnostics: diagnostics) == .milliseconds(250))
        #expect(DurationValue.parse(.integer(3), at: .root, diagnostics: diagnostics) == .seconds(3))
        #expect(diagnostics.isEmpty)
    }

    @Test func negativeDurationsAreErrorsUnlessAllowed() {
        let diagnostics = Diagnostics()
        #expect(DurationValue.parse(.string("-1s"), at: .root / "for", diagnostics: diagnostics) == nil)
        #expect(diagnostics.items.map(\.message) == ["durations may not be negative"])
        #expect(
            DurationValue.parse(.string("-1s"), at: .root, diagnostics: Diagnostics(), allowNegative: true)
                == .seconds(-1))
    }

    @Test(arguments: [
        (Int64(1_500_000_000), "1.5s"), (250_000_000, "250ms"), (0, "0s"), (-250_000_000, "-250ms"), (7, "7ns"),
    ])
    func formatsShortest(nanoseconds: Int64, text: String) {
        #expect(DurationFormat.string(nanoseconds) == text)
        #expect(DurationFormat.parse(text) == nanoseconds)
    }
}

@Suite struct DurationRangeTests {
    @Test(arguments: ["9223372036854775808ns", "99999999999999999999s", "2562048h", "100001h", "-100001h"])
    func durationsBeyondTheLimitAreOutOfRange(text: String) {
        let diagnostics = Diagnostics()
        #expect(DurationValue.parse(.string(text), at: .root, diagnostics: diagnostics, allowNegative: true) == nil)
        #expect(diagnostics.items.map(\.message) == [DurationValue.outOfRange])
    }

    @Test func theLimitItselfAndNumbersUpToItLoad() {
        let diagnostics = Diagnostics()
        #expect(DurationValue.parse(.string("100000h"), at: .root, diagnostics: diagnostics) == .hours(100_000))
        #expect(DurationValue.parse(.integer(360_000_001), at: .root, diagnostics: diagnostics) == nil)
        #expect(diagnostics.items.count == 1)
    }

    @Test func overflowIsToldApartFromMalformedText() {
        #expect(DurationFormat.parseChecked("9223372036854775808ns") == .outOfRange)
        #expect(DurationFormat.parseChecked("1x") == .malformed)
        #expect(DurationFormat.parseChecked("9223372036854775807ns") == .nanoseconds(.max))
    }

    @Test func anInvalidDurationAddsNoAfterTheEndErrors() throws {
        let text = """
            {"format": 1, "name": "x", "duration": "-3s", "devices": [{"id": "phone"}, {"id": "9"}, {"id": "phone"}],
             "plugins": {"probe": {}}, "steps": [{"at": "1s", "device": "phone", "do": "probe.request"}]}
            """
        do {
            _ = try Probe.loader.load(text: text, file: "x.json")
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.map(\.path.description) == ["/duration", "/devices/1/id", "/devices/2/id"])
            #expect(error.diagnostics.last?.message == "duplicate device id \"phone\"")
        }
    }
}
