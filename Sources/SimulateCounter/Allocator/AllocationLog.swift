import SimulateCloudKit
import SimulateCore

/// One requested allocation, from request to its end. Kept small: errors and completions are rare and
/// live in the log's side tables.
struct Allocation {
    let deviceIndex: Int
    let requestedAt: VirtualInstant
    var attempts = 0
    var value: Int?
    var failed = false
    var finishedAt: VirtualInstant?

    var isFinished: Bool { finishedAt != nil }
}

/// Everything the run's allocators did: the allocations and the counts behind the statistics.
/// The log's state is `@exclusivity(unchecked)` (docs/performance.md): every change to an allocation
/// copies on write when shared, a call the compiler cannot see through, so with the checks on each
/// `allocations[i].x = …` is a run-time access check. That cost 47 M instructions (5 %) of
/// `simulate-bench counter-runs 30` under callgrind and 9-10 % of its CPU time (best of 5, 300 seeds:
/// 1.26 s with the checks, 1.15 s without). Only the run's own thread touches a log.
final class AllocationLog {
    @exclusivity(unchecked) var allocations: [Allocation] = []
    /// Indices of allocations in the order they were handed out.
    @exclusivity(unchecked) var handedOut: [Int] = []
    @exclusivity(unchecked) var conflicts = 0
    @exclusivity(unchecked) var rateLimitWaits = 0
    @exclusivity(unchecked) var zoneBusyWaits = 0
    @exclusivity(unchecked) var serviceUnavailable = 0
    @exclusivity(unchecked) var networkFailures = 0
    @exclusivity(unchecked) var backoffs = 0
    @exclusivity(unchecked) var limitExceeded = 0

    /// Why each failed allocation gave up, by allocation index.
    var errors: [Int: CounterAllocationError] = [:]
    /// Completions of allocations other plugins requested, by allocation index.
    @exclusivity(unchecked) var completions: [Int: (Result<Int, CounterAllocationError>) -> Void] = [:]
}
