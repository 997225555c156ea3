import Foundation
import SimulateCore
import SimulatePlugins

/// Peak memory against repeat counts: one small scenario — four steps and one fault, each repeated N times — run
/// for N = 10⁵, 10⁶, 10⁷, each in its own child process so that peak RSS (getrusage) is that run's alone. Repeated
/// steps and faults wait in the queue one occurrence at a time, so the peaks stay within 10 % of each other
/// (docs/performance-and-limits in README: "Memory"). The steps are `sse.toggle` of an item that does not exist:
/// real step events through the plugin, with no state of their own that grows.
enum RepeatMemoryBenchmark {
    static let childVariable = "SIMULATE_BENCH_REPEAT_CHILD"

    /// The scenario with every repeat counting `count` (about 300 bytes, whatever the count).
    static func scenario(count: Int) -> String {
        let repeating = #""repeat": {"every": "10ms", "count": \#(count)}"#
        let steps = (0..<4).map { index in
            #"{"at": "\#(index)ms", "device": "\#(index % 2 == 0 ? "a" : "b")", "do": "sse.toggle", "args": {"item": "none"}, \#(repeating)}"#
        }
        return """
            {"format": 1, "name": "repeats", "duration": "\(count / 100 + 1)s", "limits": {"events": \(count * 8)},
             "devices": [{"id": "a"}, {"id": "b"}], "plugins": {"sse": {}},
             "steps": [\(steps.joined(separator: ", "))],
             "faults": [{"at": "5ms", "for": "1ms", "device": "b", "kind": "latency", "latency": "20ms", \(repeating)}],
             "expect": []}
            """
    }

    struct Sample {
        var count: Int
        var seconds: Double
        var events: Int
        var peakBytes: Int
    }

    static func run(counts: [Int]) throws -> [BenchmarkFigure] {
        print("repeat memory: 4 steps and 1 fault, each repeated N times, one child process per N")
        var samples: [Sample] = []
        for count in counts {
            let sample = try child(count: count)
            samples.append(sample)
            print(
                "  N = \(String(count).padding(toLength: 9, withPad: " ", startingAt: 0)) "
                    + "\(String(format: "%11d", sample.events)) events  "
                    + "\(String(format: "%7.1f", Double(sample.peakBytes) / 1e6)) MB peak RSS  "
                    + "\(String(format: "%6.1f", sample.seconds)) s")
        }
        let peaks = samples.map { Double($0.peakBytes) }
        let spread = (peaks.max() ?? 0) / max(peaks.min() ?? 1, 1)
        print("  largest / smallest peak: \(String(format: "%.3f", spread))x (target <= 1.10)")
        return samples.map {
            BenchmarkFigure(
                benchmark: "repeats", name: "peak RSS, N = \($0.count)", value: Double($0.peakBytes) / 1e6,
                unit: "MB", better: .lower)
        } + [.ratio("repeats", "largest / smallest peak", spread, better: .lower)]
    }

    private static func child(count: Int) throws -> Sample {
        let fields: [Double]
        switch try ProcessMeasures.childFigures(childVariable, String(count)) {
        case .success(let figures): fields = figures
        case .failure(let failure):
            throw BenchmarkError(message: "the repeat child for \(count) failed: \(failure.output)")
        }
        return Sample(count: count, seconds: fields[0], events: Int(fields[1]), peakBytes: Int(fields[2]))
    }

    /// In the child: runs the scenario once, prints "seconds events peakBytes".
    static func runChild(_ count: String) throws {
        guard let count = Int(count) else { throw BenchmarkError(message: "not a count: \(count)") }
        let registry = PluginRegistry(BuiltinPlugins.all)
        let scenario = try ScenarioLoader(registry: registry).load(text: scenario(count: count))
        let start = ContinuousClock.now
        let result = SimulationRunner(registry: registry).run(scenario, keepsTrace: false)
        let elapsed = ContinuousClock.now - start
        if let failure = result.failure { throw BenchmarkError(message: "the run broke: \(failure.message)") }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(String(format: "%.3f", seconds), result.events, ProcessMeasures.peakResidentBytes())
    }
}
