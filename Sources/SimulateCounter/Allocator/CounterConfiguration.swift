import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// The `counter` plugin's configuration, read from the scenario's `plugins.counter` object.
struct CounterConfiguration: Sendable {
    enum Allocator: String, CaseIterable, Sendable {
        /// Fetch, increment, save with the save policy; on `serverRecordChanged` increment the server's record.
        case reference
        /// Each device hands out max(ids it knows) + 1 and writes the counter back with `allKeys` (field report 4).
        case localMaxPlusOne
    }

    enum OfflineBehaviour: String, CaseIterable, Sendable {
        /// An allocation on an offline device fails at once with `networkUnavailable`.
        case fail
        /// An allocation waits until the OS reports the network back, then goes on.
        case wait
    }

    enum RetryAfterHandling: String, CaseIterable, Sendable {
        case honour
        /// Retries after the client's own backoff only (field report 10).
        case ignore
    }

    var allocator = Allocator.reference
    /// The name of an app allocator registered from Swift, when the scenario selects one.
    var appAllocator: String?
    var savePolicy = CloudSavePolicy.ifServerRecordUnchanged
    var maxAttempts = 10
    var offline = OfflineBehaviour.fail
    var retryAfter = RetryAfterHandling.honour
    var backoffInitialNanoseconds: Int64 = 200_000_000
    var backoffMaxNanoseconds: Int64 = 10_000_000_000
    /// `CKOperation.Configuration.timeoutIntervalForRequest`: 60 s by default.
    var requestTimeoutNanoseconds: Int64 = 60_000_000_000
    var initialValue = 0
    var zoneName = "Counters"
    var maxPending = 1000
    var loadModel = CloudKitLoadModel.unlimited
    /// A `CKRecordZoneSubscription` on the counter's zone (seed 000): other devices get a push after a save.
    var subscription = false
    var pushDelayNanoseconds: Int64 = 1_000_000_000

    static let recordName = "displayId"
    static let recordType = "Counter"
    static let valueKey = "value"

    var recordID: CloudRecordID { CloudRecordID(recordName: Self.recordName, zoneID: CloudZoneID(zoneName)) }

