import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// The `counter` plugin's configuration, read from the scenario's `plugins.counter` object.
public struct CounterConfiguration: PluginArguments {
    /// The built-in allocators (`allocator`).
    public enum Allocator: String, CaseIterable, Sendable {
        /// Fetch, increment, save with the save policy; on `serverRecordChanged` increment the server's record.
        case reference
        /// Each device hands out max(ids it knows) + 1 and writes the counter back with `allKeys` (field report 4).
        case localMaxPlusOne
    }

    /// What an allocation does on an offline device (`offline`).
    public enum OfflineBehaviour: String, CaseIterable, Sendable {
        /// An allocation on an offline device fails at once with `networkUnavailable`.
        case fail
        /// An allocation waits until the OS reports the network back, then goes on.
        case wait
    }

    /// Whether the allocator waits for the server's retry-after (`retryAfter`).
    public enum RetryAfterHandling: String, CaseIterable, Sendable {
        /// No request leaves while the server's retry-after is in force.
        case honour
        /// Retries after the client's own backoff only (field report 10).
        case ignore
    }

    /// The allocator the scenario selects: a built-in one (``Allocator``) or an app allocator
    /// registered from Swift (the plugin checks the name against its registrations).
    public var allocatorName: String {
        get { appAllocator ?? allocator.rawValue }
        set {
            allocator = Allocator(rawValue: newValue) ?? .reference
            appAllocator = Allocator(rawValue: newValue) == nil ? newValue : nil
        }
    }
    /// The built-in allocator, when no app allocator is selected.
    public private(set) var allocator = Allocator.reference
    /// The name of an app allocator registered from Swift, when the scenario selects one.
    public private(set) var appAllocator: String?
    /// `savePolicy`: the save policy of the allocator's saves.
    public var savePolicy = CloudSavePolicy.ifServerRecordUnchanged
    /// `maxAttempts`: attempts per allocation before it gives up.
    public var maxAttempts = 10
    /// `offline`: fail at once, or wait for connectivity.
    public var offline = OfflineBehaviour.fail
    /// `retryAfter`: honour the server's retry-after, or ignore it.
    public var retryAfter = RetryAfterHandling.honour
    /// `backoffInitial`: the first backoff after a transient error; doubles per retry, with seeded jitter.
    public var backoffInitial = VirtualDuration.milliseconds(200)
    /// `backoffMax`: the cap of the backoff.
    public var backoffMax = VirtualDuration.seconds(10)
    /// `CKOperation.Configuration.timeoutIntervalForRequest`: 60 s by default (an assumption, see the field).
    public var requestTimeout = VirtualDuration.seconds(60)
    /// `initialValue`: the counter's value at the start; the first id is one more.
    public var initialValue = 0
    /// `zone`: the atomic custom zone that holds the Counter record.
    public var zoneName = CounterRecord.defaultZone
    /// `maxPending`: allocations that may wait on one device; more fail with `queueFull`.
    public var maxPending = 1000
    /// `loadModel`: the server's load (rate limits, zone busy, service unavailable).
    public var loadModel = CloudKitLoadModel.unlimited
    /// A `CKRecordZoneSubscription` on the counter's zone (seed 000): other devices get a push after a save.
    public var subscription = false
    /// `pushDelay`: how long a subscription's push takes to arrive (an assumption: APNs gives no figure).
    public var pushDelay = VirtualDuration.seconds(1)

    static let recordType = CounterRecord.recordType
    static let valueKey = CounterRecord.valueKey

    var recordID: CloudRecordID { CounterRecord.recordID(zone: zoneName) }

    /// The documented keys, for `simulate explain counter`, the list, the editor schema and the checks.
    public init() {}

    /// The JSON names, rules and documentation of every member: the one declaration the docs, schema and checks come from.
    public static let fields: [Field<Self>] = [
        .component(
            "allocator", \.allocatorName, builtIn: Allocator.allCases.map(\.rawValue),
            "\"reference\" (fetch, increment, save; retry on conflict), \"localMaxPlusOne\" (each device hands out "
                + "its own max + 1), or the name of your own allocator registered from Swift (docs/your-own-code.md)"),
        .choice(
            "savePolicy", \.savePolicy,
            "save policy of the allocator's saves: \"ifServerRecordUnchanged\", \"changedKeys\" or \"allKeys\""),
        .integer("maxAttempts", \.maxAttempts, in: 1...1000, "attempts per allocation before it gives up (1…1000)"),
        .choice(
            "offline", \.offline,
            "while the device is offline: \"fail\" at once with networkUnavailable, or \"wait\" for connectivity"),
        .choice(
            "retryAfter", \.retryAfter,
            "\"honour\" the server's retry-after, or \"ignore\" it and retry after the client's own backoff"),
        .duration(
            "backoffInitial", \.backoffInitial,
            "first backoff after a transient error; doubles per retry, with seeded jitter (50–100 %)"),
        .duration("backoffMax", \.backoffMax, "cap of the backoff"),
        .duration(
            "requestTimeout", \.requestTimeout,
            "how long a request waits for its response before it fails with networkFailure. The default, 60 s, "
                + "is the one Apple documents for the deprecated CKOperation.timeoutIntervalForRequest (\"The "
                + "default value is 60\"); that CKOperation.Configuration.timeoutIntervalForRequest keeps it is an "
                + "assumption (its page states no default)"),
        .integer(
            "initialValue", \.initialValue, in: 0...1_000_000_000,
            "the counter's value at the start; the first id is one more"),
        .id("zone", \.zoneName, "the atomic custom zone that holds the Counter record"),
        .integer(
            "maxPending", \.maxPending, in: 1...100_000,
            "allocations that may wait on one device; more fail with queueFull"),
        .nested(
            "loadModel", \.loadModel,
            "the server's load: {rateLimit, zoneBusy, serviceUnavailable, maxRecordsPerOperation}, each part off "
                + "unless given, every draw seeded from the run's server/cloudkit stream (see docs/counter.md)"),
        .boolean(
            "subscription", \.subscription,
            "a CKRecordZoneSubscription on the counter's zone (seed 000: \"Manual CKRecordZoneSubscription only "
                + "needed for the counter record\"): after a device's save of the counter succeeds, every other device "
                + "gets a silent push and fetches the record (counter.knownValue; localMaxPlusOne also raises its local "
                + "max). Pushes are coalesced, one is held while a device is unreachable, and a device with "
                + "\"simulator\": true gets none (seed 000). That the push leaves when the saving device learns of its "
                + "success, not when the server applied it, is the toolkit's simplification"),
        .duration(
            "pushDelay", \.pushDelay,
            "how long a subscription's push takes to arrive (an assumption: APNs gives no figure)"),
    ]

    /// Checks what the field rules cannot: backoffs and the request timeout longer than 0, and a backoff cap
    /// not below the first backoff.
    public func check(at path: JSONPath, diagnostics: Diagnostics) {
        if backoffInitial <= .zero {
            diagnostics.error("backoffInitial must be longer than 0", at: path / "backoffInitial")
        }
        if backoffMax < backoffInitial {
            diagnostics.error("backoffMax must be at least backoffInitial", at: path / "backoffMax")
        }
        if requestTimeout <= .zero {
            diagnostics.error("requestTimeout must be longer than 0", at: path / "requestTimeout")
        }
    }
}
