import Foundation
import SimulateCore
import SimulateJSON
import SimulatePlugins

/// `swift run -c release simulate-bench [scheduler|loader|loader-200|counter|model|model-check|async|parsers|repeats|long-runs|all] [--quick] [--format json]`
/// (`repeats` also takes `--workloads sse,sse-reconnects,counter,model,intents` and `--counts 100000,1000000`),
/// or `simulate-bench counter-runs SEEDS [unhashed]` for one thread of counter runs to profile (`valgrind --tool=callgrind`),
/// or `simulate-bench async-runs CLIENTS SLEEPS` for the async benchmark's simulated clients alone, to profile,
/// or `simulate-bench write-scenario MEGABYTES FILE` to write the scenario `loader-200` generates (short steps),
/// or `simulate-bench load FILE` for one scenario load to profile (`valgrind --tool=callgrind`),
/// or `simulate-bench parse FILE [json-c|foundation]` for one `JSONParser.parse` of a file to profile.
/// `--format json` prints the figures as one JSON document on standard output and the usual report on
/// standard error (`scripts/bench-compare` reads it).
let arguments = Array(CommandLine.arguments.dropFirst())
let formatIndex = arguments.firstIndex(of: "--format")
let json = formatIndex.map { arguments.indices.contains($0 + 1) && arguments[$0 + 1] == "json" } ?? false
let positional = arguments.enumerated().filter { index, argument in
    !argument.hasPrefix("--") && (formatIndex.map { index != $0 + 1 } ?? true)
}.map(\.element)
let selection = positional.first ?? "all"
let all = selection == "all"
/// `--quick`: smaller workloads (fewer events, seeds, objects), the same figures and baselines.
let quick = arguments.contains("--quick")
// A child process of a memory benchmark measures one size and exits.
BenchmarkOutput.run(json: false) {
    if let child = ProcessInfo.processInfo.environment[LargeLoaderBenchmark.childVariable] {
        try LargeLoaderBenchmark.runChild(child)
        exit(0)
    }
    if let child = ProcessInfo.processInfo.environment[RepeatMemoryBenchmark.childVariable] {
        try RepeatMemoryBenchmark.runChild(child)
        exit(0)
    }
    if let child = ProcessInfo.processInfo.environment[LongRunMemoryBenchmark.childVariable] {
        try LongRunMemoryBenchmark.runChild(child)
        exit(0)
    }
    if ProcessInfo.processInfo.environment[ModelConvergenceBenchmark.childVariable] != nil {
        _ = try runModelConvergenceBenchmark(objectsPerDevice: [])
    }
    return []
}
BenchmarkOutput.run(json: json) {
    var figures: [BenchmarkFigure] = []
    if all || selection == "scheduler" {
        figures += try runSchedulerBenchmark(actors: 1_000, events: quick ? 5_000_000 : 20_000_000)
    }
    if all || selection == "loader" {
        let loader = ScenarioLoader(registry: PluginRegistry(BuiltinPlugins.all))
        figures += try runLoaderBenchmark(megabytes: 30) { bytes in
            _ = try loader.load(bytes: bytes, file: "generated.json")
        }
    }
    if selection == "write-scenario" {
        let operands = positional.dropFirst()
        guard let megabytes = operands.first.flatMap({ Int($0) }), let file = operands.dropFirst().first else {
            throw BenchmarkError(message: "usage: simulate-bench write-scenario MEGABYTES FILE")
        }
        try Data(LoaderBenchmarkDocument.make(megabytes: megabytes, short: true)).write(to: URL(fileURLWithPath: file))
    }
    if selection == "load", let file = positional.dropFirst().first {
        _ = try ScenarioLoader(registry: PluginRegistry(BuiltinPlugins.all)).load(file: file)
    }
    if selection == "parse" {
        let operands = positional.dropFirst()
        let backends: [String: JSONBackend] = ["json-c": .jsonC, "foundation": .foundation]
        guard let file = operands.first, let backend = backends[operands.dropFirst().first ?? "json-c"] else {
            throw BenchmarkError(message: "usage: simulate-bench parse FILE [json-c|foundation]")
        }
        _ = try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))), backend: backend)
    }
    if selection == "loader-200" {
        figures += try LargeLoaderBenchmark.run(
            megabytes: quick ? 20 : 200, repetitions: 3)
    }
    if all || selection == "counter" {
        figures += try runCounterSweepBenchmark(seeds: quick ? 2_000 : 10_000)
    }
    if selection == "counter-runs" {
        try runCounterRuns(
            seeds: positional.dropFirst().first.flatMap { Int($0) } ?? 50, hashes: !positional.contains("unhashed"))
    }
    if selection == "async-runs" {
        try runAsyncRuns(
            clients: positional.dropFirst().first.flatMap { Int($0) } ?? 10,
            sleeps: positional.dropFirst(2).first.flatMap { Int($0) } ?? 100_000)
    }
    if all || selection == "async" {
        figures += try runAsyncBenchmark(quick: quick)
    }
    if all || selection == "parsers" {
        figures += runParserBenchmark()
    }
    if all || selection == "model-check" {
        figures += try runModelCheckBenchmark()
    }
    if selection == "repeats" {
        let counts =
            arguments.firstIndex(of: "--counts").flatMap {
                arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
            }
            .map { $0.split(separator: ",").compactMap { Int($0) } }
            ?? (quick ? [10_000, 100_000, 1_000_000] : [100_000, 1_000_000, 10_000_000])
        let named = arguments.firstIndex(of: "--workloads").flatMap {
            arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
        }
        let workloads =
            try named.map {
                try $0.split(separator: ",").map { name in
                    guard let workload = RepeatWorkload(rawValue: String(name)) else {
                        throw BenchmarkError(
                            message: "no repeat workload \(name): "
                                + RepeatWorkload.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    return workload
                }
            } ?? RepeatWorkload.allCases
        figures += try RepeatMemoryBenchmark.run(counts: counts, workloads: workloads)
    }
    if selection == "long-runs" {
        figures += try LongRunMemoryBenchmark.run(
            hours: quick ? [100, 1_000] : [1_000, 10_000, 100_000],
            allocations: quick ? [100_000, 1_000_000] : [1_000_000, 10_000_000])
    }
    if all || selection == "model" {
        figures += try runModelConvergenceBenchmark(
            objectsPerDevice: quick ? [1_000, 10_000] : [1_000, 10_000, 100_000])
    }
    return figures
}
