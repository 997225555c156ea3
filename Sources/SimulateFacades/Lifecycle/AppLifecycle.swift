import SimulateAsync
import SimulateCore

/// Where the app is, as SwiftUI's `ScenePhase` (or `UIApplication.State`) tells it.
public enum AppPhase: String, Sendable, Equatable {
    /// In the foreground: the app runs.
    case active
    /// In the background: iOS suspends the app soon after (a scenario's `background` fault suspends it at once).
    case background
}

/// What the app hears of its lifecycle, as an async sequence: the current phase at once, then every change.
/// ``SimulatedAppLifecycle`` gives a scenario's `background` faults; in the app, feed it from SwiftUI's
/// `scenePhase` (no Apple adapter is shipped: the mapping is one line in the app's view).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public protocol AppLifecycleMonitoring: Sendable {
    /// The sequence ``phaseUpdates()`` returns.
    associatedtype Updates: AsyncSequence<AppPhase, Never> & Sendable
    /// The current phase at once, then every change.
    func phaseUpdates() -> Updates
}

/// The device's lifecycle in a scenario: `background` while a `background` fault is on it.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct SimulatedAppLifecycle: AppLifecycleMonitoring, @unchecked Sendable {
    let context: SimulationContext
    /// The device whose app this is.
    public let device: Device

    /// The lifecycle of `device`'s app in the run of `context`.
    public init(context: SimulationContext, device: Device) {
        self.context = context
        self.device = device
    }

    /// The device's phases: `background` while a `background` fault is on it, else `active`.
    public func phaseUpdates() -> SimulatedPhaseUpdates {
        SimulatedPhaseUpdates(hub: LifecycleHub.of(context), device: device, runtime: SimulationRuntime.of(context))
    }
}

/// The phases of one device; each iterator starts with the phase at the time it first reads.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct SimulatedPhaseUpdates: AsyncSequence, @unchecked Sendable {
    /// A phase.
    public typealias Element = AppPhase
    let hub: LifecycleHub
    let device: Device
    let runtime: SimulationRuntime

    /// An iterator that starts with the phase at its first read.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(listener: hub.listen(device), runtime: runtime)
    }

    /// Reads the phases one change at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let listener: PhaseListener
        let runtime: SimulationRuntime

        /// The next phase: the current one first, then each change, as it happens.
        public mutating func next() async -> AppPhase? {
            await listener.next(runtime)
        }
    }
}

/// The run's lifecycle per device: listeners of phase changes, and the facades' waits for the app to run.
/// While the app is suspended, nothing of it runs: a facade that would hand the app a result (an answer,
/// a stream's end, a clock's deadline) holds it until the app runs again, as iOS resumes a suspended app —
/// when it returns to the foreground, or while the system runs it in the background for a call into it (an
/// App Intent: "the system launches an app to run an intent"). A user's action waits for the foreground.
final class LifecycleHub {
    private let context: SimulationContext
    private var listeners: [[PhaseListener]]
    /// What waits for the app to run (foreground, or a system call in the background).
    private var foregroundWaiters: [[() -> Void]]
    /// What waits for the foreground itself: a user's action.
    private var userWaiters: [[() -> Void]]
    /// System calls running on each device (the app runs in the background while one does).
    private var systemCalls: [Int]

    static func of(_ context: SimulationContext) -> LifecycleHub {
        context.attachment(LifecycleHub.self) { LifecycleHub(context: context) }
    }

    private init(context: SimulationContext) {
        self.context = context
        listeners = Array(repeating: [], count: context.devices.count)
        foregroundWaiters = Array(repeating: [], count: context.devices.count)
        userWaiters = Array(repeating: [], count: context.devices.count)
        systemCalls = Array(repeating: 0, count: context.devices.count)
        context.network.observeLifecycle { [unowned self] device, background in
            for listener in listeners[device.index] { listener.deliver(background ? .background : .active) }
            guard !background else { return }
            release(&foregroundWaiters[device.index])
            release(&userWaiters[device.index])
        }
    }

    private func release(_ waiters: inout [() -> Void]) {
        let released = waiters
        waiters.removeAll()
        for waiter in released { waiter() }
    }

    /// In the background with no system call running: nothing of the app runs.
    func isSuspended(_ device: Device) -> Bool {
        systemCalls[device.index] == 0 && context.network.isInBackground(device)
    }

    /// The system runs the app for a call into it (an intent) until ``endSystemCall(on:)``: what waited for the
    /// app to run goes on, in the background.
    func beginSystemCall(on device: Device) {
        systemCalls[device.index] += 1
        if systemCalls[device.index] == 1 { release(&foregroundWaiters[device.index]) }
    }

    func endSystemCall(on device: Device) { systemCalls[device.index] -= 1 }

    /// Runs `action` now while the app runs, else when it runs again.
    func whenActive(_ device: Device, _ action: @escaping () -> Void) {
        if isSuspended(device) { foregroundWaiters[device.index].append(action) } else { action() }
    }

    /// Returns at once while the app runs, else when it runs again (or the task is cancelled).
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func awaitRunning(_ device: Device) async {
        guard isSuspended(device) else { return }
        let runtime = SimulationRuntime.of(context)
        try? await runtime.suspend("suspended in the background") { (wait: SimulationContinuation<Void>) in
            foregroundWaiters[device.index].append { wait.resume(returning: ()) }
        }
    }

    /// Returns at once in the foreground, else when the app returns to it (or the task is cancelled): nobody
    /// taps an app in the background.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func awaitForeground(_ device: Device) async {
        guard context.network.isInBackground(device) else { return }
        let runtime = SimulationRuntime.of(context)
        try? await runtime.suspend("in the background") { (wait: SimulationContinuation<Void>) in
            userWaiters[device.index].append { wait.resume(returning: ()) }
        }
    }

    func listen(_ device: Device) -> PhaseListener {
        // The phase, not whether it runs: an app the system runs for an intent is in the background all the same.
        let listener = PhaseListener(initial: context.network.isInBackground(device) ? .background : .active)
        listeners[device.index].append(listener)
        return listener
    }
}

/// One iterator's queue of phases not yet read.
final class PhaseListener: @unchecked Sendable {
    private var pending: [AppPhase]
    private var resume: ((AppPhase?) -> Void)?

    init(initial: AppPhase) {
        pending = [initial]
    }

    func deliver(_ phase: AppPhase) {
        if let resume {
            self.resume = nil
            resume(phase)
        } else {
            pending.append(phase)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func next(_ runtime: SimulationRuntime) async -> AppPhase? {
        if !pending.isEmpty { return pending.removeFirst() }
        return try? await runtime.suspend("waiting for an app lifecycle change") {
            (wait: SimulationContinuation<AppPhase?>) in
            resume = { wait.resume(returning: $0) }
            wait.onCancel { [self] in resume = nil }
        }
    }
}
