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
final class AllocationLog {
    var allocations: [Allocation] = []
    /// Indices of allocations in the order they were handed out.
    var handedOut: [Int] = []
    var conflicts = 0
    var rateLimitWaits = 0
    var zoneBusyWaits = 0
    var serviceUnavailable = 0
    var networkFailures = 0
    var backoffs = 0
    var limitExceeded = 0

    /// Why each failed allocation gave up, by allocation index.
    var errors: [Int: CounterAllocationError] = [:]
    /// Completions of allocations other plugins requested, by allocation index.
    var completions: [Int: (Result<Int, CounterAllocationError>) -> Void] = [:]
}
