import SimulateCore
import SimulateJSON

/// When the client counts a connection as successful and starts its backoff over from the initial delay.
public enum BackoffReset: String, CaseIterable, Sendable {
    /// The first full-state event arrived on the connection (the contract of field report 14).
    case firstEvent
    /// The first bytes arrived, even a comment: a server that accepts and closes at once resets the backoff.
    case firstByte
}

/// The `sse` plugin's configuration, with the seed's defaults.
struct SSEConfiguration: Equatable {
    var policy = BackoffPolicy()
    var backoffReset = BackoffReset.firstEvent
    var offlineIndicatorDelayNanoseconds: Int64 = 1_500_000_000
    var requestTimeoutNanoseconds: Int64 = 60_000_000_000
    /// nil: the client never gives up on a quiet stream (the seed's client).
    var idleTimeoutNanoseconds: Int64?
    /// nil: the server writes nothing between events (the seed's server).
    var keepAliveIntervalNanoseconds: Int64?
    /// Items on the server at time 0, in display order.
    var initialItems: [(text: String, done: Bool)] = []

    static func == (a: SSEConfiguration, b: SSEConfiguration) -> Bool {
        a.policy == b.policy && a.backoffReset == b.backoffReset
            && a.offlineIndicatorDelayNanoseconds == b.offlineIndicatorDelayNanoseconds
            && a.requestTimeoutNanoseconds == b.requestTimeoutNanoseconds
            && a.idleTimeoutNanoseconds == b.idleTimeoutNanoseconds
            && a.keepAliveIntervalNanoseconds == b.keepAliveIntervalNanoseconds
            && a.initialItems.map(\.text) == b.initialItems.map(\.text)
            && a.initialItems.map(\.done) == b.initialItems.map(\.done)
    }

    /// Reads and checks a configuration object, reporting every problem at its JSON path.
    static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> SSEConfiguration {
        var configuration = SSEConfiguration()
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return configuration }
        if let initial = positiveDuration(reader, "initialDelay") { configuration.policy.initialNanoseconds = initial }
        if let multiplier = reader.double("multiplier", range: 1...1000) {
            configuration.policy.multiplier = multiplier
        }
        if let cap = positiveDuration(reader, "maxDelay") { configuration.policy.maxNanoseconds = cap }
        if configuration.policy.maxNanoseconds < configuration.policy.initialNanoseconds {
            diagnostics.error("maxDelay is shorter than initialDelay", at: path / "maxDelay")
        }
        if let jitter = reader.choice("jitter", JitterMode.allCases.map(\.rawValue)) {
            configuration.policy.jitter = JitterMode(rawValue: jitter) ?? .none
        }
        if let reset = reader.choice("backoffReset", BackoffReset.allCases.map(\.rawValue)) {
            configuration.backoffReset = BackoffReset(rawValue: reset) ?? .firstEvent
        }
        if let delay = positiveDuration(reader, "offlineIndicatorDelay", allowZero: true) {
            configuration.offlineIndicatorDelayNanoseconds = delay
        }
        if let timeout = positiveDuration(reader, "requestTimeout") {
            configuration.requestTimeoutNanoseconds = timeout
        }
        configuration.idleTimeoutNanoseconds = optionalDuration(reader, "idleTimeout")
        configuration.keepAliveIntervalNanoseconds = optionalDuration(reader, "keepAliveInterval")
        if let items = reader.value("items") {
            configuration.initialItems = readItems(items, at: path / "items", diagnostics: diagnostics)
        }
        reader.rejectUnknownKeys()
        return configuration
    }

    /// Longer durations could overflow virtual time when added to it.
    static let longestNanoseconds: Int64 = 87_600 * 3_600_000_000_000

    static func positiveDuration(_ reader: ObjectReader, _ key: String, allowZero: Bool = false) -> Int64? {
        guard let value = reader.duration(key) else { return nil }
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
