import SimulateCloudKit
import SimulateCore

/// One requested allocation that has not ended yet. Kept small: completions live in the log's side table.
struct Allocation {
    let deviceIndex: Int
    let requestedAt: VirtualInstant
    var attempts = 0
}

/// An allocation that ended: what a violation message cites of it.
struct FinishedAllocation {
    let index: Int
    let deviceIndex: Int
    let attempts: Int
    let finishedAt: VirtualInstant
    let value: Int?
    let error: CounterAllocationError?
}

/// Everything the run's allocators did, kept in memory bounded by what is pending (README.md, "Memory"):
/// allocations not ended yet in full; ended ones folded into counts, the histogram of their attempts, the
/// set of distinct values handed out (one range per run of consecutive values) and whatever the watched
/// invariants keep (``finishObservers``). The values each device got are kept only when a check reads them
/// (`counter.allocated`).
///
/// The log's state is `@exclusivity(unchecked)` (docs/performance.md): every change to an allocation
/// copies on write when shared, a call the compiler cannot see through, so with the checks on each
/// `allocations[i].x = …` is a run-time access check. That cost 47 M instructions (5 %) of
/// `simulate-bench counter-runs 30` under callgrind and 9-10 % of its CPU time (best of 5, 300 seeds:
/// 1.26 s with the checks, 1.15 s without). Only the run's own thread touches a log.
final class AllocationLog {
    /// Allocations requested and not ended, by index.
    @exclusivity(unchecked) var allocations = PendingTable<Allocation>()
    /// Allocations requested so far: the next one's index.
    var requested: Int { allocations.next }
    @exclusivity(unchecked) private(set) var allocated = 0
    @exclusivity(unchecked) private(set) var failed = 0
    @exclusivity(unchecked) private(set) var failedByDevice: [Int]
    /// Ended allocations by how many attempts they took: index `n` counts those that took `n` attempts,
    /// for the usual few; more attempts than that are counted in ``manyAttemptCounts``.
    @exclusivity(unchecked) private var attemptCounts = [Int](repeating: 0, count: 32)
    @exclusivity(unchecked) private var manyAttemptCounts: [Int: Int] = [:]
    /// Every distinct value handed out.
    @exclusivity(unchecked) private(set) var values = IntRangeSet()
    /// The values each device got, in order, when a check reads them (nil: not kept).
    @exclusivity(unchecked) private(set) var valuesByDevice: [[Int]]?
    /// Called with each allocation as it ends and whether its value (if any) was new.
    var finishObservers: [(FinishedAllocation, _ newValue: Bool) -> Void] = []

    @exclusivity(unchecked) var conflicts = 0
    @exclusivity(unchecked) var rateLimitWaits = 0
    @exclusivity(unchecked) var zoneBusyWaits = 0
    @exclusivity(unchecked) var serviceUnavailable = 0
    @exclusivity(unchecked) var networkFailures = 0
    @exclusivity(unchecked) var backoffs = 0
    @exclusivity(unchecked) var limitExceeded = 0

    /// Completions of allocations other plugins requested, by allocation index.
    @exclusivity(unchecked) var completions: [Int: (Result<Int, CounterAllocationError>) -> Void] = [:]

    init(devices: Int, keepsValuesByDevice: Bool) {
        failedByDevice = Array(repeating: 0, count: devices)
        valuesByDevice = keepsValuesByDevice ? Array(repeating: [], count: devices) : nil
    }

    /// Starts an allocation on a device; returns its index.
    func request(deviceIndex: Int, at time: VirtualInstant) -> Int {
        allocations.append(Allocation(deviceIndex: deviceIndex, requestedAt: time))
    }

    /// The attempts so far of a pending allocation.
    func attempts(_ index: Int) -> Int { allocations[index]?.attempts ?? 0 }

    /// Ended allocations by how many attempts they took, fewest attempts first.
    var attemptHistogram: [(attempts: Int, count: Int)] {
        let few = attemptCounts.indices.filter { attemptCounts[$0] > 0 }.map { ($0, attemptCounts[$0]) }
        return few + manyAttemptCounts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Changes a pending allocation's attempts.
    func setAttempts(_ index: Int, _ change: (inout Int) -> Void) {
        allocations.update(index) { change(&$0.attempts) }
    }

    /// Ends a pending allocation with a value or an error.
    func finish(_ index: Int, at time: VirtualInstant, _ result: Result<Int, CounterAllocationError>) {
        guard let allocation = allocations.remove(index) else {
            preconditionFailure("allocation #\(index) ended twice")
        }
        if allocation.attempts < attemptCounts.count {
            attemptCounts[allocation.attempts] += 1
        } else {
            manyAttemptCounts[allocation.attempts, default: 0] += 1
        }
        let value: Int?
        var newValue = false
        switch result {
        case .success(let handedOut):
            value = handedOut
            allocated += 1
            newValue = values.insert(handedOut)
            valuesByDevice?[allocation.deviceIndex].append(handedOut)
        case .failure:
            value = nil
            failed += 1
            failedByDevice[allocation.deviceIndex] += 1
        }
        guard !finishObservers.isEmpty else { return }
        let finished = FinishedAllocation(
            index: index, deviceIndex: allocation.deviceIndex, attempts: allocation.attempts, finishedAt: time,
            value: value, error: result.failure)
        for observer in finishObservers { observer(finished, newValue) }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
