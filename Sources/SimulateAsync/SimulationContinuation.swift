import SimulateCore

/// The resume side of a simulation wait: what a facade hands to the simulated network or server and
/// resumes from a scheduler event. Resume it exactly once, on the simulation's thread; once the task
/// is cancelled the wait has already thrown `CancellationError` and later resumes do nothing, so a
/// reply that arrives after a cancellation can be delivered without care.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public final class SimulationContinuation<Value: Sendable>: CancellableSimulationWait, @unchecked Sendable {
    // unowned(unsafe) on purpose (docs/performance.md; figures also at JobTimer.executor): a wait is made and
    // resumed on the run's thread while the run is under way (the type's contract above); the stranded
    // waits of RuntimeEscapeTests pass under AddressSanitizer.
    private unowned(unsafe) let runtime: SimulationRuntime
    // The state below @exclusivity(unchecked) on purpose (docs/performance.md): changed on the run's thread
    // only (a resume or cancel from elsewhere is refused before it reads), by plain reads and writes.
    /// The waiting task's record, unretained like `runtime` (docs/performance.md): the runtime holds its records
    /// for the whole run. Held strongly, it was retained and released around each change of its step.
    @exclusivity(unchecked) private var record: Unmanaged<TaskRecord>?
    @exclusivity(unchecked) private var step: WaitStep
    @exclusivity(unchecked) private var continuation: UnsafeContinuation<Value, any Error>?
    @exclusivity(unchecked) private var done = false
    @exclusivity(unchecked) private var cancellationHandler: (() -> Void)?
    /// A sleep's wake-up event, cancelled with the wait (saves a closure per sleep).
    @exclusivity(unchecked) var timer: EventHandle?

    init(runtime: SimulationRuntime, record: TaskRecord?, step: WaitStep) {
        self.runtime = runtime
        self.record = record.map { .passUnretained($0) }
        self.step = step
    }

    /// Whether the wait is over: resumed, or cancelled.
    public var isResumed: Bool { done }

    /// Called on the simulation's thread when the waiting task is cancelled before the wait was resumed,
    /// e.g. to cancel the scheduler event or network request that would have resumed it.
    public func onCancel(_ handler: @escaping () -> Void) {
        cancellationHandler = handler
    }

    /// Resumes the waiting task with `value` (at most once; nothing after a cancellation).
    public func resume(returning value: sending Value) {
        finish(.success(value))
    }

    /// Resumes the waiting task by throwing `error` (at most once; nothing after a cancellation).
    public func resume(throwing error: any Error) {
        finish(.failure(error))
    }

    /// Resumes the waiting task with `result` (at most once; nothing after a cancellation).
    public func resume(with result: sending Result<Value, any Error>) {
        finish(result)
    }

    func install(_ continuation: UnsafeContinuation<Value, any Error>) {
        self.continuation = continuation
    }

    /// Makes a finished wait new again for another wait of `record`'s (a sleep's wait is reused, saving an
    /// object per sleep); only for waits nothing outside the runtime holds.
    func rearm(record: TaskRecord?, step: WaitStep) {
        self.record = record.map { .passUnretained($0) }
        rearm(step: step)
    }

    /// Makes a finished wait new again for another wait of the same task's.
    func rearm(step: WaitStep) {
        assert(continuation == nil && cancellationHandler == nil, "only a finished wait is reused")
        self.step = step
        done = false
        timer = nil
    }

    @usableFromInline
    func cancel() {
        guard runtime.thread.isCurrent else {
            runtime.recordEscape(
                "\(record?.takeUnretainedValue().label ?? "a task") was cancelled from a thread outside the simulation while waiting "
                    + "on \"\(step)\"")
            return
        }
        guard !done else { return }
        let handler = cancellationHandler
        cancellationHandler = nil
        handler?()
        if let timer { runtime.scheduler.cancel(timer) }
        finish(.failure(CancellationError()), outcome: "cancelled")
    }

    private func finish(_ result: sending Result<Value, any Error>, outcome: StaticString = "resumed") {
        guard runtime.thread.isCurrent else {
            runtime.recordEscape(
                "\(record?.takeUnretainedValue().label ?? "a task"): the wait \"\(step)\" was resumed from a thread outside the simulation"
            )
            return
        }
        guard !done, let continuation else { return }
        done = true
        cancellationHandler = nil
        self.continuation = nil
        record?._withUnsafeGuaranteedRef {
            $0.simulationWaits -= 1
            $0.step(step, outcome: outcome)
        }
        continuation.resume(with: result)
    }
}

/// A wait that its task's cancellation ends (``SimulationContinuation`` of any value type).
protocol CancellableSimulationWait: AnyObject {
    func cancel()
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension SimulationContinuation: ScheduledTarget where Value == Void {
    /// A sleep's deadline: the scheduler calls it back directly, and the woken task runs in this event
    /// when its own drain event would have come next (the executor's `runWoken`).
    public func fire(_ tag: Int) {
        // Through a guaranteed reference to the runtime, its executor is borrowed: read through the unowned(unsafe)
        // one, it was retained and released around the whole wake-up.
        Unmanaged.passUnretained(runtime)._withUnsafeGuaranteedRef { $0.executor.runWoken { resume(returning: ()) } }
    }
}
