import SimulateCore
import SimulateJSON

/// How busy the simulated CloudKit is: request rate limits, `zoneBusy` under concurrent writes, and
/// random `serviceUnavailable` answers. Every part is off unless set; every draw is seeded.
public struct CloudKitLoadModel: PluginArguments, Equatable {
    /// Who shares a rate-limit budget.
    public enum Scope: String, Sendable, CaseIterable {
        /// One budget per device (CloudKit's per-user throttle as one app instance sees it).
        case device
        /// One budget per zone, shared by every device writing to it.
        case zone
    }

    /// A token bucket: `burst` requests at once, refilled at `requestsPerSecond`. An empty bucket answers
    /// `requestRateLimited` with `retryAfterSeconds` and blocks the key for that long.
    public struct RateLimit: PluginArguments, Equatable {
        /// How fast the bucket refills.
        public var requestsPerSecond: Double
        /// How many requests the full bucket allows at once.
        public var burst: Int
        /// One budget per device or per zone.
        public var scope: Scope
        /// The retry-after an empty bucket answers, in seconds.
        public var retryAfterSeconds: Double
        /// A request during the block restarts it (CloudKit keeps answering the full retry-after to clients
        /// that do not wait): the storm of field report 10.
        public var penalizeEarlyRequests: Bool

        /// A token bucket; see the members.
        public init(
            requestsPerSecond: Double, burst: Int = 1, scope: Scope = .device, retryAfterSeconds: Double = 23,
            penalizeEarlyRequests: Bool = true
        ) {
            self.requestsPerSecond = requestsPerSecond
            self.burst = burst
            self.scope = scope
            self.retryAfterSeconds = retryAfterSeconds
            self.penalizeEarlyRequests = penalizeEarlyRequests
        }

        /// Every member at its default; a scenario must give `requestsPerSecond` (1 until it is read).
        public init() { self.init(requestsPerSecond: 1) }
    }

    /// More than `writes` modify operations on one zone within `window` answer `zoneBusy`.
    public struct ZoneBusy: PluginArguments, Equatable {
        /// Modify operations on one zone allowed within ``window``.
        public var writes: Int
        /// The sliding window the writes are counted in.
        public var window: VirtualDuration
        /// The retry-after `zoneBusy` answers, in seconds.
        public var retryAfterSeconds: Double

        /// A zone limit; see the members.
        public init(writes: Int, window: VirtualDuration, retryAfterSeconds: Double = 1) {
            self.writes = writes
            self.window = window
            self.retryAfterSeconds = retryAfterSeconds
        }

        /// Every member at its default; a scenario must give `writes` (1 until it is read).
        public init() { self.init(writes: 1, window: .seconds(1)) }

        /// Reports a window that is not longer than 0.
        public func check(at path: JSONPath, diagnostics: Diagnostics) {
            if window <= .zero { diagnostics.error("the window must be longer than 0", at: path / "window") }
        }
    }

    /// Each request fails with `serviceUnavailable` with this probability.
    public struct ServiceUnavailable: PluginArguments, Equatable {
        /// The chance that a request fails, from 0 to 1.
        public var probability: Double
        /// The retry-after the error carries, in seconds.
        public var retryAfterSeconds: Double

        /// A failure chance; see the members.
        public init(probability: Double, retryAfterSeconds: Double = 2) {
            self.probability = probability
            self.retryAfterSeconds = retryAfterSeconds
        }

        /// Every member at its default; a scenario must give `probability` (0 until it is read).
        public init() { self.init(probability: 0) }
    }

    /// The request rate limit; nil: none.
    public var rateLimit: RateLimit?
    /// The concurrent-write limit per zone; nil: none.
    public var zoneBusy: ZoneBusy?
    /// Random `serviceUnavailable` answers; nil: none.
    public var serviceUnavailable: ServiceUnavailable?
    /// Saves plus deletes allowed in one modify operation (CloudKit: 400); more answer `limitExceeded`.
    public var maxRecordsPerOperation: Int

    /// A load model; every part off unless given.
    public init(
        rateLimit: RateLimit? = nil, zoneBusy: ZoneBusy? = nil, serviceUnavailable: ServiceUnavailable? = nil,
        maxRecordsPerOperation: Int = 400
    ) {
        self.rateLimit = rateLimit
        self.zoneBusy = zoneBusy
        self.serviceUnavailable = serviceUnavailable
        self.maxRecordsPerOperation = maxRecordsPerOperation
    }

    /// No limits but CloudKit's 400 records per operation.
    public init() { self.init(rateLimit: nil) }

    /// No limits but CloudKit's 400 records per operation.
    public static let unlimited = CloudKitLoadModel()

    /// Whether no rate limit, zone limit or random failure is set.
    public var isUnlimited: Bool { rateLimit == nil && zoneBusy == nil && serviceUnavailable == nil }
}
