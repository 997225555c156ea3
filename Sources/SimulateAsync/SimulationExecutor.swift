import SimulateCore
import Synchronization

/// Runs the jobs of simulated tasks on the simulation's thread, inside the scheduler's event order.
///
/// A job that becomes ready waits in a ready set; one scheduler event at the current virtual instant
/// runs one job, picked from the set by the run's seeded random stream, and queues the next while
/// any remain (in place when that event would be the very next one: ``drainOn()``). So every job
/// ready at an instant runs before virtual time moves on, in an order the seed chooses, and the same
/// seed always gives the same order. Each job counts as a scheduler event (the event budget stops a
/// task that never suspends on time) and folds its enqueue ordinal into the run's hash, so a
/// different interleaving gives a different trace hash.
///
/// A job enqueued from any other thread is a task that escaped the simulation (a Dispatch queue, a
/// thread of its own, the main actor, a system-clock `Task.sleep`): it is never run, and the run
/// fails at its end.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class SimulationExecutor: TaskExecutor, ScheduledTarget, @unchecked Sendable {
    struct ReadyJob {
        var job: UnownedJob
        /// Enqueue order in the high bits; the low bit says the job is isolated to ``serial``.
        var ordinal: UInt64
    }

    private struct OutsideJobs {
        var count = 0
        /// Held, never run: running them would let outside timing into the run.
        var jobs: [UnownedJob] = []
    }

    let scheduler: Scheduler
    let thread: SimulationThread
    private let chooser: ScheduleChooser
    private let picksLoneJobs: Bool
    /// The chooser needs no more than the number of jobs ready (passing the jobs retains them).
    private let picksByCount: Bool
    // The state below @exclusivity(unchecked) on purpose (docs/performance.md): read and written on the run's
    // thread only, by plain reads and writes that never overlap.
    @exclusivity(unchecked) private var ready: [ReadyJob] = []
    @exclusivity(unchecked) private var nextOrdinal: UInt64 = 0
    @exclusivity(unchecked) private var drainScheduled = false
    @exclusivity(unchecked) private var closed = false
    /// Set while ``runWoken(_:)`` resumes a task: its job waits for that event to run it, not a drain event.
    @exclusivity(unchecked) private var holdsDrain = false
    /// The job running now, as an address: a task is enqueued as its own job each time it resumes, so while
    /// a task runs this is the same address, and no other running task has it (``SimulationRuntime/isOwnTaskCurrent(_:)``).
    // unsafeBitCast on purpose (docs/performance.md): `UnownedJob` is a frozen one-pointer struct without
    // `==`; the public alternative, `withUnsafeCurrentTask` on every wait, made `simulate-bench async` 20-22 %
    // slower (1.14 / 1.07 / 1.00 against 1.45 / 1.36 / 1.24 M sleeps/s for 1 / 10 / 100 clients).
    @exclusivity(unchecked) private(set) var runningJob: UnsafeRawPointer?
    // `runningIsolated` and the two counters without `@exclusivity(unchecked)`: `simulate-bench async` under
    // callgrind counts the same instructions with it and without it (±0.02 % for 1, 10 and 100 clients).
    /// Whether the running job is isolated to ``serial``.
    private var runningIsolated = false
    /// Whether a sleep may end in place (``wakeInPlace(at:)``) and a drain event run in place (``drainOn()``);
    /// tests turn it off to compare.
    var runsEventsInPlace = true
    /// Sleeps that ended in place so far.
    private(set) var sleepsWokenInPlace = 0
    /// Drain events run in place so far.
    private(set) var drainsInPlace = 0
    private let outside = Mutex(OutsideJobs())
    /// The serial executor of actors that run inside the simulation: jobs it gets run isolated to it.
    private(set) lazy var serial = SimulationSerialExecutor(executor: self)

    init(scheduler: Scheduler, chooser: ScheduleChooser) {
        self.scheduler = scheduler
        self.chooser = chooser
        picksLoneJobs = chooser.picksLoneJobs
        picksByCount = chooser.picksByCount
        thread = SimulationThread()
    }

    /// Whether the caller runs on the simulation's thread.
    var isOnSimulationThread: Bool { thread.isCurrent }

    /// Jobs enqueued from a thread outside the simulation so far.
    var outsideEnqueues: Int { outside.withLock { $0.count } }

    /// Jobs ready at the current instant and not yet run.
    var readyJobs: Int { ready.count }

    public func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job), serial: false)
    }

    func enqueue(_ job: UnownedJob, serial: Bool) {
        guard thread.isCurrent else {
            outside.withLock {
                $0.count += 1
                $0.jobs.append(job)
            }
            return
        }
        ready.append(ReadyJob(job: job, ordinal: nextOrdinal << 1 | (serial ? 1 : 0)))
        nextOrdinal &+= 1
        if !holdsDrain { scheduleDrain() }
    }

    /// Runs `job` once virtual time reaches `time`; a time already past is due now, as a clock's deadline
    /// in the past is.
    func enqueue(_ job: consuming ExecutorJob, at time: VirtualInstant) {
        let timer = JobTimer(job: UnownedJob(job), executor: self)
        scheduler.schedule(at: max(time, scheduler.now), timer)
    }

    /// A task's wake-up from a sleep on a system clock: reported, and held (never run).
    func holdSystemClockSleep(_ job: consuming ExecutorJob, clock: String, delay: String) {
        let job = UnownedJob(job)
        outside.withLock { $0.jobs.append(job) }
        onSystemClockSleep?("slept on the system clock \(clock) (\(delay)) instead of the simulation clock")
    }

    /// Told of escapes the executor sees inside a simulated task.
    var onSystemClockSleep: ((String) -> Void)?

    public func fire(_ tag: Int) {
        assert(thread.isCurrent, "the scheduler runs on the simulation's thread")
        drainScheduled = false
        guard !ready.isEmpty else { return }
        runOne()
        drainOn()
    }

    /// Nothing ready, no drain pending, not wound down, no wake-up under way: a task woken now would run next.
    private var isIdle: Bool { ready.isEmpty && !drainScheduled && !closed && !holdsDrain }

    /// Calls `resume`, the whole of a scheduler event that wakes a task (a sleep's deadline), and runs the
    /// job it makes ready in this same event when the drain event it would otherwise schedule would be
    /// the very next event: nothing else ready, no drain pending, no other event at this instant, and
    /// the event budget not spent. The job then runs exactly where it would have run, without an event
    /// of its own; in every other case the drain event is scheduled as usual.
    func runWoken(_ resume: () -> Void) {
        assert(thread.isCurrent, "the scheduler runs on the simulation's thread")
        guard isIdle else { return resume() }
        holdsDrain = true
        resume()
        holdsDrain = false
        guard !ready.isEmpty else { return }
        if scheduler.nextEventTime == scheduler.now || scheduler.executedEvents >= scheduler.eventBudget {
            return scheduleDrain()
        }
        runOne()
        drainOn()
    }

    /// After a job ran in a drain or wake-up event: each job still ready runs in the drain event it would
    /// get next, in place while that event would be the very next one (nothing else due at this instant:
    /// ``Scheduler/advanceInPlace(to:)`` counts and hashes it as the loop would); the drain event is
    /// scheduled once it would not be.
    private func drainOn() {
        while runsEventsInPlace, !ready.isEmpty, !drainScheduled, !closed, scheduler.advanceInPlace(to: scheduler.now) {
            drainsInPlace += 1
            runOne()
        }
        scheduleDrain()
    }

    /// Ends a sleep of the running task until `deadline` without suspending it, when its wake-up would
    /// be the very next event and ``runWoken(_:)`` would run the woken job in that event: nothing else
    /// ready or due before the deadline, the run's end not passed, the budget not spent, a nonisolated job
    /// running (as the woken one would be), no strategy that follows every job. Virtual time moves to the
    /// deadline, and the event and the job's enqueue ordinal are counted and hashed exactly as the
    /// suspension and wake-up would have been: same trace hash, same event count. False otherwise.
    func wakeInPlace(at deadline: VirtualInstant) -> Bool {
        guard runsEventsInPlace, isIdle, !runningIsolated, !picksLoneJobs,
            scheduler.advanceInPlace(to: max(deadline, scheduler.now))
        else { return false }
        scheduler.combineIntoHash(nextOrdinal)
        nextOrdinal &+= 1
        sleepsWokenInPlace += 1
        return true
    }

    /// Runs ready jobs without going through the scheduler (after the run, to wind tasks down); false when
    /// `limit` jobs ran and more were still ready.
    func drain(limit: Int) -> Bool {
        closed = true
        var count = 0
        while !ready.isEmpty {
            guard count < limit else { return false }
            runOne()
            count += 1
        }
        return true
    }

    private func scheduleDrain() {
        guard !drainScheduled, !closed, !ready.isEmpty else { return }
        drainScheduled = true
        scheduler.schedule(at: scheduler.now, self)
    }

    private func runOne() {
        let last = ready.count - 1
        let index =
            last == 0 && !picksLoneJobs ? 0 : picksByCount ? chooser.pick(amongCount: last + 1) : chooser.pick(ready)
        let picked = ready[index]
        ready[index] = ready[last]
        ready.removeLast()
        scheduler.combineIntoHash(picked.ordinal >> 1)
        let outerJob = runningJob
        let outerIsolated = runningIsolated
        runningJob = unsafeBitCast(picked.job, to: UnsafeRawPointer.self)
        runningIsolated = picked.ordinal & 1 != 0
        defer {
            runningJob = outerJob
            runningIsolated = outerIsolated
        }
        if picked.ordinal & 1 == 0 {
            // Nonisolated code: running it isolated to a serial executor would make it hop off again.
            picked.job.runSynchronously(on: asUnownedTaskExecutor())
        } else {
            picked.job.runSynchronously(
                isolatedTo: serial.asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
    }
}

/// A job waiting for a virtual instant.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private final class JobTimer: ScheduledTarget {
    let job: UnownedJob
    // unowned(unsafe) on purpose (docs/performance.md): checked `unowned` on the three back references
    // every sleep touches (here, TaskRecord.runtime, SimulationContinuation.runtime) cost 5.1-5.8 % of
    // `simulate-bench async` (10 and 100 clients, 1.18/1.12 vs 1.24/1.18-1.19 M sleeps/s, 2 interleaved
    // rounds; 3.5 % of its instructions). Safe: a timer only fires from the run's scheduler, which the
    // executor owns.
    unowned(unsafe) let executor: SimulationExecutor

    init(job: UnownedJob, executor: SimulationExecutor) {
        self.job = job
        self.executor = executor
    }

    func fire(_ tag: Int) {
        executor.enqueue(job, serial: false)
    }
}

/// The run's serial executor, for actors whose methods must run inside the simulation whichever task
/// calls them; their jobs join the same ready set.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class SimulationSerialExecutor: SerialExecutor, @unchecked Sendable {
    unowned let executor: SimulationExecutor

    init(executor: SimulationExecutor) {
        self.executor = executor
    }

    func enqueue(_ job: consuming ExecutorJob) {
        executor.enqueue(UnownedJob(job), serial: true)
    }

    func checkIsolated() {
        precondition(executor.isOnSimulationThread, "expected to run on the simulation's thread")
    }
}
