import SimulateJSON

/// The per-run statistics of the JSON report's `"statistics": {"counter": …}`.
extension CounterRun {
    public func statistics() -> JSON? {
        // The attempts of every ended allocation, by rank, read off their histogram.
        let histogram = log.attemptHistogram
        let ended = log.allocated + log.failed
        func percentile(_ fraction: Double) -> JSON {
            guard ended > 0 else { return 0 }
            let rank = min(ended, max(1, Int((fraction * Double(ended)).rounded(.up))))
            var seen = 0
            for (attempts, count) in histogram {
                seen += count
                if seen >= rank { return JSON(attempts) }
            }
            return 0
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
            "allocations": JSON(log.requested), "allocated": JSON(log.allocated), "failed": JSON(log.failed),
            "pending": JSON(log.requested - ended),
            "attempts": ["p50": percentile(0.5), "p99": percentile(0.99), "max": JSON(histogram.last?.attempts ?? 0)],
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
