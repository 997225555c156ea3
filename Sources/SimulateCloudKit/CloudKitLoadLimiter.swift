import SimulateCore

/// The load model's state: token buckets per device or zone, recent writes per zone, the outage stream.
struct CloudKitLoadLimiter {
    private struct Bucket {
        var tokens: Double
        var refilledAt: VirtualInstant
        var blockedUntil: VirtualInstant
    }

    private var random: SeededRandom
    private var buckets: [String: Bucket] = [:]
    private var recentWrites: [CloudZoneID: [VirtualInstant]] = [:]

    init(random: SeededRandom) {
        self.random = random
    }

    /// The error that answers a request now, or nil to serve it.
    mutating func admit(
        _ model: CloudKitLoadModel, _ requester: String?, _ zoneID: CloudZoneID?, isWrite: Bool, now: VirtualInstant
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
            writes.removeAll { $0 <= now - busy.window }
            defer { recentWrites[zoneID] = writes }
            if writes.count >= busy.writes {
                return CloudKitError(
                    .zoneBusy, "zone \(zoneID) is busy", retryAfterSeconds: busy.retryAfterSeconds)
            }
            writes.append(now)
        }
        return nil
    }

    private mutating func takeToken(_ limit: CloudKitLoadModel.RateLimit, key: String, now: VirtualInstant)
        -> CloudKitError?
    {
        let retryAfter = VirtualDuration.nanoseconds(Int64((limit.retryAfterSeconds * 1e9).rounded()))
        var bucket = buckets[key] ?? Bucket(tokens: Double(limit.burst), refilledAt: now, blockedUntil: .start)
        defer { buckets[key] = bucket }
        if now < bucket.blockedUntil {
            if limit.penalizeEarlyRequests { bucket.blockedUntil = now + retryAfter }
            let remaining = (bucket.blockedUntil - now).seconds
            return CloudKitError(.requestRateLimited, "request rate limited", retryAfterSeconds: remaining)
        }
        let elapsedSeconds = (now - bucket.refilledAt).seconds
        bucket.tokens = min(Double(limit.burst), bucket.tokens + elapsedSeconds * limit.requestsPerSecond)
        bucket.refilledAt = now
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            return nil
        }
        bucket.blockedUntil = now + retryAfter
        return CloudKitError(.requestRateLimited, "request rate limited", retryAfterSeconds: limit.retryAfterSeconds)
    }
}
