import ArgumentParser
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports

struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Run one scenario under a scheduling strategy, seed after seed, until a schedule fails.",
        discussion: """
            Each run uses the next seed and the strategy (pct:D, delay:K, random…): the seed draws the \
            strategy's choices (PCT's task priorities and change points, the delays) as well as everything \
            else it draws. Stops at the first failing run and prints how many schedules it took, the command \
            that replays it (seed and strategy) and the one that shrinks it; with --shrink, shrinks it at once \
            and writes the minimal scenario (NAME.min.json beside FILE, or --output). Coverage: the distinct schedules \
            and the distinct orderings of same-instant jobs per task pair seen so far, after 1, 2, 4, 8… runs; \
            when more runs stop adding orderings, more of the same strategy is unlikely to find a new order. \
            For pct:D and delay:K without N, the first run draws its points over 1000 choices and each later \
            run over the most choices an earlier run made; the replay command writes N out. Strategies order \
            async code on the runtime (app components, your own plugins): a scenario whose plugins run none \
            has one schedule, and explore is then a sweep of seeds. See docs/exploration.md.

            Exit status: 0 no run failed; 1 a run failed (its replay command is printed); 2 the scenario or an \
            argument is invalid; 3 the failing run broke (event budget, escape, internal error).
            """)

    @Argument(help: "The scenario file.")
    var file: String

    @Option(parsing: .unconditional, help: StrategyOption.help)
    var strategy: StrategyOption?

    @OptionGroup var overrides: ScenarioOverrideOptions

    @Option(parsing: .unconditional, help: "Schedules to try at most (default 1000).")
    var runs: Int?

    @Option(
        parsing: .unconditional, help: "The first seed (default: the scenario's own); run i uses seed + i.",
        transform: SeedArgument.parse)
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "Seeds A..B: one run per seed (instead of --seed and --runs).")
    var seeds: SeedRange?

    @Option(help: "Output: human, or json (one object: runs, failure, coverage).")
    var format: OutputFormat = .human

    @Flag(help: "Shrink the failing schedule and scenario at once, as the printed shrink command would.")
    var shrink = false

    @Option(
        help: ArgumentHelp(
            "With --shrink: where to write the minimal scenario (default: NAME.min.json beside FILE).",
            valueName: "path"))
    var output: String?

    func validate() throws {
        if let problem = strategy?.problem { throw ValidationError(problem) }
        if let problem = seeds?.problem { throw ValidationError(problem) }
        if seeds != nil && (seed != nil || runs != nil) {
            throw ValidationError("give either --seeds A..B, or --seed and --runs, not both")
        }
        if let runs, runs < 1 || runs > Self.maximumRuns {
            throw ValidationError("--runs must be from 1 to \(Self.maximumRuns)")
        }
        if let seeds, seeds.problem == nil, seeds.count > Self.maximumRuns {
            throw ValidationError("--seeds covers more than \(Self.maximumRuns) seeds")
        }
        if output != nil && !shrink { throw ValidationError("--output is where --shrink writes: give --shrink too") }
    }

    static let maximumRuns = 10_000_000

    func run() throws {
        let terminal = Terminal.forStandardOutput()
        let human = HumanReport(terminal: terminal)
        try checkShrinkDestination()
        var scenario: Scenario
        do {
            scenario = try ScenarioLoader(registry: CommandEnvironment.registry).load(file: file)
        } catch {
            human.lines(error).forEach(Output.error)
            throw ExitCode(ExitStatus.invalid)
        }
        overrides.apply(to: &scenario)
        let base = strategy?.strategy ?? scenario.strategy ?? .random
        let count = seeds?.count ?? runs ?? 1000
        let first = seeds?.lower ?? seed ?? scenario.seed
        if UInt64.max - first < UInt64(count - 1) {
            Output.error(
                "error: \(count) runs from seed \(first) go past the largest seed, \(UInt64.max): at most "
                    + "\(UInt64.max - first + 1) run\(UInt64.max - first == 0 ? "" : "s") can start there "
                    + "(give a smaller --seed or --runs)")
            throw ExitCode(ExitStatus.invalid)
        }
        let progress = ProgressBar.make(total: count)
        let exploration = ScheduleExplorer(registry: CommandEnvironment.registry).explore(
            scenario, strategy: base, runs: count, firstSeed: first,
            progress: progress.map { bar in { _ in bar.advance() } })
        progress?.finish()
        let shrunk = try exploration.failure.flatMap { shrink ? try shrinkFailure($0, terminal: terminal) : nil }
        switch format {
        case .json:
            var object = json(exploration)
            if let shrunk { object["minimal"] = shrunk.path.map(JSON.string) ?? .null }
            Output.line(JSONWriter.string(.object(object)))
        case .human: (lines(exploration, human: human) + (shrunk?.lines ?? [])).forEach(Output.line)
        }
        guard let failure = exploration.failure else { return }
        throw ExitCode(failure.failure != nil ? ExitStatus.broken : ExitStatus.expectationFailed)
    }

    private func lines(_ exploration: Exploration, human: HumanReport) -> [String] {
        let terminal = human.terminal
        var lines: [String] = []
        if let failure = exploration.failure {
            lines.append(
                terminal.red("found a failing schedule") + " after \(exploration.runs) schedule"
                    + (exploration.runs == 1 ? "" : "s") + " of \(exploration.strategy) (seed \(failure.seed), "
                    + "strategy \(failure.strategy.map(\.description) ?? "random"))")
            lines += human.lines(failure).map { "  " + $0 }
            // A drawn fault schedule's lines end with the same command.
            if failure.drawnFaults.isEmpty { lines.append("  shrink: " + terminal.bold(failure.shrinkCommand)) }
        } else {
            lines.append(
                terminal.green("no failure") + " in \(exploration.runs) schedule" + (exploration.runs == 1 ? "" : "s")
                    + " of \(exploration.strategy)")
        }
        let coverage = exploration.coverage
        lines.append("coverage: \(coverage)")
        lines.append(
            "  after runs: "
                + coverage.curve.map { "\($0.runs): \($0.distinctSchedules)/\($0.pairOrderings)" }
                .joined(separator: "  ") + "  (distinct schedules/pair orderings)")
        return lines
    }

    private func json(_ exploration: Exploration) -> JSONObject {
        var object = JSONObject()
        object["file"] = .string(file)
        object["strategy"] = .string(exploration.strategy.description)
        object["runs"] = JSON(exploration.runs)
        if let failure = exploration.failure {
            var report = JSONReport.json(failure).objectValue ?? JSONObject()
            report["shrink"] = .string(failure.shrinkCommand)
            object["failure"] = .object(report)
        } else {
            object["failure"] = .null
        }
        let coverage = exploration.coverage
        object["coverage"] = [
            "schedules": JSON(coverage.schedules), "distinctSchedules": JSON(coverage.distinctSchedules),
            "pairOrderings": JSON(coverage.pairOrderings), "mostChoices": JSON(coverage.mostChoices),
            "curve": .array(
                coverage.curve.map {
                    [
                        "runs": JSON($0.runs), "distinctSchedules": JSON($0.distinctSchedules),
                        "pairOrderings": JSON($0.pairOrderings),
                    ]
                }),
        ]
        return object
    }
}
