import SimulateCore
import SimulateJSON

/// How busy the simulated CloudKit is: request rate limits, `zoneBusy` under concurrent writes, and
/// random `serviceUnavailable` answers. Every part is off unless set; every draw is seeded.
public struct CloudKitLoadModel: PluginArguments, Equatable {
    public enum Scope: String, Sendable, CaseIterable {
        /// One budget per device (CloudKit's per-user throttle as one app instance sees it).
        case device
        /// One budget per zone, shared by every device writing to it.
        case zone
    }

    /// A token bucket: `burst` requests at once, refilled at `requestsPerSecond`. An empty bucket answers
    /// `requestRateLimited` with `retryAfterSeconds` and blocks the key for that long.
    public struct RateLimit: PluginArguments, Equatable {
        public var requestsPerSecond: Double
        public var burst: Int
        public var scope: Scope
        public var retryAfterSeconds: Double
        /// A request during the block restarts it (CloudKit keeps answering the full retry-after to clients
        /// that do not wait): the storm of field report 10.
        public var penalizeEarlyRequests: Bool

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
        public var writes: Int
        public var window: VirtualDuration
        public var retryAfterSeconds: Double

        public init(writes: Int, window: VirtualDuration, retryAfterSeconds: Double = 1) {
            self.writes = writes
            self.window = window
            self.retryAfterSeconds = retryAfterSeconds
        }

        /// Every member at its default; a scenario must give `writes` (1 until it is read).
        public init() { self.init(writes: 1, window: .seconds(1)) }

        public func check(at path: JSONPath, diagnostics: Diagnostics) {
            if window <= .zero { diagnostics.error("the window must be longer than 0", at: path / "window") }
        }
    }

    /// Each request fails with `serviceUnavailable` with this probability.
    public struct ServiceUnavailable: PluginArguments, Equatable {
        public var probability: Double
        public var retryAfterSeconds: Double

        public init(probability: Double, retryAfterSeconds: Double = 2) {
            self.probability = probability
            self.retryAfterSeconds = retryAfterSeconds
        }

        /// Every member at its default; a scenario must give `probability` (0 until it is read).
        public init() { self.init(probability: 0) }
    }

    public var rateLimit: RateLimit?
    public var zoneBusy: ZoneBusy?
    public var serviceUnavailable: ServiceUnavailable?
    /// Saves plus deletes allowed in one modify operation (CloudKit: 400); more answer `limitExceeded`.
    public var maxRecordsPerOperation: Int

    public init(
        rateLimit: RateLimit? = nil, zoneBusy: ZoneBusy? = nil, serviceUnavailable: ServiceUnavailable? = nil,
        maxRecordsPerOperation: Int = 400
    ) {
        self.rateLimit = rateLimit
        self.zoneBusy = zoneBusy
        self.serviceUnavailable = serviceUnavailable
        self.maxRecordsPerOperation = maxRecordsPerOperation
    }

    public init() { self.init(rateLimit: nil) }

    /// No limits but CloudKit's 400 records per operation.
    public static let unlimited = CloudKitLoadModel()

    public var isUnlimited: Bool { rateLimit == nil && zoneBusy == nil && serviceUnavailable == nil }
}
