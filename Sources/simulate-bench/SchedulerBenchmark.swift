import CEventLoop
import SimulateCore

/// Events per second of the simulation scheduler against a minimal C binary-heap loop, on the same workload.
func runSchedulerBenchmark(actors: Int32, events: Int64) throws -> [BenchmarkFigure] {
    var cSeconds = Double.infinity
    var swiftSeconds = Double.infinity
    var checksum: UInt64 = 0
    for _ in 0..<3 {
        cSeconds = min(cSeconds, BenchmarkClock.seconds { checksum &+= cevent_loop_run(actors, events) })
        swiftSeconds = min(
            swiftSeconds, try BenchmarkClock.seconds { checksum &+= try swiftLoop(actors: actors, events: events) })
    }
    let cRate = Double(events) / cSeconds
    let swiftRate = Double(events) / swiftSeconds
    print("scheduler: \(events) events, \(actors) actors each rescheduling itself after 1–1024 ns (best of 3)")
    print("  C binary-heap loop   \(BenchmarkClock.millions(cRate)) M events/s")
    print("  simulate Scheduler   \(BenchmarkClock.millions(swiftRate)) M events/s")
    print(
        "  ratio Scheduler / C  \(BenchmarkClock.ratio(swiftRate / cRate))×   (target ≥ 0.5×)   [checksum \(checksum % 997)]"
    )
    return [
        BenchmarkFigure(
            benchmark: "scheduler", name: "C binary-heap loop", value: cRate / 1e6, unit: "M events/s", better: .higher,
            reference: true),
        BenchmarkFigure(
            benchmark: "scheduler", name: "simulate Scheduler", value: swiftRate / 1e6, unit: "M events/s",
            better: .higher),
        BenchmarkFigure(
            benchmark: "scheduler", name: "ratio Scheduler / C", value: swiftRate / cRate, unit: "×", better: .higher),
    ]
}

/// The same workload as `cevent_loop_run`, through `Scheduler`: one object per workload whose
/// event handler reschedules itself, as plugin code does.
private final class RescheduleWorkload {
    let scheduler: Scheduler
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    var checksum: UInt64 = 0
    private(set) var fireAction: () -> Void = {}

    init(events: Int64) {
        scheduler = Scheduler(eventBudget: Int(events))
        fireAction = { [unowned self] in self.fire() }
    }

    func fire() {
        checksum = checksum &* 31 &+ UInt64(scheduler.now.nanoseconds)
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        scheduler.schedule(after: .nanoseconds(1 + Int64(random & 1023)), fireAction)
    }
}

func swiftLoop(actors: Int32, events: Int64) throws -> UInt64 {
    let workload = RescheduleWorkload(events: events)
    for _ in 0..<actors { workload.scheduler.schedule(at: .start, workload.fireAction) }
    do {
        try workload.scheduler.run(through: .distantFuture)
    } catch SimulationError.eventBudgetExceeded {
        // The budget is the stopping rule of this workload.
    }
    return workload.checksum
}
