import SimulateCore

/// What the runtime knows of one spawned task and the structured child tasks it starts (they inherit
/// the record as a task-local value): its device, whether it finished, the simulation waits it holds,
/// and its last known step, for the message when it escapes the simulation.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class TaskRecord: @unchecked Sendable {
    @TaskLocal static var current: TaskRecord?

    // unowned(unsafe) on purpose (docs/performance.md; figures also at JobTimer.executor): the runtime holds its
    // task records and outlives every use of them, which happen on the run's thread while it runs.
    unowned(unsafe) let runtime: SimulationRuntime
    let device: Device
    let name: String
    // The state below @exclusivity(unchecked) on purpose (docs/performance.md): written on the run's thread
    // only (a cancellation from elsewhere is refused before it reads), by plain reads and writes.
    @exclusivity(unchecked) private(set) var lastStep = WaitStep.text("started")
    /// What happened to the last step: `nil` while it is going on, else e.g. "resumed".
    @exclusivity(unchecked) private(set) var lastStepOutcome: StaticString?
    @exclusivity(unchecked) private(set) var lastStepTime: VirtualInstant
    private(set) var finished = false
    /// Simulation waits (sleeps, facade calls) started and not yet resumed.
    @exclusivity(unchecked) var simulationWaits = 0
    var task: Task<Void, any Error>?
    /// The job of the task `spawn` started, while its body runs (``SimulationExecutor/runningJob``). Its own
    /// waits need no cancellation handler each: the one handler around its body cancels ``ownSleep`` or
    /// ``activeWait``.
    /// Its child tasks inherit the record but not this handler, so their waits install their own.
    @exclusivity(unchecked) private(set) var ownJob: UnsafeRawPointer?
    /// The wait the spawned task itself is suspended on, if any, but for its sleeps (set and read on the
    /// run's thread only).
    @exclusivity(unchecked) var activeWait: (any CancellableSimulationWait)?
    // Checked by the compiler, not at run time, as they are: `simulate-bench async` under callgrind counts
    // the same instructions with and without `@exclusivity(unchecked)` on these two.
    /// The wait every sleep of the spawned task itself uses, made at its first sleep (it holds this record
    /// unretained, so the two go with the runtime's `records`).
    var ownSleep: SimulationContinuation<Void>?
    /// The spawned task was cancelled (its handler ran on the run's thread): its sleeps throw at once
    /// without asking the runtime.
    private(set) var wasCancelled = false

    /// Runs the spawned task's body with one cancellation handler for all its own waits: a per-wait
    /// handler costs the runtime a status record added and removed under its lock on every wait
    /// (`simulate-bench async`, docs/performance.md).
    func runOwnTask(_ body: () async throws -> Void) async throws {
        ownJob = runtime.executor.runningJob
        runtime.noteOwnJob(self)
        defer {
            ownJob = nil
            runtime.forgetOwnJob()
        }
        try await withTaskCancellationHandler {
            try await body()
        } onCancel: {
            cancelActiveWait()
        }
    }

    /// The spawned task was cancelled: its current wait, if any, ends with `CancellationError`.
    private func cancelActiveWait() {
        guard runtime.thread.isCurrent else {
            runtime.recordEscape("\(label) was cancelled from a thread outside the simulation")
            return
        }
        wasCancelled = true
        // The task waits on one of them at most; cancelling a wait that is over does nothing.
        ownSleep?.cancel()
        activeWait?.cancel()
    }

    init(runtime: SimulationRuntime, device: Device, name: String, start: VirtualInstant) {
        self.runtime = runtime
        self.device = device
        self.name = name
        lastStepTime = start
    }

    func step(_ step: WaitStep, outcome: StaticString? = nil) {
        lastStep = step
        lastStepOutcome = outcome
        lastStepTime = runtime.now
    }

    func finish(_ error: (any Error)?) {
        finished = true
        if let error, !(error is CancellationError) { step(.text("ended by throwing \(error)")) }
    }

    /// `device "phone", task "sync"`.
    var label: String { "device \"\(device.id)\", task \"\(name)\"" }

    var lastStepText: String {
        let time = DurationFormat.string(lastStepTime)
        guard let outcome = lastStepOutcome else { return "\"\(lastStep)\" since \(time)" }
        return "\"\(lastStep)\", \(outcome) at \(time)"
    }
}

/// What a task waits on, formatted only when a message needs it.
enum WaitStep: CustomStringConvertible {
    case text(String)
    case sleep(until: VirtualInstant)

    var description: String {
        switch self {
        case .text(let text): text
        case .sleep(let deadline): "sleep until \(DurationFormat.string(deadline))"
        }
    }
}
