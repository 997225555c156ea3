import SimulateCore
import Testing

@Suite struct SchedulerTests {
    @Test func runsByTimeThenInsertionOrder() throws {
        let scheduler = Scheduler()
        var order: [String] = []
        scheduler.schedule(at: VirtualInstant(nanoseconds: 20)) { order.append("b1") }
        scheduler.schedule(at: VirtualInstant(nanoseconds: 10)) { order.append("a") }
        scheduler.schedule(at: VirtualInstant(nanoseconds: 20)) { order.append("b2") }
        scheduler.schedule(at: VirtualInstant(nanoseconds: 20)) { order.append("b3") }
        scheduler.schedule(at: VirtualInstant(nanoseconds: 5)) { order.append("first") }
        try scheduler.run(through: VirtualInstant(nanoseconds: 100))
        #expect(order == ["first", "a", "b1", "b2", "b3"])
        #expect(scheduler.now == VirtualInstant(nanoseconds: 100))
    }

    @Test func eventsScheduledDuringATieRunAfterTheOnesAlreadyQueued() throws {
        let scheduler = Scheduler()
        var order: [String] = []
        scheduler.schedule(at: VirtualInstant(nanoseconds: 10)) {
            order.append("x")
            scheduler.schedule(after: .zero) { order.append("x-child") }
        }
        scheduler.schedule(at: VirtualInstant(nanoseconds: 10)) { order.append("y") }
        try scheduler.run(through: VirtualInstant(nanoseconds: 10))
        #expect(order == ["x", "y", "x-child"])
    }

    @Test func cancelledEventsDoNotRunOrCount() throws {
        let scheduler = Scheduler()
        var ran = false
        let handle = scheduler.schedule(at: VirtualInstant(nanoseconds: 10)) { ran = true }
        #expect(scheduler.isPending(handle))
        scheduler.cancel(handle)
        #expect(!scheduler.isPending(handle))
        try scheduler.run(through: VirtualInstant(nanoseconds: 20))
        #expect(!ran)
        #expect(scheduler.executedEvents == 0)
    }

    @Test func aStaleHandleDoesNotCancelTheSlotsNextEvent() throws {
        let scheduler = Scheduler()
        let old = scheduler.schedule(at: VirtualInstant(nanoseconds: 1)) {}
        try scheduler.run(through: VirtualInstant(nanoseconds: 1))
        var ran = false
        scheduler.schedule(at: VirtualInstant(nanoseconds: 2)) { ran = true }
        scheduler.cancel(old)
        try scheduler.run(through: VirtualInstant(nanoseconds: 2))
        #expect(ran)
    }

    @Test func runStopsAtTheGivenTime() throws {
        let scheduler = Scheduler()
        // Events left pending capture the scheduler: drop them, or the two keep each other (LeakSanitizer).
        defer { scheduler.discardPendingEvents() }
        var times: [Int64] = []
        for time in stride(from: Int64(0), through: 100, by: 10) {
            scheduler.schedule(at: VirtualInstant(nanoseconds: time)) { times.append(scheduler.now.nanoseconds) }
        }
        try scheduler.run(through: VirtualInstant(nanoseconds: 45))
        #expect(times == [0, 10, 20, 30, 40])
        #expect(scheduler.nextEventTime == VirtualInstant(nanoseconds: 50))
    }

    /// An event run in place counts, orders and hashes as the same event scheduled and run by the loop.
    @Test func anEventRunInPlaceIsTheEventTheLoopWouldHaveRun() throws {
        func run(inPlace: Bool) throws -> (hash: TraceHash, events: Int, times: [VirtualInstant]) {
            let scheduler = Scheduler()
            var times: [VirtualInstant] = []
            scheduler.schedule(at: VirtualInstant(nanoseconds: 50)) { times.append(scheduler.now) }
            scheduler.schedule(at: VirtualInstant(nanoseconds: 10)) {
                let wake = VirtualInstant(nanoseconds: 30)
                if inPlace, scheduler.advanceInPlace(to: wake) {
                    times.append(scheduler.now)
                } else {
                    scheduler.schedule(at: wake) { times.append(scheduler.now) }
                }
            }
            try scheduler.run(through: VirtualInstant(nanoseconds: 100))
            return (scheduler.hash, scheduler.executedEvents, times)
        }
        let inPlace = try run(inPlace: true)
        let scheduled = try run(inPlace: false)
        #expect(inPlace.hash == scheduled.hash)
        #expect(inPlace.events == 3 && scheduled.events == 3)
        #expect(inPlace.times == scheduled.times)
    }

