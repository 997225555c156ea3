import SimulateJSON

/// Bounds and choices for ``ScenarioShrinker``.
public struct ShrinkOptions: Sendable {
    /// Candidate runs at most (each candidate scenario is run once).
    public var maxRuns: Int
    /// Wall-clock seconds at most; the shrinker stops with the smallest failing scenario found so far.
    public var maxSeconds: Double
    /// After the seed itself, how many nearby seeds (N+1, N-1, N+2, …) to try for a smaller failure.
    public var nearbySeeds: Int
    /// A `repeat` of at most this many occurrences may be written out as explicit items to shrink further.
    public var expandRepeatsUpTo: Int

    public init(maxRuns: Int = 3_000, maxSeconds: Double = 120, nearbySeeds: Int = 4, expandRepeatsUpTo: Int = 64) {
        self.maxRuns = maxRuns
        self.maxSeconds = maxSeconds
        self.nearbySeeds = nearbySeeds
        self.expandRepeatsUpTo = expandRepeatsUpTo
    }
}

/// How big a scenario is: what `simulate shrink` prints before and after.
public struct ScenarioSize: Sendable, Equatable, CustomStringConvertible {
    public var devices: Int
    /// Items in `steps`, and the occurrences they stand for once `repeat` is counted.
    public var steps: Int
    public var stepOccurrences: Int
    /// Explicit items in `faults`, and their occurrences.
    public var faults: Int
    public var faultOccurrences: Int
    /// Whether faults are still drawn from the seed (`faults.generate`).
    public var generatesFaults: Bool
    public var duration: VirtualDuration
    /// Events the run executed.
    public var events: Int

    public var description: String {
        var parts = ["\(devices) devices", "\(steps) steps"]
        if stepOccurrences != steps { parts[1] += " (\(stepOccurrences) with repeats)" }
        parts.append("\(faults) faults" + (faultOccurrences != faults ? " (\(faultOccurrences) with repeats)" : ""))
        if generatesFaults { parts[2] += " + generated" }
        parts.append("duration \(DurationFormat.string(duration))")
        parts.append("\(events) events")
        return parts.joined(separator: ", ")
    }

    /// The order the shrinker minimises: occurrences first, then items, devices, duration.
    var weight: [Int64] {
        [
            Int64(stepOccurrences + faultOccurrences), Int64(steps + faults), Int64(devices),
            generatesFaults ? 1 : 0, duration.nanoseconds,
        ]
    }
}

/// Where a shrink is, for a progress line.
public struct ShrinkProgress: Sendable {
    public var runs: Int
    public var maxRuns: Int
    public var elapsedSeconds: Double
    public var phase: String
    public var size: ScenarioSize
}

/// The outcome of a shrink.
public struct ShrinkResult: Sendable {
    public var file: String?
    public var originalSeed: UInt64
    /// The seed the minimal scenario fails with (written into it as `seed`).
    public var seed: UInt64
    public var signature: FailureSignature
    public var before: ScenarioSize
    public var after: ScenarioSize
    /// The minimal scenario, as written.
    public var minimal: JSON
    public var runs: Int
    public var seconds: Double
    /// True when the run or time budget ran out before no smaller candidate was left.
    public var budgetExhausted: Bool
    /// What was taken away, one line each.
    public var removed: [String]
    /// The faults `faults.generate` drew for the original seed (empty without it).
    public var drawnFaults: [JSON]
    /// The schedule's deviations before and after, when the run's strategy was not `random`.
    public var schedule: ScheduleShrink? = nil
}

/// How far a failing schedule shrank: its deviations from the oldest-first order, before and after.
public struct ScheduleShrink: Sendable, Equatable {
    /// Deviations of the failing run's recorded schedule.
    public var before: Int
    /// Deviations of the minimal scenario's `replay:`.
    public var after: Int
}

/// Why a scenario cannot be shrunk.
public enum ShrinkError: Error, Sendable {
    /// The input is not a valid scenario.
    case invalid(ScenarioError)
    /// Every expectation is met with this seed: there is no failure to keep.
    case passes(RunResult)
    /// The failure asked for (`target`) is not how the scenario fails.
    case otherFailure(RunResult, [FailureSignature])
}
