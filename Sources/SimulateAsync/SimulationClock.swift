import SimulateCore

/// A `Clock` whose instants are the scenario's virtual time: `sleep` suspends the task until the
/// scheduler reaches the deadline, in the run's event order, and throws `CancellationError` at once
/// when the task is cancelled. Inject it where app code takes `any Clock<Duration>`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct SimulationClock: Clock, Sendable {
    /// A point in the scenario's virtual time: a `VirtualInstant` with `Swift.Duration` arithmetic.
    public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
        /// The point of virtual time.
        public var instant: VirtualInstant

        /// The clock's instant at `instant`.
        public init(_ instant: VirtualInstant) {
            self.instant = instant
        }

        /// Nanoseconds since the run started.
        public var nanoseconds: Int64 { instant.nanoseconds }

        /// The instant `duration` later (clamped to what virtual time holds).
        public func advanced(by duration: Duration) -> Instant {
            Instant(instant.addingClamped(VirtualDuration(duration)))
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            .nanoseconds(other.instant.nanoseconds &- instant.nanoseconds)
        }

        /// Earlier instants order first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.instant < rhs.instant }

        /// As `VirtualInstant` prints it.
        public var description: String { instant.description }
    }

    @usableFromInline let runtime: SimulationRuntime

    init(runtime: SimulationRuntime) {
        self.runtime = runtime
    }

    /// The run's current virtual time.
    public var now: Instant { Instant(runtime.scheduler.now) }

    /// One nanosecond: virtual time's unit.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends the task until the scheduler reaches `deadline` (a past deadline is due at once); throws
    /// `CancellationError` at once when the task is cancelled. `tolerance` is ignored: virtual time is exact.
    /// When the wake-up would be the run's very next event (nothing else ready or due before it), the sleep
    /// ends without suspending: the same run, event for event and hash for hash, only faster.
    // Inlinable, with the continuation awaited here: in app code the sleep is then one suspension and one hop
    // back to the caller's executor (docs/performance.md).
    @inlinable
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let runtime = self.runtime
        let deadline = deadline.instant
        switch try runtime.beginSleep(until: deadline) {
        case .over:
            return
        case .ownTask:
            try await withUnsafeThrowingContinuation { runtime.startSleep(until: deadline, $0) }
        case .otherTask:
            try await runtime.sleepWithItsOwnHandler(until: deadline)
        case .outsideSimulation:
            try await runtime.sleepOutsideSimulation(until: deadline)
        }
    }
}
