import SimulateCore
import SimulateJSON

/// When the client counts a connection as successful and starts its backoff over from the initial delay.
public enum BackoffReset: String, CaseIterable, Sendable {
    /// The first full-state event arrived on the connection (the contract of field report 14).
    case firstEvent
    /// The first bytes arrived, even a comment: a server that accepts and closes at once resets the backoff.
    case firstByte
}

/// How the server ends the lines of its event stream (WHATWG: "CRLF, LF or CR").
package enum LineEnding: String, CaseIterable, Sendable {
    case lf, crlf, cr

    /// `bytes`, written with `\n` line ends, as this ending writes them.
    func write(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .lf: return bytes
        case .cr: return bytes.map { $0 == 0x0A ? 0x0D : $0 }
        case .crlf:
            var written: [UInt8] = []
            written.reserveCapacity(bytes.count + 8)
            for byte in bytes {
                if byte == 0x0A { written.append(0x0D) }
                written.append(byte)
            }
            return written
        }
    }
}

/// How the client applies a full-state event.
public enum StateUpdate: String, CaseIterable, Sendable {
    /// Seed 002: "The client replaces its entire model on each event. No diffing, no merge logic."
    case replace
    /// A client that diffs: updates items by id, appends new ones, keeps the ones the event lacks.
    case merge
}

/// The `sse` plugin's configuration, with the seed's defaults: every member declared once below,
/// from which `simulate explain sse`, the schema and the checks follow.
public struct SSEConfiguration: BackoffPolicyArguments, Equatable {
    package var policy = BackoffPolicy()
    var backoffReset = BackoffReset.firstEvent
    var stateUpdate = StateUpdate.replace
    package var offlineIndicatorDelay: VirtualDuration = .milliseconds(1_500)
    /// URLSessionConfiguration.timeoutIntervalForRequest (default 60 s): no data for this long fails
    /// the task, an open stream included.
    package var requestTimeout: VirtualDuration = .seconds(60)
    /// nil: the server writes nothing between events (the seed's server).
    var keepAliveInterval: VirtualDuration?
    /// 0: the first full-state event is the stream's first bytes. Else the server writes a comment at once
    /// and the event this much later.
    var firstEventDelay: VirtualDuration = .zero
    /// How finely the server clock that makes item ids ticks.
    package var serverClock = ServerClockResolution.nanosecond
    /// How the server ends the lines of its stream.
    package var lineEnding = LineEnding.lf
    /// Items on the server at time 0, in display order.
    package var initialItems: [(text: String, done: Bool)] = []
    /// The client on every device: "reference" (the toolkit's) or the name of an app client registered from Swift.
    var client = SSEConfiguration.referenceClient
    static let referenceClient = "reference"

    /// Every key at its default.
    public init() {}

    /// Configurations are equal when every key is.
    public static func == (a: SSEConfiguration, b: SSEConfiguration) -> Bool {
        a.policy == b.policy && a.backoffReset == b.backoffReset && a.stateUpdate == b.stateUpdate
            && a.offlineIndicatorDelay == b.offlineIndicatorDelay
            && a.requestTimeout == b.requestTimeout
            && a.keepAliveInterval == b.keepAliveInterval && a.firstEventDelay == b.firstEventDelay
            && a.serverClock == b.serverClock && a.lineEnding == b.lineEnding
            && a.initialItems.map(\.text) == b.initialItems.map(\.text)
            && a.initialItems.map(\.done) == b.initialItems.map(\.done) && a.client == b.client
    }

    public static let fields: [Field<Self>] =
        policyFields(initialDelay: "first reconnect wait after a drop", maxDelay: "cap of the base delay")
        + [
            .choice(
                "backoffReset", \.backoffReset,
                "what counts as a successful connect that restarts the backoff: firstEvent | firstByte"),
            .choice(
                "stateUpdate", \.stateUpdate,
                "replace: every event replaces the whole list (the seed). merge: a diffing client that updates items "
                    + "by id and keeps the ones the event lacks (sse.fullState catches it)"),
            .positiveDuration(
                "offlineIndicatorDelay", \.offlineIndicatorDelay, allowZero: true,
                "continuous disconnect before the offline indicator shows"),
            .positiveDuration(
                "requestTimeout", \.requestTimeout,
                "URLSessionConfiguration.timeoutIntervalForRequest: a request, or an open stream, that brings no "
                    + "data for this long fails (the timer restarts on every byte, comments included)"),
            .value(
                "keepAliveInterval", \.keepAliveInterval, type: "duration", default: "null",
                schema: ["oneOf": [["type": "null"], ["$ref": "#/$defs/duration"]]],
                "null: off (the seed). Else the server writes a `: keep-alive` comment on every stream this often "
                    + "(shorter than requestTimeout keeps a healthy quiet stream open)"
            ) { reader, name -> VirtualDuration?? in
                guard reader.object[name] != .null else {
                    _ = reader.value(name)
                    return .some(nil)
                }
                return positiveDuration(reader, name).map { .some($0) }
            },
            .positiveDuration(
                "firstEventDelay", \.firstEventDelay, allowZero: true,
                "0s: the full state is the stream's first bytes (the seed's server). Else the server writes a "
                    + "`: connected` comment as soon as it accepts and the full-state event this much later, as a "
                    + "backend that flushes its response before it has loaded the list does (an assumption; field "
                    + "report 19: \"connected\" means the first bytes arrived, not the first event)"),
            .choice(
                "serverClock", \.serverClock,
                "the resolution of the server clock behind item ids. nanosecond: the toolkit's own rule (the seed "
                    + "does not say): an add in the nanosecond of the previous id gets that id + 1 ns, so ids never "
                    + "repeat. microsecond: Go's time.Now().UnixNano() on macOS (golang/go#27301), cut to the "
                    + "microsecond with no bump: two adds in one microsecond get the same id (sse.serverIds reports it)"
            ),
            .choice(
                "lineEnding", \.lineEnding,
                "how the server ends each line of the stream: lf (the seed's Go server), crlf or cr — the three the "
                    + "WHATWG event-stream format allows; a client's parser must read each the same, also when a "
                    + "\\r\\n is split across chunks (field report 18)"),
            .component(
                "client", \.client, builtIn: [referenceClient],
                "the client on every device: \"reference\", or the name of your own client registered from Swift "
                    + "(docs/your-own-code.md)"),
            .custom(
                "items", \.initialItems, type: "array", default: "[]", schema: itemsSchema,
                "items on the server at time 0, in display order: texts or {\"text\", \"done\"} objects",
                read: readItems),
        ]

