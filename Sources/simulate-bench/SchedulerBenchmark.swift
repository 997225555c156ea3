import CEventLoop
import SimulateCore

/// Events per second of the simulation scheduler against a minimal C binary-heap loop, on the same workload:
/// once with closure events, once with target events (the form the built-in plugins' hot paths use).
func runSchedulerBenchmark(actors: Int32, events: Int64) throws -> [BenchmarkFigure] {
    var cSeconds = Double.infinity
    var closureSeconds = Double.infinity
    var targetSeconds = Double.infinity
    var checksum: UInt64 = 0
    for _ in 0..<3 {
        cSeconds = min(cSeconds, BenchmarkClock.seconds { checksum &+= cevent_loop_run(actors, events) })
        closureSeconds = min(
            closureSeconds, try BenchmarkClock.seconds { checksum &+= try swiftLoop(actors: actors, events: events) })
        targetSeconds = min(
            targetSeconds,
            try BenchmarkClock.seconds { checksum &+= try swiftTargetLoop(actors: actors, events: events) })
    }
    let cRate = Double(events) / cSeconds
    let closureRate = Double(events) / closureSeconds
    let targetRate = Double(events) / targetSeconds
    print("scheduler: \(events) events, \(actors) actors each rescheduling itself after 1–1024 ns (best of 3)")
    print("  C binary-heap loop                   \(BenchmarkClock.millions(cRate)) M events/s")
    print("  simulate Scheduler, closure events   \(BenchmarkClock.millions(closureRate)) M events/s")
    print("  simulate Scheduler, target events    \(BenchmarkClock.millions(targetRate)) M events/s")
    print(
        "  ratio Scheduler / C: closures \(BenchmarkClock.ratio(closureRate / cRate))×, targets "
            + "\(BenchmarkClock.ratio(targetRate / cRate))×   (target ≥ 0.8×)   [checksum \(checksum % 997)]"
    )
    return [
        BenchmarkFigure(
            benchmark: "scheduler", name: "C binary-heap loop", value: cRate / 1e6, unit: "M events/s", better: .higher,
            reference: true),
        BenchmarkFigure(
            benchmark: "scheduler", name: "simulate Scheduler", value: closureRate / 1e6, unit: "M events/s",
            better: .higher),
        BenchmarkFigure(
            benchmark: "scheduler", name: "ratio Scheduler / C", value: closureRate / cRate, unit: "×",
            better: .higher),
        BenchmarkFigure(
            benchmark: "scheduler", name: "simulate Scheduler, target events", value: targetRate / 1e6,
            unit: "M events/s", better: .higher),
        BenchmarkFigure(
            benchmark: "scheduler", name: "ratio Scheduler target events / C", value: targetRate / cRate, unit: "×",
            better: .higher),
    ]
}

/// The C loop's per-event work: fold the time into the checksum, draw the next delay (1–1024 ns, xorshift).
private struct RescheduleStep {
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    var checksum: UInt64 = 0

    @inline(__always)
    mutating func next(at now: VirtualInstant) -> VirtualDuration {
        checksum = checksum &* 31 &+ UInt64(now.nanoseconds)
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return .nanoseconds(1 + Int64(random & 1023))
    }
}

/// The same workload as `cevent_loop_run`, through `Scheduler`: one object per workload whose
/// event handler reschedules itself, as plugin code does.
private final class RescheduleWorkload {
    let scheduler: Scheduler
    var step = RescheduleStep()
    private(set) var fireAction: () -> Void = {}

    init(events: Int64) {
        scheduler = Scheduler(eventBudget: Int(events))
        fireAction = { [unowned self] in self.fire() }
    }

    func fire() {
        scheduler.schedule(after: step.next(at: scheduler.now), fireAction)
    }
}

/// The same workload through ``ScheduledTarget`` events, the form the built-in plugins' hot paths use.
private final class RescheduleTargetWorkload: ScheduledTarget {
    let scheduler: Scheduler
    var step = RescheduleStep()

    init(events: Int64) {
        scheduler = Scheduler(eventBudget: Int(events))
    }

    func fire(_ tag: Int) {
        scheduler.schedule(after: step.next(at: scheduler.now), self, tag: tag)
    }
}

/// Runs until the event budget, the workload's stopping rule, is spent.
private func runToBudget(_ scheduler: Scheduler) throws {
    do {
        try scheduler.run(through: .distantFuture)
    } catch SimulationError.eventBudgetExceeded {}
}

func swiftTargetLoop(actors: Int32, events: Int64) throws -> UInt64 {
    let workload = RescheduleTargetWorkload(events: events)
    for actor in 0..<actors { workload.scheduler.schedule(at: .start, workload, tag: Int(actor)) }
    try runToBudget(workload.scheduler)
    return workload.step.checksum
}

func swiftLoop(actors: Int32, events: Int64) throws -> UInt64 {
    let workload = RescheduleWorkload(events: events)
    for _ in 0..<actors { workload.scheduler.schedule(at: .start, workload.fireAction) }
    try runToBudget(workload.scheduler)
    return workload.step.checksum
}
