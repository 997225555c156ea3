import SimulateCore

/// `counter.unique` judged as allocations end: a value handed out again is a violation at once. The
/// values are the log's range set; the first holder of each of the last ``UniqueWatch/remembered``
/// distinct values is kept for the message, so a repeat of an older value names no first holder
/// (README.md, "Memory"). The holders are a ring in hand-out order, searched only for a violation's
/// message: an allocation that ends costs no hashing.
final class UniqueWatch {
    /// Distinct values whose first holder a violation can still name (24 bytes each).
    static let remembered = 1 << 14
    /// What a violation cites of a first holder.
    private struct Holder {
        let value: Int
        let deviceIndex: Int32
        let attempts: Int32
        let finishedAt: VirtualInstant
    }
    /// The first holders of the last distinct values, oldest overwritten first. One stored property changed
    /// by one call per new value: a single exclusivity check.
    private var holders = RecentItems<Holder>(capacity: UniqueWatch.remembered)
    /// The first violations: the repeat and its first holder, if still known.
    private(set) var repeats: [(allocation: FinishedAllocation, first: FinishedAllocation?)] = []
    private(set) var total = 0

    func finished(_ allocation: FinishedAllocation, newValue: Bool) {
        guard let value = allocation.value else { return }
        if newValue {
            let holder = Holder(
                value: value, deviceIndex: Int32(truncatingIfNeeded: allocation.deviceIndex),
                attempts: Int32(clamping: allocation.attempts), finishedAt: allocation.finishedAt)
            holders.append(holder)
            return
        }
        total += 1
        guard repeats.count < CounterRun.violationLimit else { return }
        let first = holders.unordered.first { $0.value == value }.map {
            FinishedAllocation(
                index: -1, deviceIndex: Int($0.deviceIndex), attempts: Int($0.attempts), finishedAt: $0.finishedAt,
                value: value, error: nil)
        }
        repeats.append((allocation, first))
    }
}

/// `counter.retryBound` with one bound, judged as allocations end: the violations of the allocations
/// with the lowest indices (the order the report lists them in) and how many there were; allocations
/// still pending are judged at the end.
final class RetryBoundWatch {
    let maxAttempts: Int
    let allowPending: Bool
    /// Ended allocations over the bound with the lowest indices, in index order.
    private(set) var over: [FinishedAllocation] = []
    private(set) var total = 0

    init(maxAttempts: Int, allowPending: Bool) {
        self.maxAttempts = maxAttempts
        self.allowPending = allowPending
    }

    func finished(_ allocation: FinishedAllocation) {
        guard allocation.attempts > maxAttempts else { return }
        total += 1
        if over.count == CounterRun.violationLimit {
            guard let last = over.last, allocation.index < last.index else { return }
            over.removeLast()
        }
        let position = over.firstIndex { $0.index > allocation.index } ?? over.count
        over.insert(allocation, at: position)
    }
}

extension CounterRun {
    public func watch(_ invariant: CounterInvariant) {
        switch invariant {
        case .unique:
            guard uniqueWatch == nil else { return }
            let watch = UniqueWatch()
            uniqueWatch = watch
            log.finishObservers.append { watch.finished($0, newValue: $1) }
        case .retryBound(let bound):
            let maxAttempts = resolvedMaxAttempts(bound)
            guard
                !retryBoundWatches.contains(where: {
                    $0.maxAttempts == maxAttempts && $0.allowPending == bound.allowPending
                })
            else { return }
            let watch = RetryBoundWatch(maxAttempts: maxAttempts, allowPending: bound.allowPending)
            retryBoundWatches.append(watch)
            log.finishObservers.append { allocation, _ in watch.finished(allocation) }
        case .contiguous, .retryAfter:
            break
        }
    }

    /// maxAttempts is the reference allocator's setting: an app allocator's own bound is its own, so
    /// only an explicit `maxAttempts` argument bounds its attempts.
    func resolvedMaxAttempts(_ bound: CounterInvariant.RetryBound) -> Int {
        bound.maxAttempts ?? (configuration.appAllocator == nil ? configuration.maxAttempts : .max)
    }
}