    /// Reads and checks the configuration; nil after reporting problems at their JSON paths.
    static func read(
        _ value: JSON, at path: JSONPath, diagnostics: Diagnostics, registeredAllocators: [String] = []
    ) -> CounterConfiguration? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let before = diagnostics.items.count
        var configuration = CounterConfiguration()
        func choice<T: RawRepresentable>(_ key: String, _ all: [T]) -> T? where T.RawValue == String {
            reader.choice(key, all.map(\.rawValue)).flatMap(T.init)
        }
        if let name = ComponentChoice.read(
            reader, "allocator", builtIn: Allocator.allCases.map(\.rawValue), registered: registeredAllocators)
        {
            configuration.allocator = Allocator(rawValue: name) ?? .reference
            if Allocator(rawValue: name) == nil { configuration.appAllocator = name }
        }
        configuration.savePolicy = choice("savePolicy", CloudSavePolicy.allCases) ?? .ifServerRecordUnchanged
        configuration.maxAttempts = reader.int("maxAttempts", range: 1...1000) ?? 10
        configuration.offline = choice("offline", OfflineBehaviour.allCases) ?? .fail
        configuration.retryAfter = choice("retryAfter", RetryAfterHandling.allCases) ?? .honour
        configuration.backoffInitialNanoseconds = reader.duration("backoffInitial") ?? 200_000_000
        configuration.backoffMaxNanoseconds = reader.duration("backoffMax") ?? 10_000_000_000
        configuration.requestTimeoutNanoseconds = reader.duration("requestTimeout") ?? 60_000_000_000
        configuration.initialValue = reader.int("initialValue", range: 0...1_000_000_000) ?? 0
        configuration.zoneName = reader.id("zone") ?? "Counters"
        configuration.maxPending = reader.int("maxPending", range: 1...100_000) ?? 1000
        configuration.subscription = reader.bool("subscription") ?? false
        configuration.pushDelayNanoseconds = reader.duration("pushDelay") ?? 1_000_000_000
        if let model = reader.value("loadModel") {
            configuration.loadModel =
                CloudKitLoadModel.read(model, at: path / "loadModel", diagnostics: diagnostics) ?? .unlimited
        }
        if configuration.backoffInitialNanoseconds <= 0 {
            diagnostics.error("backoffInitial must be longer than 0", at: path / "backoffInitial")
        }
        if configuration.backoffMaxNanoseconds < configuration.backoffInitialNanoseconds {
            diagnostics.error("backoffMax must be at least backoffInitial", at: path / "backoffMax")
        }
        if configuration.requestTimeoutNanoseconds <= 0 {
            diagnostics.error("requestTimeout must be longer than 0", at: path / "requestTimeout")
        }
        reader.rejectUnknownKeys()
        return diagnostics.items.count == before ? configuration : nil
    }

    /// The documented keys, for `simulate explain counter`, the list and the editor schema.
    static let parameters: [ParameterDoc] = [
        ParameterDoc(
            "allocator", type: "string", default: "\"reference\"",
            "\"reference\" (fetch, increment, save; retry on conflict), \"localMaxPlusOne\" (each device hands out "
                + "its own max + 1), or the name of your own allocator registered from Swift (docs/your-own-code.md)",
            schema: ["type": "string"]),
        ParameterDoc(
            "savePolicy", type: "string", default: "\"ifServerRecordUnchanged\"",
            "save policy of the allocator's saves: \"ifServerRecordUnchanged\", \"changedKeys\" or \"allKeys\"",
            schema: ["enum": ["ifServerRecordUnchanged", "changedKeys", "allKeys"]]),
        ParameterDoc(
            "maxAttempts", type: "integer", default: "10", "attempts per allocation before it gives up (1…1000)",
            schema: ["type": "integer", "minimum": 1, "maximum": 1000]),
        ParameterDoc(
            "offline", type: "string", default: "\"fail\"",
            "while the device is offline: \"fail\" at once with networkUnavailable, or \"wait\" for connectivity",
            schema: ["enum": ["fail", "wait"]]),
        ParameterDoc(
            "retryAfter", type: "string", default: "\"honour\"",
            "\"honour\" the server's retry-after, or \"ignore\" it and retry after the client's own backoff",
            schema: ["enum": ["honour", "ignore"]]),
        ParameterDoc(
            "backoffInitial", type: "duration", default: "\"200ms\"",
            "first backoff after a transient error; doubles per retry, with seeded jitter (50–100 %)"),
        ParameterDoc("backoffMax", type: "duration", default: "\"10s\"", "cap of the backoff"),
        ParameterDoc(
            "requestTimeout", type: "duration", default: "\"60s\"",
            "CKOperation.Configuration.timeoutIntervalForRequest (60 s by default): how long a request waits for "
                + "its response before it fails with networkFailure"),
        ParameterDoc(
            "initialValue", type: "integer", default: "0", "the counter's value at the start; the first id is one more",
            schema: ["type": "integer", "minimum": 0]),
        ParameterDoc(
            "zone", type: "id", default: "\"Counters\"", "the atomic custom zone that holds the Counter record",
            schema: ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]*$"]),
        ParameterDoc(
            "maxPending", type: "integer", default: "1000",
            "allocations that may wait on one device; more fail with queueFull",
            schema: ["type": "integer", "minimum": 1, "maximum": 100_000]),
        ParameterDoc(
            "loadModel", type: "object", default: "{}",
            "the server's load: {rateLimit, zoneBusy, serviceUnavailable, maxRecordsPerOperation} (see docs/counter.md)",
            schema: CloudKitLoadModel.schema),
        ParameterDoc(
            "subscription", type: "boolean", default: "false",
            "a CKRecordZoneSubscription on the counter's zone (seed 000): after a device saves the counter, every "
                + "other device gets a silent push and fetches the record (not in Simulator)"),
        ParameterDoc(
            "pushDelay", type: "duration", default: "\"1s\"",
            "how long a subscription's push takes to arrive (an assumption: APNs gives no figure)"),
    ]
}
