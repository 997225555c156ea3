import SimulateAsync
import SimulateCore

/// The simulation clock as one device's app sees it: the same virtual time, and every sleep is told
/// to the plugins that judge the app by its waits (`AppSleepObserving`), e.g. its reconnect backoff.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct AppClock: Clock, @unchecked Sendable {
    /// The simulation clock's instant.
    public typealias Instant = SimulationClock.Instant
    /// Durations as `Swift.Duration`.
    public typealias Duration = Swift.Duration

    /// The run's simulation clock, which this one reads and sleeps on.
    public let base: SimulationClock
    let context: SimulationContext
    /// The device whose app uses the clock.
    public let device: Device

    init(base: SimulationClock, context: SimulationContext, device: Device) {
        self.base = base
        self.context = context
        self.device = device
    }

    /// The current virtual time.
    public var now: Instant { base.now }
    /// The simulation clock's resolution.
    public var minimumResolution: Duration { base.minimumResolution }

    /// Sleeps on the simulation clock until `deadline`, after telling every `AppSleepObserving` plugin that the task waits.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let task = Self.currentTaskIdentity
        for observer in context.services((any AppSleepObserving).self) {
            observer.appTaskSleeps(on: device, task: task, until: deadline.instant)
        }
        try await base.sleep(until: deadline, tolerance: tolerance)
        // A suspended app's timers do not fire: the sleep ends when the app runs again.
        await LifecycleHub.of(context).awaitRunning(device)
        try Task.checkCancellation()
    }

    /// The calling task's identity while it runs (0 outside a task).
    static var currentTaskIdentity: Int {
        withUnsafeCurrentTask { $0?.hashValue ?? 0 }
    }
}
