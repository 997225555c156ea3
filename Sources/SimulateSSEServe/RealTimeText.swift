import SimulateCore

/// How real-time reports write times: rounded to the millisecond (a socket's timing is not finer),
/// real waits labelled "real" and scenario instants labelled "scenario time" where both appear.
enum RealTimeText {
    /// A duration rounded to the millisecond, never negative: `"3.002s"`, `"250ms"`.
    static func duration(_ duration: VirtualDuration) -> String {
        let millis = (max(duration.nanoseconds, 0) + 500_000) / 1_000_000
        return DurationFormat.string(millis * 1_000_000)
    }

    /// A real span: `"3.002s (real)"`.
    static func real(_ span: VirtualDuration) -> String { duration(span) + " (real)" }
}

/// Browsers' `EventSource` reconnects after its fixed reconnection time, 3 s in Chromium and WebKit
/// (WHATWG HTML, "reconnection time": an implementation-defined initial value; Chromium's
/// `EventSource::kDefaultReconnectDelay` and WebKit's `EventSource::defaultReconnectDelay` are 3000 ms),
/// unless the server sends `retry:`. A client whose waits all sit there is a browser's own retry,
/// not the app's backoff.
enum EventSourceRetry {
    static let delay = VirtualDuration.seconds(3)

    static func matches(_ waits: [VirtualDuration], slack: VirtualDuration) -> Bool {
        !waits.isEmpty && waits.allSatisfy { ($0 - delay).magnitude <= slack }
    }

    static let explanation =
        "every wait of this client is about 3s: EventSource's fixed reconnection time (Chromium, WebKit), not the app's backoff; reconnect with the rule's backoff yourself (close the EventSource on error and open a new one after the rule's delay)"
}
