import SimulateCore
import SimulateJSON

/// How busy the simulated CloudKit is: request rate limits, `zoneBusy` under concurrent writes, and
/// random `serviceUnavailable` answers. Every part is off unless set; every draw is seeded.
public struct CloudKitLoadModel: Sendable, Equatable {
    public enum Scope: String, Sendable, CaseIterable {
        /// One budget per device (CloudKit's per-user throttle as one app instance sees it).
        case device
        /// One budget per zone, shared by every device writing to it.
        case zone
    }

    /// A token bucket: `burst` requests at once, refilled at `requestsPerSecond`. An empty bucket answers
    /// `requestRateLimited` with `retryAfterSeconds` and blocks the key for that long.
    public struct RateLimit: Sendable, Equatable {
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
    }

    /// More than `writes` modify operations on one zone within `window` answer `zoneBusy`.
    public struct ZoneBusy: Sendable, Equatable {
        public var writes: Int
        public var window: VirtualDuration
        public var retryAfterSeconds: Double

        public init(writes: Int, window: VirtualDuration, retryAfterSeconds: Double = 1) {
            self.writes = writes
            self.window = window
            self.retryAfterSeconds = retryAfterSeconds
        }
    }

    /// Each request fails with `serviceUnavailable` with this probability.
    public struct ServiceUnavailable: Sendable, Equatable {
        public var probability: Double
        public var retryAfterSeconds: Double

        public init(probability: Double, retryAfterSeconds: Double = 2) {
            self.probability = probability
            self.retryAfterSeconds = retryAfterSeconds
        }
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

    /// No limits but CloudKit's 400 records per operation.
    public static let unlimited = CloudKitLoadModel()

    public var isUnlimited: Bool { rateLimit == nil && zoneBusy == nil && serviceUnavailable == nil }
}

extension CloudKitLoadModel {
    /// Reads `{"rateLimit": {…}, "zoneBusy": {…}, "serviceUnavailable": {…}, "maxRecordsPerOperation": 400}`,
    /// reporting every problem at its JSON path.
    public static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> CloudKitLoadModel? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        var model = CloudKitLoadModel()
        let before = diagnostics.items.count
        if let value = reader.value("rateLimit"),
            let limit = ObjectReader(value, at: path / "rateLimit", diagnostics: diagnostics)
        {
            model.rateLimit = RateLimit(
                requestsPerSecond: limit.double("requestsPerSecond", required: true, range: 0.001...1e9) ?? 1,
                burst: limit.int("burst", range: 1...1_000_000) ?? 1,
                scope: limit.choice("scope", Scope.allCases.map(\.rawValue)).flatMap(Scope.init) ?? .device,
                retryAfterSeconds: seconds(limit, "retryAfter") ?? 23,
                penalizeEarlyRequests: limit.bool("penalizeEarlyRequests") ?? true)
            limit.rejectUnknownKeys()
        }
        if let value = reader.value("zoneBusy"),
            let busy = ObjectReader(value, at: path / "zoneBusy", diagnostics: diagnostics)
        {
            let window = busy.duration("window") ?? .seconds(1)
            if window <= .zero {
                diagnostics.error("the window must be longer than 0", at: path / "zoneBusy" / "window")
            }
            model.zoneBusy = ZoneBusy(
                writes: busy.int("writes", required: true, range: 1...1_000_000) ?? 1, window: window,
                retryAfterSeconds: seconds(busy, "retryAfter") ?? 1)
            busy.rejectUnknownKeys()
        }
        if let value = reader.value("serviceUnavailable"),
            let outage = ObjectReader(value, at: path / "serviceUnavailable", diagnostics: diagnostics)
        {
            model.serviceUnavailable = ServiceUnavailable(
                probability: outage.double("probability", required: true, range: 0...1) ?? 0,
                retryAfterSeconds: seconds(outage, "retryAfter") ?? 2)
            outage.rejectUnknownKeys()
        }
        model.maxRecordsPerOperation = reader.int("maxRecordsPerOperation", range: 1...1_000_000) ?? 400
        reader.rejectUnknownKeys()
        return diagnostics.items.count == before ? model : nil
    }

    private static func seconds(_ reader: ObjectReader, _ key: String) -> Double? {
        reader.duration(key).map(\.seconds)
    }

    /// The JSON Schema of the load model object, for the editor schema.
    public static var schema: JSON {
        let duration: JSON = ["$ref": "#/$defs/duration"]
        return [
            "type": "object", "additionalProperties": false,
            "properties": [
                "rateLimit": [
                    "type": "object", "additionalProperties": false, "required": ["requestsPerSecond"],
                    "properties": [
                        "requestsPerSecond": ["type": "number", "exclusiveMinimum": 0],
                        "burst": ["type": "integer", "minimum": 1], "scope": ["enum": ["device", "zone"]],
                        "retryAfter": duration, "penalizeEarlyRequests": ["type": "boolean"],
                    ],
                ],
                "zoneBusy": [
                    "type": "object", "additionalProperties": false, "required": ["writes"],
                    "properties": [
                        "writes": ["type": "integer", "minimum": 1], "window": duration, "retryAfter": duration,
                    ],
                ],
                "serviceUnavailable": [
                    "type": "object", "additionalProperties": false, "required": ["probability"],
                    "properties": [
                        "probability": ["type": "number", "minimum": 0, "maximum": 1], "retryAfter": duration,
                    ],
                ],
                "maxRecordsPerOperation": ["type": "integer", "minimum": 1],
            ],
        ]
    }
}
