import Foundation
import SimulateAsync
import SimulateCore
import Testing

@Suite struct RuntimeClockTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func sleepsFollowVirtualTimeAndOtherSimulationEvents() throws {
        let result = try App.run(duration: "100s") { runtime, context, log in
            let clock = runtime.clock
            context.scheduler.schedule(at: VirtualInstant(nanoseconds: 1_500_000_000)) {
                log.lines.append("event at 1.5s")
            }
            runtime.spawn(on: context.devices[0]) {
                let start = clock.now
                try await clock.sleep(for: .seconds(1))
                log.lines.append("woke at \(clock.now)")
                try await clock.sleep(until: start.advanced(by: .seconds(2)), tolerance: nil)
                log.lines.append("woke at \(clock.now), \(start.duration(to: clock.now)) after start")
                // A deadline in the past still suspends once, and returns at the same instant.
                try await clock.sleep(until: start, tolerance: nil)
                log.lines.append("past deadline at \(clock.now)")
            }
        }
        #expect(result.failure == nil)
        #expect(
            observedLog(result) == [
                "woke at 1s", "event at 1.5s", "woke at 2s, 2.0 seconds after start", "past deadline at 2s",
            ])
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aWakeUpWithNothingElseDueRunsInItsTimersEvent() throws {
        func run(tasks: [String], sleeps: Int) throws -> RunResult {
            try App.run(duration: "100s") { runtime, context, log in
                let clock = runtime.clock
                for name in tasks {
                    runtime.spawn(on: context.devices[0]) {
                        for _ in 0..<sleeps { try await clock.sleep(for: .seconds(1)) }
                        log.lines.append("\(name) done at \(clock.now)")
                    }
                }
            }
        }
        let alone = try run(tasks: ["a"], sleeps: 10)
        #expect(observedLog(alone) == ["a done at 10s"])
        // Each wake-up runs in its timer's event, not in one of its own: one event per sleep.
        #expect(alone.events - (try run(tasks: ["a"], sleeps: 0)).events == 10)

        // Two tasks due at the same instants: each wake-up waits for its own event, so the seed orders them.
        let together = try run(tasks: ["a", "b"], sleeps: 10)
        #expect(Set(observedLog(together)) == ["a done at 10s", "b done at 10s"])
        #expect(together.events - (try run(tasks: ["a", "b"], sleeps: 0)).events == 2 * 2 * 10)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func cancellationEndsASleepAtOnce() throws {
        let result = try App.run(duration: "100s") { runtime, context, log in
            let clock = runtime.clock
            let sleeper = runtime.spawn(on: context.devices[0], "sleeper") {
                do {
                    try await clock.sleep(for: .seconds(60))
                    log.lines.append("slept to \(clock.now)")
                } catch is CancellationError {
                    log.lines.append("cancelled at \(clock.now)")
                }
                // A cancelled task's next sleep throws without waiting.
                do {
                    try await clock.sleep(for: .seconds(1))
                } catch is CancellationError {
                    log.lines.append("still cancelled at \(clock.now)")
                }
            }
            runtime.spawn(on: context.devices[0], "canceller") {
                try await clock.sleep(for: .seconds(5))
                sleeper.cancel()
            }
        }
        #expect(result.failure == nil)
        #expect(observedLog(result) == ["cancelled at 5s", "still cancelled at 5s"])
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func childTasksAreCancelledWithTheirGroup() throws {
        let result = try App.run(duration: "100s") { runtime, context, log in
            let clock = runtime.clock
            runtime.spawn(on: context.devices[0]) {
                await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await clock.sleep(for: .seconds(50)) }
                    group.addTask {
                        try await clock.sleep(for: .seconds(3))
                        throw CancellationError()
                    }
                    do {
                        while try await group.next() != nil {}
                    } catch {
                        group.cancelAll()
                        log.lines.append("child failed at \(clock.now)")
                    }
                }
                log.lines.append("group ended at \(clock.now)")
            }
        }
        #expect(observedLog(result) == ["child failed at 3s", "group ended at 3s"])
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func taskSleepOnTheSimulationClockWaitsInVirtualTime() throws {
        let result = try App.run(duration: "100s") { runtime, context, log in
            let clock = runtime.clock
            runtime.spawn(on: context.devices[0]) {
                try await Task.sleep(for: .seconds(4), clock: clock)
                log.lines.append("woke at \(clock.now)")
                try await Task.sleep(until: clock.now.advanced(by: .milliseconds(500)), clock: clock)
                log.lines.append("woke at \(clock.now)")
            }
        }
        #expect(result.failure == nil, "\(result.failure?.message ?? "")")
        #expect(observedLog(result) == ["woke at 4s", "woke at 4.5s"])
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func anActorOnTheSimulationExecutorRunsInsideTheRun() throws {
        let result = try App.run(duration: "100s") { runtime, context, log in
            let store = SimulatedStore(runtime: runtime)
            for index in 0..<3 {
                runtime.spawn(on: context.devices[0]) {
                    try await runtime.clock.sleep(for: .seconds(1))
                    await store.append(index)
                    log.lines.append("\(await store.count)")
                }
            }
        }
        #expect(result.failure == nil, "\(result.failure?.message ?? "")")
        #expect(observedLog(result).count == 3 && observedLog(result).contains("3"))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func eachDeviceReadsItsOwnSkewedWallClock() throws {
        let registry = PluginRegistry([
            AppPlugin { runtime, context, log in
                for device in context.devices {
                    let wall = runtime.wallClock(for: device)
                    runtime.spawn(on: device) {
                        try await runtime.clock.sleep(for: .seconds(10))
                        let seconds = wall.now.timeIntervalSince(DeviceWallClock.defaultEpoch)
                        log.lines.append("\(device.id) \(seconds)")
                    }
                }
            }
        ])
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "skew", "duration": "20s", "plugins": {"app": {}},
                 "devices": [{"id": "phone"}, {"id": "mac", "platform": "macOS", "clockSkew": "-250ms"}]}
                """)
        let result = SimulationRunner(registry: registry).run(scenario)
        #expect(Set(observedLog(result)) == ["phone 10.0", "mac 9.75"])
    }
}

/// The app's log, from the test plugin's statistics.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
func observedLog(_ result: RunResult) -> [String] {
    (result.statistics["app"]?["log"]?.arrayValue ?? []).compactMap(\.stringValue)
}

/// An actor whose serial executor is the simulation's: its methods run in the run's event order.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
actor SimulatedStore {
    private let runtime: SimulationRuntime
    private var values: [Int] = []

    init(runtime: SimulationRuntime) {
        self.runtime = runtime
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { runtime.serialExecutor }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func append(_ value: Int) {
        precondition(runtime.isOnSimulationThread)
        values.append(value)
    }

    var count: Int { values.count }
}
