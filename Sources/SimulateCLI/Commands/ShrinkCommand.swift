import ArgumentParser
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports

struct ShrinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink",
        abstract:
            "Reduce a failing scenario to a smallest one that fails the same way, and write it as a scenario file.",
        discussion: """
            Delta debugging over the scenario's devices, faults and steps, then fewer repeats, shorter faults, \
            earlier times and a shorter duration, with the failing seed and then nearby seeds. A candidate counts \
            only if the same expectation fails with the same kind of violation. Generated faults \
            (faults.generate) are written out as the explicit faults the seed drew. Under a strategy other than \
            random (--strategy or the scenario's "strategy"), the failing schedule is recorded as deviations from \
            the oldest-first order and shrunk too: the minimal scenario replays it as "strategy": "replay:…".

            Exit status: 0 a minimal scenario was written; 1 the scenario does not fail with that seed \
            (nothing to shrink, nothing written); 2 the scenario or an argument is invalid, or the output \
            cannot be written.
            """)

    @Argument(help: "The failing scenario file.")
    var file: String

    @Option(
        parsing: .unconditional, help: "The failing seed (default: the scenario's own).", transform: SeedArgument.parse)
    var seed: UInt64?

    @Option(parsing: .unconditional, help: StrategyOption.help)
    var strategy: StrategyOption?

    @OptionGroup var overrides: ScenarioOverrideOptions

    @Option(
        help: ArgumentHelp(
            "Where to write the minimal scenario (default: NAME.min.json beside FILE).", valueName: "path"))
    var output: String?

    @Option(name: .customLong("max-runs"), parsing: .unconditional, help: "Candidate runs at most.")
    var maxRuns: Int = ShrinkOptions().maxRuns

    @Option(
        name: .customLong("max-seconds"), parsing: .unconditional,
        help: "Wall-clock seconds at most; the smallest failure found so far is written.")
    var maxSeconds: Double = ShrinkOptions().maxSeconds

    @Option(
        name: .customLong("nearby-seeds"), parsing: .unconditional,
        help: "Nearby seeds to try once the seed itself is done (0: none).")
    var nearbySeeds: Int = ShrinkOptions().nearbySeeds

    func validate() throws {
        if let problem = strategy?.problem { throw ValidationError(problem) }
        if maxRuns < 1 { throw ValidationError("--max-runs must be at least 1") }
        if !(maxSeconds > 0) { throw ValidationError("--max-seconds must be greater than 0") }
        if nearbySeeds < 0 { throw ValidationError("--nearby-seeds must be 0 or more") }
    }

    func run() throws {
        let terminal = Terminal.forStandardOutput()
        if let problem = FileCheck.problemReadingRegularFile(file) {
            Output.error("error: \(file): \(problem)")
            throw ExitCode(ExitStatus.invalid)
        }
        let destination = OutputFile(output ?? Self.defaultOutput(for: file))
        try Self.check(destination, against: file, doing: "shrunk")
        guard let data = FileManager.default.contents(atPath: file) else {
            Output.error("error: \(file): cannot be read")
            throw ExitCode(ExitStatus.invalid)
        }
        let options = ShrinkOptions(maxRuns: maxRuns, maxSeconds: maxSeconds, nearbySeeds: nearbySeeds)
        let progress = ShrinkProgressLine.make()
        let result: ShrinkResult
        do {
            result = try ScenarioShrinker.shrink(
                text: String(decoding: data, as: UTF8.self), file: file, seed: seed, strategy: strategy?.strategy,
                overrides: overrides.minimalScenarioOverrides, registry: CommandEnvironment.registry, options: options,
                progress: progress.map { line in { line.show($0) } })
        } catch {
            progress?.finish()
            throw ExitCode(report(error, terminal: terminal))
        }
        progress?.finish()
        do {
            try destination.write(
                ScenarioJSONStyle.string(SchemaReference.rebased(result.minimal, from: file, to: destination.path)).utf8
            )
        } catch {
            Output.error("error: \(error)")
            throw ExitCode(ExitStatus.invalid)
        }
        ShrinkReport(
            result: result, path: destination.path, terminal: terminal,
            ownPlugins: CommandEnvironment.ownPlugins(in: result.minimal)
        ).lines().forEach(Output.line)
    }

    /// Refuses, before any run, a minimal scenario's path that cannot be written or is the scenario itself.
    static func check(_ destination: OutputFile, against file: String, doing verb: String) throws {
        if destination.isSameFile(as: OutputFile(file)) {
            Output.error("error: --output \(destination.path) is the scenario being \(verb): give another path")
            throw ExitCode(ExitStatus.invalid)
        }
        if let problem = destination.problem() {
            Output.error("error: \(problem)")
            throw ExitCode(ExitStatus.invalid)
        }
    }

    /// `dir/name.json` → `dir/name.min.json`.
    static func defaultOutput(for file: String) -> String {
        let base = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        return base + ".min.json"
    }

    private func report(_ error: ShrinkError, terminal: Terminal) -> Int32 {
        switch error {
        case .invalid(let scenarioError):
            for line in HumanReport(terminal: terminal).lines(scenarioError) { Output.error(line) }
            return ExitStatus.invalid
        case .passes(let result):
            Output.line(
                "nothing to shrink: \(file) meets every expectation with seed \(result.seed) "
                    + "(try a failing seed from a sweep: simulate run \(file) --seeds 0..999)")
            return ExitStatus.expectationFailed
        case .otherFailure(_, let signatures):
            Output.error(
                "error: \(file) fails, but not in the way asked: \(signatures.map(\.description).joined(separator: "; "))"
            )
            return ExitStatus.invalid
        }
    }
}
