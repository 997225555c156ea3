import SimulateCore

/// Picks which ready job runs next, by the run's ``ScheduleStrategy`` (the scenario's `"strategy"`,
/// `random` when it names none).
///
/// A choice is made only when two or more jobs are ready; choices are counted from 1 and are what
/// `pct` and `delay` draw their points over and what a `replay:` schedule names. `random` draws from
/// the stream `async/executor` exactly as the executor did before strategies existed, so default runs
/// keep their trace hashes; the other strategies draw from `async/strategy`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class ScheduleChooser {
    typealias ReadyJob = SimulationExecutor.ReadyJob

    // @exclusivity(unchecked) on purpose (docs/performance.md): used on the run's thread only, one pick at a time.
    @exclusivity(unchecked) private var random: SeededRandom
    private let policy: (any SchedulePolicy)?
    private let recorder: ScheduleRecorder?
    /// Kept for `pct` and for recording: which task each job belongs to.
    private let identities: TaskIdentities?
    @exclusivity(unchecked) private var choices = 0

    init(strategy: ScheduleStrategy, random: SeededRandom, strategyRandom: SeededRandom, recording: ScheduleRecording?)
    {
        self.random = random
        var identities: TaskIdentities?
        if case .pct = strategy { identities = TaskIdentities() }
        if recording != nil { identities = identities ?? TaskIdentities() }
        self.identities = identities
        switch strategy {
        case .random: policy = nil
        case .pct(let depth, _):
            policy = PCTPolicy(
                depth: depth, steps: strategy.steps ?? ScheduleStrategy.defaultSteps, random: strategyRandom,
                identities: identities!)
        case .delay(let delays, _):
            policy = DelayPolicy(
                delays: delays, steps: strategy.steps ?? ScheduleStrategy.defaultSteps, random: strategyRandom)
        case .replay(let deviations): policy = ReplayPolicy(deviations)
        }
        recorder = recording.map { ScheduleRecorder($0, identities: identities!) }
    }

    convenience init(_ context: SimulationContext) {
        self.init(
            strategy: context.scenario.strategy ?? .random, random: context.random("async/executor"),
            strategyRandom: context.random("async/strategy"), recording: context.scheduleRecording)
    }

    /// Whether a lone ready job must go through ``pick(_:)`` too (a strategy that follows tasks sees it
    /// run); otherwise it is picked without a call.
    var picksLoneJobs: Bool { identities != nil }

    /// Whether a choice needs only the number of jobs ready (``pick(amongCount:)``): `random`, not recorded.
    var picksByCount: Bool { policy == nil && recorder == nil && identities == nil }

    /// The index of the job to run among `count` (two or more) ready ones, when ``picksByCount``: the same
    /// choice as ``pick(_:)``, without handing it the jobs.
    func pick(amongCount count: Int) -> Int {
        choices += 1
        return Int(truncatingIfNeeded: random.below(UInt64(count)))
    }

    /// The index in `ready` (not empty) of the job to run.
    func pick(_ ready: [ReadyJob]) -> Int {
        guard ready.count > 1 else {
            identities?.ran(ready[0])
            return 0
        }
        choices += 1
        let index: Int
        if let policy {
            index = policy.pick(ready, choice: choices)
        } else {
            index = Int(truncatingIfNeeded: random.below(UInt64(ready.count)))
        }
        recorder?.record(ready, picked: index, choice: choices)
        identities?.ran(ready[index])
        return index
    }
}

/// A strategy other than `random`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
protocol SchedulePolicy: AnyObject {
    /// The index in `ready` (two or more jobs) of the job to run at choice `choice` (from 1).
    func pick(_ ready: [SimulationExecutor.ReadyJob], choice: Int) -> Int
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension SimulationExecutor.ReadyJob {
    /// The job's place in enqueue order.
    var enqueued: UInt64 { ordinal >> 1 }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Array where Element == SimulationExecutor.ReadyJob {
    /// The index of the job that is `rank`-th oldest (0: the oldest); past the newest, the newest.
    func index(ofRank rank: Int) -> Int {
        if rank == 0 { return indices.min { self[$0].enqueued < self[$1].enqueued }! }
        let sorted = indices.sorted { self[$0].enqueued < self[$1].enqueued }
        return sorted[Swift.min(rank, count - 1)]
    }

    /// How many ready jobs are older than the one at `index`.
    func rank(of index: Int) -> Int {
        let enqueued = self[index].enqueued
        return reduce(0) { $0 + ($1.enqueued < enqueued ? 1 : 0) }
    }
}
