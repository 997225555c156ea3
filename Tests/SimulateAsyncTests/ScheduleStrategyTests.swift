import SimulateAsync
import SimulateCore
import Testing

/// Strategies other than `random`: deterministic per seed and strategy, replayable from the recorded
/// deviations, and PCT finds an ordering bug in far fewer runs than seeded random.
@Suite struct ScheduleStrategyTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func scenario(strategy: String?, _ start: @escaping AppPlugin.Start) throws -> (Scenario, PluginRegistry) {
        let registry = PluginRegistry([AppPlugin(start: start)])
        let field = strategy.map { ", \"strategy\": \"\($0)\"" } ?? ""
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "async app", "duration": "60s", "devices": [{"id": "a"}, {"id": "b"}, {"id": "c"}],
                 "plugins": {"app": {}}\(field)}
                """)
        return (scenario, registry)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func run(
        _ strategy: String?, seed: UInt64, _ start: @escaping AppPlugin.Start = RuntimeDeterminismTests.workload
    ) throws -> RunResult {
        let (scenario, registry) = try Self.scenario(strategy: strategy, start)
        return SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: false, recordsSchedule: true)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: ["random", "pct:1", "pct:3", "pct:3:40", "delay:0", "delay:3", "delay:3:40", "fifo"])
    func sameSeedAndStrategyGiveTheSameSchedule(strategy: String) throws {
        var hashes: Set<String> = []
        for seed in UInt64(0)..<8 {
            let first = try Self.run(strategy, seed: seed)
            let second = try Self.run(strategy, seed: seed)
            #expect(first.failure == nil, "\(first.failure?.message ?? "")")
            #expect(first.traceHash == second.traceHash, "\(strategy) seed \(seed)")
            #expect(first.schedule == second.schedule, "\(strategy) seed \(seed)")
            #expect((first.schedule?.choices ?? 0) > 10)
            hashes.insert(first.traceHash)
        }
        // fifo ignores the seed; the others draw their choices from it.
        if strategy == "fifo" || strategy == "delay:0" { #expect(hashes.count == 1) } else { #expect(hashes.count > 4) }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: ["random", "pct:3", "delay:4"])
    func aRecordedScheduleReplaysByteForByte(strategy: String) throws {
        for seed in UInt64(0)..<5 {
            let original = try Self.run(strategy, seed: seed)
            let schedule = try #require(original.schedule)
            // The seed no longer matters to the order: replay it with another one too (the workload draws nothing).
            let replayed = try Self.run(schedule.strategy.description, seed: seed)
            #expect(replayed.traceHash == original.traceHash, "\(strategy) seed \(seed): \(schedule.strategy)")
            #expect(replayed.schedule?.deviations == schedule.deviations)
            #expect(replayed.schedule?.choices == schedule.choices)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func randomNamedOrNotIsTheSameRun() throws {
        for seed in UInt64(0)..<5 {
            let (scenario, registry) = try Self.scenario(strategy: nil, RuntimeDeterminismTests.workload)
            let plain = SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: false)
            let named = try Self.run("random", seed: seed)
            #expect(plain.traceHash == named.traceHash)
            #expect(plain.schedule == nil && plain.strategy == nil)
            #expect(named.strategy == .random)
        }
    }

    /// Two tasks that each write ten lines, yielding after each.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static let twoWriters: AppPlugin.Start = { runtime, context, log in
        for name in ["x", "y"] {
            runtime.spawn(on: context.devices[0], name) {
                for index in 0..<10 {
                    log.lines.append("\(name)\(index)")
                    await Task.yield()
                }
            }
        }
    }

    /// The assumption PCT rests on: a task's job is the task, so its address names the task across
    /// suspensions. With one priority per task and no change point (`pct:1`), one task runs to its end
    /// before the other starts; and the recording sees one task pair, not one per suspension.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aTaskKeepsItsIdentityAcrossSuspensions() throws {
        var firsts: Set<String> = []
        for seed in UInt64(0)..<10 {
            let result = try Self.run("pct:1", seed: seed, Self.twoWriters)
            let lines = try #require(result.statistics["app"]?["log"]?.arrayValue).compactMap(\.stringValue)
            #expect(lines.count == 20)
            let first = lines.first.map { String($0.prefix(1)) } ?? ""
            #expect(lines.prefix(10).allSatisfy { $0.hasPrefix(first) }, "seed \(seed): \(lines)")
            firsts.insert(first)
            #expect(result.schedule?.pairOrders.count == 1, "seed \(seed)")
        }
        #expect(firsts.count == 2)
    }

    /// How many tasks of work the rotation does before it writes.
    static let rotationSteps = 10

    /// A two-task lost update: `refresh` reads the token, awaits the network, and writes back what it
    /// read plus one; `rotate` does ten steps of work and then adds 100. The rotation is lost only when
    /// all of its steps run while `refresh` waits between its read and its write (a depth-2 bug).
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static let staleWrite: AppPlugin.Start = { runtime, context, log in
        let device = context.devices[0]
        runtime.spawn(on: device, "refresh") {
            let token = log.value
            await Task.yield()
            log.value = token + 1
        }
        runtime.spawn(on: device, "rotate") {
            for _ in 0..<rotationSteps { await Task.yield() }
            log.value += 100
        }
        runtime.spawn(on: device, "check") {
            try await runtime.clock.sleep(for: .seconds(1))
            if log.value != 101 { log.problems.append("lost update: token \(log.value), expected 101") }
        }
    }

    /// Schedules to the first failure for 15 exploration seeds; nil when `limit` runs found none.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func schedulesToFailure(_ strategy: ScheduleStrategy, limit: Int) throws -> [Int?] {
        let (scenario, registry) = try Self.scenario(strategy: nil, Self.staleWrite)
        return (UInt64(0)..<15).map { start in
            let exploration = ScheduleExplorer(registry: registry).explore(
                scenario, strategy: strategy, runs: limit, firstSeed: start * 1_000_000)
            return exploration.failure == nil ? nil : exploration.runs
        }
    }

    static func median(_ counts: [Int?], limit: Int) -> Int {
        let sorted = counts.map { $0 ?? limit + 1 }.sorted()
        return sorted[sorted.count / 2]
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func pctFindsTheLostUpdateInFarFewerSchedulesThanRandom() throws {
        let pct = try Self.schedulesToFailure(.pct(depth: 2, steps: nil), limit: 2_000)
        let random = try Self.schedulesToFailure(.random, limit: 2_000)
        let pctMedian = Self.median(pct, limit: 2_000)
        let randomMedian = Self.median(random, limit: 2_000)
        print(
            "lost update, schedules to the first failure (15 exploration seeds): pct:2 \(pct), median \(pctMedian); "
                + "random \(random), median \(randomMedian)")
        #expect(pct.allSatisfy { $0 != nil })
        #expect(pctMedian * 10 <= randomMedian, "pct:2 median \(pctMedian), random median \(randomMedian)")
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func anExploredFailureReplaysFromItsSeedAndStrategy() throws {
        let (scenario, registry) = try Self.scenario(strategy: nil, Self.staleWrite)
        let exploration = ScheduleExplorer(registry: registry).explore(
            scenario, strategy: .pct(depth: 2, steps: nil), runs: 500, firstSeed: 0)
        let failure = try #require(exploration.failure)
        let strategy = try #require(failure.strategy)
        #expect(strategy.steps != nil)
        #expect(failure.replayCommand.hasSuffix("--seed \(failure.seed) --strategy \(strategy)"))
        var again = scenario
        again.strategy = strategy
        let replayed = SimulationRunner(registry: registry).run(again, seed: failure.seed, keepsTrace: false)
        #expect(!replayed.passed)
        #expect(replayed.traceHash == failure.traceHash)
        #expect(exploration.coverage.schedules == exploration.runs)
        #expect(exploration.coverage.distinctSchedules >= 1)
    }
}
