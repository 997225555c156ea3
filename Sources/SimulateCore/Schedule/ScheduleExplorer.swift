/// Runs one scenario under a strategy with seed after seed until a run fails (`simulate explore`,
/// `ScenarioHarness.explore`), counting the distinct schedules and task-pair orderings it saw.
///
/// Run `i` (from 0) uses seed `firstSeed + i`. For `pct` and `delay` without an explicit `N`, the first
/// run draws its points over ``ScheduleStrategy/defaultSteps`` choices and every later run over the most
/// choices any earlier run made, so the points fall where the scenario actually chooses; each run's
/// strategy is kept with `N` written out, and replays alone.
public struct ScheduleExplorer: Sendable {
    /// The plugins the scenario may enable.
    public let registry: PluginRegistry

    /// An explorer of scenarios that may enable the plugins of `registry`.
    public init(registry: PluginRegistry) {
        self.registry = registry
    }

    /// Explores `scenario` under `strategy` (nil: the scenario's own, else `random`) for at most `runs`
    /// runs; `progress` is told after each run.
    public func explore(
        _ scenario: Scenario, strategy: ScheduleStrategy? = nil, runs: Int, firstSeed: UInt64? = nil,
        progress: ((ExplorationProgress) -> Void)? = nil
    ) -> Exploration {
        let base = strategy ?? scenario.strategy ?? .random
        let firstSeed = firstSeed ?? scenario.seed
        let runner = SimulationRunner(registry: registry)
        var coverage = ExplorationCoverage()
        var learnedSteps: Int?
        for index in 0..<max(runs, 0) {
            let (seed, overflow) = firstSeed.addingReportingOverflow(UInt64(index))
            guard !overflow else { break }
            var explored = scenario
            explored.strategy = Self.strategy(base, learnedSteps: learnedSteps)
            let result = runner.run(explored, seed: seed, keepsTrace: false, recordsSchedule: true)
            if let schedule = result.schedule {
                coverage.add(schedule)
                learnedSteps = max(learnedSteps ?? 1, schedule.choices)
            } else {
                coverage.add(RecordedSchedule(choices: 0, deviations: [], pairOrders: []))
            }
            progress?(ExplorationProgress(runs: index + 1, coverage: coverage))
            if !result.passed && result.skipped == nil {
                return Exploration(strategy: base, runs: index + 1, failure: result, coverage: coverage)
            }
            if result.skipped != nil { break }
        }
        return Exploration(strategy: base, runs: coverage.schedules, failure: nil, coverage: coverage)
    }

    /// `base` with the choices its points are drawn over written out.
    static func strategy(_ base: ScheduleStrategy, learnedSteps: Int?) -> ScheduleStrategy {
        switch base {
        case .pct(_, nil), .delay(_, nil): base.withSteps(learnedSteps ?? ScheduleStrategy.defaultSteps)
        default: base
        }
    }
}

/// What an exploration found.
public struct Exploration: Sendable {
    /// The strategy explored, as given.
    public var strategy: ScheduleStrategy
    /// Schedules run, the failing one included.
    public var runs: Int
    /// The first failing run; its ``RunResult/strategy`` and seed replay it.
    public var failure: RunResult?
    /// What the runs covered.
    public var coverage: ExplorationCoverage
}

/// After each run of an exploration.
public struct ExplorationProgress: Sendable {
    /// Runs so far.
    public var runs: Int
    /// What they covered.
    public var coverage: ExplorationCoverage
}

/// How much of the scheduling space an exploration covered: distinct schedules (distinct lists of
/// deviations from the oldest-first order) and distinct task-pair orderings (per pair of tasks that
/// were ready at the same choice, which of the two ran first at each of their shared choices). The
/// counts after each power of two of runs show whether more runs still find new orders.
public struct ExplorationCoverage: Sendable, CustomStringConvertible {
    /// `12 distinct schedules of 40, 7 task-pair orderings; at most 31 choices in a run`, as `explore` prints it.
    public var description: String {
        "\(distinctSchedules) distinct schedule\(distinctSchedules == 1 ? "" : "s") of \(schedules), "
            + "\(pairOrderings) task-pair ordering\(pairOrderings == 1 ? "" : "s"); at most \(mostChoices) choices in a run"
    }

    /// Runs counted.
    public private(set) var schedules = 0
    /// Distinct schedules among them.
    public var distinctSchedules: Int { scheduleHashes.count }
    /// Distinct task-pair orderings over all runs.
    public var pairOrderings: Int { orderings.count }
    /// Choices among two or more ready jobs, most in one run.
    public private(set) var mostChoices = 0
    /// (runs, distinct schedules, pair orderings) after run 1, 2, 4, 8, … and the last run.
    public private(set) var curve: [CoveragePoint] = []
    private var scheduleHashes: Set<UInt64> = []
    private var orderings: Set<UInt64> = []

    /// Nothing covered yet.
    public init() {}

    mutating func add(_ schedule: RecordedSchedule) {
        schedules += 1
        mostChoices = max(mostChoices, schedule.choices)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for deviation in schedule.deviations {
            hash = (hash ^ UInt64(deviation.step)) &* 0x100_0000_01b3
            hash = (hash ^ UInt64(deviation.skip)) &* 0x100_0000_01b3
        }
        hash = (hash ^ UInt64(schedule.choices)) &* 0x100_0000_01b3
        scheduleHashes.insert(hash)
        orderings.formUnion(schedule.pairOrders)
        let point = CoveragePoint(runs: schedules, distinctSchedules: distinctSchedules, pairOrderings: pairOrderings)
        // Powers of two stay; the point after the last of them moves along to the latest run.
        if let last = curve.last, last.runs & (last.runs - 1) != 0 {
            curve[curve.count - 1] = point
        } else {
            curve.append(point)
        }
    }
}

/// Coverage after some runs.
public struct CoveragePoint: Sendable, Equatable {
    /// Runs so far.
    public var runs: Int
    /// Distinct schedules among them.
    public var distinctSchedules: Int
    /// Distinct task-pair orderings over them.
    public var pairOrderings: Int
}