    /// Keys earlier versions took, with the message that says what replaced each.
    public static var removedFields: [(name: String, message: String)] {
        [
            (
                "idleTimeout",
                "idleTimeout was removed: URLSession's request timeout (requestTimeout, 60s by default) already "
                    + "fails a stream that brings no data for that long; set requestTimeout instead"
            )
        ]
    }

    /// The rules between keys that no field states.
    public func check(at path: JSONPath, diagnostics: Diagnostics) {
        Self.checkPolicy(policy, at: path, diagnostics: diagnostics)
    }

    static let itemsSchema: JSON = [
        "type": "array",
        "items": [
            "oneOf": [
                ["type": "string"],
                [
                    "type": "object", "required": ["text"], "additionalProperties": false,
                    "properties": ["text": ["type": "string"], "done": ["type": "boolean"]],
                ],
            ]
        ],
    ]

    /// Longer durations could overflow virtual time when added to it.
    static let longest: VirtualDuration = .hours(87_600)

    static func positiveDuration(_ reader: ObjectReader, _ key: String, allowZero: Bool = false) -> VirtualDuration? {
        guard let value = reader.duration(key) else { return nil }
        guard value > .zero || (allowZero && value == .zero) else {
            reader.diagnostics.error("\(key) must be longer than 0s", at: reader.path / key)
            return nil
        }
        guard value <= longest else {
            reader.diagnostics.error("\(key) must be at most 87600h (10 years)", at: reader.path / key)
            return nil
        }
        return value
    }

    private static func readItems(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> [(
        text: String, done: Bool
    )]? {
        guard case .array(let values) = value else {
            diagnostics.error("expected an array of item texts or {\"text\", \"done\"} objects", at: path)
            return nil
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

extension Field where Root: PluginArguments {
    /// A duration longer than 0s (or 0s too, with `allowZero`) and at most ten years.
    static func positiveDuration(
        _ name: String, _ keyPath: WritableKeyPath<Root, VirtualDuration> & Sendable, allowZero: Bool = false,
        _ summary: String
    ) -> Field {
        .value(
            name, keyPath, type: "duration",
            default: "\"\(DurationFormat.string(Root()[keyPath: keyPath]))\"", summary
        ) { reader, name in SSEConfiguration.positiveDuration(reader, name, allowZero: allowZero) }
    }
}

/// Arguments that hold a backoff policy: the client's configuration and the backoff invariant.
protocol BackoffPolicyArguments: PluginArguments {
    var policy: BackoffPolicy { get set }
}

extension BackoffPolicyArguments {
    /// `initialDelay`, `multiplier`, `maxDelay` and `jitter`, each defaulting to the seed's value.
    static func policyFields(initialDelay: String, maxDelay: String) -> [Field<Self>] {
        [
            .positiveDuration("initialDelay", \.policy.initialDelay, initialDelay),
            .number(
                "multiplier", \.policy.multiplier, in: 1...1000,
                "each further wait is the previous base times this (1…1000)"),
            .positiveDuration("maxDelay", \.policy.maxDelay, maxDelay),
            .choice(
                "jitter", \.policy.jitter,
                "none (the seed) | full (0…base) | equal (base/2…base) | decorrelated (initial…3×previous, capped)"),
        ]
    }

    static func checkPolicy(_ policy: BackoffPolicy, at path: JSONPath, diagnostics: Diagnostics) {
        if policy.maxDelay < policy.initialDelay {
            diagnostics.error("maxDelay is shorter than initialDelay", at: path / "maxDelay")
        }
    }
}
