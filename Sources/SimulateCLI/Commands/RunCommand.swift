import ArgumentParser
import Foundation
import SimulateCore
import SimulateJSON

enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case human, json
}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario files, or every .json file under directories, and check their expectations.")

    @Argument(help: "Scenario files or directories (searched recursively for .json files).")
    var paths: [String]

    @Option(help: "Run with this seed instead of each scenario's own.")
    var seed: UInt64?

    @Option(help: "Sweep every seed from A to B inclusive, e.g. 0..9999.")
    var seeds: SeedRange?

    @Option(help: "Output: human (one line per run) or json (one JSON object per run, per line).")
    var format: OutputFormat = .human

    @Option(help: "Run only slice K of N of the files × seeds (K from 1), for CI matrices.")
    var shard: Shard?

    @Option(help: "Worker threads (default: the number of cores).")
    var jobs: Int?

    @Option(name: .customLong("event-budget"), help: "Override every scenario's event budget.")
    var eventBudget: Int?

    func validate() throws {
        if seed != nil && seeds != nil { throw ValidationError("give either --seed or --seeds, not both") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let eventBudget, eventBudget < 1 { throw ValidationError("--event-budget must be at least 1") }
    }

    func run() throws {
        let registry = CommandEnvironment.registry
        let files: [String]
        do {
            files = try ScenarioFiles.expand(paths)
        } catch {
            Output.error("error: \(error.path): no such file or directory")
            throw ExitCode(ExitStatus.invalid)
        }
        if files.isEmpty {
            Output.error("error: no .json scenario files under \(paths.joined(separator: ", "))")
            throw ExitCode(ExitStatus.invalid)
        }
        let terminal = Terminal.forStandardOutput()
        let human = HumanReport(terminal: terminal)
        var status = ExitStatus.passed
        var items: [RunItem] = []
        var position = 0
        let loader = ScenarioLoader(registry: registry)
        for file in files {
            var scenario: Scenario
            do {
                scenario = try loader.load(file: file)
            } catch {
                for line in human.lines(error) { Output.error(line) }
                status = max(status, ExitStatus.invalid)
                continue
            }
            if let eventBudget { scenario.limits.eventBudget = eventBudget }
            for seed in seedList(default: scenario.seed) {
                defer { position += 1 }
                if let shard, !shard.contains(position) { continue }
                items.append(RunItem(scenario: scenario, seed: seed))
            }
        }
        var passed = 0
        var failed = 0
        var broken = 0
        let runs = ParallelRuns(
            runner: SimulationRunner(registry: registry), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            keepsTrace: false)
        runs.run(items) { _, result in
            switch format {
            case .json: Output.line(JSONWriter.string(JSONReport.json(result)))
            case .human: for line in human.lines(result) { Output.line(line) }
            }
            if result.failure != nil {
                broken += 1
            } else if result.passed {
                passed += 1
            } else {
                failed += 1
            }
        }
        if format == .human {
            Output.line("\(passed) passed, \(failed + broken) failed")
        }
        if broken > 0 { status = max(status, ExitStatus.broken) }
        if failed > 0 && status == ExitStatus.passed { status = ExitStatus.expectationFailed }
        if status != ExitStatus.passed { throw ExitCode(status) }
    }

    private func seedList(default scenarioSeed: UInt64) -> [UInt64] {
        if let seeds { return Array(seeds.lower...seeds.upper) }
        return [seed ?? scenarioSeed]
    }
}
