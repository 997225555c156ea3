import SimulateCore
import Testing

/// Target events: a target that schedules its own next step while it fires keeps the scheduler's
/// reference (no retain per step), and that event still behaves like any other.
@Suite struct SchedulerTargetTests {
    /// Fires `steps` times, each step scheduling the next after 1 ns, and lets a test act inside a step.
    final class Stepper: ScheduledTarget {
        let scheduler: Scheduler
        var fired: [Int] = []
        var duringStep: (Stepper, Int) -> Void = { _, _ in }
        let steps: Int

        init(_ scheduler: Scheduler, steps: Int) {
            self.scheduler = scheduler
            self.steps = steps
        }

        func fire(_ tag: Int) {
            fired.append(tag)
            duringStep(self, tag)
            if tag + 1 < steps { scheduler.schedule(after: .nanoseconds(1), self, tag: tag + 1) }
        }
    }

    /// A stepper whose first step is queued at the start and that only the scheduler holds: the
    /// returned reference is weak, so it is nil once the scheduler has let go.
    static func queuedStepper(
        _ scheduler: Scheduler, steps: Int, duringStep: @escaping (Stepper, Int) -> Void = { _, _ in }
    ) -> () -> Stepper? {
        let stepper = Stepper(scheduler, steps: steps)
        stepper.duringStep = duringStep
        scheduler.schedule(at: .start, stepper, tag: 0)
        return { [weak stepper] in stepper }
    }

    @Test func aTargetStepsThroughItsOwnEventsAndIsReleasedAfterTheLast() throws {
        let scheduler = Scheduler()
        let released = Self.queuedStepper(scheduler, steps: 5)
        try scheduler.run(through: .start + .nanoseconds(2))
        #expect(released()?.fired == [0, 1, 2])
        #expect(scheduler.pendingEvents == 1)
        try scheduler.run(through: .distantFuture)
        #expect(released() == nil)
        #expect(scheduler.executedEvents == 5)
    }

    @Test func anEventATargetScheduledForItselfCanBeCancelledWhileItFires() throws {
        let scheduler = Scheduler()
        var pendingBefore = false
        var pendingAfter = true
        let released = Self.queuedStepper(scheduler, steps: 1) { stepper, _ in
            let handle = scheduler.schedule(after: .seconds(1), stepper, tag: 7)
            pendingBefore = scheduler.isPending(handle)
            scheduler.cancel(handle)
            pendingAfter = scheduler.isPending(handle)
        }
        try scheduler.run(through: .distantFuture)
        #expect(pendingBefore)
        #expect(!pendingAfter)
        #expect(released() == nil)
        #expect(scheduler.executedEvents == 1)
    }

    @Test func twoEventsATargetSchedulesForItselfBothRunInOrder() throws {
        let scheduler = Scheduler()
        let stepper = Stepper(scheduler, steps: 1)
        var order: [String] = []
        stepper.duringStep = { stepper, tag in
            guard tag == 0 else { return }
            scheduler.schedule(after: .seconds(1), stepper, tag: 10)
            scheduler.schedule(after: .seconds(1)) { order.append("closure") }
            scheduler.schedule(after: .seconds(1), stepper, tag: 20)
        }
        stepper.duringStep = { [duringStep = stepper.duringStep] stepper, tag in
            order.append("target \(tag)")
            duringStep(stepper, tag)
        }
        scheduler.schedule(at: .start, stepper, tag: 0)
        try scheduler.run(through: .distantFuture)
        #expect(order == ["target 0", "target 10", "closure", "target 20"])
        #expect(stepper.fired == [0, 10, 20])
    }

    @Test func discardingPendingEventsWhileATargetFiresDropsItsNextStep() throws {
        let scheduler = Scheduler()
        let released = Self.queuedStepper(scheduler, steps: 1) { stepper, _ in
            scheduler.schedule(after: .seconds(1), stepper, tag: 1)
            scheduler.discardPendingEvents()
        }
        try scheduler.run(through: .distantFuture)
        #expect(released() == nil)
        #expect(scheduler.executedEvents == 1)
        #expect(scheduler.pendingEvents == 0)
    }

    @Test func aTargetSchedulingAnotherTargetDoesNotHandItsReferenceOver() throws {
        let scheduler = Scheduler()
        weak var releasedOther: Stepper?
        let first = Stepper(scheduler, steps: 1)
        do {
            let other = Stepper(scheduler, steps: 2)
            releasedOther = other
            first.duringStep = { _, _ in scheduler.schedule(after: .seconds(1), other, tag: 0) }
            scheduler.schedule(at: .start, first, tag: 0)
        }
        try scheduler.run(through: .distantFuture)
        first.duringStep = { _, _ in }
        #expect(first.fired == [0])
        #expect(releasedOther == nil)
        #expect(scheduler.executedEvents == 3)
    }
}
