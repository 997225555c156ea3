import SimulateCore
import Testing

@Suite struct VirtualTimeTests {
    @Test func instantsAndDurationsComposeExactlyToTheNanosecond() {
        let start = VirtualInstant.start + .seconds(2)
        let later = start + .milliseconds(250) + .nanoseconds(1)
        #expect(later - start == .nanoseconds(250_000_001))
        #expect(later.nanoseconds == 2_250_000_001)
        #expect(later - .nanoseconds(1) == .start + .milliseconds(2_250))
        #expect(.seconds(1) * 3 == VirtualDuration.milliseconds(3_000))
        #expect(VirtualDuration.minutes(2) / .seconds(30) == 4)
        #expect(VirtualDuration.hours(1) == .seconds(3_600))
        #expect(-VirtualDuration.milliseconds(5) < .zero)
        #expect(VirtualDuration.seconds(7) % .seconds(3) == .seconds(1))
    }

    @Test(arguments: [
        (VirtualDuration.seconds(1) + .milliseconds(500), "1.5s"), (.milliseconds(250), "250ms"), (.zero, "0s"),
        (.milliseconds(-250), "-250ms"), (.nanoseconds(7), "7ns"),
    ])
    func describesItselfInTheScenarioFormat(duration: VirtualDuration, text: String) {
        #expect(duration.description == text)
        #expect((VirtualInstant.start + duration).description == text)
    }

    @Test func traceTimesKeepTheirFixedThreeDecimals() {
        #expect(DurationFormat.secondsText(VirtualInstant.start + .milliseconds(12_345)) == "12.345s")
        let record = TraceRecord(time: .start + .seconds(3), track: "phone", category: "c", name: "sse.connect")
        #expect(record.line == "3.000s phone sse.connect")
    }

    @Test func convertsToAndFromSwiftDuration() {
        #expect(VirtualDuration(.milliseconds(1_500)) == .milliseconds(1_500))
        #expect(VirtualDuration(.nanoseconds(-3)) == .nanoseconds(-3))
        #expect(VirtualDuration.seconds(90).swiftDuration == .seconds(90))
        #expect(VirtualDuration(.seconds(Int64.max)) == .infinite)
    }

    /// Whole nanoseconds, truncated toward zero, clamped to what an `Int64` of nanoseconds holds: the
    /// same for durations that take the one-division path (not negative) as for the others.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(
        arguments: [
            (Duration(attoseconds: 1_999_999_999), 1), (Duration(attoseconds: 999_999_999), 0),
            (Duration(attoseconds: -1), 0), (Duration(attoseconds: -1_999_999_999), -1),
            (.seconds(30), 30_000_000_000), (.milliseconds(-1_500), -1_500_000_000),
            (.nanoseconds(Int64.max), .max), (.nanoseconds(Int64.max) + .nanoseconds(1), .max),
            (.nanoseconds(Int64.min), .min), (.nanoseconds(Int64.min) - .nanoseconds(1), .min),
            (.seconds(Int64.max), .max), (.seconds(-Int64.max), .min),
            (Duration(attoseconds: Int128(999_999_999) << 64), .max),
            (Duration(attoseconds: Int128(1_000_000_000) << 64), .max),
            (Duration(attoseconds: Int128(1) << 64), 18_446_744_073),
        ] as [(Duration, Int64)])
    func convertsFromSwiftDurationTruncatingAndClamping(duration: Duration, nanoseconds: Int64) {
        #expect(VirtualDuration(duration) == .nanoseconds(nanoseconds))
    }

    @Test func clampedAdditionStopsAtTheEndsOfTime() {
        #expect(VirtualInstant.start.addingClamped(.infinite) == .distantFuture)
        #expect((VirtualInstant.start + .seconds(1)).addingClamped(.infinite) == .distantFuture)
        #expect(VirtualInstant.start.addingClamped(.seconds(1)) == .start + .seconds(1))
    }

    @Test(arguments: [
        (23.0, VirtualDuration.seconds(23)), (0.0015, .microseconds(1_500)), (1e-10, .zero),
        (-1, .zero), (.nan, .zero), (-.infinity, .zero), (.infinity, .infinite), (1e10, .infinite),
    ])
    func durationsFromDoubleSecondsNeverTrap(seconds: Double, expected: VirtualDuration) {
        #expect(VirtualDuration(clampingSeconds: seconds) == expected)
    }

    @Test func magnitudeIsTheDistanceFromZero() {
        let early = VirtualInstant.start + .milliseconds(100)
        let late = VirtualInstant.start + .milliseconds(350)
        #expect((early - late).magnitude == .milliseconds(250))
        #expect((late - early).magnitude == .milliseconds(250))
    }

    @Test func theSchedulerRunsOnVirtualInstants() throws {
        let scheduler = Scheduler()
        var seen: [VirtualInstant] = []
        scheduler.schedule(after: .milliseconds(20)) { seen.append(scheduler.now) }
        scheduler.schedule(at: .start + .milliseconds(10)) { seen.append(scheduler.now) }
        try scheduler.run(through: .start + .seconds(1))
        #expect(seen == [.start + .milliseconds(10), .start + .milliseconds(20)])
        #expect(scheduler.now == .start + .seconds(1))
    }
}
