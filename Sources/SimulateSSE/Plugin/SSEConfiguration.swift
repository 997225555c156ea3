import SimulateCore
import SimulateJSON

/// When the client counts a connection as successful and starts its backoff over from the initial delay.
public enum BackoffReset: String, CaseIterable, Sendable {
    /// The first full-state event arrived on the connection (the contract of field report 14).
    case firstEvent
    /// The first bytes arrived, even a comment: a server that accepts and closes at once resets the backoff.
    case firstByte
}

/// How the client applies a full-state event.
public enum StateUpdate: String, CaseIterable, Sendable {
    /// Seed 002: "The client replaces its entire model on each event. No diffing, no merge logic."
    case replace
    /// A client that diffs: updates items by id, appends new ones, keeps the ones the event lacks.
    case merge
}

/// The `sse` plugin's configuration, with the seed's defaults.
public struct SSEConfiguration: PluginValue, Equatable {
    var policy = BackoffPolicy()
    var backoffReset = BackoffReset.firstEvent
    var stateUpdate = StateUpdate.replace
    var offlineIndicatorDelayNanoseconds: Int64 = 1_500_000_000
    /// URLSessionConfiguration.timeoutIntervalForRequest (default 60 s): no data for this long fails
    /// the task, an open stream included.
    var requestTimeoutNanoseconds: Int64 = 60_000_000_000
    /// nil: the server writes nothing between events (the seed's server).
    var keepAliveIntervalNanoseconds: Int64?
    /// Items on the server at time 0, in display order.
    var initialItems: [(text: String, done: Bool)] = []
    /// The client on every device: "reference" (the toolkit's) or the name of an app client registered from Swift.
    var client = SSEConfiguration.referenceClient
    static let referenceClient = "reference"

    public static func == (a: SSEConfiguration, b: SSEConfiguration) -> Bool {
        a.policy == b.policy && a.backoffReset == b.backoffReset && a.stateUpdate == b.stateUpdate
            && a.offlineIndicatorDelayNanoseconds == b.offlineIndicatorDelayNanoseconds
            && a.requestTimeoutNanoseconds == b.requestTimeoutNanoseconds
            && a.keepAliveIntervalNanoseconds == b.keepAliveIntervalNanoseconds
            && a.initialItems.map(\.text) == b.initialItems.map(\.text)
            && a.initialItems.map(\.done) == b.initialItems.map(\.done) && a.client == b.client
    }

    public static var parameters: [ParameterDoc] { SSEDocs.configuration }

    /// Reads and checks a configuration object, reporting every problem at its JSON path.
    public static func decode(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> SSEConfiguration? {
        let before = diagnostics.items.count
        let configuration = read(value, at: path, diagnostics: diagnostics)
        return diagnostics.items.count == before ? configuration : nil
    }

    static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> SSEConfiguration {
        var configuration = SSEConfiguration()
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return configuration }
        configuration.policy = readPolicy(reader, at: path)
        if let reset = reader.choice("backoffReset", BackoffReset.allCases.map(\.rawValue)) {
            configuration.backoffReset = BackoffReset(rawValue: reset) ?? .firstEvent
        }
        if let update = reader.choice("stateUpdate", StateUpdate.allCases.map(\.rawValue)) {
            configuration.stateUpdate = StateUpdate(rawValue: update) ?? .replace
        }
        if let delay = positiveDuration(reader, "offlineIndicatorDelay", allowZero: true) {
            configuration.offlineIndicatorDelayNanoseconds = delay
        }
        if let timeout = positiveDuration(reader, "requestTimeout") {
            configuration.requestTimeoutNanoseconds = timeout
        }
        if reader.has("idleTimeout") {
            _ = reader.value("idleTimeout")
            diagnostics.error(
                "idleTimeout was removed: URLSession's request timeout (requestTimeout, 60s by default) already "
                    + "fails a stream that brings no data for that long; set requestTimeout instead",
                at: path / "idleTimeout")
        }
        configuration.keepAliveIntervalNanoseconds = optionalDuration(reader, "keepAliveInterval")
        if let items = reader.value("items") {
            configuration.initialItems = readItems(items, at: path / "items", diagnostics: diagnostics)
        }
        if let client = reader.string("client") { configuration.client = client }
        reader.rejectUnknownKeys()
        return configuration
    }

    /// `initialDelay`, `multiplier`, `maxDelay` and `jitter`, each defaulting to the seed's value.
    static func readPolicy(_ reader: ObjectReader, at path: JSONPath) -> BackoffPolicy {
        var policy = BackoffPolicy()
        if let initial = positiveDuration(reader, "initialDelay") { policy.initialNanoseconds = initial }
        if let multiplier = reader.double("multiplier", range: 1...1000) { policy.multiplier = multiplier }
        if let cap = positiveDuration(reader, "maxDelay") { policy.maxNanoseconds = cap }
        if policy.maxNanoseconds < policy.initialNanoseconds {
            reader.diagnostics.error("maxDelay is shorter than initialDelay", at: path / "maxDelay")
        }
        if let jitter = reader.choice("jitter", JitterMode.allCases.map(\.rawValue)) {
            policy.jitter = JitterMode(rawValue: jitter) ?? .none
        }
        return policy
    }

    /// Longer durations could overflow virtual time when added to it.
    static let longestNanoseconds: Int64 = 87_600 * 3_600_000_000_000

    static func positiveDuration(_ reader: ObjectReader, _ key: String, allowZero: Bool = false) -> Int64? {
        guard let value = reader.duration(key)?.nanoseconds else { return nil }
        guard value > 0 || (allowZero && value == 0) else {
            reader.diagnostics.error("\(key) must be longer than 0s", at: reader.path / key)
            return nil
        }
        guard value <= longestNanoseconds else {
            reader.diagnostics.error("\(key) must be at most 87600h (10 years)", at: reader.path / key)
            return nil
        }
        return value
    }

    /// A positive duration, or `null` (off).
    private static func optionalDuration(_ reader: ObjectReader, _ key: String) -> Int64? {
        guard reader.has(key), reader.object[key] != .null else {
            _ = reader.value(key)
            return nil
        }
        return positiveDuration(reader, key)
    }

    private static func readItems(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> [(
        text: String, done: Bool
    )] {
        guard case .array(let values) = value else {
            diagnostics.error("expected an array of item texts or {\"text\", \"done\"} objects", at: path)
            return []
        }
        var items: [(text: String, done: Bool)] = []
        for (index, element) in values.enumerated() {
            if case .string(let text) = element {
                items.append((text, false))
                continue
            }
            guard
                let reader = ObjectReader(
                    element, at: path / index, diagnostics: diagnostics, what: "a text or an object")
            else { continue }
            let text = reader.string("text", required: true)
            let done = reader.bool("done") ?? false
            reader.rejectUnknownKeys()
            if let text { items.append((text, done)) }
        }
        return items
    }
}
