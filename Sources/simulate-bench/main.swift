import Foundation
import SimulateCore
import SimulatePlugins

/// `swift run -c release simulate-bench [scheduler|loader|loader-200|counter|model|async|all] [--quick]`, or
/// `simulate-bench counter-runs SEEDS` for one thread of counter runs to profile (`valgrind --tool=callgrind`).
let selection = CommandLine.arguments.dropFirst().first ?? "all"
let all = selection == "all"
do {
    if let child = ProcessInfo.processInfo.environment[LargeLoaderBenchmark.childVariable] {
        try LargeLoaderBenchmark.runChild(child)
        exit(0)
    }
    if ProcessInfo.processInfo.environment[ModelConvergenceBenchmark.childVariable] != nil {
        try runModelConvergenceBenchmark(objectsPerDevice: [])
    }
    if all || selection == "scheduler" {
        try runSchedulerBenchmark(actors: 1_000, events: 20_000_000)
    }
    if all || selection == "loader" {
        let loader = ScenarioLoader(registry: PluginRegistry(BuiltinPlugins.all))
        try runLoaderBenchmark(megabytes: 30) { bytes in _ = try loader.load(bytes: bytes, file: "generated.json") }
    }
    if selection == "loader-200" {
        try LargeLoaderBenchmark.run(megabytes: 200, repetitions: 3)
    }
    if all || selection == "counter" {
        try runCounterSweepBenchmark(seeds: 10_000)
    }
    if selection == "counter-runs" {
        try runCounterRuns(seeds: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 50)
    }
    if all || selection == "async" {
        try runAsyncBenchmark(quick: CommandLine.arguments.contains("--quick"))
    }
    if all || selection == "model" {
        try runModelConvergenceBenchmark(objectsPerDevice: [1_000, 10_000, 100_000])
    }
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
}
