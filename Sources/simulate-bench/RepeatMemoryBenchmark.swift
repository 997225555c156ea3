import Foundation
import SimulateCore
import SimulatePlugins

/// Peak memory against repeat counts: for each ``RepeatWorkload`` (one per plugin's repeated work), its scenario
/// with N = 10⁵, 10⁶, 10⁷, each in its own child process so that peak RSS (getrusage) is that run's alone.
/// Repeated steps and faults wait in the queue one occurrence at a time and every invariant keeps what a later
/// verdict still needs, so the peaks of one workload stay within 10 % of each other (README.md, "Memory").
enum RepeatMemoryBenchmark {
    static let childVariable = "SIMULATE_BENCH_REPEAT_CHILD"

    struct Sample {
        var count: Int
        var seconds: Double
        var events: Int
        var peakBytes: Int
    }

    static func run(counts: [Int], workloads: [RepeatWorkload]) throws -> [BenchmarkFigure] {
        print("repeat memory: 4 steps repeated N times, one child process per workload and N")
        var figures: [BenchmarkFigure] = []
        for workload in workloads {
            figures += try run(workload, counts: counts)
        }
        return figures
    }

    private static func run(_ workload: RepeatWorkload, counts: [Int]) throws -> [BenchmarkFigure] {
        var samples: [Sample] = []
        for count in counts {
            let sample = try child(workload, count: count)
            samples.append(sample)
            print(
                "  \(workload.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)) "
                    + "N = \(String(count).padding(toLength: 9, withPad: " ", startingAt: 0)) "
                    + "\(String(format: "%11d", sample.events)) events  "
                    + "\(String(format: "%7.1f", Double(sample.peakBytes) / 1e6)) MB peak RSS  "
                    + "\(String(format: "%6.1f", sample.seconds)) s")
        }
        let peaks = samples.map { Double($0.peakBytes) }
        let spread = (peaks.max() ?? 0) / max(peaks.min() ?? 1, 1)
        print("  \(workload.rawValue): largest / smallest peak \(String(format: "%.3f", spread))x (target <= 1.10)")
        return samples.map {
            BenchmarkFigure(
                benchmark: "repeats",
                name: "peak RSS, " + (workload == .sse ? "" : "\(workload.rawValue), ") + "N = \($0.count)",
                value: Double($0.peakBytes) / 1e6,
                unit: "MB", better: .lower)
        } + [.ratio("repeats", "\(workload.rawValue) largest / smallest peak", spread, better: .lower)]
    }

    private static func child(_ workload: RepeatWorkload, count: Int) throws -> Sample {
        let fields: [Double]
        switch try ProcessMeasures.childFigures(childVariable, "\(workload.rawValue):\(count)") {
        case .success(let figures): fields = figures
        case .failure(let failure):
            throw BenchmarkError(
                message: "the \(workload.rawValue) repeat child for \(count) failed: \(failure.output)")
        }
        return Sample(count: count, seconds: fields[0], events: Int(fields[1]), peakBytes: Int(fields[2]))
    }

    /// In the child: runs one workload's scenario ("workload:count") once, prints "seconds events peakBytes".
    static func runChild(_ argument: String) throws {
        let parts = argument.split(separator: ":")
        guard parts.count == 2, let workload = RepeatWorkload(rawValue: String(parts[0])), let count = Int(parts[1])
        else { throw BenchmarkError(message: "not workload:count: \(argument)") }
        let registry = PluginRegistry(BuiltinPlugins.all)
        let scenario = try ScenarioLoader(registry: registry).load(text: workload.scenario(count: count))
        let start = ContinuousClock.now
        let result = SimulationRunner(registry: registry).run(scenario, keepsTrace: false)
        let elapsed = ContinuousClock.now - start
        if let failure = result.failure { throw BenchmarkError(message: "the run broke: \(failure.message)") }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(String(format: "%.3f", seconds), result.events, ProcessMeasures.peakResidentBytes())
    }
}
