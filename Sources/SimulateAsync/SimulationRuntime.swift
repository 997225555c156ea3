import SimulateCore
import Synchronization

/// The deterministic async runtime of one run: app code started with ``spawn(on:_:_:)`` runs its
/// nonisolated async functions, default actors and child tasks on the run's `executor`, sleeps on
/// the run's ``clock``, and must wait only on simulation waits (``suspend(_:_:)``), other tasks of
/// the run, or nothing. Anything else is an escape, reported when the run ends (exit status 3).
///
/// One runtime per run: `SimulationRuntime.of(context)` makes it the first time and returns the same
/// one after. Use it on the run's thread, from plugin code or from spawned tasks.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public final class SimulationRuntime: @unchecked Sendable {
    /// Jobs run at most when tasks are cancelled at the end of the run: past it, a task that ignores
    /// cancellation and keeps going is left as it is.
    static let windDownJobLimit = 1_000_000
    /// Rounds of cancelling the tasks that cancelled tasks started, at most.
    static let windDownRounds = 1_000

    let executor: SimulationExecutor
    let scheduler: Scheduler
    /// The run's thread (the executor's): read through the runtime, a check retains nothing.
    let thread: SimulationThread
    /// The run's devices, in scenario order.
    public let devices: [Device]
    private var records: [TaskRecord] = []
    /// The records of spawned tasks whose body runs, by their job's address (``currentRecord``):
    /// direct-mapped, a power of two of entries at least four times the bodies running; a record that
    /// lost its entry to another is read from the task-local value.
    // @exclusivity(unchecked) on purpose (docs/performance.md): read by every sleep on the run's thread.
    // Unmanaged on purpose (docs/performance.md): `records` holds every record for the run; a sleep reads its
    // task's record here without retaining it.
    @exclusivity(unchecked) private var recordsByJob: [Unmanaged<TaskRecord>?] = []
    @exclusivity(unchecked) private var recordsByJobShift: UInt64 = 64
    /// Spawned tasks whose body runs now (``noteOwnJob(_:)`` to ``forgetOwnJob()``).
    private var ownBodiesRunning = 0
    /// Sleeps' waits that finished, for the next sleeps (on the run's thread only).
    @exclusivity(unchecked) private var sleepWaits: [SimulationContinuation<Void>] = []
    /// The wait of the sleep `beginSleep` readied, until `startSleep` takes it (on the run's thread only), unretained:
    /// the spawned task's record holds its own sleep's wait, and `startingOtherSleep` any other's.
    // Unmanaged on purpose (docs/performance.md): held here strongly, each sleep retained and released its wait once more.
    @exclusivity(unchecked) private var startingSleep: Unmanaged<SimulationContinuation<Void>>?
    /// The wait of a sleep `beginSleep` readied for a task other than the one `spawn` started, until
    /// ``sleepWithItsOwnHandler(until:)`` takes it.
    @exclusivity(unchecked) private var startingOtherSleep: SimulationContinuation<Void>?
    private let escapes = Mutex<[String]>([])
    private var ended = false
    /// The run's fault points (`SimulationFault.maybe`); nil for a runtime made without a context.
    private(set) var faultPoints: FaultPoints?

    /// The runtime of `context`'s run, made on first use.
    public static func of(_ context: SimulationContext) -> SimulationRuntime {
        context.attachment(SimulationRuntime.self) {
            let runtime = SimulationRuntime(
                scheduler: context.scheduler, devices: context.devices, chooser: ScheduleChooser(context))
            runtime.faultPoints = FaultPoints(context: context)
            context.addEndCheck { [unowned runtime] in runtime.endOfRun() }
            context.addCloser { [unowned runtime] in _ = runtime.windDown() }
            return runtime
        }
    }

    init(scheduler: Scheduler, devices: [Device], chooser: ScheduleChooser) {
        self.scheduler = scheduler
        self.devices = devices
        executor = SimulationExecutor(scheduler: scheduler, chooser: chooser)
        thread = executor.thread
        _ = EscapeHooks.installed
        executor.onSystemClockSleep = { [unowned self] what in
            guard let record = TaskRecord.current else { return recordEscape("a task \(what)") }
            recordEscape("\(record.label) \(what) at \(clock.now); its last known step: \(record.lastStepText)")
        }
    }

    /// The runtime of the spawned task that calls this, if any.
    public static var current: SimulationRuntime? { TaskRecord.current?.runtime }

    /// The device of the spawned task that calls this, if any.
    public static var currentDevice: Device? { TaskRecord.current?.device }

    /// The run's executor, for `Task(executorPreference:)`, `withTaskExecutorPreference` or
    /// `group.addTask(executorPreference:)`: code that prefers it runs inside the simulation.
    public var taskExecutor: any TaskExecutor { executor }

    /// The run's executor as an actor's serial executor: an actor whose `unownedExecutor` returns this
    /// runs its methods inside the simulation whichever task calls it.
    public var serialExecutor: UnownedSerialExecutor { executor.serial.asUnownedSerialExecutor() }

    /// Whether the caller runs on the run's thread, where simulated code must run.
    public var isOnSimulationThread: Bool { thread.isCurrent }

    /// Virtual time as a `Clock`.
    public var clock: SimulationClock { SimulationClock(runtime: self) }

    /// The current virtual time.
    public var now: VirtualInstant { scheduler.now }

    /// Starts app code on `device` inside the simulation: the task prefers the run's executor, so its
    /// nonisolated async functions, the default actors it calls and its child tasks (`async let`, task
    /// groups) run there. Unstructured tasks it starts (`Task { }`, `Task.detached`) do not inherit that:
    /// start those with `spawn` too.
    @discardableResult
    public func spawn(
        on device: Device, _ name: String? = nil, _ operation: sending @escaping () async throws -> Void
    ) -> SimulatedTask {
        let record = TaskRecord(
            runtime: self, device: device, name: name ?? "task \(records.count + 1)", start: scheduler.now)
        records.append(record)
        record.task = Task(name: record.name, executorPreference: executor) {
            do {
                try await TaskRecord.$current.withValue(record) { try await record.runOwnTask(operation) }
                record.finish(nil)
            } catch {
                record.finish(error)
                throw error
            }
        }
        return SimulatedTask(record: record)
    }

    /// Marks the calling task's progress: the message of an escape names its last step.
    public static func step(_ description: String) {
        TaskRecord.current?.step(.text(description))
    }

    /// Suspends the calling task on a simulation wait: `start` hands the continuation to whatever resumes
    /// it from a scheduler event (a simulated server reply, a timer). Cancellation resumes it at once
    /// with `CancellationError`. `step` names the wait in escape messages.
    public func suspend<Value: Sendable>(
        _ step: String, _ start: (SimulationContinuation<Value>) -> Void
    ) async throws -> Value {
        try await suspend(.text(step), start)
    }

    nonisolated(nonsending) func suspend<Value: Sendable>(
        _ step: WaitStep, _ start: (SimulationContinuation<Value>) -> Void
    ) async throws -> Value {
        guard thread.isCurrent else {
            let message =
                "\(TaskRecord.current?.label ?? "a task") waited on \"\(step)\" from a thread outside the simulation "
                + "(an unstructured Task { } or Task.detached not started with spawn, or a hop to another executor)"
            recordEscape(message)
            throw SimulationEscape(message: message)
        }
        let record = currentRecord
        try Task.checkCancellation()
        let wait = SimulationContinuation<Value>(runtime: self, record: record, step: step)
        if let record {
            record.simulationWaits += 1
            record.step(step)
        }
        return try await awaitCancellable(wait, record) { continuation in
            wait.install(continuation)
            start(wait)
        }
    }

    /// The running task's record, on the run's thread: a spawned task's own found by its job's address,
    /// without the task-local lookup (a sleep's largest cost in the simulation's code:
    /// docs/performance.md), anything else through the task-local value.
    var currentRecord: TaskRecord? {
        if let own = ownRecord { return own.takeUnretainedValue() }
        return TaskRecord.current
    }

    /// The record of the spawned task whose own body runs now, found by its job's address, unretained; nil for
    /// any other task, and for one whose entry another record took (``currentRecord`` then asks the task-local
    /// value).
    private var ownRecord: Unmanaged<TaskRecord>? {
        guard let job = executor.runningJob, !recordsByJob.isEmpty, let entry = recordsByJob[recordSlot(job)],
            entry._withUnsafeGuaranteedRef({ $0.ownJob == job })
        else { return nil }
        return entry
    }

    /// Files `record` under its task's job while its body runs (``TaskRecord/ownJob``).
    func noteOwnJob(_ record: TaskRecord) {
        ownBodiesRunning += 1
        guard let job = record.ownJob else { return }
        if recordsByJob.count < 4 * ownBodiesRunning {
            var size = 64
            while size < 4 * ownBodiesRunning { size *= 2 }
            recordsByJob = Array(repeating: nil, count: size)
            recordsByJobShift = 64 - UInt64(size.trailingZeroBitCount)
            for other in records {
                if let otherJob = other.ownJob { recordsByJob[recordSlot(otherJob)] = .passUnretained(other) }
            }
        }
        recordsByJob[recordSlot(job)] = .passUnretained(record)
    }

    /// A spawned task's body ended (its record's entry, if still there, no longer matches any job).
    func forgetOwnJob() { ownBodiesRunning -= 1 }

    private func recordSlot(_ job: UnsafeRawPointer) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: job)) &* 0x9E37_79B9_7F4A_7C15) >> recordsByJobShift)
    }

    /// Whether the calling task is the one `spawn` started for `record` (not a child task of it). Asked
    /// here, not of the record: reaching the executor through the record would retain it on every wait.
    func isOwnTaskCurrent(_ record: TaskRecord) -> Bool {
        guard let ownJob = record.ownJob else { return false }
        return executor.runningJob == ownJob
    }

    /// Suspends on `wait`, which `body` installs; the task's cancellation cancels it. The task `spawn`
    /// started already has a handler for that around its body; any other task gets one for this wait.
    nonisolated(nonsending) private func awaitCancellable<Value: Sendable>(
        _ wait: SimulationContinuation<Value>, _ record: TaskRecord?,
        _ body: (UnsafeContinuation<Value, any Error>) -> Void
    ) async throws -> Value {
        if let record, isOwnTaskCurrent(record) {
            record.activeWait = wait
            defer { record.activeWait = nil }
            return try await withUnsafeThrowingContinuation(body)
        }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation(body)
        } onCancel: {
            wait.cancel()
        }
    }

    /// How a sleep that ``beginSleep(until:)`` started goes on.
    @usableFromInline
    enum SleepStart {
        /// The sleep is over: its wake-up was the very next event, run in place (``SimulationExecutor/wakeInPlace(at:)``).
        case over
        /// The task `spawn` started: its one cancellation handler covers the wait (``startSleep(until:_:)``).
        case ownTask
        /// Another task of the run (a child task): the wait needs a handler of its own
        /// (``sleepWithItsOwnHandler(until:)``).
        case otherTask
        /// The caller is not on the run's thread (``sleepOutsideSimulation(until:)``).
        case outsideSimulation
    }

    /// Starts a sleep of the calling task until `deadline` (``SimulationClock/sleep(until:tolerance:)``, inlined
    /// into app code so that the continuation it awaits is the sleep's only suspension, with nothing to do
    /// after it; docs/performance.md): its wait is made ready for the start call that follows. Throws
    /// `CancellationError` when the task is cancelled.
    @usableFromInline
    func beginSleep(until deadline: VirtualInstant) throws -> SleepStart {
        guard thread.isCurrent else { return .outsideSimulation }
        if let own = ownRecord { return try own._withUnsafeGuaranteedRef { try beginOwnSleep($0, until: deadline) } }
        // Not found by its job (another record took its entry): the task-local value says whose task it is.
        let record = TaskRecord.current
        if let record, isOwnTaskCurrent(record) { return try beginOwnSleep(record, until: deadline) }
        let step = WaitStep.sleep(until: deadline)
        try Task.checkCancellation()
        let wait: SimulationContinuation<Void>
        if let reused = sleepWaits.popLast() {
            reused.rearm(record: record, step: step)
            wait = reused
        } else {
            wait = SimulationContinuation(runtime: self, record: record, step: step)
        }
        startingSleep = .passUnretained(wait)
        startingOtherSleep = wait
        if let record {
            record.simulationWaits += 1
            record.step(step)
        }
        return .otherTask
    }

    /// ``beginSleep(until:)`` for the task `spawn` started for `record`.
    private func beginOwnSleep(_ record: TaskRecord, until deadline: VirtualInstant) throws -> SleepStart {
        // Its cancellation handler has run if it was cancelled: no need to ask the runtime.
        if record.wasCancelled { throw CancellationError() }
        let step = WaitStep.sleep(until: deadline)
        if executor.wakeInPlace(at: deadline) {
            record.step(step, outcome: "resumed")
            return .over
        }
        // The task `spawn` started sleeps on a wait of its own, the same each time: it never sleeps twice
        // at once, and its record holds it (used here unretained: bound to a local, it was retained and released).
        if record.ownSleep == nil {
            record.ownSleep = SimulationContinuation(runtime: self, record: record, step: step)
        }
        let wait = Unmanaged.passUnretained(record.ownSleep.unsafelyUnwrapped)
        wait._withUnsafeGuaranteedRef { $0.rearm(step: step) }
        record.simulationWaits += 1
        record.step(step)
        startingSleep = wait
        return .ownTask
    }

    /// Hands the continuation of the sleep `beginSleep` readied to its wait and schedules the wake-up.
    @usableFromInline
    func startSleep(until deadline: VirtualInstant, _ continuation: UnsafeContinuation<Void, any Error>) {
        guard let starting = startingSleep.take() else { preconditionFailure("a sleep starts after beginSleep") }
        starting._withUnsafeGuaranteedRef { wait in
            wait.install(continuation)
            // A clock's deadline already past is due now (the `Clock.sleep(until:)` contract); the scheduler
            // itself takes no time before its `now`.
            wait.timer = scheduler.schedule(at: max(deadline, scheduler.now), wait)
        }
    }

    /// The sleep `beginSleep` readied for a task other than the one `spawn` started: its own cancellation
    /// handler ends the wait, which is kept for another such sleep once the handler is gone.
    @usableFromInline
    func sleepWithItsOwnHandler(until deadline: VirtualInstant) async throws {
        guard let wait = startingOtherSleep.take() else { preconditionFailure("a sleep starts after beginSleep") }
        defer { sleepWaits.append(wait) }
        try await awaitCancellable(wait, nil) { startSleep(until: deadline, $0) }
    }

    /// A sleep from a thread outside the simulation: reported as an escape, as any simulation wait is.
    @usableFromInline
    nonisolated(nonsending) func sleepOutsideSimulation(until deadline: VirtualInstant) async throws {
        try await suspend(.sleep(until: deadline)) { (_: SimulationContinuation<Void>) in }
    }

    func recordEscape(_ message: String) {
        escapes.withLock { $0.append(message) }
    }

    /// The end check: winds every task down and reports the ones that waited outside the simulation.
    func endOfRun() -> String? {
        let stuck = windDown()
        var lines = stuck.map {
            "\($0.label) is waiting on something outside the simulation (a real-time sleep, a Dispatch queue or "
                + "thread of its own, the main actor, or a continuation never resumed); its last known step: "
                + $0.lastStepText
        }
        let outside = executor.outsideEnqueues
        if outside > 0 {
            lines.append(
                "\(outside) job\(outside == 1 ? " was" : "s were") enqueued on the simulation's executor from a thread "
                    + "outside the simulation (a Dispatch queue, a thread of its own, the main actor or a system-clock "
                    + "Task.sleep resumed a simulated task); such jobs are never run")
        }
        lines += escapes.withLock { $0 }
        guard !lines.isEmpty else { return nil }
        return "async runtime: " + lines.joined(separator: "\n  ")
    }

    /// Cancels every unfinished task and runs what that makes ready: a simulation wait ends at once
    /// when cancelled, so a task that still has not finished waits on something outside. A task that a
    /// cancelled one starts on its way out (the next queued allocation) is cancelled too, round after
    /// round; left running, it would wait forever and hold the run's objects.
    private func windDown() -> [TaskRecord] {
        guard !ended else { return [] }
        ended = true
        guard executor.drain(limit: Self.windDownJobLimit) else { return [] }
        var cancelledUpTo = 0
        var rounds = 0
        while cancelledUpTo < records.count, rounds < Self.windDownRounds {
            let running = records[cancelledUpTo...].filter { !$0.finished }
            cancelledUpTo = records.count
            rounds += 1
            for record in running { record.task?.cancel() }
            guard executor.drain(limit: Self.windDownJobLimit) else { return [] }
        }
        return records.filter { !$0.finished }
    }
}

/// A task started with ``SimulationRuntime/spawn(on:_:_:)``.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct SimulatedTask: Sendable {
    let record: TaskRecord

    /// The device the task runs on.
    public var device: Device { record.device }
    /// The name it was spawned with, shown in reports.
    public var name: String { record.name }
    /// Whether its body has returned or thrown.
    public var isFinished: Bool { record.finished }

    /// Cancels the task; call it on the simulation's thread (from plugin code or another spawned task).
    public func cancel() { record.task?.cancel() }
}

/// Thrown to a task that uses the simulation from a thread outside it; the run fails at its end.
public struct SimulationEscape: Error, CustomStringConvertible {
    /// Which task escaped, and how.
    public var message: String
    /// The message.
    public var description: String { message }
}
