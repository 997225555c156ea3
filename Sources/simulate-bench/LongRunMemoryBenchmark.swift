import Foundation
import SimulateCore
import SimulatePlugins

/// Peak memory against a run's length (README.md, "Memory"): an `sse` stream that times out and reconnects every
/// minute on two devices for 1,000, 10,000 and 100,000 hours, and `counter` allocations every second on
/// two devices for as many seconds, each run in its own child process so that peak RSS (getrusage) is
/// that run's alone. Invariants judge as the run goes, so a longer run keeps what the shorter one does
/// (README: "Memory"), except what a plugin still keeps per event (the figures say how much).
enum LongRunMemoryBenchmark {
    static let childVariable = "SIMULATE_BENCH_LONG_RUN_CHILD"

    /// The `sse` run: quiet-stream-timeout.json's client, with its default invariants, for `hours`.
    static func sse(hours: Int) -> String {
        """
        {"format": 1, "name": "sse \(hours) h", "duration": "\(hours)h", "limits": {"events": 2000000000},
         "devices": [{"id": "a"}, {"id": "b"}], "plugins": {"sse": {"items": ["milk"]}}}
        """
    }

    /// The `counter` run: one allocation per second on each of two devices for `seconds`.
    static func counter(seconds: Int) -> String {
        let repeating = #""repeat": {"every": "1s", "count": \#(seconds)}"#
        return """
            {"format": 1, "name": "counter \(seconds) s", "duration": "\(seconds + 10)s",
             "limits": {"events": 2000000000}, "devices": [{"id": "a"}, {"id": "b"}], "plugins": {"counter": {}},
             "steps": [{"at": "0s", "device": "a", "do": "counter.next", \(repeating)},
                       {"at": "500ms", "device": "b", "do": "counter.next", \(repeating)}]}
            """
    }

    struct Sample {
        var label: String
        var seconds: Double
        var events: Int
        var peakBytes: Int
    }

    static func run(hours: [Int], allocations: [Int]) throws -> [BenchmarkFigure] {
        print("long-run memory: one child process per run")
        var figures: [BenchmarkFigure] = []
        for (plugin, lengths) in [("sse", hours), ("counter", allocations)] {
            var peaks: [Double] = []
            for length in lengths {
                let sample = try child(plugin: plugin, length: length)
                peaks.append(Double(sample.peakBytes))
                print(
                    "  \(sample.label.padding(toLength: 30, withPad: " ", startingAt: 0)) "
                        + "\(String(format: "%11d", sample.events)) events  "
                        + "\(String(format: "%7.1f", Double(sample.peakBytes) / 1e6)) MB peak RSS  "
                        + "\(String(format: "%6.1f", sample.seconds)) s")
                figures.append(
                    BenchmarkFigure(
                        benchmark: "long-runs", name: "peak RSS, \(sample.label)",
                        value: Double(sample.peakBytes) / 1e6, unit: "MB", better: .lower))
            }
            // Baseline: the shortest run of the same plugin, in this run.
            if let first = peaks.first, let last = peaks.last, peaks.count > 1 {
                print("  \(plugin): longest / shortest run's peak \(BenchmarkClock.ratio(last / first))×")
                figures.append(.ratio("long-runs", "\(plugin) longest / shortest peak", last / first, better: .lower))
            }
        }
        return figures
    }

    private static func child(plugin: String, length: Int) throws -> Sample {
        let fields: [Double]
        switch try ProcessMeasures.childFigures(childVariable, "\(plugin):\(length)") {
        case .success(let figures): fields = figures
        case .failure(let failure):
            throw BenchmarkError(message: "the long-run child for \(plugin) \(length) failed: \(failure.output)")
        }
        let label = plugin == "sse" ? "sse, \(length) h" : "counter, 2 × \(length) allocations"
        return Sample(label: label, seconds: fields[0], events: Int(fields[1]), peakBytes: Int(fields[2]))
    }

    /// In the child: runs one scenario ("sse:HOURS" or "counter:SECONDS"), prints "seconds events peakBytes".
    static func runChild(_ argument: String) throws {
        let parts = argument.split(separator: ":")
        guard parts.count == 2, let length = Int(parts[1]) else {
            throw BenchmarkError(message: "not plugin:length: \(argument)")
        }
        let text = parts[0] == "sse" ? sse(hours: length) : counter(seconds: length)
        let registry = PluginRegistry(BuiltinPlugins.all)
        let scenario = try ScenarioLoader(registry: registry).load(text: text)
        let start = ContinuousClock.now
        let result = SimulationRunner(registry: registry).run(scenario, keepsTrace: false)
        let elapsed = ContinuousClock.now - start
        if let failure = result.failure { throw BenchmarkError(message: "the run broke: \(failure.message)") }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(String(format: "%.3f", seconds), result.events, ProcessMeasures.peakResidentBytes())
    }
}
