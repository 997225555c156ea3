import Dispatch
import Foundation
import SimulateCore
import SimulatePlugins

/// Sweeps the 10-device × 100-allocation counter contention scenario over `seeds` seeds on every core,
/// and over a slice of them on one thread as the baseline.
func runCounterSweepBenchmark(seeds: Int) throws -> [BenchmarkFigure] {
    let registry = PluginRegistry(BuiltinPlugins.all)
    let scenario = try ScenarioLoader(registry: registry).load(
        text: CounterSweepScenario.text, file: "contention-10-devices (generated)")
    let runner = SimulationRunner(registry: registry)
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    print("counter sweep benchmark: 10 devices × 100 allocations, \(seeds) seeds, \(workers) workers")

    let baselineSeeds = max(1, min(seeds, 500))
    var baselineFailures = 0
    var baselineEvents = 0
    let baselineSeconds = BenchmarkClock.seconds {
        for seed in 0..<baselineSeeds {
            let result = runner.run(scenario, seed: UInt64(seed), keepsTrace: false)
            if !result.passed { baselineFailures += 1 }
            baselineEvents += result.events
        }
    }
    let baselineRate = Double(baselineSeeds) / baselineSeconds
    let bareRate = try bareSchedulerRate()

    let tally = SweepTally(workers: workers)
    let sweepSeconds = BenchmarkClock.seconds {
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var passed = 0
            var events = 0
            var seed = worker
            while seed < seeds {
                let result = runner.run(scenario, seed: UInt64(seed), keepsTrace: false)
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
    let sweepPerCore = Double(events) / sweepSeconds / Double(workers) / bareRate
    let singlePerCore = Double(baselineEvents) / baselineSeconds / bareRate
    print(
        "  bare Scheduler (same run): \(BenchmarkClock.millions(bareRate)) M events/s; counter events per core / bare: "
            + "sweep \(BenchmarkClock.ratio(sweepPerCore))x, single thread \(BenchmarkClock.ratio(singlePerCore))x "
            + "(target ≥ 0.5x)")
    print("  passed \(passed) of \(seeds) seeds (baseline failures: \(baselineFailures))")
    print("  10,000-seed sweep estimate: \(String(format: "%.1f", 10_000 / sweepRate)) s (target < 20 s)")
    return [
        BenchmarkFigure(
            benchmark: "counter", name: "single thread", value: baselineRate, unit: "seeds/s", better: .higher),
        BenchmarkFigure(benchmark: "counter", name: "sweep", value: sweepSeconds, unit: "s", better: .lower),
        BenchmarkFigure(
            benchmark: "counter", name: "bare Scheduler", value: bareRate / 1e6, unit: "M events/s", better: .higher,
            reference: true),
        BenchmarkFigure(
            benchmark: "counter", name: "sweep per core / bare Scheduler", value: sweepPerCore, unit: "×",
            better: .higher),
        BenchmarkFigure(
            benchmark: "counter", name: "single thread / bare Scheduler", value: singlePerCore, unit: "×",
            better: .higher),
    ]
}

/// Events per second of the bare `Scheduler` on the scheduler benchmark's workload (1,000 actors, 2 M
/// events, best of 3), measured in the same run as the baseline of a counter event's cost.
private func bareSchedulerRate() throws -> Double {
    let events: Int64 = 2_000_000
    var best = Double.infinity
    for _ in 0..<3 { best = min(best, try BenchmarkClock.seconds { _ = try swiftLoop(actors: 1_000, events: events) }) }
    return Double(events) / best
}

/// Runs the sweep's first `seeds` seeds on this thread, then prints how many passed and one hash of all
/// their trace hashes: equal output means equal runs.
func runCounterRuns(seeds: Int) throws {
    let registry = PluginRegistry(BuiltinPlugins.all)
    let scenario = try ScenarioLoader(registry: registry).load(
        text: CounterSweepScenario.text, file: "contention-10-devices (generated)")
    let runner = SimulationRunner(registry: registry)
    var combined = TraceHash()
    var passed = 0
    for seed in 0..<seeds {
        let result = runner.run(scenario, seed: UInt64(seed), keepsTrace: false)
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
