import SimulateCore

/// A `Clock` whose instants are the scenario's virtual time: `sleep` suspends the task until the
/// scheduler reaches the deadline, in the run's event order, and throws `CancellationError` at once
/// when the task is cancelled. Inject it where app code takes `any Clock<Duration>`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct SimulationClock: Clock, Sendable {
    /// A point in the scenario's virtual time: nanoseconds since the run started.
    public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
        public var nanoseconds: Int64

        public init(nanoseconds: Int64) {
            self.nanoseconds = nanoseconds
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(nanoseconds: nanoseconds.addingClamped(duration.clampedNanoseconds))
        }

        public func duration(to other: Instant) -> Duration {
            .nanoseconds(other.nanoseconds &- nanoseconds)
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

        public var description: String { DurationFormat.string(nanoseconds) }
    }

    let runtime: SimulationRuntime

    init(runtime: SimulationRuntime) {
        self.runtime = runtime
    }

    public var now: Instant { Instant(nanoseconds: runtime.scheduler.now) }

    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await runtime.sleep(untilNanoseconds: deadline.nanoseconds)
    }
}

extension Duration {
    /// Whole nanoseconds, clamped to what virtual time can hold.
    var clampedNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return scaled.addingClamped(attoseconds / 1_000_000_000)
    }
}

extension Int64 {
    func addingClamped(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }
}
