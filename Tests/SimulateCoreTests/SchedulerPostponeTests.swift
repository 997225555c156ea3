import SimulateCore
import Testing

/// `postpone` moves a pending event later and is, to everything a run shows, the cancel and new
/// schedule it replaces: the same events at the same times in the same order, the same trace hash.
@Suite struct SchedulerPostponeTests {
    /// A seeded workload of debouncers (each event may push one back, as a save pushes an export back),
    /// plain events and cancellations, run on `scheduler`; `postpones` chooses how a debouncer moves.
    final class DebounceWorkload {
        let scheduler: Scheduler
        let postpones: Bool
        var random: SeededRandom
        var handles: [EventHandle?]
        var log: [String] = []
        var postponed = 0

        init(_ scheduler: Scheduler, seed: UInt64, debouncers: Int, postpones: Bool) {
            self.scheduler = scheduler
            self.postpones = postpones
            random = SeededRandom(seed: seed)
            handles = Array(repeating: nil, count: debouncers)
        }

        func start(events: Int) {
            for index in 0..<events {
                let time = VirtualInstant(nanoseconds: random.int64(in: 0...5_000))
                scheduler.schedule(at: time) { [unowned self] in step("plain \(index)") }
            }
        }

        private func step(_ label: String) {
            log.append("\(label) at \(scheduler.now.nanoseconds)")
            let index = random.int(in: 0...(handles.count - 1))
            switch random.int(in: 0...9) {
            case 0: if let handle = handles[index] { scheduler.cancel(handle) }
            case 1:
                scheduler.schedule(after: .nanoseconds(random.int64(in: 0...300))) { [unowned self] in step("echo") }
            default: move(index, after: .nanoseconds(random.int64(in: 0...400)))
            }
        }

        private func move(_ index: Int, after delay: VirtualDuration) {
            if postpones, let handle = handles[index], let moved = scheduler.postpone(handle, after: delay) {
                #expect(!scheduler.isPending(handle) && scheduler.isPending(moved))
                handles[index] = moved
                postponed += 1
                return
            }
            if let handle = handles[index] { scheduler.cancel(handle) }
            handles[index] = scheduler.schedule(after: delay) { [unowned self] in
                handles[index] = nil
                step("debouncer \(index)")
            }
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func aPostponedEventRunsWhereACancelAndANewScheduleWould(seed: UInt64) throws {
        var runs: [(log: [String], events: Int, hash: TraceHash, postponed: Int)] = []
        for postpones in [false, true] {
            let scheduler = Scheduler()
            let workload = DebounceWorkload(scheduler, seed: seed, debouncers: 5, postpones: postpones)
            workload.start(events: 400)
            try scheduler.run(through: VirtualInstant(nanoseconds: 3_000))
            try scheduler.run(through: VirtualInstant(nanoseconds: 20_000))
            #expect(scheduler.pendingEvents == 0)
            runs.append((workload.log, scheduler.executedEvents, scheduler.hash, workload.postponed))
        }
        #expect(runs[1].postponed > 100)
        #expect(runs[0].log == runs[1].log)
        #expect(runs[0].events == runs[1].events)
        #expect(runs[0].hash == runs[1].hash)
    }

    @Test func aPostponedEventLeavesOneEntryAndRunsOnceAtItsLastTime() throws {
        let scheduler = Scheduler()
        var runs: [Int64] = []
        var handle = scheduler.schedule(at: VirtualInstant(nanoseconds: 10)) { runs.append(scheduler.now.nanoseconds) }
        for time in stride(from: Int64(20), through: 1_000, by: 10) {
            handle = try #require(scheduler.postpone(handle, to: VirtualInstant(nanoseconds: time)))
        }
        #expect(scheduler.pendingEvents == 1)
        try scheduler.run(through: VirtualInstant(nanoseconds: 999))
        #expect(runs.isEmpty && scheduler.isPending(handle))
        try scheduler.run(through: VirtualInstant(nanoseconds: 2_000))
        #expect(runs == [1_000])
        #expect(scheduler.executedEvents == 1)
        #expect(!scheduler.isPending(handle))
    }

    @Test func aPostponedEventCanBeCancelled() throws {
        let scheduler = Scheduler()
        var ran = false
        let first = scheduler.schedule(at: VirtualInstant(nanoseconds: 10)) { ran = true }
        let moved = try #require(scheduler.postpone(first, to: VirtualInstant(nanoseconds: 30)))
        scheduler.cancel(first)
        #expect(scheduler.isPending(moved))
        scheduler.cancel(moved)
        #expect(!scheduler.isPending(moved))
        try scheduler.run(through: VirtualInstant(nanoseconds: 50))
        #expect(!ran)
        #expect(scheduler.executedEvents == 0)
    }

    @Test func anEarlierTimeOrAnEventNotPendingIsRefusedAndChangesNothing() throws {
        let scheduler = Scheduler()
        var ran: [Int64] = []
        let handle = scheduler.schedule(at: VirtualInstant(nanoseconds: 50)) { ran.append(scheduler.now.nanoseconds) }
        #expect(scheduler.postpone(handle, to: VirtualInstant(nanoseconds: 40)) == nil)
        let cancelled = scheduler.schedule(at: VirtualInstant(nanoseconds: 60)) {}
        scheduler.cancel(cancelled)
        #expect(scheduler.postpone(cancelled, to: VirtualInstant(nanoseconds: 70)) == nil)
        try scheduler.run(through: VirtualInstant(nanoseconds: 100))
        #expect(ran == [50])
        #expect(scheduler.postpone(handle, to: VirtualInstant(nanoseconds: 200)) == nil)
    }

    @Test func aTargetsOwnNextStepIsNotPostponedWhileItFires() throws {
        let scheduler = Scheduler()
        var refused = 0
        let stepper = SchedulerTargetTests.Stepper(scheduler, steps: 3)
        stepper.duringStep = { stepper, tag in
            guard tag == 0 else { return }
            let next = stepper.scheduler.schedule(after: .nanoseconds(5), stepper, tag: 7)
            if stepper.scheduler.postpone(next, after: .nanoseconds(10)) == nil { refused += 1 }
        }
        scheduler.schedule(at: .start, stepper, tag: 0)
        try scheduler.run(through: .start + .nanoseconds(20))
        #expect(refused == 1)
        #expect(stepper.fired == [0, 1, 2, 7])
    }
}
