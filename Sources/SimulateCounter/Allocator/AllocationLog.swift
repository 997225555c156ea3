import SimulateCloudKit
import SimulateCore

/// One requested allocation, from request to its end. Kept small: errors and completions are rare and
/// live in the log's side tables.
struct Allocation {
    let deviceIndex: Int
    let requestedNanoseconds: Int64
    var attempts = 0
    var value: Int?
    var failed = false
    var finishedNanoseconds: Int64?

    var isFinished: Bool { finishedNanoseconds != nil }
}

/// Everything the run's allocators did: the allocations and the counts behind the statistics.
/// Counts are `@exclusivity(unchecked)`: see ``CloudKitRecordServer``.
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
