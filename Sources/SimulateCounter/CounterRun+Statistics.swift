import SimulateJSON

/// The per-run statistics of the JSON report's `"statistics": {"counter": …}`.
extension CounterRun {
    public func statistics() -> JSON? {
        var attempts: [Int] = []
        attempts.reserveCapacity(log.allocations.count)
        var allocated = 0
        var failed = 0
        for allocation in log.allocations where allocation.isFinished {
            attempts.append(allocation.attempts)
            if allocation.value != nil { allocated += 1 } else { failed += 1 }
        }
        attempts.sort()
        func percentile(_ fraction: Double) -> JSON {
            guard !attempts.isEmpty else { return 0 }
            let rank = Int((fraction * Double(attempts.count)).rounded(.up))
            return JSON(attempts[min(attempts.count, max(1, rank)) - 1])
        }
        var requests = 0
        var early = 0
        var lost = 0
        var ambiguous = 0
        for allocator in allocators {
            requests += allocator.client.requests
            early += allocator.client.earlyRequests
            lost += allocator.client.lostResponses
            ambiguous += allocator.client.ambiguousWrites
        }
        let value = server.record(configuration.recordID)?[CounterConfiguration.valueKey]?.intValue
        return [
            "allocations": JSON(log.allocations.count), "allocated": JSON(allocated), "failed": JSON(failed),
            "pending": JSON(log.allocations.count - allocated - failed),
            "attempts": ["p50": percentile(0.5), "p99": percentile(0.99), "max": JSON(attempts.last ?? 0)],
            "conflicts": JSON(log.conflicts), "rateLimitWaits": JSON(log.rateLimitWaits),
            "zoneBusyWaits": JSON(log.zoneBusyWaits), "serviceUnavailable": JSON(log.serviceUnavailable),
            "networkFailures": JSON(log.networkFailures), "lostResponses": JSON(lost),
            "ambiguousWrites": JSON(ambiguous), "requests": JSON(requests), "earlyRequests": JSON(early),
            "limitExceeded": JSON(log.limitExceeded), "batchSaved": JSON(batchSaved.reduce(0, +)),
            "batchFailures": JSON(batchFailures),
            "serverValue": value.map { .integer($0) } ?? .null,
            "pushesDelivered": JSON(subscription?.delivered ?? 0), "pushesDropped": JSON(subscription?.dropped ?? 0),
        ]
    }
}
