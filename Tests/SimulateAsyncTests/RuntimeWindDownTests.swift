import SimulateCore
import Testing

@testable import SimulateAsync

/// At the end of a run every task is cancelled, including a task that a cancelled task starts on its
/// way out (as an app starts the next queued request): left waiting, it would hold the run's objects.
@Suite struct RuntimeWindDownTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aTaskStartedWhileTheRunWindsDownIsCancelledToo() throws {
        let result = try App.run(devices: ["phone"], duration: "10s") { runtime, context, log in
            let device = context.devices[0]
            runtime.spawn(on: device, "first") {
                do {
                    try await runtime.clock.sleep(for: .seconds(3600))
                } catch {
                    log.lines.append("first cancelled")
                    runtime.spawn(on: device, "next") {
                        do {
                            try await runtime.clock.sleep(for: .seconds(3600))
                        } catch {
                            log.lines.append("next cancelled")
                        }
                    }
                }
            }
        }
        #expect(result.failure == nil)
        #expect(observedLog(result) == ["first cancelled", "next cancelled"])
    }

    /// Nothing of the runtime's keeps a run alive after it ended: its tasks, finished or cancelled at the
    /// end, and their start closures (which hold the runtime) are let go, or every run with app code would
    /// stay in memory (a 300,000-run exploration of the bug patterns reached 24 GB through their own cycle).
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func theRunsObjectsAreFreedWhenItEnds() throws {
        let held = WeakReferences()
        let result = try App.run(devices: ["phone"], duration: "10s") { runtime, context, log in
            held.runtime = runtime
            held.context = context
            let clock = runtime.clock
            runtime.spawn(on: context.devices[0], "finishes") {
                try await clock.sleep(for: .seconds(1))
                log.lines.append("slept")
            }
            runtime.spawn(on: context.devices[0], "cancelled at the end") {
                try await clock.sleep(for: .seconds(3600))
            }
        }
        #expect(result.failure == nil)
        #expect(observedLog(result) == ["slept"])
        #expect(held.runtime == nil, "the run's runtime is still alive after the run")
        #expect(held.context == nil, "the run's context is still alive after the run")
    }
}

/// A spawned task sleeps on one wait of its own, reused for each sleep, which holds the task's record
/// as the record holds it: the runtime lets go of it when the run ends, or both would outlive the run.
extension RuntimeWindDownTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aTasksRecordAndItsSleepsWaitAreFreedWhenItEnds() throws {
        let held = WeakTaskParts()
        let result = try App.run(devices: ["phone"], duration: "10s") { runtime, context, log in
            let clock = runtime.clock
            let task = runtime.spawn(on: context.devices[0], "sleeps") {
                for _ in 0..<3 { try await clock.sleep(for: .seconds(1)) }
                log.lines.append("slept three times")
            }
            held.record = task.record
            context.scheduler.schedule(after: .milliseconds(1500)) {
                held.sawOwnSleep = task.record.ownSleep != nil
                held.ownSleep = task.record.ownSleep
            }
        }
        #expect(observedLog(result) == ["slept three times"])
        #expect(held.sawOwnSleep, "the task slept on a wait of its own")
        // Compared before the expectations: a failing one would show the objects, whose runtime is gone.
        let ownSleepFreed = held.ownSleep == nil
        let recordFreed = held.record == nil
        #expect(ownSleepFreed, "the task's sleep wait is still alive after the run")
        #expect(recordFreed, "the task's record is still alive after the run")
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private final class WeakTaskParts: @unchecked Sendable {
    weak var record: TaskRecord?
    weak var ownSleep: SimulationContinuation<Void>?
    var sawOwnSleep = false
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private final class WeakReferences: @unchecked Sendable {
    weak var runtime: SimulationRuntime?
    weak var context: SimulationContext?
}
