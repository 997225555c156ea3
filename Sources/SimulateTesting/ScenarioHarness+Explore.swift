import Foundation
import SimulateCore

/// What ``ScenarioHarness/explore(_:strategy:runs:firstSeed:)-(Scenario,_,_,_)`` found.
public struct ExplorationOutcome: Sendable {
    /// Schedules run, the failing one included.
    public var runs: Int
    /// The first failing run (its result names the seed and the strategy that replay it), or nil.
    public var failure: ScenarioOutcome?
    /// Distinct schedules and task-pair orderings covered (docs/exploration.md).
    public var coverage: ExplorationCoverage
    /// An invalid or unreadable scenario: nothing ran.
    public var invalid: ScenarioOutcome?

    /// No run failed and the scenario was valid.
    public var passed: Bool { failure == nil && invalid == nil }

    /// The failing run's failures (their messages end with the replay command), or the scenario's problems.
    public var failures: [ScenarioFailure] { (failure ?? invalid)?.failures ?? [] }
}

extension ScenarioHarness {
    /// Runs a scenario file under `strategy` with seed after seed (`firstSeed`, its successors; default:
    /// the scenario's own seed) until a run fails, at most `runs` runs: `simulate explore` in a test.
    public func explore(
        _ file: ScenarioFile, strategy: ScheduleStrategy, runs: Int, firstSeed: UInt64? = nil
    ) -> ExplorationOutcome {
        if let problem = file.problem { return ExplorationOutcome(invalid: Self.unreadable(file, problem)) }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return ExplorationOutcome(invalid: Self.unreadable(file, "no such file or cannot be read"))
        }
        do {
            let scenario = try ScenarioLoader(registry: registry).load(bytes: [UInt8](data), file: file.displayPath)
            return explore(scenario, strategy: strategy, runs: runs, firstSeed: firstSeed, asWritten: true)
        } catch {
            return ExplorationOutcome(invalid: ScenarioOutcome(file: file.displayPath, invalid: error))
        }
    }

    /// Runs a scenario built in code under `strategy` until a run fails (see ``explore(_:strategy:runs:firstSeed:)``).
    public func explore(
        _ scenario: Scenario, strategy: ScheduleStrategy, runs: Int, firstSeed: UInt64? = nil
    ) -> ExplorationOutcome {
        explore(scenario, strategy: strategy, runs: runs, firstSeed: firstSeed, asWritten: false)
    }

    /// `asWritten`: the scenario is its file as written (see ``run(_:seed:asWritten:)``).
    private func explore(
        _ scenario: Scenario, strategy: ScheduleStrategy, runs: Int, firstSeed: UInt64?, asWritten: Bool
    ) -> ExplorationOutcome {
        do {
            try SimulationRunner(registry: registry).validate(scenario)
        } catch {
            return ExplorationOutcome(invalid: ScenarioOutcome(file: scenario.file ?? scenario.name, invalid: error))
        }
        let exploration = ScheduleExplorer(registry: registry).explore(
            scenario, strategy: strategy, runs: runs, firstSeed: firstSeed)
        var failed = scenario
        failed.strategy = exploration.failure?.strategy
        let failure = exploration.failure.map { result in
            var outcome = ScenarioOutcome(result: result, scenario: failed)
            outcome.replay = ReplayContext(
                builtInPluginsOnly: builtInPluginsOnly, testFilter: ReplayContext.currentTestFilter)
            outcome.differsFromFile = !asWritten && scenario.file != nil
            return outcome
        }
        return ExplorationOutcome(runs: exploration.runs, failure: failure, coverage: exploration.coverage)
    }
}

extension ExplorationOutcome {
    init(invalid: ScenarioOutcome) {
        self.init(runs: 0, failure: nil, coverage: ExplorationCoverage(), invalid: invalid)
    }
}
