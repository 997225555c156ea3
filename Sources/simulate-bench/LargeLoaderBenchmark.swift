import Foundation
import SimulateCore
import SimulatePlugins

#if canImport(CJSONC)
    import CJSONC
#endif

/// The 200 MB case: json-c's bare parse of the file (the baseline) and the full scenario load of the same file,
/// each in its own child process so that peak RSS (getrusage) is the measured work's alone. The runs interleave
/// (json-c, load, json-c, load, …) to cancel load noise from other processes; ranges over the repetitions are
/// printed, with the ratios the bounds are stated in: peak RSS ≤ 3× the file, time ≤ 1.5× json-c. The file is
/// generated once (`write-scenario`: mostly 47-byte steps, about 4 M of them) and kept in the temporary folder.
enum LargeLoaderBenchmark {
    static let childVariable = "SIMULATE_BENCH_LOADER_CHILD"

    struct Sample {
        var seconds: Double
        /// User and system CPU time: on a machine shared with other work, wall time measures the others too.
        var cpuSeconds: Double
        var peakBytes: Int
    }

    @discardableResult
    static func run(megabytes: Int, repetitions: Int) throws -> [BenchmarkFigure] {
        let file = NSTemporaryDirectory() + "simulate-bench-\(megabytes)mb-short.json"
        if !FileManager.default.fileExists(atPath: file) {
            try Data(LoaderBenchmarkDocument.make(megabytes: megabytes, short: true)).write(
                to: URL(fileURLWithPath: file))
        }
        let size = Double((try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        print(
            "loader benchmark: \(String(format: "%.0f", size / 1e6)) MB scenario file, \(repetitions) interleaved runs")
        var jsonC: [Sample] = []
        var load: [Sample] = []
        for _ in 0..<repetitions {
            jsonC.append(try child("json-c", file: file))
            load.append(try child("load", file: file))
        }
        func range(_ values: [Double], _ format: String) -> String {
            "\(String(format: format, values.min() ?? 0))–\(String(format: format, values.max() ?? 0))"
        }
        print(
            "  json-c bare parse:   \(range(jsonC.map(\.seconds), "%.2f")) s, peak \(range(jsonC.map { Double($0.peakBytes) / 1e6 }, "%.0f")) MB"
        )
        print(
            "  full scenario load:  \(range(load.map(\.seconds), "%.2f")) s, peak \(range(load.map { Double($0.peakBytes) / 1e6 }, "%.0f")) MB"
        )
        print(
            "  CPU time: json-c \(range(jsonC.map(\.cpuSeconds), "%.2f")) s, load \(range(load.map(\.cpuSeconds), "%.2f")) s"
        )
        let timeRatios = zip(load, jsonC).map { $0.seconds / $1.seconds }
        print("  load / json-c time:  \(range(timeRatios, "%.2f"))x (target <= 1.5)")
        let cpuRatios = zip(load, jsonC).map { $0.cpuSeconds / $1.cpuSeconds }
        print("  load / json-c CPU time: \(range(cpuRatios, "%.2f"))x")
        print("  load peak RSS / file: \(range(load.map { Double($0.peakBytes) / size }, "%.2f"))x (target <= 3)")
        print(
            "  load peak RSS / json-c peak: \(range(zip(load, jsonC).map { Double($0.peakBytes) / Double($1.peakBytes) }, "%.2f"))x"
        )
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        }
        return [
            .ratio("loader-200", "load / json-c time", median(timeRatios), better: .lower),
            .ratio("loader-200", "load / json-c CPU time", median(cpuRatios), better: .lower),
            .ratio(
                "loader-200", "load peak RSS / file", median(load.map { Double($0.peakBytes) / size }), better: .lower),
        ]
    }

    /// Runs this executable again to measure one thing in a fresh process.
    private static func child(_ what: String, file: String) throws -> Sample {
        let fields: [Double]
        switch try ProcessMeasures.childFigures(childVariable, what + ":" + file) {
        case .success(let figures): fields = figures
        case .failure(let failure): throw BenchmarkError(message: "the \(what) child failed: \(failure.output)")
        }
        return Sample(seconds: fields[0], cpuSeconds: fields[1], peakBytes: Int(fields[2]))
    }

    /// In the child: reads the file, does the work, prints "seconds peakBytes".
    static func runChild(_ specification: String) throws {
        let parts = specification.split(separator: ":", maxSplits: 1).map(String.init)
        let (what, file) = (parts[0], parts[1])
        let start = ContinuousClock.now
        switch what {
        case "json-c":
            #if canImport(CJSONC)
                // Read once into memory, as the loader reads it, and parsed in place.
                let data = FileManager.default.contents(atPath: file) ?? Data()
                data.withUnsafeBytes { LoaderBenchmarkDocument.bareJSONCParse($0.bindMemory(to: UInt8.self)) }
            #endif
        default:
            _ = try ScenarioLoader(registry: PluginRegistry(BuiltinPlugins.all)).load(file: file)
        }
        let elapsed = ContinuousClock.now - start
        var usage = rusage()
        getrusage(RUSAGE_SELF_VALUE, &usage)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let cpu = [usage.ru_utime, usage.ru_stime].reduce(0.0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) * 1e-6 }
        print(String(format: "%.4f", seconds), String(format: "%.4f", cpu), ProcessMeasures.peakResidentBytes())
    }
}

#if os(Linux)
    let RUSAGE_SELF_VALUE = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
    let RUSAGE_SELF_VALUE = RUSAGE_SELF
#endif
