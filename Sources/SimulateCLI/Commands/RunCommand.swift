import ArgumentParser
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports

enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case human, json
}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario files, or every .json file under directories, and check their expectations.")

    @Argument(help: "Scenario files or directories (searched recursively for .json files).")
    var paths: [String]

    // `.unconditional`: a value that starts with "-" is judged as a value ("-1/3"), not taken for an option.
    @Option(parsing: .unconditional, help: "Run with this seed instead of each scenario's own.")
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "Sweep every seed from A to B inclusive, e.g. 0..9999.")
    var seeds: SeedRange?

    @Option(help: "Output: human (one line per run) or json (one JSON object per run, per line).")
    var format: OutputFormat = .human

    @Option(parsing: .unconditional, help: "Run only slice K of N of the files × seeds (K from 1), for CI matrices.")
    var shard: Shard?

    @Option(parsing: .unconditional, help: "Worker threads (default: the number of cores).")
    var jobs: Int?

    @Option(
        name: .customLong("event-budget"), parsing: .unconditional, help: "Override every scenario's event budget.")
    var eventBudget: Int?

    @Option(help: ArgumentHelp("Write a JUnit XML report (one test case per scenario × seed).", valueName: "path"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Write a Trace Event Format timeline for Perfetto or chrome://tracing.", valueName: "path"))
    var trace: String?

    @Option(help: ArgumentHelp("Write a self-contained HTML page with a timeline per run.", valueName: "path"))
    var html: String?

    @Flag(
        name: .customLong("check-determinism"),
        help: ArgumentHelp(
            "Run each scenario × seed twice, on different worker threads; a run whose trace hashes differ fails "
                + "with the first differing trace event (exit status 3)."))
    var checkDeterminism = false

    @Flag(help: "Human output: each plugin's run statistics under every run (shown anyway for one run or a failure).")
    var statistics = false

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Human output: only failures, sweep verdicts and the summary (default for --seeds when standard output "
                + "is not a terminal; JSON output always lists every run)."))
    var quiet: Bool?

    func validate() throws {
        if seed != nil && seeds != nil { throw ValidationError("give either --seed or --seeds, not both") }
        if let problem = seeds?.problem { throw ValidationError(problem) }
        if let problem = shard?.problem { throw ValidationError(problem) }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let eventBudget, eventBudget < 1 { throw ValidationError("--event-budget must be at least 1") }
    }

    func run() throws {
        let registry = CommandEnvironment.registry
        var reports = ReportFiles(junit: junit, trace: trace, html: html)
        let pathProblems = reports.pathProblems()
        guard pathProblems.isEmpty else {
            pathProblems.forEach(Output.error)
            throw ExitCode(ExitStatus.invalid)
        }
        // From here on, output that cannot be written leaves runs unreported: the run could not finish.
        StandardStream.failureStatus = ExitStatus.broken
        let (files, missing) = ScenarioFiles.expandReporting(paths)
        let terminal = Terminal.forStandardOutput()
        var human = HumanReport(terminal: terminal)
        var tally = RunTally(invalid: missing.count)
        var items: [RunItem] = []
        var position = 0
        var verdicts = SweepVerdicts()
        let loader = ScenarioLoader(registry: registry)
        for (group, file) in files.enumerated() {
            var scenario: Scenario
            reports.announce(file: file)
            do {
                scenario = try loader.load(file: file)
            } catch {
                for line in human.lines(error) { Output.error(line) }
                reports.addInvalid(file: file, error: error)
                tally.invalid += 1
                continue
            }
            if format == .human { human.warningLines(scenario.warnings).forEach(Output.error) }
            if let eventBudget { scenario.limits.eventBudget = eventBudget }
            // A pinned scenario is about its own seed: a sweep runs it once, with that seed.
            let pinned = seeds != nil && scenario.pinsSeed
            let firstSeed = pinned ? scenario.seed : seeds?.lower ?? seed ?? scenario.seed
            let seedCount = pinned ? 1 : seeds?.count ?? 1
            let offsets = shard?.offsets(base: position, count: seedCount) ?? stride(from: 0, to: seedCount, by: 1)
            position += seedCount
            guard items.count + offsets.underestimatedCount <= Self.maximumRuns else {
                Output.error(
                    "error: more than \(Self.maximumRuns) runs (files × seeds): split the sweep with --shard K/N "
                        + "or smaller --seeds ranges")
                throw ExitCode(ExitStatus.invalid)
            }
            let before = items.count
            for offset in offsets {
                items.append(
                    RunItem(
                        scenario: scenario, seed: firstSeed + UInt64(offset),
                        sweepGroup: seeds != nil && !pinned ? group : nil))
            }
            verdicts.expect(group: group, runs: items.count - before)
        }
        human.showsStatistics = statistics || items.count == 1
        // --statistics asks for every run's statistics, so it lists every run.
        let quiet =
            format == .human && (self.quiet ?? (seeds != nil && !statistics && !Terminal.isTerminal(STDOUT_FILENO)))
        var summary = SweepSummary()
        let progress = ProgressBar.make(total: items.count)
        var runs = ParallelRuns(
            runner: SimulationRunner(registry: registry), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            keepsTrace: reports.needsTrace)
        runs.progress = progress
        runs.checksDeterminism = checkDeterminism
        runs.run(items) { index, result in
            var result = result
            var closing: [SweepVerdict] = []
            if let group = items[index].sweepGroup {
                result.passed = result.passedAsPartOfSweep
                closing = verdicts.add(result, group: group)
            }
            var lines: [String]
            switch format {
            case .json:
                var object = JSONReport.json(result).objectValue ?? JSONObject()
                let warnings = items[index].scenario.warnings
                if !warnings.isEmpty { object["warnings"] = .array(warnings.map(JSONReport.json)) }
                if !closing.isEmpty { object["sweep"] = SweepVerdicts.json(closing) }
                lines = [JSONWriter.string(.object(object))]
            case .human:
                lines = quiet && result.passed ? [] : human.lines(result)
                lines += SweepVerdicts.humanLines(closing, terminal: terminal)
            }
            if let progress {
                progress.printing { lines.forEach(Output.line) }
            } else {
                lines.forEach(Output.line)
            }
            if !result.passed { progress?.recordFailure() }
            reports.add(result, devices: items[index].scenario.devices.map(\.id))
            reports.add(closing)
            summary.add(result)
            tally.add(result)
        }
        progress?.finish()
        tally.sweepFailures = verdicts.failedCount
        var status = tally.status
        for message in reports.write() {
            Output.error(message)
            status = max(status, ExitStatus.invalid)
        }
        if format == .human {
            if items.count > 1 { summary.lines(totalRuns: items.count, terminal: terminal).forEach(Output.line) }
            tally.closingLines(verdicts: verdicts.closed, terminal: terminal).forEach(Output.line)
        }
        if status != ExitStatus.passed { throw ExitCode(status) }
    }

    /// Runs one command may queue: each holds its scenario and seed until it has run.
    static let maximumRuns = 20_000_000
}
