import SimulateCore

/// The load model's state: token buckets per device or zone, recent writes per zone, the outage stream.
struct CloudKitLoadLimiter {
    private struct Bucket {
        var tokens: Double
        var refilledAtNanoseconds: Int64
        var blockedUntilNanoseconds: Int64
    }

    private var random: SeededRandom
    private var buckets: [String: Bucket] = [:]
    private var recentWrites: [CloudZoneID: [Int64]] = [:]

    init(random: SeededRandom) {
        self.random = random
    }

    /// The error that answers a request now, or nil to serve it.
    mutating func admit(
        _ model: CloudKitLoadModel, _ requester: String?, _ zoneID: CloudZoneID?, isWrite: Bool, now: Int64
    ) -> CloudKitError? {
        guard !model.isUnlimited else { return nil }
        if let outage = model.serviceUnavailable, random.chance(outage.probability) {
            return CloudKitError(
                .serviceUnavailable, "service unavailable", retryAfterSeconds: outage.retryAfterSeconds)
        }
        if let limit = model.rateLimit {
            let key = limit.scope == .device ? "device:" + (requester ?? "") : "zone:" + (zoneID?.zoneName ?? "")
            if let error = takeToken(limit, key: key, now: now) { return error }
        }
        if isWrite, let busy = model.zoneBusy, let zoneID {
            var writes = recentWrites[zoneID] ?? []
            writes.removeAll { $0 <= now - busy.windowNanoseconds }
            defer { recentWrites[zoneID] = writes }
            if writes.count >= busy.writes {
                return CloudKitError(
                    .zoneBusy, "zone \(zoneID) is busy", retryAfterSeconds: busy.retryAfterSeconds)
            }
            writes.append(now)
        }
        return nil
    }

    private mutating func takeToken(_ limit: CloudKitLoadModel.RateLimit, key: String, now: Int64) -> CloudKitError? {
        let retryAfterNanoseconds = Int64((limit.retryAfterSeconds * 1e9).rounded())
        var bucket =
            buckets[key] ?? Bucket(tokens: Double(limit.burst), refilledAtNanoseconds: now, blockedUntilNanoseconds: 0)
        defer { buckets[key] = bucket }
        if now < bucket.blockedUntilNanoseconds {
            if limit.penalizeEarlyRequests { bucket.blockedUntilNanoseconds = now + retryAfterNanoseconds }
            let remaining = Double(bucket.blockedUntilNanoseconds - now) / 1e9
            return CloudKitError(.requestRateLimited, "request rate limited", retryAfterSeconds: remaining)
        }
        let elapsedSeconds = Double(now - bucket.refilledAtNanoseconds) / 1e9
        bucket.tokens = min(Double(limit.burst), bucket.tokens + elapsedSeconds * limit.requestsPerSecond)
        bucket.refilledAtNanoseconds = now
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            return nil
        }
        bucket.blockedUntilNanoseconds = now + retryAfterNanoseconds
        return CloudKitError(.requestRateLimited, "request rate limited", retryAfterSeconds: limit.retryAfterSeconds)
    }
}
