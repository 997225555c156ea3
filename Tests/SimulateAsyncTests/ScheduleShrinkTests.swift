import SimulateAsync
import SimulateCore
import SimulateJSON
import Testing

/// A failing schedule shrinks to a few deviations from the oldest-first order, and the shrunk
/// scenario replays them exactly; a bad `"strategy"` is an error located in the file.
@Suite struct ScheduleShrinkTests {
    /// `init` sets the value; `use` reads it. Spawned first, `init` runs first in the oldest-first order,
    /// so the bug needs `use` to be moved ahead of it. Four noise tasks yield around them.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static let useBeforeInit: AppPlugin.Start = { runtime, context, log in
        let device = context.devices[0]
        runtime.spawn(on: device, "init") { log.value = 1 }
        for index in 0..<4 {
            runtime.spawn(on: device, "noise \(index)") {
                for _ in 0..<5 { await Task.yield() }
            }
        }
        runtime.spawn(on: device, "use") {
            if log.value != 1 { log.problems.append("used before it was set") }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func text(strategy: String) -> String {
        """
        {"format": 1, "name": "use before init", "duration": "10s", "devices": [{"id": "a"}, {"id": "b"}],
         "strategy": "\(strategy)", "plugins": {"app": {}}}
        """
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aFailingScheduleShrinksToOneDeviationAndReplaysFromTheFile() throws {
        let registry = PluginRegistry([AppPlugin(start: Self.useBeforeInit)])
        let runner = SimulationRunner(registry: registry)
        // The first seed under which seeded random order fails.
        let scenario = try ScenarioLoader(registry: registry).load(text: Self.text(strategy: "random"))
        let seed = try #require((UInt64(0)..<200).first { !runner.run(scenario, seed: $0, keepsTrace: false).passed })
        let recorded = runner.run(scenario, seed: seed, keepsTrace: false, recordsSchedule: true)
        let before = try #require(recorded.schedule).deviations.count
        #expect(before > 1)

        // random is shrunk as the scenario alone; naming another strategy shrinks the schedule too.
        let result = try ScenarioShrinker.shrink(
            text: Self.text(strategy: "random"), seed: seed,
            strategy: .replay(try #require(recorded.schedule).deviations), registry: registry)
        let schedule = try #require(result.schedule)
        print("use before init, seed \(seed): schedule shrunk from \(schedule.before) to \(schedule.after) deviations")
        #expect(schedule.before == before)
        #expect(schedule.after == 1)
        let written = try #require(result.minimal["strategy"]?.stringValue)
        print("written: \(written)")
        #expect(written.hasPrefix("replay:"))
        #expect(result.after.devices == 1)

        // The minimal file replays byte for byte: same failure, same hash, the same choices recorded.
        let minimal = try ScenarioLoader(registry: registry).load(text: JSONWriter.string(result.minimal))
        let first = runner.run(minimal, keepsTrace: false, recordsSchedule: true)
        let second = runner.run(minimal, keepsTrace: false)
        #expect(!first.passed)
        #expect(first.traceHash == second.traceHash)
        #expect(first.schedule?.strategy.description == written)
        #expect(first.replayCommand.hasSuffix("--strategy \(written)"))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aFailingPCTRunShrinksItsSchedule() throws {
        let registry = PluginRegistry([AppPlugin(start: Self.useBeforeInit)])
        let scenario = try ScenarioLoader(registry: registry).load(text: Self.text(strategy: "pct:2"))
        let exploration = ScheduleExplorer(registry: registry).explore(scenario, runs: 200, firstSeed: 0)
        let failure = try #require(exploration.failure)
        let strategy = try #require(failure.strategy)
        let result = try ScenarioShrinker.shrink(
            text: Self.text(strategy: "pct:2"), seed: failure.seed, strategy: strategy, registry: registry)
        let schedule = try #require(result.schedule)
        print(
            "use before init, pct:2 seed \(failure.seed): schedule shrunk from \(schedule.before) to \(schedule.after)")
        #expect(schedule.after == 1)
        #expect(result.minimal["strategy"]?.stringValue?.hasPrefix("replay:") == true)
    }

    @Test(arguments: [
        ("pct:0", "D must be a whole number from 1"), ("pct", "expected random, pct:D"),
        ("delay:-1", "K must be a whole number from 0"), ("pct:2:0", "N (the choices"),
        ("replay:3,2", "the steps must increase"), ("replay:1+0", "is not STEP or STEP+SKIP"),
        ("randm", "expected random"),
    ])
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func aBadStrategyIsLocated(text: String, message: String) throws {
        let registry = PluginRegistry([AppPlugin(start: Self.useBeforeInit)])
        let file =
            "{\"format\": 1, \"name\": \"x\", \"duration\": \"1s\", \"devices\": [{\"id\": \"a\"}],\n"
            + " \"plugins\": {\"app\": {}}, \"strategy\": \"\(text)\"}"
        #expect {
            try ScenarioLoader(registry: registry).load(text: file, file: "bad.json")
        } throws: { error in
            guard let error = error as? ScenarioError, let diagnostic = error.diagnostics.first else { return false }
            return diagnostic.path == .root / "strategy" && diagnostic.location?.line == 2
                && diagnostic.message.contains(message) && error.description.contains("bad.json:2:")
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func strategiesPrintAsTheyParse() throws {
        for text in ["random", "fifo", "pct:3", "pct:3:500", "delay:0", "delay:2:40", "replay:4,9+2,10"] {
            #expect(try ScheduleStrategy(parsing: text).description == text)
        }
        #expect(try ScheduleStrategy(parsing: "replay:") == .replay([]))
        #expect(ScheduleStrategy.pct(depth: 3, steps: nil).withSteps(41).description == "pct:3:41")
    }
}

extension ScheduleShrinkTests {
    /// Schedules to the first failure of use-before-init, 15 exploration seeds, per strategy: one delay
    /// must fall on the first of about 30 choices, so `delay:1` needs about that many runs.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func delayBoundingFindsAnOrderViolationWithOneDelay() throws {
        let registry = PluginRegistry([AppPlugin(start: Self.useBeforeInit)])
        let scenario = try ScenarioLoader(registry: registry).load(text: Self.text(strategy: "random"))
        func medianRuns(_ strategy: ScheduleStrategy) -> (Int, [Int?]) {
            let counts = (UInt64(0)..<15).map { start -> Int? in
                let exploration = ScheduleExplorer(registry: registry).explore(
                    scenario, strategy: strategy, runs: 500, firstSeed: start * 1_000_000)
                return exploration.failure == nil ? nil : exploration.runs
            }
            let sorted = counts.map { $0 ?? 501 }.sorted()
            return (sorted[sorted.count / 2], counts)
        }
        let delay = medianRuns(.delay(delays: 1, steps: nil))
        let pct = medianRuns(.pct(depth: 1, steps: nil))
        let random = medianRuns(.random)
        print(
            "use before init, median schedules to the first failure (15 exploration seeds): delay:1 \(delay.0), "
                + "pct:1 \(pct.0), random \(random.0)")
        #expect(delay.1.allSatisfy { $0 != nil })
        #expect(delay.0 <= 50)
    }
}
