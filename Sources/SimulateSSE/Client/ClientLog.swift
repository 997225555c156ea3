import SimulateCore

/// One change of a client's connection, backoff or indicator state, kept for the invariants.
struct ClientEvent {
    enum Kind: UInt8 {
        /// A connection attempt started; `value` is the attempt's number on this device (1 = the first connect).
        case attempt
        /// An attempt ended before any byte arrived; `value` is a ``ClientEvent/Reason``.
        case attemptFailed
        /// The first bytes of a stream arrived (on the wire): the client must show "connected".
        case connected
        /// The first full-state event of a connection was applied.
        case firstEvent
        /// A connected stream ended; `value` is a ``ClientEvent/Reason``.
        case disconnected
        /// A backoff wait started; `value` is its delay in nanoseconds.
        case waitStarted
        /// An attempt the OS refused at once (no network), then a backoff wait of `value` nanoseconds.
        case refusedThenWaited
        case indicatorShown
        case indicatorHidden
        /// The app was killed and launched again: nothing on screen, no stream, the backoff starts over.
        case launched
        /// An app client's own `isConnected` turned true (`value` 1) or false (0): what its screen
        /// says, cross-checked against `connected` and `disconnected`, which come from the wire.
        case reportedConnection
    }

    enum Reason: Int64 {
        case offline, connectionLost, reset, serverClosed, serverRestart, timedOut

        init(_ reason: StreamCloseReason) {
            switch reason {
            case .offline: self = .offline
            case .connectionLost: self = .connectionLost
            case .reset: self = .reset
            case .serverClosed: self = .serverClosed
            case .serverRestart: self = .serverRestart
            }
        }

        var text: String {
            switch self {
            case .offline: "offline"
            case .connectionLost: "connection lost"
            case .reset: "reset"
            case .serverClosed: "server closed"
            case .serverRestart: "server restart"
            case .timedOut: "timed out"
            }
        }
    }

    var time: VirtualInstant
    var kind: Kind
    /// One number for every kind (an attempt's number, a reason, a wait's delay in nanoseconds): read a
    /// wait's through ``delay``.
    var value: Int64

    init(time: VirtualInstant, kind: Kind, value: Int64 = 0) {
        self.time = time
        self.kind = kind
        self.value = value
    }

    init(time: VirtualInstant, kind: Kind, delay: VirtualDuration) {
        self.init(time: time, kind: kind, value: delay.nanoseconds)
    }

    /// The delay of a `waitStarted` or `refusedThenWaited` event.
    var delay: VirtualDuration { VirtualDuration(nanoseconds: value) }

    /// A trace-style line for violation reports: `12.000s phone backoff wait 2s`.
    func line(device: String) -> String {
        let detail: String
        switch kind {
        case .attempt: detail = "connect attempt \(value)"
        case .attemptFailed: detail = "connect failed (\(Reason(rawValue: value)?.text ?? "?"))"
        case .connected: detail = "connected (first bytes)"
        case .firstEvent: detail = "first full-state event"
        case .disconnected: detail = "disconnected (\(Reason(rawValue: value)?.text ?? "?"))"
        case .waitStarted: detail = "backoff wait " + DurationFormat.string(delay)
        case .refusedThenWaited: detail = "connect refused (offline), backoff wait " + DurationFormat.string(delay)
        case .indicatorShown: detail = "offline indicator shown"
        case .indicatorHidden: detail = "offline indicator hidden"
        case .launched: detail = "app relaunched"
        case .reportedConnection: detail = value == 1 ? "app reports connected" : "app reports disconnected"
        }
        return TraceRecord(
            time: time, track: device, category: "", name: detail
        ).line
    }
}

/// A full-state event a client applied.
struct AppliedState {
    var time: VirtualInstant
    /// The event's `id` field as a state version; 0 when it had none.
    var version: Int
}

/// One mutation a user fired on a device.
struct FiredMutation {
    var serial: Int
    var device: String
    var time: VirtualInstant
    var mutation: Mutation
    /// The item's text as the user saw it.
    var text: String
    var optimistic: Bool
    /// How the POST ended as the client saw it: nil while pending.
    var outcome: String?
}

/// An optimistic edit that a full-state event older than the edit took off the screen.
struct RevertCandidate {
    var device: String
    var time: VirtualInstant
    var serial: Int
    var eventVersion: Int
}
