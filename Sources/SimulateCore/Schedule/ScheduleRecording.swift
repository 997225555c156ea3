/// What the async runtime chose in one run, kept when the run is asked to record it (`simulate
/// explore`, `simulate shrink`, ``SimulationRunner/run(_:seed:keepsTrace:recordsSchedule:hashesTrace:)``): the
/// deviations from the oldest-first order, which replay the run exactly (`replay:…`), and the orders of
/// same-instant jobs per task pair, for coverage.
public final class ScheduleRecording {
    /// Choices among two or more ready jobs so far.
    public private(set) var choices = 0
    /// The choices that did not run the oldest ready job.
    public private(set) var deviations: [ScheduleDeviation] = []
    private var pairs: [TaskPair: PairOrder] = [:]

    /// An empty recording, for one run.
    public init() {}

    /// Choice `step` ran the job `skipped` places after the oldest ready one.
    public func choose(step: Int, skipped: Int) {
        choices = step
        if skipped > 0 { deviations.append(ScheduleDeviation(step: step, skip: skipped)) }
    }

    /// At one choice, task `winner` ran while task `other` was ready too (tasks numbered from 0 in the
    /// order the run first saw them).
    public func ran(_ winner: Int, before other: Int) {
        guard winner != other else { return }
        let pair = TaskPair(low: min(winner, other), high: max(winner, other))
        pairs[pair, default: PairOrder()].add(lowFirst: winner < other)
    }

    /// The run's schedule, as ``RunResult/schedule`` keeps it.
    public var schedule: RecordedSchedule {
        var orders: Set<UInt64> = []
        for (pair, order) in pairs {
            var hash = SeededRandom.fnv1a64("\(pair.low),\(pair.high)")
            hash = (hash ^ order.bits ^ UInt64(order.count) << 56) &* 0x100_0000_01b3
            orders.insert(hash)
        }
        return RecordedSchedule(choices: choices, deviations: deviations, pairOrders: orders)
    }

    private struct TaskPair: Hashable {
        var low: Int
        var high: Int
    }

    /// Which task of a pair ran first at each of their first 56 shared choices.
    private struct PairOrder {
        var bits: UInt64 = 0
        var count = 0

        mutating func add(lowFirst: Bool) {
            guard count < 56 else { return }
            if lowFirst { bits |= 1 << UInt64(count) }
            count += 1
        }
    }
}

/// The schedule of one run: enough to replay it (``strategy``) and to measure coverage.
public struct RecordedSchedule: Sendable, Hashable {
    /// Choices among two or more ready jobs.
    public var choices: Int
    /// The choices that did not run the oldest ready job.
    public var deviations: [ScheduleDeviation]
    /// One hash per task pair that met at a choice: the pair and which of the two ran first at each of
    /// their first 56 shared choices. The union over runs counts the distinct pair orderings explored.
    public var pairOrders: Set<UInt64>

    /// A schedule; see the members.
    public init(choices: Int, deviations: [ScheduleDeviation], pairOrders: Set<UInt64>) {
        self.choices = choices
        self.deviations = deviations
        self.pairOrders = pairOrders
    }

    /// The strategy that replays exactly this schedule.
    public var strategy: ScheduleStrategy { .replay(deviations) }
}
