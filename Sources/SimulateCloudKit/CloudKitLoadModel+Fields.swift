import SimulateCore
import SimulateJSON

// The load model's members, declared once: `simulate explain counter`, the editor schema, the
// checks (with JSON path, line and column) and the docs table in docs/counter.md come from these.

extension CloudKitLoadModel {
    public static let fields: [Field<Self>] = [
        .nested(
            "rateLimit", \.rateLimit,
            "a token bucket per device or zone; an empty bucket answers requestRateLimited (CKError.requestRateLimited, "
                + "with its retry-after in CKErrorRetryAfterKey) and blocks that key for as long"),
        .nested(
            "zoneBusy", \.zoneBusy,
            "a modify on a zone that already had `writes` modify operations within `window` answers zoneBusy "
                + "(CKError.zoneBusy, with its retry-after in CKErrorRetryAfterKey); the threshold is an assumption, "
                + "Apple gives no figure"),
        .nested(
            "serviceUnavailable", \.serviceUnavailable,
            "each request fails with serviceUnavailable (CKError.serviceUnavailable, with its retry-after in "
                + "CKErrorRetryAfterKey) with this probability"),
        .integer(
            "maxRecordsPerOperation", \.maxRecordsPerOperation, in: 1...1_000_000,
            "saves plus deletes allowed in one modify operation; more answer limitExceeded (CKError.limitExceeded). "
                + "400 is CloudKit's per-operation limit as DESIGN.md and field report 9 state it (1…1000000)"),
    ]
}

extension CloudKitLoadModel.RateLimit {
    /// The retry-after as a duration, for its declaration; the run reads ``retryAfterSeconds``.
    public var retryAfter: VirtualDuration {
        get { VirtualDuration(clampingSeconds: retryAfterSeconds) }
        set { retryAfterSeconds = newValue.seconds }
    }

    public static let fields: [Field<Self>] = [
        .number(
            "requestsPerSecond", \.requestsPerSecond, in: 0.001...1e9, required: true,
            "refill rate of the bucket (0.001…1e9); an assumption per scenario, Apple publishes no rate"),
        .integer(
            "burst", \.burst, in: 1...1_000_000, "requests the full bucket allows at once (an assumption; 1…1000000)"),
        .choice(
            "scope", \.scope, "\"device\" (one budget per device) or \"zone\" (one per zone, shared by its writers)"),
        .duration(
            "retryAfter", \.retryAfter,
            "the retry-after the server answers with and the block's length; 23 s is what CloudKit keeps answering "
                + "in field report 10"),
        .boolean(
            "penalizeEarlyRequests", \.penalizeEarlyRequests,
            "a request during the block restarts it: CloudKit answering the full 23 s again to clients that do not "
                + "wait, the storm of field report 10"),
    ]
}

extension CloudKitLoadModel.ZoneBusy {
    /// The retry-after as a duration, for its declaration; the run reads ``retryAfterSeconds``.
    public var retryAfter: VirtualDuration {
        get { VirtualDuration(clampingSeconds: retryAfterSeconds) }
        set { retryAfterSeconds = newValue.seconds }
    }

    public static let fields: [Field<Self>] = [
        .integer(
            "writes", \.writes, in: 1...1_000_000, required: true,
            "modify operations one zone takes within `window` before the next answers zoneBusy (1…1000000)"),
        .duration("window", \.window, "the window the writes are counted in; longer than 0"),
        .duration("retryAfter", \.retryAfter, "the retry-after zoneBusy answers with (an assumption)"),
    ]
}

extension CloudKitLoadModel.ServiceUnavailable {
    /// The retry-after as a duration, for its declaration; the run reads ``retryAfterSeconds``.
    public var retryAfter: VirtualDuration {
        get { VirtualDuration(clampingSeconds: retryAfterSeconds) }
        set { retryAfterSeconds = newValue.seconds }
    }

    public static let fields: [Field<Self>] = [
        .number(
            "probability", \.probability, in: 0...1, required: true,
            "chance that a request fails, drawn from the run's server/cloudkit stream (0…1)"),
        .duration("retryAfter", \.retryAfter, "the retry-after serviceUnavailable answers with (an assumption)"),
    ]
}
