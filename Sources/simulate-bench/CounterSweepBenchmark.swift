import Dispatch
import Foundation
import SimulateCore
import SimulatePlugins

/// Sweeps the 10-device × 100-allocation counter contention scenario over `seeds` seeds on every core,
/// and over a slice of them on one thread as the baseline. The runs compute no trace hash, as
/// `simulate run --seeds` in CI (quiet, no report files) runs the seeds that pass; one thread of runs
/// that each compute it is measured beside them.
func runCounterSweepBenchmark(seeds: Int) throws -> [BenchmarkFigure] {
    let registry = PluginRegistry(BuiltinPlugins.all)
    let scenario = try ScenarioLoader(registry: registry).load(
        text: CounterSweepScenario.text, file: "contention-10-devices (generated)")
    let runner = SimulationRunner(registry: registry)
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    print("counter sweep benchmark: 10 devices × 100 allocations, \(seeds) seeds, \(workers) workers")

    // The bare scheduler's rate on one thread, in this run: the events/s a run could reach if plugins cost nothing.
    let schedulerRate = try bareSchedulerRate()
    let baselineSeeds = max(1, min(seeds, 500))
    var baselineFailures = 0
    var baselineEvents = 0
    let baselineSeconds = BenchmarkClock.seconds {
        for seed in 0..<baselineSeeds {
            let result = runner.run(scenario, seed: UInt64(seed), keepsTrace: false, hashesTrace: false)
            if !result.passed { baselineFailures += 1 }
            baselineEvents += result.events
        }
    }
    let baselineRate = Double(baselineSeeds) / baselineSeconds
    var hashedEvents = 0
    let hashedSeconds = BenchmarkClock.seconds {
        for seed in 0..<baselineSeeds {
            hashedEvents += runner.run(scenario, seed: UInt64(seed), keepsTrace: false).events
        }
    }

    let tally = SweepTally(workers: workers)
    let sweepSeconds = BenchmarkClock.seconds {
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var passed = 0
            var events = 0
            var seed = worker
            while seed < seeds {
                let result = runner.run(scenario, seed: UInt64(seed), keepsTrace: false, hashesTrace: false)
                if result.passed { passed += 1 }
                events += result.events
                seed += workers
            }
            tally.record(worker: worker, passed: passed, events: events)
        }
    }
    let sweepRate = Double(seeds) / sweepSeconds
    let (passed, events) = tally.totals
    print("  single thread (\(baselineSeeds) seeds): \(String(format: "%9.1f", baselineRate)) seeds/s")
    print(
        "  sweep (\(seeds) seeds):           \(String(format: "%9.1f", sweepRate)) seeds/s  "
            + "\(String(format: "%.2f", sweepSeconds)) s wall  \(BenchmarkClock.millions(Double(events) / sweepSeconds)) M events/s"
    )
    print("  sweep / single thread: \(BenchmarkClock.ratio(sweepRate / baselineRate))x on \(workers) cores")
    print("  passed \(passed) of \(seeds) seeds (baseline failures: \(baselineFailures))")
    print("  10,000-seed sweep estimate: \(String(format: "%.1f", 10_000 / sweepRate)) s (target < 20 s)")
    let singleShare = Double(baselineEvents) / baselineSeconds / schedulerRate
    let sweepShare = Double(events) / sweepSeconds / Double(workers) / schedulerRate
    let hashedShare = Double(hashedEvents) / hashedSeconds / schedulerRate
    print(
        "  bare Scheduler (one thread, same run): \(BenchmarkClock.millions(schedulerRate)) M events/s → "
            + "single thread \(BenchmarkClock.ratio(singleShare))×, sweep per core \(BenchmarkClock.ratio(sweepShare))× "
            + "of its rate (target ≥ 0.5×)")
    print(
        "  every run hashing its trace (one thread, \(baselineSeeds) seeds): \(BenchmarkClock.ratio(hashedShare))× "
            + "of the bare Scheduler's rate; without the hash \(BenchmarkClock.ratio(baselineSeconds / hashedSeconds))× the time"
    )
    return [
        .ratio("counter", "single thread / bare Scheduler", singleShare, better: .higher),
        .ratio("counter", "sweep per core / bare Scheduler", sweepShare, better: .higher),
        .ratio("counter", "single thread, hashed / bare Scheduler", hashedShare, better: .higher),
        BenchmarkFigure(
            benchmark: "counter", name: "single thread", value: baselineRate, unit: "seeds/s", better: .higher),
        BenchmarkFigure(benchmark: "counter", name: "sweep", value: sweepSeconds, unit: "s", better: .lower),
    ]
}

/// The scheduler benchmark's workload on one thread, 4 M events, best of 3: events per second.
private func bareSchedulerRate() throws -> Double {
    let events: Int64 = 4_000_000
    var best = Double.infinity
    for _ in 0..<3 { best = min(best, try BenchmarkClock.seconds { _ = try swiftLoop(actors: 1_000, events: events) }) }
    return Double(events) / best
}

/// Runs the sweep's first `seeds` seeds on this thread, then prints how many passed and one hash of all
/// their trace hashes: equal output means equal runs. `hashes` false: the runs compute no trace hash, as
/// the sweep's do (the combined hash is then of nothing).
func runCounterRuns(seeds: Int, hashes: Bool = true) throws {
    let registry = PluginRegistry(BuiltinPlugins.all)
    let scenario = try ScenarioLoader(registry: registry).load(
        text: CounterSweepScenario.text, file: "contention-10-devices (generated)")
    let runner = SimulationRunner(registry: registry)
    var combined = TraceHash()
    var passed = 0
    for seed in 0..<seeds {
        let result = runner.run(scenario, seed: UInt64(seed), keepsTrace: false, hashesTrace: hashes)
        if result.passed { passed += 1 }
        combined.combine(result.traceHash)
    }
    print("counter runs: \(passed) of \(seeds) seeds passed, trace hashes combined: \(combined.hex)")
}

/// Per-worker results of a sweep, each worker writing its own slot.
private final class SweepTally: @unchecked Sendable {
    private let lock = NSLock()
    private var passed: [Int]
    private var events: [Int]

    init(workers: Int) {
        passed = Array(repeating: 0, count: workers)
        events = Array(repeating: 0, count: workers)
    }

    func record(worker: Int, passed count: Int, events eventCount: Int) {
        lock.lock()
        passed[worker] = count
        events[worker] = eventCount
        lock.unlock()
    }

    var totals: (passed: Int, events: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (passed.reduce(0, +), events.reduce(0, +))
    }
}

/// The bundled `Scenarios/counter/contention-10-devices.json`, built in code so the benchmark runs from any directory.
enum CounterSweepScenario {
    static var text: String {
        let devices = (1...10).map { "{\"id\": \"d\(pad($0))\"}" }.joined(separator: ", ")
        let steps = (1...10).map {
            "{\"at\": \"\(($0 - 1) * 10)ms\", \"device\": \"d\(pad($0))\", \"do\": \"counter.next\", "
                + "\"repeat\": {\"every\": \"3s\", \"count\": 100}}"
        }.joined(separator: ", ")
        return """
            {"format": 1, "name": "counter: 10 devices in contention", "duration": "330s",
             "devices": [\(devices)], "network": {"latency": {"min": "20ms", "max": "120ms"}},
             "plugins": {"counter": {"maxAttempts": 30}}, "steps": [\(steps)],
             "expect": [{"invariant": "counter.unique"}, {"invariant": "counter.contiguous"},
                        {"invariant": "counter.retryBound"}, {"at": "end", "check": "counter.value", "equals": 1000}]}
            """
    }

    private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