    @Test func anEventIsNotRunInPlaceWhenTheLoopWouldRunAnotherFirstOrNoneAtAll() throws {
        let scheduler = Scheduler(eventBudget: 4)
        var refused: [String] = []
        scheduler.schedule(at: VirtualInstant(nanoseconds: 40)) {}
        scheduler.schedule(at: VirtualInstant(nanoseconds: 10)) {
            let hash = scheduler.hash
            // Outside the run's end, at or after a pending event (queued first, so it runs first).
            if scheduler.advanceInPlace(to: VirtualInstant(nanoseconds: 60)) { refused.append("past the end") }
            if scheduler.advanceInPlace(to: VirtualInstant(nanoseconds: 40)) { refused.append("tie") }
            if scheduler.advanceInPlace(to: VirtualInstant(nanoseconds: 45)) { refused.append("after") }
            if refused.isEmpty && scheduler.hash == hash && scheduler.now == VirtualInstant(nanoseconds: 10) {
                refused.append("unchanged")
            }
            // Before it, within the budget (4: this event, two in place, one to spare for the one at 40).
            if scheduler.advanceInPlace(to: VirtualInstant(nanoseconds: 20)) { refused.append("20") }
            if scheduler.advanceInPlace(to: VirtualInstant(nanoseconds: 30)) { refused.append("30") }
            if scheduler.advanceInPlace(to: VirtualInstant(nanoseconds: 35)) { refused.append("over budget") }
        }
        try scheduler.run(through: VirtualInstant(nanoseconds: 50))
        #expect(refused == ["unchanged", "20", "30"])
        #expect(scheduler.executedEvents == 4)
        // Between runs there is no next event to take.
        #expect(!scheduler.advanceInPlace(to: VirtualInstant(nanoseconds: 60)))
    }

    @Test func exhaustingTheBudgetThrows() {
        let scheduler = Scheduler(eventBudget: 1_000)
        defer { scheduler.discardPendingEvents() }
        func again() { scheduler.schedule(after: .nanoseconds(1)) { again() } }
        again()
        #expect(throws: SimulationError.self) { try scheduler.run(through: VirtualInstant(nanoseconds: 1_000_000)) }
        #expect(scheduler.executedEvents == 1_000)
    }

    @Test func heapKeepsOrderUnderRandomLoad() throws {
        let scheduler = Scheduler()
        var random = SeededRandom(seed: 42)
        var fired: [(Int64, Int)] = []
        for index in 0..<5_000 {
            let time = random.int64(in: 0...1_000)
            scheduler.schedule(at: VirtualInstant(nanoseconds: time)) { fired.append((time, index)) }
        }
        try scheduler.run(through: VirtualInstant(nanoseconds: 1_000))
        #expect(fired.count == 5_000)
        for (earlier, later) in zip(fired, fired.dropFirst()) {
            #expect(earlier.0 < later.0 || (earlier.0 == later.0 && earlier.1 < later.1))
        }
    }
}

