import SimulateCore
import SimulateJSON
import Testing

@testable import SimulateAsync

/// A sleep whose wake-up would be the very next event ends without suspending the task: the same run,
/// event for event, as the suspension and wake-up it replaces.
@Suite struct SleepInPlaceTests {
    /// Three clients on different periods, each calling a simulated server (a wait resumed by a scheduler
    /// event), a default actor and, every third round, a child task that sleeps too: some sleeps are the
    /// next event, others are not. The clients never stop: the run's end cuts them off mid-sleep.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static let staggered: AppPlugin.Start = { runtime, context, log in
        let clock = runtime.clock
        let server = Tally()
        for (index, device) in context.devices.enumerated() {
            runtime.spawn(on: device, "client") {
                var round = 0
                while true {
                    try await clock.sleep(for: .milliseconds(700 + 400 * index))
                    let latency = VirtualDuration.milliseconds(Int64(20 + (round * 37 + index * 11) % 90))
                    try await runtime.suspend("request") { (wait: SimulationContinuation<Void>) in
                        runtime.scheduler.schedule(after: latency) { wait.resume(returning: ()) }
                    }
                    if round % 3 == 0 {
                        async let child: Void = clock.sleep(for: .milliseconds(50))
                        try await child
                    }
                    let count = await server.add(device.id)
                    log.lines.append("\(device.id) \(round) \(count) at \(clock.now)")
                    round += 1
                }
            }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func run(
        _ start: @escaping AppPlugin.Start, seed: UInt64, inPlace: Bool, devices: [String] = ["a", "b", "c"]
    ) throws -> (result: RunResult, wokenInPlace: Int, drainsInPlace: Int) {
        let counts = InPlaceCounts()
        let result = try App.run(devices: devices, duration: "30s", seed: seed) { runtime, context, log in
            runtime.executor.runsEventsInPlace = inPlace
            context.addCloser {
                counts.sleeps = runtime.executor.sleepsWokenInPlace
                counts.drains = runtime.executor.drainsInPlace
            }
            start(runtime, context, log)
        }
        return (result, counts.sleeps, counts.drains)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: 0..<12)
    func aRunIsTheSameWithSleepsEndedInPlace(seed: UInt64) throws {
        let inPlace = try Self.run(Self.staggered, seed: seed, inPlace: true)
        let suspended = try Self.run(Self.staggered, seed: seed, inPlace: false)
        #expect(inPlace.result.failure == nil, "\(inPlace.result.failure?.message ?? "")")
        #expect(inPlace.result.traceHash == suspended.result.traceHash)
        #expect(inPlace.result.events == suspended.result.events)
        #expect(inPlace.result.simulated == suspended.result.simulated)
        #expect(observedLog(inPlace.result) == observedLog(suspended.result))
        #expect(observedLog(inPlace.result).count > 60)
        // Some sleeps were the next event and some were not.
        #expect(inPlace.wokenInPlace >= 3)
        #expect(inPlace.drainsInPlace >= 1)
        #expect(suspended.wokenInPlace == 0 && suspended.drainsInPlace == 0)
    }

    /// The determinism suite's workload (async let, task groups, an actor, equal deadlines) and a lone
    /// client whose every sleep is the next event.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func otherWorkloadsAreTheSameToo() throws {
        let lone: AppPlugin.Start = { runtime, context, log in
            runtime.spawn(on: context.devices[0], "backoff") {
                var delay = Duration.seconds(1)
                while true {
                    try await runtime.clock.sleep(for: delay)
                    log.lines.append("woke at \(runtime.clock.now)")
                    delay = min(delay * 2, .seconds(4))
                }
            }
        }
        for seed in UInt64(0)..<5 {
            let workloads: [(AppPlugin.Start, [String])] = [
                (RuntimeDeterminismTests.workload, ["a", "b", "c"]), (lone, ["phone"]),
            ]
            for (workload, devices) in workloads {
                let inPlace = try Self.run(workload, seed: seed, inPlace: true, devices: devices)
                let suspended = try Self.run(workload, seed: seed, inPlace: false, devices: devices)
                #expect(inPlace.result.traceHash == suspended.result.traceHash, "seed \(seed)")
                #expect(inPlace.result.events == suspended.result.events, "seed \(seed)")
                #expect(observedLog(inPlace.result) == observedLog(suspended.result), "seed \(seed)")
                if devices.count > 1 { #expect(inPlace.drainsInPlace > 20, "seed \(seed)") }
            }
        }
        let lonely = try Self.run(lone, seed: 0, inPlace: true, devices: ["phone"])
        // At 1, 3, 7, 11, … 27 s: 8 wake-ups, all in place; the 9th sleep would end after the run.
        #expect(observedLog(lonely.result).count == 8)
        #expect(lonely.wokenInPlace == 8)
    }

    /// A run that records its schedule (`explore`, `shrink`) follows every job and so ends no sleep in
    /// place: it is the same run as the plain one, whose replay line it prints.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: ["random", "delay:3"])
    func aRecordedRunIsThePlainRun(strategy: String) throws {
        let (scenario, registry) = try ScheduleStrategyTests.scenario(strategy: strategy, Self.staggered)
        let runner = SimulationRunner(registry: registry)
        for seed in UInt64(0)..<5 {
            let recorded = runner.run(scenario, seed: seed, keepsTrace: false, recordsSchedule: true)
            let plain = runner.run(scenario, seed: seed, keepsTrace: false)
            #expect(recorded.schedule != nil && plain.schedule == nil)
            #expect(recorded.traceHash == plain.traceHash, "\(strategy) seed \(seed)")
            #expect(recorded.events == plain.events, "\(strategy) seed \(seed)")
        }
    }

    /// A check part-way through the run sees the app as it is at that time: a sleep that would end after it
    /// suspends, and the check reads the log before the task wakes.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aCheckPartWayThroughSeesTheLogOfItsTime() throws {
        let registry = PluginRegistry([
            AppPlugin { runtime, context, log in
                runtime.spawn(on: context.devices[0], "backoff") {
                    for seconds in [1, 2, 4, 4, 4] {
                        try await runtime.clock.sleep(for: .seconds(seconds))
                        log.lines.append("woke at \(runtime.clock.now)")
                    }
                }
            }
        ])
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "a check between sleeps", "duration": "30s", "devices": [{"id": "phone"}],
                 "plugins": {"app": {}},
                 "expect": [{"check": "app.log", "at": "5s", "equals": "woke at 1s\\nwoke at 3s"},
                            {"check": "app.log", "at": "7s", "equals": "woke at 1s\\nwoke at 3s\\nwoke at 7s"}]}
                """)
        let result = SimulationRunner(registry: registry).run(scenario, seed: 0, keepsTrace: false)
        let observed = result.expectations.map { "\($0.name): \($0.observed.map { JSONWriter.string($0) } ?? "-")" }
        #expect(result.passed, "\(observed)")
        #expect(observedLog(result).count == 5)
    }

    /// A cancelled task's next sleep still throws at once.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aCancelledTaskStillStopsAtItsNextSleep() throws {
        let result = try App.run(devices: ["phone"], duration: "10s") { runtime, context, log in
            let clock = runtime.clock
            let sleeper = runtime.spawn(on: context.devices[0], "sleeper") {
                do {
                    while true { try await clock.sleep(for: .milliseconds(100)) }
                } catch {
                    log.lines.append("stopped at \(clock.now)")
                }
            }
            runtime.scheduler.schedule(after: .milliseconds(250)) { sleeper.cancel() }
        }
        #expect(observedLog(result) == ["stopped at 250ms"])
    }
}

/// What the executor ran in place in one run, read as the run closes.
private final class InPlaceCounts: @unchecked Sendable {
    var sleeps = 0
    var drains = 0
}
