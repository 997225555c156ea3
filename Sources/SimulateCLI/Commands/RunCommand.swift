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
    @Option(
        parsing: .unconditional, help: "Run with this seed instead of each scenario's own.",
        transform: SeedArgument.parse)
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "Sweep every seed from A to B inclusive, e.g. 0..9999.")
    var seeds: SeedRange?

    @Option(parsing: .unconditional, help: StrategyOption.help)
    var strategy: StrategyOption?

    @Option(help: "Output: human (one line per run) or json (one JSON object per run, per line).")
    var format: OutputFormat = .human

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Run only slice K of N of the files × seeds (K from 1), for CI matrices; auto (or auto/N) reads K and N "
                + "from GitLab's, Buildkite's or a Kubernetes Indexed Job's variables.", valueName: "K/N|auto"))
    var shard: Shard?

    @Option(parsing: .unconditional, help: "Worker threads (default: the number of cores).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Write a JUnit XML report (one test case per scenario × seed).", valueName: "path"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Write a Trace Event Format timeline for Perfetto or chrome://tracing.", valueName: "path"))
    var trace: String?

    @Option(help: ArgumentHelp("Write a self-contained HTML page with a timeline per run.", valueName: "path"))
    var html: String?

    @Option(
        help: ArgumentHelp(
            "Write a run report (JSON Lines: a header naming the scenario set, seeds and shard, then every run) "
                + "for simulate merge.", valueName: "path"))
    var json: String?

    @Flag(
        name: .customLong("check-determinism"),
        help: ArgumentHelp(
            "Run each scenario × seed twice, on different worker threads of one process; a run whose trace hashes "
                + "differ fails with the first differing trace record (exit status 3). What changes only from one "
                + "process to the next (a Set's or Dictionary's order) shows by comparing two processes' hashes."))
    var checkDeterminism = false

    @Flag(help: "Human output: each plugin's run statistics under every run (shown anyway for one run or a failure).")
    var statistics = false

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Human output: only failures, sweep verdicts and the summary (default for --seeds when standard output "
                + "is not a terminal; JSON output always lists every run)."))
    var quiet: Bool?

    @OptionGroup var overrides: ScenarioOverrideOptions

    func validate() throws {
        if seed != nil && seeds != nil { throw ValidationError("give either --seed or --seeds, not both") }
        if let problem = seeds?.problem { throw ValidationError(problem) }
        if let problem = strategy?.problem { throw ValidationError(problem) }
        if let problem = shard?.problem { throw ValidationError(problem) }
        do {
            _ = try shard?.resolved(environment: CommandEnvironment.variables)
        } catch {
            throw ValidationError("\(error)")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    /// Plan (check the report paths, load the files, list scenario × seed runs), execute (run them, printing
    /// each result as it comes), report (write the report files, the summary, the exit status).
    func run() throws {
        var plan = try makePlan()
        execute(&plan)
        try finish(plan)
    }

    /// Runs one command may queue: each holds its scenario and seed until it has run.
    static let maximumRuns = 20_000_000
}