@Suite struct SchedulerLimitTests {
    @Test func anEventBeforeNowIsNotMovedButStopsTheRunWithScheduledInPast() {
        let scheduler = Scheduler()
        var ranLate = false
        var ranAfter = false
        scheduler.schedule(at: VirtualInstant(nanoseconds: 100)) {
            scheduler.schedule(at: VirtualInstant(nanoseconds: 40)) { ranLate = true }
        }
        scheduler.schedule(at: VirtualInstant(nanoseconds: 200)) { ranAfter = true }
        #expect {
            try scheduler.run(through: VirtualInstant(nanoseconds: 1_000))
        } throws: { error in
            guard case .scheduledInPast(let requested, let now) = error as? SimulationError else { return false }
            return requested == VirtualInstant(nanoseconds: 40) && now == VirtualInstant(nanoseconds: 100)
        }
        #expect(!ranLate)
        #expect(!ranAfter)
        #expect(scheduler.executedEvents == 1)
    }

    @Test(arguments: [Int64(-1), -1_000_000_000])
    func aNegativeDelayStopsTheRunEvenWithNothingElseQueued(delay: Int64) {
        let scheduler = Scheduler()
        scheduler.schedule(at: VirtualInstant(nanoseconds: 2_000_000_000)) {
            scheduler.schedule(after: .nanoseconds(delay)) {}
        }
        #expect {
            try scheduler.run(through: VirtualInstant(nanoseconds: 3_000_000_000))
        } throws: { error in
            guard case .scheduledInPast(let requested, let now) = error as? SimulationError else { return false }
            return requested == VirtualInstant(nanoseconds: 2_000_000_000 + delay)
                && now == VirtualInstant(nanoseconds: 2_000_000_000)
        }
        #expect(scheduler.pendingEvents == 0)
    }

    @Test func aDelayPastTheLastInstantIsNotWrappedAround() {
        let scheduler = Scheduler()
        scheduler.schedule(at: VirtualInstant(nanoseconds: 10)) { scheduler.schedule(after: .infinite) {} }
        #expect(throws: SimulationError.self) { try scheduler.run(through: VirtualInstant(nanoseconds: 20)) }
    }

    @Test func scheduledInPastSaysWhenAndWhy() {
        let message = SimulationError.scheduledInPast(
            requested: VirtualInstant(nanoseconds: 1_500_000_000), now: VirtualInstant(nanoseconds: 2_000_000_000)
        ).description
        #expect(message.contains("1.5s"))
        #expect(message.contains("before the current time 2s"))
    }

    @Test func tooManyPendingEventsStopTheRunWithQueueFull() throws {
        let scheduler = Scheduler(pendingEventLimit: 4_096)
        defer { scheduler.discardPendingEvents() }
        var ran = 0
        func flood() {
            ran += 1
            for offset in 1...3 { scheduler.schedule(after: .nanoseconds(Int64(offset))) { flood() } }
        }
        scheduler.schedule(at: .start) { flood() }
        #expect {
            try scheduler.run(through: VirtualInstant(nanoseconds: 1_000_000))
        } throws: { error in
            guard case .queueFull(let capacity, _) = error as? SimulationError else { return false }
            return capacity == 4_096
        }
        #expect(ran < 4_096)
    }

    /// A negative budget or reservation is a programming error: it stops the process, never clamped.
    @Test func aNegativeEventBudgetOrReservationStopsTheProcess() async {
        await #expect(processExitsWith: .failure) { _ = Scheduler(eventBudget: -1) }
        await #expect(processExitsWith: .failure) { Scheduler().eventBudget = -1 }
        await #expect(processExitsWith: .failure) { _ = Scheduler().reserveOrder(count: -1) }
    }

    /// A pending-event limit outside 1...slotCapacity is refused, not silently moved into range.
    @Test func aPendingEventLimitOutOfRangeStopsTheProcess() async {
        await #expect(processExitsWith: .failure) { _ = Scheduler(pendingEventLimit: 0) }
        await #expect(processExitsWith: .failure) {
            _ = Scheduler(pendingEventLimit: Scheduler.slotCapacity + 1)
        }
    }

    /// A negative request timeout or a negative sampled latency stops the process: no request is moved to
    /// "now" without saying so.
    @Test func aNegativeTimeoutOrLatencyStopsTheProcess() async throws {
        #expect(try NetworkForTests(latency: .fixed(.milliseconds(20))).send(timeout: .zero) == .failure(.timedOut))
        #expect(try NetworkForTests(latency: .fixed(.zero)).send(timeout: .seconds(1)) == .success(1))
        await #expect(processExitsWith: .failure) {
            _ = try? NetworkForTests(latency: .fixed(.milliseconds(20))).send(timeout: .seconds(-1))
        }
        await #expect(processExitsWith: .failure) {
            _ = try? NetworkForTests(latency: .fixed(.milliseconds(-20))).send(timeout: .seconds(1))
        }
    }
}

/// One device's network, to send one request and run it to its completion.
private struct NetworkForTests {
    let scheduler = Scheduler()
    let network: Network
    let device = Device(id: "phone", index: 0)

    init(latency: LatencyRange) {
        network = Network(
            scheduler: scheduler, trace: Trace(scheduler: scheduler, keepsRecords: false), devices: [device],
            defaults: LinkConditions(latency: latency), runSeed: 1)
    }

    func send(timeout: VirtualDuration) throws -> Result<Int, NetworkError>? {
        var result: Result<Int, NetworkError>?
        network.request(from: device, to: "server", timeout: timeout, serve: { 1 }, completion: { result = $0 })
        try scheduler.run(through: .start + .seconds(10))
        return result
    }
}
